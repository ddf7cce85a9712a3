extension Realm {
    /// Every object of a projection's root type, each seen through the projection, as a live ``Results``.
    ///
    /// ```swift
    /// let cities = await realm.read { realm in
    ///     realm.objects(PersonProjection.self).filter("age >= 18").sorted(byKeyPath: "name").map(\.city)
    /// }
    /// ```
    ///
    /// The results are the results of `objects(Element.Root.self)`: filters, sort descriptors and
    /// `distinct(by:)` name the root's properties (`"name"`, not a projection's renamed `displayName`); a sort by
    /// a Swift key path on the projection sorts by the root property that key path reads.
    /// - Complexity: O(1); the results read the realm when used, making one projection per object read.
    /// - Parameter type: the projection class.
    /// - Returns: live results of one projection per object of the projection's root class.
    public func objects<Element: ProjectionObservable & RealmCollectionValue>(
        _ type: Element.Type
    ) -> Results<Element> where Element.Root: Object {
        let rootType = Element.Root.self
        // As in `objects(_:)`: damage stops (ReadFailure.swift), and a class the file cannot hold reads as empty.
        if frozenSnapshot == nil {
            _ = ReadFailure.unlessAbsent("the schema of \(rootType)") { try register(rootType) }
        }
        let table = state.schema.table(ofType: rootType)
        return Results(source: source, className: table?.className ?? ObjectClassInfo.unqualifiedName(of: rootType))
    }
}
