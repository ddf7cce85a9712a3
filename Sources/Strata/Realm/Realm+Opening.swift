import Foundation
import StrataCore

// Realm+Opening.swift: how `Realm(configuration:)` opens its file. The work runs on the file's executor thread
// (opening, mapping, migrating and compacting block a thread), in this order:
//   1. the models and the classes they link to are collected (an invalid model throws here)
//   2. a seed file is copied in when the file does not exist yet (not for an in-memory realm)
//   3. the file is opened; the process's first open of it may compact it (`shouldCompactOnLaunch`)
//   4. the stored schema is checked: a lower configured version throws; a changed schema deletes and recreates the
//      file with `deleteRealmIfMigrationNeeded`, and otherwise throws unless the configured version is higher
//   5. replication attaches, before any commit of the steps below, so that its hook sees every local commit
//   6. one write runs the migration (a higher schema version), or adds the missing tables, indexes and version;
//      a read-only realm throws instead of writing
//   7. the models are resolved against the newest version
// The stored properties and the initializers stay in the actor's body (Realm.swift), as Swift requires.

extension Realm {
    /// Opens the file on `executor`'s thread (opening, mapping, migrating and compacting block a thread).
    /// ``init(configuration:)`` calls it.
    static func openOnExecutor(
        _ configuration: Configuration,
        _ executor: RealmExecutor
    ) async throws -> (Database, ResolvedSchema, (any ReplicationAttachment)?) {
        try await withTaskExecutorPreference(executor) { try await open(configuration) }
    }

    /// Writes a compacted copy of the realm file at `seed` to `path` (``Configuration-swift.struct/seedFilePath``),
    /// reading the seed without changing it.
    private static func copySeed(_ seed: String, to path: String, options: DatabaseOptions) async throws {
        guard options.fileSystem.fileExists(seed) else {
            throw RealmError.fileError("The seed file at path '\(seed)' does not exist")
        }
        let seedOptions = DatabaseOptions(readOnly: true, fileSystem: options.fileSystem)
        // A seed file this process has open stays open for its realms: only a database of this call's own is closed.
        let shared = Database.openInstance(path: seed)
        let source = try shared ?? realmErrors { try Database.openUnshared(path: seed, options: seedOptions) }
        defer { if shared == nil { source.close() } }
        do {
            try await source.writeCompactedCopy(
                to: path,
                permissions: options.filePermissions,
                droppingReplicationState: true,
                isolation: nil
            )
        } catch {
            throw RealmError.wrapping(error)
        }
    }

    /// Throws for settings Realm refuses together or at all, with Realm's messages, before anything is opened.
    private static func validate(_ configuration: Configuration) throws {
        if configuration.encryptionKey != nil { throw RealmError.encryptionNotSupported }
        if configuration.inMemoryIdentifier == "" {
            throw RealmError.invalidValue("In-memory identifier must not be empty")
        }
        if configuration.inMemoryIdentifier == nil, configuration.fileURL?.path.isEmpty == true {
            throw RealmError.invalidValue("Realm path must not be empty")
        }
        guard configuration.readOnly else { return }
        if configuration.deleteRealmIfMigrationNeeded {
            throw RealmError.invalidValue("Cannot set `deleteRealmIfMigrationNeeded` when `readOnly` is set.")
        }
        if configuration.shouldCompactOnLaunch != nil {
            throw RealmError.invalidValue("Cannot set `shouldCompactOnLaunch` when `readOnly` is set.")
        }
    }

    /// Opens (creating, migrating or compacting as configured) the file of `configuration`.
    private static func open(
        _ configuration: Configuration
    ) async throws -> (Database, ResolvedSchema, (any ReplicationAttachment)?) {
        try validate(configuration)
        let path = configuration.path
        let options = DatabaseOptions(
            durability: configuration.inMemoryIdentifier == nil ? .full : .memoryOnly,
            readOnly: configuration.readOnly,
            maximumActiveVersions: configuration.maximumNumberOfActiveVersions.map { Int($0) },
            filePermissions: try configuration.engineFilePermissions
        )
        let infos = try SchemaBinding.closure(of: configuration.objectTypes ?? [])
        // Only a logger asks whether the file is new, and when the open started.
        let logsOpen = configuration.logs(.info)
        let started = logsOpen ? ContinuousClock.now : nil
        let created = logsOpen && !options.fileSystem.fileExists(path)
        if let seed = configuration.seedFilePath, configuration.inMemoryIdentifier == nil,
            !options.fileSystem.fileExists(path)
        {
            try await copySeed(seed.path, to: path, options: options)
        }
        // Realm asks shouldCompactOnLaunch only when the file is first opened in the process: compacting replaces
        // the file, which the realms that have it open must keep.
        let firstOpen = !FileCoordinator.hasOpenRealms(path)
        var database = try realmErrors { try Database.open(path: path, options: options) }
        // One database per file and process: another realm's permissions may differ from these. While a realm of the
        // process has the file open that is refused, as realm-core's coordinator refuses it; a database only closed
        // realms still hold is closed and the file opened again with these permissions.
        if database.options.readOnly != options.readOnly {
            guard !FileCoordinator.hasOpenRealms(path) else {
                throw RealmError.fileError("Realm at path '\(path)' already opened with different read permissions.")
            }
            database.close()
            database = try realmErrors { try Database.open(path: path, options: options) }
        }
        if let shouldCompact = configuration.shouldCompactOnLaunch, !configuration.readOnly,
            configuration.inMemoryIdentifier == nil, firstOpen
        {
            database = try Self.compactIfAsked(database, shouldCompact, configuration: configuration)
        }
        var reading = try realmErrors { try database.beginRead() }
        var problems = try realmErrors { try SchemaBinding.differences(infos, in: reading) }
        var stored = try realmErrors { try SchemaBinding.storedVersion(reading) }
        if let stored, configuration.schemaVersion < stored {
            throw RealmError.schemaMismatch(
                "Provided schema version \(configuration.schemaVersion) is less than last set version \(stored)."
            )
        }
        // A higher version always runs the migration (and its block), changed schema or not.
        var needsMigration = stored.map { configuration.schemaVersion > $0 } ?? !problems.isEmpty
        if !problems.isEmpty && (!needsMigration || configuration.deleteRealmIfMigrationNeeded) {
            if configuration.deleteRealmIfMigrationNeeded {
                configuration.log(
                    .notice,
                    .migration,
                    "deleted \(path) because its schema differs from the models (deleteRealmIfMigrationNeeded): "
                        + problems.joined(separator: " "),
                    metadata: ["path": path, "schemaVersion": "\(configuration.schemaVersion)"]
                )
                database.close()
                _ = try Realm.deleteFiles(for: configuration)
                database = try realmErrors { try Database.open(path: path, options: options) }
                reading = try realmErrors { try database.beginRead() }
                problems = []
                stored = nil
                needsMigration = false
            } else {
                throw RealmError.schemaMismatch(
                    problems.joined(separator: " ") + " Increase the schema version to migrate."
                )
            }
        }
        // Replication attaches before any migration or schema commit (and after a file deleted because its schema
        // changed was recreated), so that its hook sees every local commit.
        let replication = try await configuration.replication?.attach(to: database, configuration: configuration)
        let missing = try infos.contains { try reading.table(named: $0.className) == nil }
        // The classes the realm reads now: all of them, except in a read-only file that lacks some, whose objects
        // read as none until a writable open adds their tables (as in Realm).
        var resolvable = infos
        if configuration.readOnly {
            guard !needsMigration else { throw RealmError.readOnly("migrate the models' tables") }
            if missing { resolvable = try infos.filter { try reading.table(named: $0.className) != nil } }
        } else if needsMigration {
            let old = stored ?? 0
            configuration.log(
                .info,
                .migration,
                "migrating \(path) from schema version \(old) to \(configuration.schemaVersion)",
                metadata: [
                    "path": path, "fromSchemaVersion": "\(old)", "toSchemaVersion": "\(configuration.schemaVersion)",
                    "changes": problems.joined(separator: " "),
                ]
            )
            let migrationStarted = ContinuousClock.now
            let write = try await database.beginWrite()
            // Under the write lock the newest version is the one the write started from: what old objects read.
            let before = try realmErrors { try database.beginRead() }
            try Migrator(
                write: write,
                oldReader: before,
                database: database,
                infos: infos,
                oldVersion: old,
                configuration: configuration
            )
            .run()
            let result = try commitOpening(write, configuration, database)
            configuration.log(
                .info,
                .migration,
                "migrated \(path) to schema version \(configuration.schemaVersion)",
                metadata: [
                    "path": path, "toSchemaVersion": "\(configuration.schemaVersion)",
                    "durationMicroseconds": "\((ContinuousClock.now - migrationStarted).microseconds)",
                    "bytesWritten": "\(result.bytesWritten)",
                ]
            )
        } else if try missing || stored != configuration.schemaVersion
            || realmErrors({ try SchemaBinding.indexesDiffer(infos, in: reading) })
        {
            let write = try await realmErrors { try await database.beginWrite() }
            try realmErrors {
                try SchemaBinding.createMissing(infos, in: write)
                try SchemaBinding.applyIndexes(infos, in: write)
                try SchemaBinding.storeVersion(configuration.schemaVersion, in: write)
                try SchemaBinding.storeTableTypes(infos, in: write)
            }
            try commitOpening(write, configuration, database)
        }
        let current = try realmErrors { try database.beginRead() }
        let tables = try SchemaBinding.resolve(resolvable, in: current)
        if let started {
            configuration.log(
                .info,
                .lifecycle,
                "opened \(path)\(created ? " (created)" : "")",
                metadata: [
                    "path": path, "created": "\(created)", "schemaVersion": "\(configuration.schemaVersion)",
                    "fileBytes": "\(database.spaceUsage.fileEnd)",
                    "durationMicroseconds": "\((ContinuousClock.now - started).microseconds)",
                ]
            )
        }
        return (database, ResolvedSchema(tables: tables), replication)
    }

    /// Commits a write made while opening (tables created, a migration), reporting it to the hooks.
    @discardableResult
    private static func commitOpening(
        _ write: WriteTransaction,
        _ configuration: Configuration,
        _ database: Database
    ) throws -> CommitResult {
        do {
            let result = try realmErrors { try write.commit() }
            configuration.reportCommit(result, database: database)
            return result
        } catch {
            configuration.reportCommitFailure(error, database: database)
            throw error
        }
    }

    /// Compacts the file at launch when `shouldCompact` asks for it, as realm-core does: the block is not asked while
    /// another process is writing the file, and the file is compacted only when no other process has it open (other
    /// processes' opens wait meanwhile); otherwise the realm opens the file as it is, silently.
    private static func compactIfAsked(
        _ database: Database,
        _ shouldCompact: @Sendable (Int, Int) -> Bool,
        configuration: Configuration
    ) throws -> Database {
        guard try !realmErrors({ try database.isWriterLockHeldElsewhere() }) else { return database }
        let usage = database.spaceUsage
        // The size only feeds `shouldCompactOnLaunch`'s choice: a failed stat falls back to the engine's file end,
        // and the file was just opened and read by the engine, which throws its own I/O errors.
        let total =
            (try? FileManager.default.attributesOfItem(atPath: database.path)[.size] as? Int) ?? Int(usage.fileEnd)
        let used = Int(usage.fileEnd - usage.free)
        guard shouldCompact(total, used) else { return database }
        let started = ContinuousClock.now
        let options = database.options
        let path = database.path
        let temporary = path + ".compact"
        // The copy, the close and the rename run with other processes shut out (Database+Exclusion.swift), without
        // suspending: an open of the file by this process waits for them as another process's does.
        let replaced = try realmErrors {
            try Database.excludingOtherProcesses(path: path, permissions: options.filePermissions) {
                // Clears what an interrupted compaction left (usually nothing: no such file). A leftover that cannot
                // be removed is not hidden: `writeCompactedCopyNow` refuses an existing destination, and that error
                // is thrown.
                try? FileManager.default.removeItem(atPath: temporary)
                try database.writeCompactedCopyNow(to: temporary, permissions: options.filePermissions)
                database.close()
                try PosixFileSystem().rename(temporary, to: path)
                return true
            }
        }
        guard replaced == true else { return database }
        let compacted = try realmErrors { try Database.open(path: path, options: options) }
        if configuration.logs(.info) {
            // The size is only for the log line: the compacted file was synced, renamed and reopened above, each
            // throwing its own error, so a failed stat only logs 0 bytes.
            let after = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            configuration.log(
                .info,
                .compaction,
                "compacted \(path) at launch: \(total) bytes to \(after)",
                metadata: [
                    "path": path, "bytesBefore": "\(total)", "bytesUsed": "\(used)", "bytesAfter": "\(after)",
                    "durationMicroseconds": "\((ContinuousClock.now - started).microseconds)",
                ]
            )
        }
        return compacted
    }
}
