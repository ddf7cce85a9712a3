/// A change value with an `.error` case, which a stream that cannot go on delivers as its last element.
protocol ErrorCarryingChange: Sendable {
    /// The change that reports `error` (the enumeration's `.error` case).
    static func error(_ error: any Error) -> Self
}

extension RealmCollectionChange: ErrorCarryingChange {}
extension ObjectChange: ErrorCarryingChange where T: ThreadConfined {}
extension RealmMapChange: ErrorCarryingChange {}
