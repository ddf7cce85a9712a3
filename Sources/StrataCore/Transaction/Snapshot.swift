// Snapshot.swift: one committed version, immutable and readable from any thread.

import Foundation

/// A committed version: its catalog and a reader over the mapping that holds it.
package struct Snapshot: Sendable {
    package let version: Version
    let topRef: Ref
    let catalog: Catalog
    let reader: NodeReader

    /// The end of the version's used space.
    var fileEnd: UInt64 { reader.limit }

    /// The same version, its nodes read from `pending` first (the tip of commits in flight, PendingNodes.swift), or
    /// from the mapping alone when `pending` is nil.
    func reading(pending: PendingNodes?) -> Snapshot {
        let reader = NodeReader(
            mapping: reader.mapping,
            limit: reader.limit,
            verified: reader.verified,
            pending: pending
        )
        return Snapshot(version: version, topRef: topRef, catalog: catalog, reader: reader)
    }
}

/// Options for opening a database.
package struct DatabaseOptions: Sendable {
    /// How commits reach the disk.
    package enum Durability: Sendable {
        /// Every commit is synced (fdatasync) before it is acknowledged.
        case full
        /// Nothing is synced; the file lives in memory (/dev/shm) and is removed when closed.
        case memoryOnly
    }

    var durability: Durability
    package var readOnly: Bool
    /// The most versions that may be active (pinned or newest) at once; nil for no limit.
    var maximumActiveVersions: Int?
    package var fileSystem: any FileSystem
    /// The permissions of the files the database creates: the file itself, its lock file and temporaries.
    package var filePermissions: FilePermissions
    /// The most bytes of change history kept for observers (about: ``ChangeSet/estimatedBytes``); past it, the
    /// oldest entries' tables are kept as changed wholesale (Database.swift invariant 7).
    var historyByteLimit: Int
    /// Whether small commits are made durable by appending to the redo log (RedoLog.swift) instead of writing a
    /// header slot: off unless the environment sets `STRATA_REDO_LOG=1`, until the log has its full crash suites.
    package var redoLog: Bool
    /// How long the redo log may hold records with no commit at all before they are checkpointed.
    package var quietCheckpoint: Duration = .seconds(1)
    /// Bytes of a new redo log's ring, a multiple of 4096 (RedoLog.swift): `STRATA_REDO_LOG_KIB` KiB when the
    /// environment sets it (the crash loops' children fill it in a few commits), 8 MiB otherwise.
    package var redoLogLength = DatabaseOptions.redoLogLengthFromEnvironment ?? RedoLog.defaultLength
    /// The checksum scheme of a file this open creates (NodeChecksum.swift); `.serial` makes the file a build before
    /// format 6 made, for the tests of such files. An existing file keeps its own.
    package var newFileChecksum: NodeChecksum = .lanes
    /// Whether this database's commits are published in the change feed for the observers of other processes, while
    /// another process or handle has the file open (ChangeFeed.swift); off only in the tests of the trees' diff, which
    /// observers fall back on.
    package var changeFeed = true

    package init(
        durability: Durability = .full,
        readOnly: Bool = false,
        maximumActiveVersions: Int? = nil,
        fileSystem: any FileSystem = PosixFileSystem(),
        filePermissions: FilePermissions = .ownerReadWrite,
        historyByteLimit: Int = 4 << 20,
        redoLog: Bool = DatabaseOptions.redoLogFromEnvironment
    ) {
        self.durability = durability
        self.readOnly = readOnly
        self.maximumActiveVersions = maximumActiveVersions
        self.fileSystem = fileSystem
        self.filePermissions = filePermissions
        self.historyByteLimit = historyByteLimit
        self.redoLog = redoLog
    }

    /// Whether the environment asks for the redo log (`STRATA_REDO_LOG=1`), read once.
    package static let redoLogFromEnvironment = ProcessInfo.processInfo.environment["STRATA_REDO_LOG"] == "1"

    /// The ring's length the environment asks for (`STRATA_REDO_LOG_KIB`, a whole number of 4 KiB from 4 to 65,536),
    /// read once; nil when it names none.
    package static let redoLogLengthFromEnvironment: Int? = {
        guard let text = ProcessInfo.processInfo.environment["STRATA_REDO_LOG_KIB"], let kib = Int(text),
            (4...65_536).contains(kib), kib % 4 == 0
        else { return nil }
        return kib << 10
    }()
}

/// Keeps a version pinned (its space is not reused) until released or deinitialized.
package final class VersionPin: Sendable {
    let version: Version
    private let database: Database
    private let released = AtomicFlag()

    init(version: Version, database: Database) {
        self.version = version
        self.database = database
    }

    /// Unpins the version now (idempotent).
    package func release() {
        if released.setOnce() { database.unpin(version) }
    }

    deinit { release() }
}
