import StrataCore

/// How the Strata layer forwards what the engine measures to a configuration's hooks. Every entry point checks
/// for its hook first and builds nothing (no message, no metadata, no metric) when it is nil.
extension Realm.Configuration {
    /// Passes an entry to the logger if it takes `level`; the message and metadata are built only then.
    @inline(__always)
    package func log(
        _ level: RealmLogLevel,
        _ category: RealmLogCategory,
        _ message: @autoclosure () -> String,
        metadata: @autoclosure () -> [String: String] = [:]
    ) {
        guard let logger, level >= logger.level else { return }
        logger.handler(RealmLogEntry(level: level, message: message(), category: category, metadata: metadata()))
    }

    /// Whether the logger takes `level` (to skip work that only feeds a log entry).
    @inline(__always)
    package func logs(_ level: RealmLogLevel) -> Bool {
        guard let logger else { return false }
        return level >= logger.level
    }

    /// Passes a metric to the metrics hook; the metric is built only when there is one.
    @inline(__always)
    package func record(_ metric: @autoclosure () -> RealmMetric) {
        guard let metrics else { return }
        metrics(metric())
    }

    /// Reports what a commit did and cost: its duration and bytes, the syncs it led, the file's growth and the
    /// versions pinned after it.
    func reportCommit(_ result: CommitResult, database: Database) {
        if metrics != nil {
            record(.commit(duration: result.duration, bytesWritten: result.bytesWritten))
            for sync in result.syncDurations { record(.sync(duration: sync)) }
            if let growth = result.fileGrowth {
                record(.fileGrowth(fromBytes: Int(growth.from), toBytes: Int(growth.to)))
            }
            reportPinnedVersions(database)
        }
        log(
            .debug,
            .commit,
            "committed version \(result.version) of \(path)",
            metadata: [
                "path": path, "version": "\(result.version)", "bytesWritten": "\(result.bytesWritten)",
                "durationMicroseconds": "\(result.duration.microseconds)",
            ]
        )
    }

    /// Reports the versions pinned now (after a commit, or a freeze that pinned one more).
    func reportPinnedVersions(_ database: Database) {
        guard metrics != nil else { return }
        let pinned = database.pinnedVersions
        record(.pinnedVersions(count: pinned.count, oldestAge: pinned.oldestAge ?? .zero))
    }

    /// Reports why a commit failed: a version limit, a poisoned instance, or another error.
    func reportCommitFailure(_ error: any Error, database: Database) {
        guard logger != nil else { return }
        if case RealmError.tooManyActiveVersions(let limit) = error {
            return reportVersionLimit(limit, database: database, refused: "a commit")
        }
        log(.error, .commit, "a commit to \(path) failed: \(error)", metadata: ["path": path])
        if let reason = database.poisonReason {
            log(
                .critical,
                .commit,
                "the instance of \(path) is poisoned (\(reason)): every write throws until the realm is closed "
                    + "and the file reopened",
                metadata: ["path": path]
            )
        }
    }

    /// Reports that pinning one more version was refused by `maximumNumberOfActiveVersions`.
    func reportVersionLimit(_ limit: Int, database: Database, refused what: String) {
        guard logs(.warning) else { return }
        let pinned = database.pinnedVersions
        let age = pinned.oldestAge ?? .zero
        log(
            .warning,
            .versions,
            "\(what) on \(path) was refused: \(pinned.count) versions are pinned and the limit is \(limit); the "
                + "oldest has been pinned for \(age.microseconds / 1000) ms (release frozen objects, results and "
                + "realms, or end change streams)",
            metadata: [
                "path": path, "limit": "\(limit)", "pinnedVersions": "\(pinned.count)",
                "oldestAgeMicroseconds": "\(age.microseconds)",
            ]
        )
    }

    /// Reports an object refused because its primary key exists, with the key only if values may be logged.
    func reportDuplicatePrimaryKey(type: String, value: String) {
        guard logs(.debug) else { return }
        var metadata = ["path": path, "objectType": type]
        var message = "an object of type '\(type)' was refused: its primary key exists"
        if logsObjectValues {
            metadata["primaryKey"] = value
            message += " (value '\(value)')"
        }
        log(.debug, .write, message, metadata: metadata)
    }

    /// The engine's form of ``filePermissions``, or an error naming what is wrong with it.
    var engineFilePermissions: FilePermissions {
        get throws {
            guard (0...0o777).contains(filePermissions), filePermissions & 0o600 == 0o600 else {
                throw RealmError.invalidValue(
                    "filePermissions 0o\(String(filePermissions, radix: 8)) must lie within 0o777 and include "
                        + "0o600 (the owner reads and writes the realm's files)"
                )
            }
            return FilePermissions(rawValue: UInt32(filePermissions))
        }
    }
}
