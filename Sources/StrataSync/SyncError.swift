import Strata

/// Why replication through PostgreSQL could not start, stopped, or set a change aside.
///
/// Replication errors never undo a local commit: local writes go on, and the entries that could not be pushed stay
/// in the file's outbox until the cause is fixed. A session reports them through ``SyncSession/states``, the log
/// (category ``RealmLogCategory/replication``) and, when they stop a subscription, ``SyncSubscription/state``.
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libpq (`libpq.so.5`) could not be loaded; the message says what `dlopen` reported.
    case libraryMissing(String)
    /// PostgreSQL could not be reached (or the connection broke); sync retries by itself.
    case unreachable(String)
    /// PostgreSQL refused the connection's credentials.
    case authenticationFailed(String)
    /// The application's role lacks a privilege; the message names the `GRANT` that would fix it.
    case missingPrivilege(String)
    /// The hub's schema is missing and could not be installed, or was installed by a newer version of Strata.
    case hubSchema(String)
    /// A property has a different type on the hub than in this realm's schema: the class stops syncing.
    case propertyTypeMismatch(className: String, property: String, local: String, hub: String)
    /// The configuration cannot be synced (for example an in-memory or read-only realm, or a logical database name
    /// too long for a PostgreSQL `NOTIFY` channel).
    case invalidConfiguration(String)
    /// A class has a shape milestone 1 does not replicate (for example no primary key).
    case unsupportedClass(className: String, reason: String)
    /// A subscription asked for what is not supported yet (a filter, `limit`, `timeToLive` or
    /// `includingLinkingObjects`).
    case unsupportedSubscription(String)
    /// A subscription's name is already used for another query or type.
    case subscriptionConflict(String)
    /// The hub rejected an entry; it is set aside with this message and does not block the others.
    case rejected(String)
    /// Another live process uses the same client identity (two copies of one file).
    case duplicateClient(String)
    /// The synced file was opened without replication: it cannot be written until it is opened with its
    /// `syncConfiguration`.
    case notAttached(String)

    /// A sentence saying what went wrong.
    public var description: String {
        switch self {
        case .libraryMissing(let message): return "libpq could not be loaded: \(message)"
        case .unreachable(let message): return "PostgreSQL is unreachable: \(message)"
        case .authenticationFailed(let message): return "PostgreSQL refused the credentials: \(message)"
        case .missingPrivilege(let message): return "missing privilege: \(message)"
        case .hubSchema(let message): return "hub schema: \(message)"
        case .propertyTypeMismatch(let className, let property, let local, let hub):
            return "\(className).\(property) is \(local) here but \(hub) on the hub; \(className) stops syncing"
        case .invalidConfiguration(let message): return "invalid sync configuration: \(message)"
        case .unsupportedClass(let className, let reason): return "\(className) cannot be synced: \(reason)"
        case .unsupportedSubscription(let message): return "not supported yet: \(message)"
        case .subscriptionConflict(let message): return "subscription conflict: \(message)"
        case .rejected(let message): return "the hub rejected an entry: \(message)"
        case .duplicateClient(let message): return "duplicate client identity: \(message)"
        case .notAttached(let message): return message
        }
    }
}
