import StrataCore

// The `sectioned(...)` forms of every collection kind, declared once: the collection is sorted (as `Results`
// over its elements) and split into sections by one pass, `SectionLayout`.

extension RealmCollection {
    /// Sorts the results by `sortDescriptors`, then splits them into sections by the key `keyBlock` gives each
    /// object.
    ///
    /// ```swift
    /// let byLetter = dogs.sectioned(sortDescriptors: ["name"]) { String($0.name.prefix(1)) }
    /// ```
    ///
    /// The sections are the distinct keys in the order they first appear in the sorted results; a key that
    /// comes back after another joins its first section. A live result calls `keyBlock` on the realm's actor,
    /// when the sections are first read after a change; a frozen one calls it once per object, now.
    ///
    /// - Note: The primary sort descriptor must be responsible for determining the section key.
    /// - Parameters:
    ///   - sortDescriptors: The keys to sort by, the first most significant; at least one (an empty array stops
    ///     with Realm's message).
    ///   - keyBlock: The section key of an object. It must not return an object (links are not section keys).
    /// - Returns: The sectioned results.
    /// - Complexity: O(1) for live results, O(n log n) for frozen ones; see ``SectionedResults``.
    public func sectioned<Key: _Persistable>(
        sortDescriptors: [SortDescriptor],
        _ keyBlock: @escaping ((Element) -> Key)
    ) -> SectionedResults<Key, Element> {
        precondition(!sortDescriptors.isEmpty, "There must be at least one SortDescriptor when using SectionedResults.")
        return SectionedResults(results: sorted(by: sortDescriptors), keyFunction: keyBlock)
    }

    /// Sorts the objects by a property and splits them into one section per distinct value of that property.
    ///
    /// ```swift
    /// let byAge = dogs.sectioned(by: \.age, ascending: true)
    /// byAge.allKeys  // [1, 3, 7]
    /// ```
    ///
    /// A nil value is a section of its own: the first when ascending, the last when descending.
    /// - Parameters:
    ///   - keyPath: The property to sort and section by.
    ///   - ascending: The direction to sort in.
    /// - Returns: The sectioned results.
    /// - Complexity: O(1) for live results, O(n log n) for frozen ones; see ``SectionedResults``.
    public func sectioned<Key: _Persistable>(
        by keyPath: KeyPath<Element, Key>,
        ascending: Bool = true
    ) -> SectionedResults<Key, Element> where Element: ObjectBase {
        sectioned(sortDescriptors: [SortDescriptor(keyPath: KeyPathName.of(keyPath), ascending: ascending)]) {
            $0[keyPath: keyPath]
        }
    }

    /// Sorts the projections by a property and splits them into one section per distinct value of it.
    ///
    /// ```swift
    /// let byCity = realm.objects(PersonProjection.self).sectioned(by: \.city, ascending: true)
    /// ```
    /// - Complexity: O(1) for live results, O(n log n) for frozen ones; see ``SectionedResults``.
    /// - Parameters:
    ///   - keyPath: the projection's property to sort and section by.
    ///   - ascending: the direction to sort in.
    /// - Returns: the sectioned results.
    public func sectioned<Key: _Persistable, O: ObjectBase>(
        by keyPath: KeyPath<Element, Key>,
        ascending: Bool = true
    ) -> SectionedResults<Key, Element> where Element: Projection<O> {
        sectioned(sortDescriptors: [SortDescriptor(keyPath: KeyPathName.of(keyPath), ascending: ascending)]) {
            $0[keyPath: keyPath]
        }
    }

    /// Sorts the projections by `sortDescriptors` (the first by `keyPath`'s root property) and splits them into
    /// one section per distinct value at `keyPath`.
    /// - Complexity: O(1) for live results, O(n log n) for frozen ones; see ``SectionedResults``.
    /// - Parameters:
    ///   - keyPath: the projection's property that gives each section's key.
    ///   - sortDescriptors: the keys to sort by, the first most significant.
    /// - Returns: the sectioned results.
    public func sectioned<Key: _Persistable, O: ObjectBase>(
        by keyPath: KeyPath<Element, Key>,
        sortDescriptors: [SortDescriptor]
    ) -> SectionedResults<Key, Element> where Element: Projection<O> {
        sectioned(sortDescriptors: sortDescriptors) { $0[keyPath: keyPath] }
    }

    /// Sorts the projections by `sortDescriptors` and splits them into sections by the key `block` gives each.
    /// - Complexity: O(1) for live results, O(n log n) for frozen ones; see ``SectionedResults``.
    /// - Parameters:
    ///   - block: the section key of a projection.
    ///   - sortDescriptors: the keys to sort by, the first most significant.
    /// - Returns: the sectioned results.
    public func sectioned<Key: _Persistable, O: ObjectBase>(
        by block: @escaping ((Element) -> Key),
        sortDescriptors: [SortDescriptor]
    ) -> SectionedResults<Key, Element> where Element: Projection<O> {
        sectioned(sortDescriptors: sortDescriptors, block)
    }

    /// Sorts the objects by `sortDescriptors` and splits them into one section per distinct value of a property.
    ///
    /// ```swift
    /// let byAge = dogs.sectioned(by: \.age, sortDescriptors: [SortDescriptor(keyPath: "age"), "name"])
    /// ```
    ///
    /// - Note: The primary sort descriptor must be responsible for determining the section key: its key path
    ///   must be `keyPath`'s, else the call stops with Realm's message, as it does for an empty array.
    /// - Parameters:
    ///   - keyPath: The property to section by.
    ///   - sortDescriptors: The keys to sort by, the first being `keyPath`.
    /// - Returns: The sectioned results.
    /// - Complexity: O(1) for live results, O(n log n) for frozen ones; see ``SectionedResults``.
    public func sectioned<Key: _Persistable>(
        by keyPath: KeyPath<Element, Key>,
        sortDescriptors: [SortDescriptor]
    ) -> SectionedResults<Key, Element> where Element: ObjectBase {
        guard let primary = sortDescriptors.first else {
            preconditionFailure("Can not section Results with empty sortDescriptor parameter.")
        }
        precondition(
            KeyPathName.of(keyPath) == primary.keyPath,
            "The section key path must match the primary sort descriptor."
        )
        return sectioned(sortDescriptors: sortDescriptors) { $0[keyPath: keyPath] }
    }

    /// Sorts the objects by `sortDescriptors` and splits them into sections by the key `block` gives each.
    ///
    /// ```swift
    /// let byLetter = dogs.sectioned(by: { String($0.name.prefix(1)) }, sortDescriptors: ["name"])
    /// ```
    ///
    /// The sections are the distinct keys in the order they first appear in the sorted results; a key that
    /// comes back after another joins its first section.
    /// - Note: The primary sort descriptor must be responsible for determining the section key.
    /// - Parameters:
    ///   - block: The section key of an object. It must not return an object (links are not section keys).
    ///   - sortDescriptors: The keys to sort by, the first most significant; at least one.
    /// - Returns: The sectioned results.
    /// - Complexity: O(1) for live results, O(n log n) for frozen ones; see ``SectionedResults``.
    public func sectioned<Key: _Persistable>(
        by block: @escaping ((Element) -> Key),
        sortDescriptors: [SortDescriptor]
    ) -> SectionedResults<Key, Element> where Element: ObjectBase {
        sectioned(sortDescriptors: sortDescriptors, block)
    }
}

extension RealmCollection {
    /// Sorts the values by themselves and splits them into sections by the key `block` gives each.
    ///
    /// ```swift
    /// let byInitial = names.sectioned(by: { String($0.prefix(1)) }, ascending: true)
    /// ```
    ///
    /// It is declared for every collection, as in Realm Swift, but sorts by the elements themselves: on
    /// collections of objects or projections, which have no order of their own, it stops with Realm's message
    /// ("Cannot sort on key path 'self'"); give them `sectioned(by:sortDescriptors:)` instead.
    /// - Complexity: O(1) for live results, O(n log n) for frozen ones; see ``SectionedResults``.
    /// - Parameters:
    ///   - block: the section key of a value.
    ///   - ascending: the direction to sort the values in.
    /// - Returns: the sectioned results.
    public func sectioned<Key: _Persistable>(
        by block: @escaping ((Element) -> Key),
        ascending: Bool = true
    ) -> SectionedResults<Key, Element> {
        sectioned(sortDescriptors: [SortDescriptor(keyPath: "self", ascending: ascending)], block)
    }
}

extension Results {
    /// An iterator over the elements at `positions`, reading the results' keys (or values) once.
    func iterator(atPositions positions: [Int]) -> RLMIterator<Element> {
        if holdsValues {
            let values = primitiveValues
            let source = self.source
            return RLMIterator(count: positions.count) {
                ValueConversion.swiftValue(values[positions[$0]], as: Element.self, source: source) as! Element
            }
        }
        guard let table = source.schema("Results").tables[className] else {
            return RLMIterator(keys: [], make: { _ in preconditionFailure() })
        }
        let keys = objectKeys
        let source = self.source
        return RLMIterator(keys: positions.map { keys[$0] }) {
            ObjectBinding.makeElement(Element.self, source, table, $0)
        }
    }
}
