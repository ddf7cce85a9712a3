/// The identity of a ``LinkingObjects`` value: made with the value, shared by its copies, so that equality is
/// Realm Swift's (a collection read from a property again is a new one, equal only to itself).
///
/// `Sendable`: it has no state; only its address is used.
final class CollectionIdentity: Sendable {}
