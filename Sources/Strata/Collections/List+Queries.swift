import StrataCore

// The list's queries and aggregates (`filter`, `where`, `sorted`, `distinct(by:)`, `index(matching:)`, `min`,
// `max`, `sum`, `average`) come from `_ObjectCollectionQueries`: `Results` over the list's objects.

extension List: _ObjectCollectionQueries where Element: ObjectBase {
    /// Results over the list's objects, in its order; nil when unmanaged.
    public var _managedResults: Results<Element>? {
        backing?.objectResults()
    }

    /// The objects of an unmanaged list.
    public var _unmanagedElements: [Element] { backing == nil ? elements : [] }
}
