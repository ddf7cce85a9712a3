import Foundation
import StrataCore

// The queries of every collection kind, declared once. A managed collection is queried as `Results` over its
// elements in its order; an unmanaged one stops with Realm's message.

extension RealmCollection {
    /// The position of `object` in the collection, or nil. A managed object is found by its object key, without
    /// making an object per position; values compare with `==`.
    /// - Complexity: O(n) comparisons for n elements.
    /// - Parameter object: the element to find.
    /// - Returns: its position, or nil when it is not an element.
    public func index(of object: Element) -> Int? {
        if let results = _contents.results { return results.position(of: object) }
        return _contents.unmanaged.firstIndex { CollectionElementEquality.equal($0, object) }
    }

    /// The elements at `indexes`, in ascending order of position.
    ///
    /// ```swift
    /// let firstAndThird = people.objects(at: [0, 2])
    /// ```
    /// An index out of bounds stops with a message, as Realm Swift raises.
    /// - Complexity: O(k) for k indexes once the collection is read.
    /// - Parameter indexes: positions in the collection.
    /// - Returns: the elements at those positions.
    public func objects(at indexes: IndexSet) -> [Element] {
        guard let last = indexes.last else { return [] }
        let count = self.count
        precondition(
            indexes.first! >= 0 && last < count,
            "Indexes for collection are out of bounds. Index \(last) is not less than the count, \(count)."
        )
        return indexes.map { self[$0] }
    }

    /// The elements that match a query in the Realm query language, in the collection's order; a malformed or
    /// mistyped query stops with the same message ``RealmPredicate`` throws.
    ///
    /// ```swift
    /// let young = dogs.filter("age < %d AND name BEGINSWITH[c] %@", 3, "r")
    /// let big = scores.filter("self > 10")   // a collection of values names its element `self`
    /// ```
    /// - Complexity: O(n) for n elements, on first access (an index lookup on a table when one applies).
    /// - Parameters:
    ///   - predicateFormat: a query in the Realm query language (see the Query Language article).
    ///   - args: the values of the query's `%@`, `%K`, `%d` and `%f` placeholders.
    /// - Returns: live results of the matching elements (frozen for a frozen collection).
    /// - Note: Differs from Realm Swift: the string is parsed by Strata, not by `NSPredicate`, which Linux lacks;
    ///   use the ``RealmPredicate`` form of `filter` to get the error thrown instead.
    public func filter(_ predicateFormat: String, _ args: Any...) -> Results<Element> {
        filter(format: predicateFormat, arguments: args)
    }

    /// `filter(_:_:)` with its arguments as an array; a malformed or mistyped query stops with its message.
    func filter(format: String, arguments: [Any]) -> Results<Element> {
        do {
            return try filter(try RealmPredicate(format: format, argumentArray: arguments))
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// The elements that match a type-safe query over `Element`: objects (or optional objects of a map), whose
    /// properties the query names, or values, which it names as `self`.
    func filter(query isIncluded: (Query<Element>) -> Query<Bool>) -> Results<Element> {
        let values = _contents.results?.holdsValues ?? !(Element.self is ObjectBase.Type)
        let node = isIncluded(Query<Element>(parts: values ? ["self"] : [], collection: false)).predicate
            .numberingTypedSubqueries()
        do {
            return try filter(RealmPredicate(parsed: ParsedQuery(predicate: node), format: "where { … }"))
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// The elements that match `predicate`, in the collection's order.
    /// - Throws: ``RealmError/invalidQuery(_:)`` for an unknown property, a type mismatch or an operator not
    ///   valid for a property's type.
    /// - Complexity: O(n) for n elements, on first access.
    /// - Parameter predicate: a parsed query.
    /// - Returns: live results of the matching elements (frozen for a frozen collection).
    /// - Note: Differs from Realm Swift: ``RealmPredicate`` takes `NSPredicate`'s place, and applying it throws.
    public func filter(_ predicate: RealmPredicate) throws -> Results<Element> {
        try _contents.queryable("filter").refinedFilter(predicate)
    }

    /// The elements sorted by a property (or `self` for values), nil first in ascending order.
    ///
    /// Through links (`owner.age`), an element whose link is nil is not a nil value: it sorts after every other
    /// element ascending and before them descending, as in Realm Swift.
    /// - Complexity: O(n log n) for n elements, on first access.
    /// - Parameters:
    ///   - keyPath: a property of the elements (through to-one links with dots), or `self` for values.
    ///   - ascending: the direction.
    /// - Returns: the elements, sorted, as results; an unknown key path stops with a message.
    public func sorted(byKeyPath keyPath: String, ascending: Bool = true) -> Results<Element> {
        sorted(by: [SortDescriptor(keyPath: keyPath, ascending: ascending)])
    }

    /// The elements sorted by several keys, the first most significant. Sorting is stable.
    ///
    /// ```swift
    /// let byAgeThenName = dogs.sorted(by: [SortDescriptor(keyPath: "age", ascending: false), "name"])
    /// ```
    /// - Complexity: O(n log n) for n elements, on first access.
    /// - Parameter sortDescriptors: the keys, the most significant first.
    /// - Returns: the elements, sorted, as results.
    public func sorted<S: Sequence>(by sortDescriptors: S) -> Results<Element> where S.Element == SortDescriptor {
        stoppingOnError { try sorted(checkedBy: sortDescriptors) }
    }

    /// The first element for each distinct combination of values of `keyPaths`, in the collection's order.
    ///
    /// Through links (`owner.name`), an element whose link is nil is left out, as in Realm Swift.
    /// - Complexity: O(n) for n elements, on first access.
    /// - Parameter keyPaths: the properties whose combined values must differ.
    /// - Returns: the first element of each combination, as results.
    public func distinct<S: Sequence>(by keyPaths: S) -> Results<Element> where S.Element == String {
        stoppingOnError { try distinct(checkedBy: keyPaths) }
    }

    /// The position of the first element that matches `predicate`, or nil; an unknown property or a type mismatch
    /// stops with its message, as Realm Swift raises (`index(checkedMatching:)` throws it).
    /// - Complexity: O(n) for n elements.
    /// - Parameter predicate: a parsed query.
    /// - Returns: the position of the first matching element, or nil.
    public func index(matching predicate: RealmPredicate) -> Int? {
        stoppingOnError { try index(checkedMatching: predicate) }
    }

    /// The position of the first element that matches `predicate`, or nil, for a query a server takes from a
    /// request.
    /// - Throws: ``RealmError/invalidQuery(_:)`` for an unknown property or a type mismatch.
    /// - Complexity: O(n) for n elements.
    /// - Parameter predicate: a parsed query.
    /// - Returns: the position of the first matching element, or nil.
    /// - Note: Strata addition, as the other `checked` forms.
    public func index(checkedMatching predicate: RealmPredicate) throws -> Int? {
        // An unmanaged collection checks each element in memory, as Realm Swift does.
        if _contents.results == nil {
            return try UnmanagedQuery.firstIndex(in: Array(self), matching: predicate.parsed)
        }
        guard let first = try filter(predicate).first else { return nil }
        return index(of: first)
    }

    /// The position of the first element that matches a query in the Realm query language, or nil.
    /// - Complexity: O(n) for n elements.
    /// - Parameters:
    ///   - predicateFormat: a query in the Realm query language; a malformed one stops with its message.
    ///   - args: the values of the query's placeholders.
    /// - Returns: the position of the first matching element, or nil.
    public func index(matching predicateFormat: String, _ args: Any...) -> Int? {
        do {
            return try index(checkedMatching: try RealmPredicate(format: predicateFormat, argumentArray: args))
        } catch {
            ReadFailure.stop(error, reading: "the collection", otherwise: "\(error)")
        }
    }
}

extension RealmCollection {
    /// The elements that match a type-safe query, in the collection's order: a ``Query`` over one object's
    /// properties, or over the value itself for a collection of values.
    ///
    /// ```swift
    /// let adults = realm.objects(Person.self).where { $0.age >= 18 }
    /// let highScores = player.scores.where { $0 > 100 }
    /// ```
    /// - Complexity: O(n) for n elements, on first access.
    /// - Parameter isIncluded: builds the query from a ``Query`` over one element.
    /// - Returns: live results of the matching elements (frozen for a frozen collection).
    public func `where`(_ isIncluded: (Query<Element>) -> Query<Bool>) -> Results<Element> {
        filter(query: isIncluded)
    }

    /// The position of the first element that matches a type-safe query, or nil.
    /// - Complexity: O(n) for n elements.
    /// - Parameter isIncluded: builds the query from a ``Query`` over one element.
    /// - Returns: the position of the first matching element, or nil.
    public func index(matching isIncluded: (Query<Element>) -> Query<Bool>) -> Int? {
        if _contents.results == nil {
            let node = isIncluded(
                Query<Element>(parts: Element.self is ObjectBase.Type ? [] : ["self"], collection: false)
            )
            .predicate.numberingTypedSubqueries()
            do {
                return try UnmanagedQuery.firstIndex(in: Array(self), matching: ParsedQuery(predicate: node))
            } catch {
                preconditionFailure("\(error)")
            }
        }
        // The first match is the first matching element in the collection's order; an equal value before it
        // would match too, so its position is the first match's.
        guard let first = self.where(isIncluded).first else { return nil }
        return index(of: first)
    }
}

extension RealmCollection where Element: ObjectBase {
    /// The objects that match a Foundation `#Predicate`, translated into a Realm query.
    ///
    /// ```swift
    /// let adults = try people.filter(#Predicate<Person> { $0.age >= 18 && $0.name.starts(with: "A") })
    /// ```
    /// - Throws: ``RealmError/invalidQuery(_:)`` naming a construct that has no Realm equivalent, or
    ///   for a property the schema does not have.
    /// - Complexity: O(n) for n objects, on first access.
    /// - Parameter predicate: a Foundation predicate over the objects.
    /// - Returns: live results of the matching objects (frozen for a frozen collection).
    /// - Note: Strata addition: Realm Swift has no `#Predicate` filter.
    public func filter(_ predicate: Predicate<Element>) throws -> Results<Element> {
        let node = try PredicateTranslator.translate(predicate.expression)
        return try filter(RealmPredicate(parsed: ParsedQuery(predicate: node), format: "#Predicate"))
    }

    /// The position of the first object that matches a Foundation `#Predicate`, or nil; a predicate the query
    /// language cannot express stops with its message (`index(checkedMatching:)` throws it).
    /// - Complexity: O(n) for n objects.
    /// - Parameter predicate: a Foundation predicate over the objects.
    /// - Returns: the position of the first matching object, or nil.
    public func index(matching predicate: Predicate<Element>) -> Int? {
        stoppingOnError { try index(checkedMatching: predicate) }
    }

    /// The position of the first object that matches a Foundation `#Predicate`, or nil.
    /// - Throws: ``RealmError/invalidQuery(_:)`` as the `#Predicate` form of `filter(_:)` does.
    /// - Complexity: O(n) for n objects.
    /// - Parameter predicate: a Foundation predicate over the objects.
    /// - Returns: the position of the first matching object, or nil.
    /// - Note: Strata addition, as the other `checked` forms.
    public func index(checkedMatching predicate: Predicate<Element>) throws -> Int? {
        let node = try PredicateTranslator.translate(predicate.expression)
        return try index(checkedMatching: RealmPredicate(parsed: ParsedQuery(predicate: node), format: "#Predicate"))
    }

    /// The objects sorted by a Swift key path, nil first in ascending order.
    ///
    /// ```swift
    /// let byName = dogs.sorted(by: \.name)
    /// ```
    /// - Complexity: O(n log n) for n objects, on first access.
    /// - Parameters:
    ///   - keyPath: a stored property of the objects.
    ///   - ascending: the direction.
    /// - Returns: the objects, sorted, as results.
    public func sorted<T>(by keyPath: KeyPath<Element, T>, ascending: Bool = true) -> Results<Element> {
        sorted(byKeyPath: KeyPathName.of(keyPath), ascending: ascending)
    }

    /// The first object for each distinct combination of values at Swift key paths.
    ///
    /// ```swift
    /// let onePerBreed = dogs.distinct(by: [\Dog.breed])
    /// ```
    /// - Complexity: O(n) for n objects, on first access.
    /// - Parameter keyPaths: the properties whose combined values must differ.
    /// - Returns: the first object of each combination, as results.
    public func distinct<S: Sequence>(by keyPaths: S) -> Results<Element>
    where S.Element == PartialKeyPath<Element> {
        distinct(by: keyPaths.map { KeyPathName.of($0) })
    }
}

extension RealmCollection where Element: ProjectionObservable {
    /// The projections sorted by a Swift key path on the projection (the root property it reads).
    ///
    /// ```swift
    /// let byName = realm.objects(PersonProjection.self).sorted(by: \.displayName)
    /// ```
    /// - Complexity: O(n log n) for n projections, on first access.
    /// - Parameters:
    ///   - keyPath: a property of the projection.
    ///   - ascending: the direction.
    /// - Returns: the projections, sorted, as results.
    public func sorted<T>(by keyPath: KeyPath<Element, T>, ascending: Bool = true) -> Results<Element> {
        sorted(byKeyPath: KeyPathName.of(keyPath), ascending: ascending)
    }
}

extension RealmCollection where Element: SortableType {
    /// The values sorted by themselves, nil first in ascending order.
    ///
    /// ```swift
    /// let newestFirst = dates.sorted(ascending: false)
    /// ```
    /// - Complexity: O(n log n) for n values, on first access.
    /// - Parameter ascending: the direction.
    /// - Returns: the values, sorted, as results.
    public func sorted(ascending: Bool = true) -> Results<Element> {
        sorted(byKeyPath: "self", ascending: ascending)
    }

    /// The distinct values, each where it first appears.
    /// - Complexity: O(n²) comparisons in the worst case for n values, on first access.
    /// - Returns: each distinct value once, as results.
    public func distinct() -> Results<Element> { distinct(by: ["self"]) }
}
