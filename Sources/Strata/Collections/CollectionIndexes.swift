import Foundation

/// `objects(at:)` for every collection kind: the elements at a set of positions, in ascending order, or
/// Realm's stop when a position is out of bounds.
enum CollectionIndexes {
    static func objects<C: RandomAccessCollection>(at indexes: IndexSet, in collection: C) -> [C.Element]
    where C.Index == Int {
        guard let last = indexes.last else { return [] }
        let count = collection.count
        precondition(
            indexes.first! >= 0 && last < count,
            "Indexes for collection are out of bounds: \(last) is not less than the count, \(count)."
        )
        return indexes.map { collection[$0] }
    }
}

extension Results {
    /// The objects at `indexes`, in ascending order of position.
    ///
    /// ```swift
    /// let firstAndThird = people.objects(at: [0, 2])
    /// ```
    /// An index out of bounds stops with a message, as Realm Swift raises.
    /// - Complexity: O(k) for k indexes once the results are evaluated.
    public func objects(at indexes: IndexSet) -> [Element] { CollectionIndexes.objects(at: indexes, in: self) }
}

extension List {
    /// The elements at `indexes`, in ascending order of position; an index out of bounds stops with a message.
    /// - Complexity: O(k) for k indexes after reading the list.
    public func objects(at indexes: IndexSet) -> [Element] { CollectionIndexes.objects(at: indexes, in: self) }
}

extension MutableSet {
    /// The elements at `indexes` of the set's order; an index out of bounds stops with a message.
    /// - Complexity: O(k) for k indexes after reading the set.
    public func objects(at indexes: IndexSet) -> [Element] { CollectionIndexes.objects(at: indexes, in: self) }
}

extension LinkingObjects {
    /// The objects at `indexes`, in ascending order of position; an index out of bounds stops with a message.
    /// - Complexity: O(k) for k indexes after reading the backlinks.
    public func objects(at indexes: IndexSet) -> [Element] { CollectionIndexes.objects(at: indexes, in: self) }
}
