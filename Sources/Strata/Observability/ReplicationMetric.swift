/// One measurement of replication through PostgreSQL (the StrataSync module), reported as
/// ``RealmMetric/replication(_:)``; its samples are labelled `strata.replication.*` (`strata.sync.*` already names
/// the file's `fdatasync`).
///
/// ```swift
/// configuration.metrics = { metric in
///     if case .replication(.lostWrite(let className, let property)) = metric { print("lost:", className, property) }
/// }
/// ```
public enum ReplicationMetric: Sendable, Equatable {
    /// A batch of local commits reached the hub: how many, and how long the push took.
    case uploaded(commits: Int, duration: Duration)
    /// A pull applied the hub's changes: how many objects, and how long reading and applying took.
    case downloaded(objects: Int, duration: Duration)
    /// The local commits still waiting in the outbox after an upload.
    case backlog(commits: Int)
    /// From the local commit of the newest uploaded change to the hub's acknowledgement of it.
    case lag(Duration)
    /// A local write lost a conflict on the hub (class, and property or "(object)" for a delete or an update of a
    /// deleted object).
    case lostWrite(className: String, property: String)

    /// The metric as named numbers.
    public var samples: [RealmMetric.Sample] {
        switch self {
        case .uploaded(let commits, let duration):
            return [
                RealmMetric.Sample(
                    label: "strata.replication.upload.duration",
                    kind: .timer,
                    value: duration.nanoseconds
                ),
                RealmMetric.Sample(label: "strata.replication.upload.commits", kind: .counter, value: Int64(commits)),
            ]
        case .downloaded(let objects, let duration):
            return [
                RealmMetric.Sample(
                    label: "strata.replication.download.duration",
                    kind: .timer,
                    value: duration.nanoseconds
                ),
                RealmMetric.Sample(label: "strata.replication.download.objects", kind: .counter, value: Int64(objects)),
            ]
        case .backlog(let commits):
            return [RealmMetric.Sample(label: "strata.replication.backlog", kind: .gauge, value: Int64(commits))]
        case .lag(let duration):
            return [RealmMetric.Sample(label: "strata.replication.lag", kind: .timer, value: duration.nanoseconds)]
        case .lostWrite:
            return [RealmMetric.Sample(label: "strata.replication.lost_writes", kind: .counter, value: 1)]
        }
    }
}
