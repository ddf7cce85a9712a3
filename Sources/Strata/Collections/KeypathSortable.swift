/// The element types a collection can be sorted by key path: objects and projections, as in Realm Swift. A
/// marker for generic code; ``RealmCollection/sorted(byKeyPath:ascending:)`` checks the key path when it runs.
public protocol KeypathSortable {}

extension ObjectBase: KeypathSortable {}
extension Projection: KeypathSortable {}
