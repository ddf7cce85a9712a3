// RedoLog.swift: the redo log, the companion file `<database>.redo` that holds the redo ring (RedoRing.swift).
//
// A small commit is made durable by appending its record (LogicalRecord.swift: the values it assigned, for a commit
// that only assigned scalar values; CommitImage.swift: the node bytes it wrote and where, for any other) to the ring
// and syncing the log, instead of writing a header slot and syncing the database file. The nodes are
// written to their places in the database file as before, so every reader of this process and the kernel's
// writeback see them; they are synced by the next checkpoint, whose header slot names the newest version, the
// ring's new salt and whether records may follow (Database+RedoLog.swift has the protocol).
//
// Why a file of its own, not a region of the database file (DESIGN.md section 4 item 2 says "in the file"):
// fdatasync writes back every dirty page of the file it is given. With the ring inside the database file, the
// ring's sync would also write back the commit's nodes from the page cache, and the commit would pay for the same
// scattered places as before (measured: 134-146 µs a commit, against 95-103 µs for one 11 KiB append;
// Benchmarks/NOTES.md, 2026-12-03). Keeping the nodes out of the page cache until a checkpoint would need the
// whole file mapped privately and each lap's pages copied between mappings whenever the file grows. SQLite's WAL,
// PostgreSQL's pg_wal and WiredTiger's journal are files of their own for the same reason.
//
// Format: `length` bytes, a multiple of 4096, of RedoRing frames from offset 0. The file is written through with
// zeros when it is made (appends into reserved but never-written extents cost 130-195 µs a sync on ext4), and made
// under a temporary name renamed into place, so a log that a slot names always exists whole.
//
// Invariants:
//   (1) `State` is touched only under its lock, which a group's append and sync and a checkpoint hold from start
//       to end: the two never overlap, and groups are appended in version order (GroupCommit.swift invariant 5).
//   (2) `ring` is nil until the first checkpoint that names this log; afterwards it is the ring the newest durable
//       slot names, with every group appended since (its salt is that slot's).
//   (3) The log file exists, whole, before any slot names it; a slot names it only with offset 0 and `length`.
//
//   inactive (ring nil) ──checkpoint──▶ empty ring ──append group──▶ holds records ──checkpoint──▶ empty ring

import Foundation

/// The redo log of one open database: its file, once made, and the ring since the last checkpoint.
final class RedoLog: Sendable {
    struct State {
        /// The log's file, opened (and made, if missing) by the first checkpoint that names it.
        var file: (any StorageFile)?
        /// The ring the newest durable slot names, and the groups appended since (invariant 2).
        var ring: RedoRing?
        /// Whether the ring's records since the checkpoint are logical (LogicalRecord.swift) or images; nil while it
        /// holds none. A lap holds one kind (LogicalRecord.swift invariant 2).
        var lapIsLogical: Bool?
        /// When the last group was appended.
        var lastAppend = ContinuousClock.now
        /// The log's file could not be made (a full disk, say): the database goes on without it.
        var unavailable = false
    }

    /// The log's path: the database's, with `.redo` appended.
    let path: String
    /// Bytes of the ring.
    let length: Int
    let state = Locked(State())

    /// The ring's length for a new log: about 700 small commits between checkpoints.
    static let defaultLength = 8 << 20

    init(databasePath: String, length: Int = RedoLog.defaultLength) {
        path = databasePath + ".redo"
        self.length = length
    }

    /// Opens the log file, making it (zeros, synced, renamed into place) if it is missing or of another length.
    static func openOrMake(path: String, length: Int, options: DatabaseOptions) throws -> any StorageFile {
        let fs = options.fileSystem
        if fs.fileExists(path) {
            let file = try fs.open(path, mode: .readWrite)
            if try file.size() == UInt64(length) { return file }
            file.close()
        }
        let temporary = path + ".creating"
        try fs.remove(temporary)
        let file = try fs.open(temporary, mode: .createNew(permissions: options.filePermissions))
        do {
            try file.reserve(upTo: UInt64(length))
            try file.writeZeros(from: 0, to: UInt64(length))
            try file.sync()
        } catch {
            file.close()
            throw error
        }
        file.close()
        try fs.rename(temporary, to: path)
        try fs.syncDirectory(directoryOf(path))
        return try fs.open(path, mode: .readWrite)
    }

    /// The records the ring `ring` (as a slot names it) holds after the checkpoint of version `checkpoint`, read from
    /// the log at `path`; throws `StorageError.corrupt` when the log is missing or shorter than the slot says, or its
    /// records are damaged inside their durable prefix (RedoRing.swift invariant 2).
    static func records(
        path: String,
        ring: FileHeader.Ring,
        checkpoint: Version,
        databasePath: String,
        fileSystem fs: any FileSystem
    ) throws -> [RedoRecord] {
        guard fs.fileExists(path) else {
            throw StorageError.corrupt(
                "\(databasePath): its header says commits may follow version \(checkpoint) in its redo log, and "
                    + "\(path) is missing (restore it beside the database, or the database from a backup)"
            )
        }
        let file = try fs.open(path, mode: .readOnly)
        defer { file.close() }
        let end = ring.offset + ring.length
        guard try file.size() >= end else {
            throw StorageError.corrupt(
                "\(databasePath): its redo log \(path) is shorter than the \(end) bytes its header names"
            )
        }
        let bytes = try fs.readBytes(file, count: Int(ring.length), at: ring.offset)
        guard bytes.count == Int(ring.length) else {
            throw StorageError.corrupt("\(databasePath): its redo log \(path) could not be read whole")
        }
        return try bytes.withUnsafeBytes { region in
            try RedoRing.scan(region, salt: ring.salt, checkpoint: checkpoint, path: databasePath).records
        }
    }
}
