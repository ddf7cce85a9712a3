import StrataCore

// The set's queries and aggregates (`filter`, `where`, `sorted`, `distinct(by:)`, `index(matching:)`, `min`,
// `max`, `sum`, `average`) come from `_ObjectCollectionQueries`: `Results` over the set's objects.

extension MutableSet: _ObjectCollectionQueries where Element: ObjectBase {
    /// Results over the set's objects, in its order; nil when unmanaged.
    public var _managedResults: Results<Element>? {
        backing?.objectResults()
    }

    /// The objects of an unmanaged set.
    public var _unmanagedElements: [Element] { backing == nil ? elements : [] }
}
