import StrataCore

// The collection's queries and aggregates (`filter`, `where`, `sorted`, `distinct(by:)`, `index(matching:)`, `min`,
// `max`, `sum`, `average`) come from `_ObjectCollectionQueries`: `Results` over the collection's objects.

extension LinkingObjects: _ObjectCollectionQueries where Element: RealmCollectionValue {
    /// Results over the collection's objects, in its order; nil when unmanaged.
    public var _managedResults: Results<Element>? {
        guard let owner, let origin = owner.table.linkingOrigins[property],
            let table = owner.source.schema.byTableKey[origin.table]
        else { return nil }
        return Results(
            source: owner.source,
            className: table.className,
            base: CollectionBase(
                ownerTable: owner.table,
                ownerKey: owner.key,
                property: property,
                kind: .backlinks(origin: origin)
            )
        )
    }

    /// The objects of an unmanaged collection.
    public var _unmanagedElements: [Element] { [] }
}
