/// One measurement a realm reports to its configuration's `metrics` hook.
///
/// ```swift
/// var configuration = Realm.Configuration(objectTypes: [Job.self])
/// configuration.metrics = { metric in
///     if case .commit(let duration, let bytes) = metric { print("commit: \(bytes) bytes in \(duration)") }
/// }
/// ```
///
/// Each commit reports `.commit`, the `.sync` calls it led, `.fileGrowth` if it grew the file and
/// `.pinnedVersions`; a write that waited for the writer reports `.writeLockWait`; freezing reports
/// `.pinnedVersions`; a change stream reports `.notificationLag` for each element it hands to its loop. The hook
/// runs synchronously on the reporting realm's thread (a stream's lag on the consuming task's), so keep it
/// quick. With no hook (the default) nothing is measured on its behalf. ``samples`` gives every metric as named
/// numbers, for the few lines that bridge it to swift-metrics (see the Operations article). Realm Swift has no
/// equivalent.
public enum RealmMetric: Sendable, Equatable {
    /// A commit made durable: from the start of the commit (after the write block returned) to the end of the
    /// sync that covers it, and the bytes of new nodes it wrote (never more than the file's size).
    case commit(duration: Duration, bytesWritten: Int)
    /// One `fdatasync` of the file. Commits that wait together share a sync (group commit); the sync is reported
    /// once, by the realm of one of them.
    case sync(duration: Duration)
    /// How long a write waited for the writer: other writers in this process and, through the lock file, in
    /// other processes. Reported only by writes that had to wait.
    case writeLockWait(Duration)
    /// A commit grew the file: its size in bytes before and after (Strata reserves space ahead, in steps of at
    /// least 1 MiB).
    case fileGrowth(fromBytes: Int, toBytes: Int)
    /// The versions this process keeps pinned for the file (by frozen objects, results and realms, change
    /// streams and realms' read versions) and how long the oldest has been pinned: a long-lived pin keeps the
    /// space of everything committed after it from being reused, so the file grows.
    case pinnedVersions(count: Int, oldestAge: Duration)
    /// The time from the moment a commit became visible in this process (durable, or loaded from another
    /// process's commit) to the moment a change stream handed the element reporting it to its `for await`
    /// loop. An element that coalesces several commits for a slow consumer is measured from the first.
    case notificationLag(Duration)
    /// Replication through PostgreSQL (the StrataSync module): uploads, downloads, the outbox's backlog, the lag of
    /// an upload and each lost write, labelled `strata.replication.*`.
    case replication(ReplicationMetric)

    /// The metric as named numbers: durations as timers in nanoseconds, sizes and counts as gauges, bytes written
    /// as a counter.
    ///
    /// ```swift
    /// for sample in metric.samples { print(sample.label, sample.value) }  // "strata.commit.duration" 1234567
    /// ```
    public var samples: [Sample] {
        switch self {
        case .commit(let duration, let bytesWritten):
            return [
                Sample(label: "strata.commit.duration", kind: .timer, value: duration.nanoseconds),
                Sample(label: "strata.commit.bytes", kind: .counter, value: Int64(bytesWritten)),
            ]
        case .sync(let duration):
            return [Sample(label: "strata.sync.duration", kind: .timer, value: duration.nanoseconds)]
        case .writeLockWait(let duration):
            return [Sample(label: "strata.write_lock.wait", kind: .timer, value: duration.nanoseconds)]
        case .fileGrowth(_, let toBytes):
            return [Sample(label: "strata.file.size", kind: .gauge, value: Int64(toBytes))]
        case .pinnedVersions(let count, let oldestAge):
            return [
                Sample(label: "strata.versions.pinned", kind: .gauge, value: Int64(count)),
                Sample(label: "strata.versions.oldest_age", kind: .timer, value: oldestAge.nanoseconds),
            ]
        case .notificationLag(let duration):
            return [Sample(label: "strata.notification.lag", kind: .timer, value: duration.nanoseconds)]
        case .replication(let metric): return metric.samples
        }
    }
}

extension Duration {
    /// The duration in whole nanoseconds (saturating at `Int64.max`).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        return scaled + attoseconds / 1_000_000_000
    }

    /// The duration in whole microseconds, as log metadata shows it.
    var microseconds: Int64 { nanoseconds / 1000 }
}
