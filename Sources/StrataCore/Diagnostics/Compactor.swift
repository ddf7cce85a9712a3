// Compactor.swift: writes a dense copy of the newest version to a new file (compaction, writeCopy).
//
// The copy is built by a fresh database: every table, column, index and object is recreated with the
// same keys, then committed once, so the new file has no free space and no old versions.
// The copy is written to a temporary name, synced, renamed into place and the directory synced. The copy,
// its temporary and its lock file are created with the permissions the caller asks for (FileSystem.swift
// invariant 4), the source's when it asks for none.
//
// A copy made to be another file (`writeCopy`, a seed file) leaves out the replication tables (`__strata_sync_…`):
// two files must never share one client identity (DESIGN.md section 7). Compacting a file in place keeps them.

extension Database {
    /// Writes a compacted copy of the newest version to `destination`, which must not exist, creating it with
    /// `permissions` (this database's when nil). It runs on the caller's `isolation` (a realm's thread), so its
    /// blocking writes and syncs stay off the cooperative pool.
    package func writeCompactedCopy(
        to destination: String,
        permissions: FilePermissions? = nil,
        droppingReplicationState: Bool = false,
        isolation: isolated (any Actor)? = #isolation
    ) async throws {
        try writeCompactedCopyNow(
            to: destination,
            permissions: permissions,
            droppingReplicationState: droppingReplicationState
        )
    }

    /// ``writeCompactedCopy(to:permissions:isolation:)`` on the calling thread, without suspending: the copy is a
    /// new file only this call writes, so its write transaction never waits (a realm's synchronous `writeCopy`
    /// inside a `read` or `write` block).
    package func writeCompactedCopyNow(
        to destination: String,
        permissions: FilePermissions? = nil,
        droppingReplicationState: Bool = false
    ) throws {
        let fs = options.fileSystem
        guard !fs.fileExists(destination) else { throw StorageError.schema("\(destination) already exists") }
        let source = try beginRead()
        let temporary = destination + ".compacting"
        try fs.remove(temporary)
        // One large commit, then a rename: the copy has no use for a redo log (and would leave it behind).
        var copyOptions = DatabaseOptions(
            fileSystem: fs,
            filePermissions: permissions ?? options.filePermissions,
            redoLog: false
        )
        // A compacted copy (compaction on open, `strata compact`) keeps the file's checksum scheme, so the builds that
        // opened it still do; a copy made to be another database is a new file, of the current format (NodeChecksum.swift
        // invariant 1).
        copyOptions.newFileChecksum = droppingReplicationState ? .lanes : nodeChecksum
        let copy = try Database.open(path: temporary, options: copyOptions)
        do {
            let write = try copy.beginUncontendedWrite()
            try copyContents(of: source, into: write, droppingReplicationState: droppingReplicationState)
            try write.commit()
            let fileEnd = copy.spaceUsage.fileEnd
            copy.close()
            // Growth reserves slack past the used region; a compacted file keeps none.
            let file = try fs.open(temporary, mode: .readWrite)
            defer { file.close() }
            try file.truncate(to: fileEnd)
            try file.sync()
            try fs.rename(temporary, to: destination)
            try fs.syncDirectory(directoryOf(destination))
            // The temporary copy's lock file and, on failure, the copy itself hold nothing of the source: a removal
            // that fails leaves only space behind, and the source is untouched either way.
            try? fs.remove(temporary + ".lock")
        } catch {
            copy.close()
            try? fs.remove(temporary)
            try? fs.remove(temporary + ".lock")
            throw error
        }
    }

    /// The prefix of the tables replication keeps in a file (client identity, outbox, cursor, lives).
    package static let replicationTablePrefix = "__strata_sync_"

    private func copyContents(
        of source: ReadTransaction,
        into write: WriteTransaction,
        droppingReplicationState: Bool
    ) throws {
        // Tables and columns keep their keys: recreate the catalog as it is, with empty trees.
        var catalog = source.snapshot.catalog
        if droppingReplicationState {
            catalog.tables.removeAll { $0.name.hasPrefix(Database.replicationTablePrefix) }
        }
        for index in catalog.tables.indices {
            catalog.tables[index].root = .none
            catalog.tables[index].objectCount = 0
            for column in catalog.tables[index].columns.indices {
                catalog.tables[index].columns[column].indexRoot = .none
            }
        }
        write.catalog.nextTableKey = catalog.nextTableKey
        write.catalog.tables = catalog.tables
        write.loaded = [:]
        for spec in source.tableSpecs where catalog.table(spec.key) != nil {
            let from = try source.table(spec.key)
            let to = try write.table(spec.key)
            for key in try from.keys() {
                try to.insertRow(key, values: try from.row(key))
            }
            to.spec.nextObjectKey = spec.nextObjectKey
        }
    }
}
