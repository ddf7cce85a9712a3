/// The part of Strata a ``RealmLogEntry`` comes from; its raw value is a dotted label such as `strata.commit`.
///
/// ```swift
/// configuration.logger = RealmLogger { entry in
///     if entry.category == .migration { print("migration:", entry.message) }
/// }
/// ```
public struct RealmLogCategory: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The dotted label, for example `strata.lifecycle`.
    public var rawValue: String

    /// A category with the label `rawValue`.
    /// - Parameter rawValue: a dotted label, such as `strata.lifecycle`; a bridge may make categories of its own.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The label.
    public var description: String { rawValue }

    /// Opening and closing realms (`strata.lifecycle`).
    public static let lifecycle = RealmLogCategory(rawValue: "strata.lifecycle")
    /// Schema migrations, and files deleted because the schema changed (`strata.migration`).
    public static let migration = RealmLogCategory(rawValue: "strata.migration")
    /// Compaction at launch and copies written with `writeCopy` (`strata.compaction`).
    public static let compaction = RealmLogCategory(rawValue: "strata.compaction")
    /// Commits, failed commits and poisoned instances (`strata.commit`).
    public static let commit = RealmLogCategory(rawValue: "strata.commit")
    /// Pinned versions and the limit on them (`strata.versions`).
    public static let versions = RealmLogCategory(rawValue: "strata.versions")
    /// Writes refused by a constraint, such as a duplicate primary key (`strata.write`).
    public static let write = RealmLogCategory(rawValue: "strata.write")
    /// Change streams and observers that could not start or had to end, such as for an unknown key path
    /// (`strata.notifications`).
    public static let notifications = RealmLogCategory(rawValue: "strata.notifications")
    /// Replication through PostgreSQL (StrataSync): uploads, downloads, lost writes and connection changes
    /// (`strata.replication`; `strata.sync` would read as the file's `fdatasync`).
    public static let replication = RealmLogCategory(rawValue: "strata.replication")
}
