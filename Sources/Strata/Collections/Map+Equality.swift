// Equality of maps, as Realm Swift's: a managed map equals the same map property of the same object; unmanaged
// maps compare their entries (values as collections compare their elements, objects by identity).

extension Map: Equatable {
    /// Whether two maps are the same managed map, or unmanaged maps with the same keys and equal values.
    ///
    /// ```swift
    /// let a = Map<String, Int>(), b = Map<String, Int>()
    /// a["x"] = 1; b["x"] = 1
    /// a == b  // true
    /// ```
    /// - Parameters:
    ///   - lhs: a map.
    ///   - rhs: another map of the same type.
    /// - Returns: whether they are equal.
    /// - Complexity: O(1) for managed maps, O(n log n) for unmanaged maps of n entries.
    public static func == (lhs: Map, rhs: Map) -> Bool {
        if lhs === rhs { return true }
        switch (lhs.backing, rhs.backing) {
        case (let left?, let right?): return left.isSameCollection(as: right)
        case (nil, nil):
            // `entries` of an unmanaged map are sorted by key.
            let (left, right) = (lhs.entries, rhs.entries)
            return left.count == right.count
                && zip(left, right).allSatisfy {
                    $0.key == $1.key && CollectionElementEquality.equal($0.value, $1.value)
                }
        default: return false
        }
    }
}
