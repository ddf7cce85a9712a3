import Foundation
import StrataCore

extension Realm {
    /// Writes a compacted copy of the realm's newest committed version to `configuration`'s file, created with
    /// `configuration`'s ``Configuration-swift.struct/filePermissions``.
    ///
    /// - Throws: ``RealmError/fileError(_:)`` when the destination exists ("File exists"),
    ///   ``RealmError/notSupported(_:)`` for an in-memory destination.
    /// - Parameter configuration: the destination: its ``Configuration-swift.struct/fileURL`` must not exist.
    public func writeCopy(configuration: Configuration) async throws { try copy(to: configuration) }

    /// Writes a compacted copy of the realm's newest committed version to `configuration`'s file, synchronously:
    /// the form to call inside a `read` or `write` block, as Realm Swift's is called.
    ///
    /// ```swift
    /// try await realm.write { realm in
    ///     try realm.writeCopy(configuration: backupConfiguration)
    /// }
    /// ```
    /// - Throws: ``RealmError/fileError(_:)`` when the destination exists ("File exists"),
    ///   ``RealmError/notSupported(_:)`` for an in-memory destination.
    /// - Parameter configuration: the destination: its ``Configuration-swift.struct/fileURL`` must not exist.
    /// - Note: Inside a write transaction Realm Swift also copies its uncommitted changes; Strata copies what is
    ///   committed.
    public func writeCopy(configuration: Configuration) throws { try copy(to: configuration) }

    /// Writes the compacted copy, on this realm's thread (the realm's executor, not the cooperative pool: it writes
    /// and syncs a file).
    private func copy(to configuration: Configuration) throws {
        guard configuration.inMemoryIdentifier == nil else {
            throw RealmError.notSupported("writeCopy to an in-memory realm")
        }
        let path = configuration.path
        guard !FileManager.default.fileExists(atPath: path) else {
            throw RealmError.fileError("Failed to open file at path '\(path)': File exists")
        }
        let permissions = try configuration.engineFilePermissions
        let started = ContinuousClock.now
        do {
            try state.database.writeCompactedCopyNow(
                to: path,
                permissions: permissions,
                droppingReplicationState: true
            )
        } catch {
            throw RealmError.wrapping(error)
        }
        if self.configuration.logs(.info) {
            // The size is only for the log line: the copy was written, synced and renamed into place above, which
            // throws any error of its own, so a failed stat only logs 0 bytes.
            let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            self.configuration.log(
                .info,
                .compaction,
                "wrote a compacted copy of \(self.configuration.path) to \(path) (\(bytes) bytes)",
                metadata: [
                    "path": self.configuration.path, "destination": path, "bytes": "\(bytes)",
                    "durationMicroseconds": "\((ContinuousClock.now - started).microseconds)",
                ]
            )
        }
    }

    /// The destination configuration of `writeCopy(toFile:encryptionKey:)`: `fileURL` with this realm's
    /// file permissions.
    private func copyDestination(_ fileURL: URL, _ encryptionKey: Data?) throws -> Configuration {
        guard encryptionKey == nil else { throw RealmError.encryptionNotSupported }
        var destination = Configuration(fileURL: fileURL)
        destination.filePermissions = configuration.filePermissions
        return destination
    }

    /// Writes a compacted copy of the realm's newest committed version to a new file at `fileURL`.
    ///
    /// ```swift
    /// try await realm.writeCopy(toFile: backupURL)
    /// let backup = try await Realm(configuration: .init(fileURL: backupURL, objectTypes: [Dog.self]))
    /// ```
    /// - Parameters:
    ///   - fileURL: where to write the copy; the file must not exist. It is created with this realm's
    ///     ``Configuration-swift.struct/filePermissions``.
    ///   - encryptionKey: must be nil: Strata does not encrypt files.
    /// - Throws: ``RealmError/fileError(_:)`` when the file exists ("File exists"),
    ///   ``RealmError/notSupported(_:)`` for an encryption key.
    /// - Note: Realm Swift also copies a write transaction's uncommitted changes; Strata copies what is
    ///   committed.
    public func writeCopy(toFile fileURL: URL, encryptionKey: Data? = nil) async throws {
        try copy(to: copyDestination(fileURL, encryptionKey))
    }

    /// Writes a compacted copy of the realm's newest committed version to a new file at `fileURL`,
    /// synchronously: the form to call inside a `read` or `write` block, as Realm Swift's `writeCopy` is.
    ///
    /// ```swift
    /// try await realm.read { realm in
    ///     try realm.writeCopy(toFile: backupURL)
    /// }
    /// ```
    /// - Parameters:
    ///   - fileURL: where to write the copy; the file must not exist.
    ///   - encryptionKey: must be nil: Strata does not encrypt files.
    /// - Throws: ``RealmError/fileError(_:)`` when the file exists ("File exists"),
    ///   ``RealmError/notSupported(_:)`` for an encryption key.
    /// - Note: Inside a write transaction Realm Swift also copies its uncommitted changes; Strata copies what is
    ///   committed.
    public func writeCopy(toFile fileURL: URL, encryptionKey: Data? = nil) throws {
        try copy(to: copyDestination(fileURL, encryptionKey))
    }

    /// Whether a realm file exists for `configuration`.
    ///
    /// ```swift
    /// if !Realm.fileExists(for: configuration) { print("a new realm will be created") }
    /// ```
    /// - Parameter configuration: the realm's configuration (its file, or its in-memory identifier).
    /// - Returns: whether the file exists.
    public static func fileExists(for configuration: Configuration) -> Bool {
        FileManager.default.fileExists(atPath: configuration.path)
    }

    /// Migrates the realm file of `configuration` to its schema version, running its migration block, without
    /// keeping the realm open.
    ///
    /// ```swift
    /// var configuration = Realm.Configuration(fileURL: url, schemaVersion: 2, objectTypes: [Person.self])
    /// configuration.migrationBlock = { migration, oldVersion in /* … */ }
    /// try await Realm.performMigration(for: configuration)
    /// ```
    /// - Parameter configuration: the realm's configuration, with the schema version and migration block to apply.
    /// - Throws: ``RealmError/fileError(_:)`` while a realm of this process has the file open (Realm's "Cannot migrate
    ///   Realms that are already open."), and what opening the realm throws (``RealmError/schemaMismatch(_:)`` for a
    ///   lower schema version).
    public static func performMigration(for configuration: Configuration = .defaultConfiguration) async throws {
        guard !FileCoordinator.hasOpenRealms(configuration.path) else {
            throw RealmError.fileError("Cannot migrate Realms that are already open.")
        }
        let realm = try await Realm(configuration: configuration)
        await realm.close()
    }

    /// Deletes a realm's file and its auxiliary files; returns whether a file existed. The realm must
    /// be closed, in this process and in every other.
    ///
    /// ```swift
    /// try Realm.deleteFiles(for: configuration)
    /// ```
    ///
    /// As in Realm, the files are removed with other processes shut out: another process's open of the file waits
    /// until they are gone, then creates a new one.
    /// - Parameter configuration: the realm's configuration.
    /// - Returns: whether the realm file existed.
    /// - Throws: ``RealmError/fileError(_:)`` when a realm of this process has the file open (a frozen realm counts
    ///   until released), or another process has it open (a realm there that is closed but not yet released
    ///   counts): Realm's "Cannot delete files of an open Realm: '…' is still in use."; or when a file cannot be
    ///   removed.
    @discardableResult
    public static func deleteFiles(for configuration: Configuration) throws -> Bool {
        let path = configuration.path
        let inUse = RealmError.fileError("Cannot delete files of an open Realm: '\(path)' is still in use.")
        guard !FileCoordinator.hasOpenRealms(path) else { throw inUse }
        let deleted: Bool?
        do {
            deleted = try Database.excludingOtherProcesses(path: path) { try removeFiles(of: path) }
        } catch StorageError.io(let error) where error.code == ENOENT {
            // The lock file's directory does not exist, so neither does the realm file (as realm-core answers).
            return false
        } catch {
            throw RealmError.wrapping(error)
        }
        guard let deleted else { throw inUse }
        return deleted
    }

    /// Removes the realm file at `path` and its auxiliary files, the lock file last (other processes' opens wait on
    /// it until then); returns whether the realm file existed.
    private static func removeFiles(of path: String) throws -> Bool {
        let manager = FileManager.default
        let existed = manager.fileExists(atPath: path)
        for file in [
            path, path + ".creating", path + ".compacting", path + ".sync.lock", path + ".redo",
            path + ".redo.creating", path + ".lock",
        ]
        where manager.fileExists(atPath: file) {
            do {
                try manager.removeItem(atPath: file)
            } catch {
                throw RealmError.fileError("could not delete \(file): \(error)")
            }
        }
        return existed
    }
}

/// The schema version stored in the realm file at `fileURL`, read without opening a realm.
///
/// ```swift
/// let version = try schemaVersionAtURL(Realm.Configuration.defaultConfiguration.fileURL!)
/// ```
/// - Parameters:
///   - fileURL: the realm file.
///   - encryptionKey: must be nil: Strata does not encrypt files.
/// - Throws: ``RealmError/fileError(_:)`` when no initialized realm is there ("Realm at path '…' has not been
///   initialized."), ``RealmError`` for a file that is not a realm, ``RealmError/notSupported(_:)`` for a key.
/// - Returns: the schema version the file records.
public func schemaVersionAtURL(_ fileURL: URL, encryptionKey: Data? = nil) throws -> UInt64 {
    guard encryptionKey == nil else { throw RealmError.encryptionNotSupported }
    let path = fileURL.path
    let notInitialized = RealmError.fileError("Realm at path '\(path)' has not been initialized.")
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
        throw notInitialized
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
        throw RealmError.fileError("Failed to open file at path '\(path)': Permission denied")
    }
    // The realms of this process that have the file open share its database, which must stay open for them; with
    // none, a database of this call's own is opened and closed (Realm reads the version without touching them).
    let shared = Database.openInstance(path: path)
    let database =
        try shared ?? realmErrors { try Database.openUnshared(path: path, options: DatabaseOptions(readOnly: true)) }
    defer { if shared == nil { database.close() } }
    let reading = try realmErrors { try database.beginRead() }
    guard let version = try realmErrors({ try SchemaBinding.storedVersion(reading) }) else { throw notInitialized }
    return version
}
