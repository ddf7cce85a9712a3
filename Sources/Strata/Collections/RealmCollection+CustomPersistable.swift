// Aggregates, sorting and distinct of collections of ``CustomPersistable`` and ``FailableCustomPersistable`` values
// (and optionals of them), by their stored form, as Realm Swift offers them wherever the persisted type allows: a
// `List<Meters>` stored as integers has `min()`, `sum()` and `sorted(ascending:)` as a `List<Int>` has, and answers
// in `Meters`. (A failable type's answer that its initializer rejects stops, as reading such a stored value does.)
// Also the sums and averages of ``PersistableEnum`` values whose raw values add up.

extension RealmCollection where Element: _CustomPersistable, Element.PersistedType: MinMaxType {
    /// The smallest value by its stored form, or nil if the collection is empty.
    ///
    /// ```swift
    /// let shortest = route.legs.min()   // legs: List<Meters>, Meters stored as Int
    /// ```
    /// - Complexity: O(n) for n values.
    /// - Returns: the smallest value, or nil.
    public func min() -> Element? { extreme("self", smallest: true) }

    /// The largest value by its stored form, or nil if the collection is empty.
    /// - Complexity: O(n) for n values.
    /// - Returns: the largest value, or nil.
    public func max() -> Element? { extreme("self", smallest: false) }
}

extension RealmCollection where Element: _CustomPersistable, Element.PersistedType: AddableType {
    /// The sum of the stored forms, as a value; a value of zero if the collection is empty.
    /// - Complexity: O(n) for n values.
    /// - Returns: the sum.
    public func sum() -> Element { total("self") }

    /// The average of the stored forms, or nil if the collection is empty.
    /// - Complexity: O(n) for n values.
    /// - Returns: the average (a `Double` for integers, a ``Decimal128`` for decimals), or nil.
    public func average<T: _Persistable>() -> T? { mean("self") }
}

extension RealmCollection where Element: _CustomPersistable, Element.PersistedType: SortableType {
    /// The values sorted by their stored form.
    /// - Complexity: O(n log n) for n values, on first access.
    /// - Parameter ascending: the direction.
    /// - Returns: the values, sorted, as results.
    public func sorted(ascending: Bool = true) -> Results<Element> { sorted(byKeyPath: "self", ascending: ascending) }

    /// The distinct values by their stored form, each where it first appears.
    /// - Complexity: O(n²) comparisons in the worst case for n values, on first access.
    /// - Returns: each distinct value once, as results.
    public func distinct() -> Results<Element> { distinct(by: ["self"]) }
}

extension RealmCollection {
    /// The smallest value by its stored form, or nil if there is none (nil values are ignored).
    /// - Complexity: O(n) for n values.
    /// - Returns: the smallest non-nil value, or nil.
    public func min<Wrapped: _CustomPersistable>() -> Element?
    where Element == Wrapped?, Wrapped.PersistedType: MinMaxType {
        extreme("self", smallest: true)
    }

    /// The largest value by its stored form, or nil if there is none (nil values are ignored).
    /// - Complexity: O(n) for n values.
    /// - Returns: the largest non-nil value, or nil.
    public func max<Wrapped: _CustomPersistable>() -> Element?
    where Element == Wrapped?, Wrapped.PersistedType: MinMaxType {
        extreme("self", smallest: false)
    }

    /// The sum of the stored forms of the non-nil values, as a value; a value of zero if there are none.
    /// - Complexity: O(n) for n values.
    /// - Returns: the sum.
    public func sum<Wrapped: _CustomPersistable>() -> Element
    where Element == Wrapped?, Wrapped.PersistedType: AddableType {
        total("self")
    }

    /// The average of the stored forms of the non-nil values, or nil if there are none.
    /// - Complexity: O(n) for n values.
    /// - Returns: the average, or nil.
    public func average<Wrapped: _CustomPersistable, T: _Persistable>() -> T?
    where Element == Wrapped?, Wrapped.PersistedType: AddableType {
        mean("self")
    }

    /// The values sorted by their stored form, nil first in ascending order.
    /// - Complexity: O(n log n) for n values, on first access.
    /// - Parameter ascending: the direction.
    /// - Returns: the values, sorted, as results.
    public func sorted<Wrapped: _CustomPersistable>(ascending: Bool = true) -> Results<Element>
    where Element == Wrapped?, Wrapped.PersistedType: SortableType {
        sorted(byKeyPath: "self", ascending: ascending)
    }

    /// The distinct values by their stored form, each where it first appears.
    /// - Complexity: O(n²) comparisons in the worst case for n values, on first access.
    /// - Returns: each distinct value once, as results.
    public func distinct<Wrapped: _CustomPersistable>() -> Results<Element>
    where Element == Wrapped?, Wrapped.PersistedType: SortableType {
        distinct(by: ["self"])
    }
}

extension RealmCollection where Element: PersistableEnum, Element.RawValue: AddableType {
    /// The sum of the raw values, as a case: the case whose raw value is the sum (this stops if there is none).
    /// - Complexity: O(n) for n values.
    /// - Returns: the sum.
    public func sum() -> Element { total("self") }

    /// The average of the raw values, or nil if the collection is empty.
    ///
    /// ```swift
    /// let typical: Double? = survey.answers.average()   // answers: List<Rating>, Rating: Int, PersistableEnum
    /// ```
    /// - Complexity: O(n) for n values.
    /// - Returns: the average (a `Double` for integers), or nil.
    public func average<T: _Persistable>() -> T? { mean("self") }
}

extension RealmCollection {
    /// The sum of the raw values of the non-nil cases, as a case (this stops if no case has that raw value).
    /// - Complexity: O(n) for n values.
    /// - Returns: the sum.
    public func sum<Wrapped: PersistableEnum>() -> Element where Element == Wrapped?, Wrapped.RawValue: AddableType {
        total("self")
    }

    /// The average of the raw values of the non-nil cases, or nil if there are none.
    /// - Complexity: O(n) for n values.
    /// - Returns: the average, or nil.
    public func average<Wrapped: PersistableEnum, T: _Persistable>() -> T?
    where Element == Wrapped?, Wrapped.RawValue: AddableType {
        mean("self")
    }
}
