import Foundation
import StrataCore

/// The closure that migrates a realm from an older schema version: called with the migration and the file's
/// old schema version (``Realm/Configuration-swift.struct/migrationBlock``).
public typealias MigrationBlock = @Sendable (_ migration: Migration, _ oldSchemaVersion: UInt64) -> Void

extension Realm {

    /// Where and how a realm is opened.
    ///
    /// ```swift
    /// var configuration = Realm.Configuration(objectTypes: [Person.self, Dog.self])
    /// configuration.fileURL = URL(fileURLWithPath: "/var/lib/app/data.realm")
    /// configuration.schemaVersion = 2
    /// let realm = try await Realm(configuration: configuration)
    /// ```
    public struct Configuration: Sendable {
        /// The file of an on-disk realm. Setting it clears ``inMemoryIdentifier``.
        public var fileURL: URL? {
            didSet { if fileURL != nil { storedInMemoryIdentifier = nil } }
        }
        private var storedInMemoryIdentifier: String?
        /// The name of an in-memory realm (shared by every realm opened with it in this process while
        /// any is open). Setting it clears ``fileURL``.
        public var inMemoryIdentifier: String? {
            get { storedInMemoryIdentifier }
            set {
                storedInMemoryIdentifier = newValue
                if newValue != nil { fileURL = nil }
            }
        }
        /// A 64-byte key to encrypt the file with, as in Realm. Strata does not encrypt files yet: a non-nil key makes
        /// opening throw ``RealmError/notSupported(_:)``, so no data is ever written unencrypted by mistake.
        public var encryptionKey: Data?
        /// Open the file read-only: writes throw.
        public var readOnly: Bool
        /// The version of the models; raise it when properties are added, removed or changed.
        public var schemaVersion: UInt64
        /// Called when the file's schema version is lower than ``schemaVersion``.
        public var migrationBlock: MigrationBlock?
        /// Delete the file instead of migrating when the schema changed.
        public var deleteRealmIfMigrationNeeded: Bool
        /// The replication started when a realm opens the file (StrataSync's `syncConfiguration` sets it).
        package var replication: (any ReplicationStarter)?
        /// Called at open with the file size and the bytes in use; returning true compacts the file.
        public var shouldCompactOnLaunch: (@Sendable (_ totalBytes: Int, _ usedBytes: Int) -> Bool)?
        /// The model classes of the realm (and, through their links, the classes they reach). A class
        /// first used without being listed is added then, if that is an additive change.
        public var objectTypes: [ObjectBase.Type]?
        /// The most versions that may be pinned at once; reaching it makes the call that would pin one
        /// more (a commit, a freeze) throw.
        public var maximumNumberOfActiveVersions: UInt?
        /// A realm file to start from: when ``fileURL`` does not exist at open, a compacted copy of this file is
        /// written there first, and the realm opens (and migrates) that copy.
        ///
        /// ```swift
        /// var configuration = Realm.Configuration(objectTypes: [Dog.self])
        /// configuration.fileURL = dataDirectory.appendingPathComponent("app.realm")
        /// configuration.seedFilePath = resources.appendingPathComponent("seed.realm")
        /// ```
        ///
        /// An existing file is opened as it is; the seed file is only read. It is ignored for an in-memory
        /// realm. As in Realm Swift, two processes opening a missing file at the same instant may each copy
        /// the seed: create the file before starting several writers.
        public var seedFilePath: URL?
        /// The POSIX permission bits of every file the realm creates: the realm file, its lock file, the
        /// temporaries of creation and compaction, and the copies `writeCopy` and compaction write.
        ///
        /// ```swift
        /// configuration.filePermissions = 0o660   // the owner's group may open the realm too
        /// ```
        ///
        /// `0o600` by default: only the owner can read the data. The process umask clears bits from it, as
        /// `open(2)` does. It applies to files created from now on; an existing file keeps its mode. It must
        /// include `0o600` (Strata reads and writes its own files) and lie within `0o777`, otherwise opening
        /// throws ``RealmError/invalidValue(_:)``. Realm Swift creates files with `0o644` less the umask.
        public var filePermissions: Int = 0o600
        /// The logging hook: receives open, close, migration, compaction, commit failure, poisoned instance
        /// and version-limit events (see ``RealmLogger``). Nil, the default, logs nothing and costs nothing.
        public var logger: RealmLogger?
        /// Whether log messages may hold the values of objects (a duplicate primary key, for instance); false
        /// by default, so that logs never carry user data.
        public var logsObjectValues = false
        /// The metrics hook: receives commit durations and bytes, sync durations, write-lock waits, file
        /// growth, pinned versions and notification lag as ``RealmMetric`` values. Nil, the default, measures
        /// nothing on its behalf.
        ///
        /// ```swift
        /// configuration.metrics = { metric in
        ///     if case .commit(let duration, _) = metric, duration > .milliseconds(50) { print("slow commit") }
        /// }
        /// ```
        public var metrics: (@Sendable (RealmMetric) -> Void)?

        /// Creates a configuration; every parameter has Realm's default.
        /// - Parameters:
        ///   - fileURL: the file of an on-disk realm; ignored when `inMemoryIdentifier` is set.
        ///   - inMemoryIdentifier: the name of an in-memory realm.
        ///   - encryptionKey: must be nil: Strata does not encrypt files yet (opening with a key throws
        ///     ``RealmError/notSupported(_:)``).
        ///   - readOnly: whether writes are refused.
        ///   - schemaVersion: the version of the models.
        ///   - migrationBlock: called when the file's schema version is lower.
        ///   - deleteRealmIfMigrationNeeded: delete the file instead of migrating when the schema differs.
        ///   - shouldCompactOnLaunch: decides at open, from the file's size and used bytes, whether to compact.
        ///   - objectTypes: the model classes.
        ///   - seedFilePath: a realm file copied to `fileURL` when that does not exist.
        ///   - maximumNumberOfActiveVersions: the most versions that may be pinned at once, or nil for no limit.
        ///   - filePermissions: the permission bits of the files the realm creates (Strata's addition, after
        ///     Realm's parameters, as are the three below).
        ///   - logger: the logging hook, or nil to log nothing.
        ///   - logsObjectValues: whether log messages may hold objects' values.
        ///   - metrics: the metrics hook, or nil to measure nothing.
        public init(
            fileURL: URL? = Configuration.defaultFileURL,
            inMemoryIdentifier: String? = nil,
            encryptionKey: Data? = nil,
            readOnly: Bool = false,
            schemaVersion: UInt64 = 0,
            migrationBlock: MigrationBlock? = nil,
            deleteRealmIfMigrationNeeded: Bool = false,
            shouldCompactOnLaunch: (@Sendable (Int, Int) -> Bool)? = nil,
            objectTypes: [ObjectBase.Type]? = nil,
            seedFilePath: URL? = nil,
            maximumNumberOfActiveVersions: UInt? = nil,
            filePermissions: Int = 0o600,
            logger: RealmLogger? = nil,
            logsObjectValues: Bool = false,
            metrics: (@Sendable (RealmMetric) -> Void)? = nil
        ) {
            self.fileURL = inMemoryIdentifier == nil ? fileURL : nil
            storedInMemoryIdentifier = inMemoryIdentifier
            self.encryptionKey = encryptionKey
            self.readOnly = readOnly
            self.schemaVersion = schemaVersion
            self.migrationBlock = migrationBlock
            self.deleteRealmIfMigrationNeeded = deleteRealmIfMigrationNeeded
            self.shouldCompactOnLaunch = shouldCompactOnLaunch
            self.objectTypes = objectTypes
            self.seedFilePath = seedFilePath
            self.maximumNumberOfActiveVersions = maximumNumberOfActiveVersions
            self.filePermissions = filePermissions
            self.logger = logger
            self.logsObjectValues = logsObjectValues
            self.metrics = metrics
        }

        /// `default.realm` in the current directory.
        public static var defaultFileURL: URL {
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("default.realm")
        }

        private static let storedDefault = Locked(Configuration(fileURL: URL?.none))

        /// The configuration `Realm()` uses.
        public static var defaultConfiguration: Configuration {
            get {
                let stored = storedDefault.withLock { $0 }
                if stored.fileURL == nil && stored.inMemoryIdentifier == nil {
                    var configuration = stored
                    configuration.fileURL = defaultFileURL
                    return configuration
                }
                return stored
            }
            set { storedDefault.withLock { $0 = newValue } }
        }

        /// The path of the database file (a shared-memory file for in-memory realms).
        var path: String {
            if let inMemoryIdentifier {
                let safe = inMemoryIdentifier.map { $0.isLetter || $0.isNumber ? $0 : "_" }
                return "/dev/shm/strata-\(getpid())-\(String(safe))-\(UInt(bitPattern: inMemoryIdentifier.hashValue))"
            }
            return (fileURL ?? Configuration.defaultFileURL).path
        }
    }
}
