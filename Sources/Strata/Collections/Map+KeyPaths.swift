// Sorts and aggregates of a map of objects (`Map<String, Dog?>`) by a Swift key path of the objects, as Realm
// Swift's `RealmKeyedCollection` offers them where the values are optional objects.

extension Map {
    /// The smallest value of a property of the map's objects, or nil if there are none (nil values are ignored).
    ///
    /// ```swift
    /// let youngest = kennel.dogsByName.min(of: \.age)
    /// ```
    /// - Complexity: O(n) for n entries.
    /// - Parameter keyPath: a comparable stored property of the objects.
    /// - Returns: the smallest non-nil value, or nil.
    public func min<Object: ObjectBase, T: _Persistable>(of keyPath: KeyPath<Object, T>) -> T?
    where Value == Object? {
        min(ofProperty: KeyPathName.of(keyPath))
    }

    /// The largest value of a property of the map's objects, or nil if there are none (nil values are ignored).
    /// - Complexity: O(n) for n entries.
    /// - Parameter keyPath: a comparable stored property of the objects.
    /// - Returns: the largest non-nil value, or nil.
    public func max<Object: ObjectBase, T: _Persistable>(of keyPath: KeyPath<Object, T>) -> T?
    where Value == Object? {
        max(ofProperty: KeyPathName.of(keyPath))
    }

    /// The sum of a numeric property of the map's objects; zero if there are none (nil values are ignored).
    /// - Complexity: O(n) for n entries.
    /// - Parameter keyPath: a numeric stored property of the objects.
    /// - Returns: the sum.
    public func sum<Object: ObjectBase, T: _Persistable>(of keyPath: KeyPath<Object, T>) -> T
    where Value == Object? {
        sum(ofProperty: KeyPathName.of(keyPath))
    }

    /// The average of a numeric property of the map's objects, or nil if there are none (nil values are ignored).
    /// - Complexity: O(n) for n entries.
    /// - Parameter keyPath: a numeric stored property of the objects.
    /// - Returns: the average (a `Double` for integers, a ``Decimal128`` for decimals), or nil.
    public func average<Object: ObjectBase, T: _Persistable>(of keyPath: KeyPath<Object, T>) -> T?
    where Value == Object? {
        average(ofProperty: KeyPathName.of(keyPath))
    }

    /// The map's objects sorted by a property, nil first in ascending order; on a managed map.
    ///
    /// ```swift
    /// let byAge = kennel.dogsByName.sorted(by: \.age, ascending: false)
    /// ```
    /// - Complexity: O(n log n) for n entries, on first access.
    /// - Parameters:
    ///   - keyPath: a stored property of the objects.
    ///   - ascending: the direction.
    /// - Returns: the objects, sorted, as results.
    public func sorted<Object: ObjectBase, T>(by keyPath: KeyPath<Object, T>, ascending: Bool = true) -> Results<Value>
    where Value == Object? {
        sorted(byKeyPath: KeyPathName.of(keyPath), ascending: ascending)
    }
}
