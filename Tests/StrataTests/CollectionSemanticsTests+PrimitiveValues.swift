import Foundation
import Strata
import Testing

// Lists, sets and maps of every value type, managed and unmanaged, checked against the facts of realm-swift's
// PrimitiveListTests, PrimitiveMutableSetTests and PrimitiveMapTests: each type has three ascending values
// (an optional type: nil, then the first and the third), and every case states what Realm Swift answers for them.

/// An `Int`-backed enum stored in collections.
enum Level: Int, PersistableEnum {
    case low = 1
    case middle = 2
    case high = 3
}

/// Lists of every value type.
final class ValueLists: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var int: List<Int>
    @Persisted var int8: List<Int8>
    @Persisted var int16: List<Int16>
    @Persisted var int32: List<Int32>
    @Persisted var int64: List<Int64>
    @Persisted var float: List<Float>
    @Persisted var double: List<Double>
    @Persisted var decimal: List<Decimal128>
    @Persisted var date: List<Date>
    @Persisted var string: List<String>
    @Persisted var data: List<Data>
    @Persisted var objectId: List<ObjectId>
    @Persisted var uuid: List<UUID>
    @Persisted var bool: List<Bool>
    @Persisted var level: List<Level>
    @Persisted var optInt: List<Int?>
    @Persisted var optFloat: List<Float?>
    @Persisted var optDouble: List<Double?>
    @Persisted var optDecimal: List<Decimal128?>
    @Persisted var optDate: List<Date?>
    @Persisted var optString: List<String?>
    @Persisted var optData: List<Data?>
    @Persisted var optUUID: List<UUID?>
}

/// Sets of every value type.
final class ValueSets: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var int: MutableSet<Int>
    @Persisted var int8: MutableSet<Int8>
    @Persisted var int64: MutableSet<Int64>
    @Persisted var float: MutableSet<Float>
    @Persisted var double: MutableSet<Double>
    @Persisted var decimal: MutableSet<Decimal128>
    @Persisted var date: MutableSet<Date>
    @Persisted var string: MutableSet<String>
    @Persisted var data: MutableSet<Data>
    @Persisted var objectId: MutableSet<ObjectId>
    @Persisted var uuid: MutableSet<UUID>
    @Persisted var level: MutableSet<Level>
    @Persisted var optInt: MutableSet<Int?>
    @Persisted var optDouble: MutableSet<Double?>
    @Persisted var optString: MutableSet<String?>
    @Persisted var optDate: MutableSet<Date?>
}

/// Maps of every value type.
final class ValueMaps: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var int: Map<String, Int>
    @Persisted var int16: Map<String, Int16>
    @Persisted var float: Map<String, Float>
    @Persisted var double: Map<String, Double>
    @Persisted var decimal: Map<String, Decimal128>
    @Persisted var date: Map<String, Date>
    @Persisted var string: Map<String, String>
    @Persisted var data: Map<String, Data>
    @Persisted var objectId: Map<String, ObjectId>
    @Persisted var uuid: Map<String, UUID>
    @Persisted var bool: Map<String, Bool>
    @Persisted var level: Map<String, Level>
    @Persisted var optInt: Map<String, Int?>
    @Persisted var optDouble: Map<String, Double?>
    @Persisted var optString: Map<String, String?>
    @Persisted var optBool: Map<String, Bool?>
}

/// Three ascending values of each type, and a numeric reading for sums and averages.
enum Fixture {
    static let dates = [0, 10, 20].map { Date(timeIntervalSince1970: 1_700_000_000 + $0) }
    static let data = ["a", "b", "c"].map { Data($0.utf8) }
    static let objectIds = (1...3).map { ObjectId(bytes: Array(repeating: 0x5F, count: 11) + [UInt8($0)]) }
    static let uuids = (1...3).map { UUID(uuidString: "137DECC8-B300-4954-A233-F89909F4FD8\($0)")! }
    static let decimals = ["1", "2", "3"].map { try! Decimal128(string: $0) }

    /// Realm's optional fixture: nil replaces the middle value and comes first.
    static func optional<V>(_ values: [V]) -> [V?] { [nil, values[0], values[2]] }

    /// How key-value coding answers a value: as itself, an enum as its raw value.
    static func stored(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional { return mirror.children.first.map { stored($0.value) } ?? "nil" }
        if let value = value as? any RawRepresentable { return "\(value.rawValue)" }
        return "\(value)"
    }

    /// What key-value coding answers for a collection's element, as ``stored(_:)`` prints it: a custom type's
    /// persisted value, as Realm bridges one; any other value as ``stored(_:)`` prints it.
    static func keyValueCoded(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional { return mirror.children.first.map { keyValueCoded($0.value) } ?? "nil" }
        if let value = value as? any CustomPersistable { return stored(value.persistableValue) }
        if let value = value as? any FailableCustomPersistable { return stored(value.persistableValue) }
        return stored(value)
    }

    /// A number's value as a `Double`, for comparing sums and averages within Realm's tolerance.
    static func double(_ value: Any?) -> Double? {
        switch value {
        case let value as Int: Double(value)
        case let value as Int8: Double(value)
        case let value as Int16: Double(value)
        case let value as Int32: Double(value)
        case let value as Int64: Double(value)
        case let value as Float: Double(value)
        case let value as Double: value
        case let value as Decimal128: Double(value.description)
        case let value as Level: Double(value.rawValue)
        case .some(let value as Any?): double(value)
        default: nil
        }
    }
}

/// The object types of the value collection tables.
let valueCollectionTypes: [ObjectBase.Type] = [ValueLists.self, ValueSets.self, ValueMaps.self]

/// One case of the table: a type's name and the checks it runs, managed or not.
struct ValueCollectionCase: Sendable, CustomTestStringConvertible {
    let name: String
    let run: @Sendable (_ managed: Bool) async throws -> Void
    var testDescription: String { name }

    /// Runs `body` on the collection at `path` of an unmanaged object, or of one created in a write.
    static func onObject<Root: Object, C>(
        _ type: Root.Type,
        _ path: KeyPath<Root, C> & Sendable,
        managed: Bool,
        _ body: @escaping @Sendable (C) -> Void
    ) async throws {
        guard managed else { return body(Root()[keyPath: path]) }
        let realm = try await Realm(configuration: memoryConfiguration(valueCollectionTypes))
        try await realm.write { realm in
            let object = try realm.create(Root.self, value: ["id": 1])
            body(object[keyPath: path])
        }
    }
}

extension ValueCollectionCase {
    /// Runs `body` on the collections at `path` of two unmanaged objects, or of two created in a write.
    static func onTwoObjects<Root: Object, C>(
        _ type: Root.Type,
        _ path: KeyPath<Root, C> & Sendable,
        managed: Bool,
        _ body: @escaping @Sendable (C, C) -> Void
    ) async throws {
        guard managed else { return body(Root()[keyPath: path], Root()[keyPath: path]) }
        let realm = try await Realm(configuration: memoryConfiguration(valueCollectionTypes))
        try await realm.write { realm in
            let one = try realm.create(Root.self, value: ["id": 1])
            let two = try realm.create(Root.self, value: ["id": 2])
            body(one[keyPath: path], two[keyPath: path])
        }
    }
}

// MARK: - Lists

/// What every list of values answers (realm-swift's PrimitiveListTests).
func checkListEditing<V: RealmCollectionValue & Equatable>(_ list: List<V>, _ values: [V], _ label: String) {
    #expect(list.index(of: values[0]) == nil, "\(label): index(of:) in an empty list")
    list.append(values[0])
    #expect(list.index(of: values[0]) == 0, "\(label)")
    list.append(values[1])
    #expect([list.index(of: values[0]), list.index(of: values[1])] == [0, 1], "\(label): index(of:)")
    list.removeAll()
    #expect(list.first == nil && list.last == nil, "\(label): first and last of an empty list")
    #expect((list.value(forKey: "self") as? [Any])?.count == 0, "\(label): value(forKey: self) of an empty list")

    list.append(objectsIn: values)
    #expect((0..<3).map { list[$0] } == values, "\(label): subscript")
    #expect(list.first == values[0] && list.last == values[2], "\(label): first and last")
    #expect(list.objects(at: [2, 1]) == [values[1], values[2]], "\(label): objects(at:) in ascending order")
    #expect(
        (list.value(forKey: "self") as? [Any])?.map(Fixture.stored) == values.map(Fixture.keyValueCoded),
        "\(label): value(forKey: self) answers the stored values (an enum's raw value, a custom type's persisted one)"
    )

    list.removeAll()
    list.insert(values[0], at: 0)
    list.insert(values[1], at: 0)
    list.insert(values[2], at: 2)
    #expect(Array(list) == [values[1], values[0], values[2]], "\(label): insert(_:at:)")
    list.remove(at: 0)
    #expect(Array(list) == [values[0], values[2]], "\(label): remove(at: 0)")
    list.remove(at: 1)
    #expect(Array(list) == [values[0]], "\(label): remove(at: 1)")

    list.removeAll()
    list.append(objectsIn: values)
    list.removeLast()
    #expect(Array(list) == [values[0], values[1]], "\(label): removeLast()")
    list.removeLast(2)
    #expect(list.isEmpty, "\(label): removeLast(2)")

    list.append(objectsIn: values)
    list.replace(index: 1, object: values[0])
    #expect(Array(list) == [values[0], values[0], values[2]], "\(label): replace(index:object:)")

    list.removeAll()
    list.replaceSubrange(0..<0, with: [])
    list.replaceSubrange(0..<0, with: [values[0]])
    #expect(Array(list) == [values[0]], "\(label): replaceSubrange into an empty list")
    list.replaceSubrange(0..<1, with: values)
    #expect(Array(list) == values, "\(label): replaceSubrange of one with three")
    list.replaceSubrange(1..<2, with: [])
    #expect(Array(list) == [values[0], values[2]], "\(label): replaceSubrange with nothing")

    list.removeAll()
    list.append(objectsIn: values)
    list.move(from: 2, to: 0)
    #expect(Array(list) == [values[2], values[0], values[1]], "\(label): move(from: 2, to: 0)")
    list.removeAll()
    list.append(objectsIn: values)
    list.swapAt(0, 2)
    #expect(Array(list) == [values[2], values[1], values[0]], "\(label): swapAt(0, 2)")
    list.removeAll()
}

/// Sorting and distinct of a managed list (realm-swift's SortablePrimitiveListTests).
func checkListSorting<V: RealmCollectionValue & SortableType & Equatable>(
    _ list: List<V>,
    _ values: [V],
    _ label: String
) {
    list.removeAll()
    list.append(objectsIn: Array(values[1...]) + [values[0]])
    #expect(Array(list.sorted(ascending: true)) == values, "\(label): sorted(ascending: true)")
    #expect(Array(list.sorted(ascending: false)) == values.reversed(), "\(label): sorted(ascending: false)")
    list.removeAll()
    list.append(objectsIn: values + values)
    #expect(Array(list.distinct()) == values, "\(label): distinct()")
    list.removeAll()
}

/// min and max of a list of values appended in reverse (realm-swift's MinMaxPrimitiveListTests).
func checkExtremes<C: RealmCollection>(
    _ collection: C,
    fill: () -> Void,
    smallest: C.Element,
    largest: C.Element,
    _ label: String
) where C.Element: MinMaxType & Equatable {
    #expect(collection.min() == nil && collection.max() == nil, "\(label): min and max of nothing")
    fill()
    #expect(collection.min() == smallest, "\(label): min()")
    #expect(collection.max() == largest, "\(label): max()")
}

/// sum and average (realm-swift's AddablePrimitiveListTests): zero and nil when empty, then the values'.
func checkTotals<C: RealmCollection>(
    _ collection: C,
    fill: () -> Void,
    sum: Double,
    average: Double,
    _ label: String
) where C.Element: AddableType {
    #expect(Fixture.double(collection.sum()) == 0, "\(label): sum() of nothing")
    #expect(collection.average() as Double? == nil, "\(label): average() of nothing")
    fill()
    #expect(abs((Fixture.double(collection.sum()) ?? .nan) - sum) < 0.01, "\(label): sum() \(collection.sum())")
    #expect(abs((collection.average() as Double? ?? .nan) - average) < 0.01, "\(label): average()")
}

extension ValueCollectionCase {
    static func list<V: RealmCollectionValue & SortableType & Equatable & Sendable>(
        _ name: String,
        _ path: KeyPath<ValueLists, List<V>> & Sendable,
        _ values: [V]
    ) -> Self {
        Self(name: "List<\(name)>") { managed in
            try await onObject(ValueLists.self, path, managed: managed) { list in
                let label = "List<\(name)> \(managed ? "managed" : "unmanaged")"
                checkListEditing(list, values, label)
                if managed { checkListSorting(list, values, label) }
            }
        }
    }

    static func numericList<V: RealmCollectionValue & SortableType & MinMaxType & AddableType & Equatable & Sendable>(
        _ name: String,
        _ path: KeyPath<ValueLists, List<V>> & Sendable,
        _ values: [V],
        present: Int = 3
    ) -> Self {
        Self(name: "List<\(name)> aggregates") { managed in
            try await onObject(ValueLists.self, path, managed: managed) { list in
                let label = "List<\(name)> \(managed ? "managed" : "unmanaged")"
                checkExtremes(
                    list,
                    fill: { list.append(objectsIn: values.reversed()) },
                    smallest: values[values.count - present],
                    largest: values[2],
                    label
                )
                list.removeAll()
                let total = values.compactMap(Fixture.double).reduce(0, +)
                checkTotals(
                    list,
                    fill: { list.append(objectsIn: values) },
                    sum: total,
                    average: total / Double(present),
                    label
                )
            }
        }
    }

    static func extremesList<V: RealmCollectionValue & MinMaxType & Equatable & Sendable>(
        _ name: String,
        _ path: KeyPath<ValueLists, List<V>> & Sendable,
        _ values: [V],
        smallest: V
    ) -> Self {
        Self(name: "List<\(name)> min and max") { managed in
            try await onObject(ValueLists.self, path, managed: managed) { list in
                checkExtremes(
                    list,
                    fill: { list.append(objectsIn: values.reversed()) },
                    smallest: smallest,
                    largest: values[2],
                    "List<\(name)> \(managed ? "managed" : "unmanaged")"
                )
            }
        }
    }
}

// MARK: - Sets

/// What every set of values answers (realm-swift's PrimitiveMutableSetTests), with `other` a second set.
func checkSetAlgebra<V: RealmCollectionValue & Hashable>(
    _ set: MutableSet<V>,
    _ other: MutableSet<V>,
    _ values: [V],
    _ label: String
) {
    #expect((set.value(forKey: "self") as? [Any])?.count == 0, "\(label): value(forKey: self) of an empty set")
    for (count, value) in zip(1..., values + [values[2], values[2]]) {
        set.insert(value)
        #expect(set.count == min(count, 3), "\(label): count after inserting \(value)")
    }
    #expect(values.allSatisfy(set.contains), "\(label): contains every inserted value")
    #expect(
        Set((set.value(forKey: "self") as? [Any] ?? []).map(Fixture.stored)) == Set(values.map(Fixture.keyValueCoded)),
        "\(label): value(forKey: self)"
    )
    #expect(Set((0..<3).map { set[$0] }) == Set(values), "\(label): subscript reaches every member")
    set.remove(values[0])
    #expect(
        [set.contains(values[0]), set.contains(values[1]), set.contains(values[2])] == [false, true, true],
        "\(label): remove(_:)"
    )
    set.removeAll()
    #expect(set.isEmpty, "\(label): removeAll()")

    set.insert(objectsIn: values)
    other.insert(values[0])
    #expect(other.isSubset(of: set), "\(label): {v0} is a subset of {v0, v1, v2}")
    #expect(other.intersects(set), "\(label): {v0} intersects {v0, v1, v2}")
    other.remove(values[0])
    #expect(!set.isSubset(of: other), "\(label): {v0, v1, v2} is not a subset of {}")
    #expect(!set.intersects(other), "\(label): nothing intersects {}")
    #expect(other.isSubset(of: set), "\(label): {} is a subset of every set")

    other.insert(values[0])
    set.formIntersection(other)
    #expect(Array(set) == [values[0]], "\(label): formIntersection(_:)")

    set.removeAll()
    other.removeAll()
    set.insert(objectsIn: [values[0], values[1]])
    other.insert(objectsIn: [values[0], values[2]])
    set.formUnion(other)
    #expect(set.count == 3 && values.allSatisfy(set.contains), "\(label): formUnion(_:)")
    #expect(other.count == 2, "\(label): formUnion(_:) leaves the other set alone")

    set.removeAll()
    set.insert(objectsIn: [values[0], values[1]])
    set.subtract(other)
    #expect(Array(set) == [values[1]], "\(label): subtract(_:)")
    set.formUnion(set)
    #expect(Array(set) == [values[1]], "\(label): the union of a set with itself")
    set.formIntersection(set)
    #expect(Array(set) == [values[1]], "\(label): the intersection of a set with itself")
    set.subtract(set)
    #expect(set.isEmpty, "\(label): a set minus itself")
    set.removeAll()
    other.removeAll()
}

extension ValueCollectionCase {
    static func set<V: RealmCollectionValue & SortableType & Hashable & Sendable>(
        _ name: String,
        _ path: KeyPath<ValueSets, MutableSet<V>> & Sendable,
        _ values: [V]
    ) -> Self {
        Self(name: "MutableSet<\(name)>") { managed in
            try await onTwoObjects(ValueSets.self, path, managed: managed) { set, other in
                let label = "MutableSet<\(name)> \(managed ? "managed" : "unmanaged")"
                checkSetAlgebra(set, other, values, label)
                guard managed else { return }
                set.insert(objectsIn: Array(values[1...]) + [values[0]])
                #expect(Array(set.sorted(ascending: true)) == values, "\(label): sorted(ascending: true)")
                #expect(Array(set.sorted(ascending: false)) == values.reversed(), "\(label): sorted(ascending: false)")
                set.removeAll()
            }
        }
    }

    static func numericSet<V: RealmCollectionValue & MinMaxType & AddableType & Hashable & Sendable>(
        _ name: String,
        _ path: KeyPath<ValueSets, MutableSet<V>> & Sendable,
        _ values: [V],
        present: Int = 3
    ) -> Self {
        Self(name: "MutableSet<\(name)> aggregates") { managed in
            try await onObject(ValueSets.self, path, managed: managed) { set in
                let label = "MutableSet<\(name)> \(managed ? "managed" : "unmanaged")"
                checkExtremes(
                    set,
                    fill: { set.insert(objectsIn: values) },
                    smallest: values[values.count - present],
                    largest: values[2],
                    label
                )
                set.removeAll()
                let total = values.compactMap(Fixture.double).reduce(0, +)
                checkTotals(
                    set,
                    fill: { set.insert(objectsIn: values) },
                    sum: total,
                    average: total / Double(present),
                    label
                )
            }
        }
    }
}

// MARK: - Maps

/// What every map of values answers (realm-swift's PrimitiveMapTests), with keys key0, key1 and key2.
func checkMapEditing<V: RealmCollectionValue & Equatable>(_ map: Map<String, V>, _ values: [V], _ label: String) {
    let keys = ["key0", "key1", "key2"]
    func entries() -> [String] { map.map { "\($0.key)=\(Fixture.stored($0.value))" } }
    func expected(_ pairs: [(Int, Int)]) -> [String] { pairs.map { "\(keys[$0])=\(Fixture.stored(values[$1]))" } }

    #expect(map.value(forKey: keys[0]) == nil, "\(label): value(forKey:) of a missing key")
    // A value of the map's type, nil included, is stored: the entry is there (value(forKey:) answers nil for a
    // nil value, as for a nil property, where Realm Swift's Objective-C layer gives NSNull).
    map.setValue(values[0], forKey: keys[0])
    #expect(map.count == 1, "\(label): setValue(_:forKey:) stores an entry")
    #expect(
        map.value(forKey: keys[0]).map(Fixture.stored) ?? "nil" == Fixture.keyValueCoded(values[0]),
        "\(label): setValue(_:forKey:) then value(forKey:)"
    )
    #expect(map.object(forKey: keys[0]) == values[0], "\(label): object(forKey:)")
    #expect(map[keys[0]] == .some(values[0]), "\(label): the subscript finds the entry")
    map.removeAll()

    for index in 0..<3 {
        map[keys[index]] = values[index]
        #expect(
            [map.count, map.keys.count, map.values.count] as [Int] == [index + 1, index + 1, index + 1],
            "\(label): counts after setting \(keys[index])"
        )
        #expect(map[keys[index]] == values[index], "\(label): subscript reads what it set")
    }
    #expect(map.keys == keys, "\(label): keys in order")
    #expect(map.values == values, "\(label): values in key order")
    map[keys[1]] = nil
    #expect(entries() == expected([(0, 0), (2, 2)]), "\(label): assigning nil removes the entry")

    map.removeAll()
    map[keys[0]] = values[0]
    map.updateValue(values[1], forKey: keys[0])
    #expect(entries() == expected([(0, 1)]), "\(label): updateValue(_:forKey:) replaces the value")

    map.removeAll()
    map.merge(zip(keys, values).map { (key: $0, value: $1) }) { $1 }
    #expect(entries() == expected([(0, 0), (1, 1), (2, 2)]), "\(label): merge")
    map.setValue(nil, forKey: keys[0])
    #expect(map.value(forKey: keys[0]) == nil, "\(label): setValue(nil, forKey:) removes the entry")
    #expect(map.count == 2, "\(label): setValue(nil, forKey:) removes the entry")
    map.removeObject(for: keys[2])
    #expect(entries() == expected([(1, 1)]), "\(label): removeObject(for:)")
    map.removeObject(for: "missing")
    #expect(map.count == 1, "\(label): removeObject(for:) of a missing key changes nothing")
    map.removeAll()
    #expect(map.isEmpty && map[keys[1]] == nil, "\(label): removeAll()")
}

extension ValueCollectionCase {
    static func map<V: RealmCollectionValue & SortableType & Equatable & Sendable>(
        _ name: String,
        _ path: KeyPath<ValueMaps, Map<String, V>> & Sendable,
        _ values: [V]
    ) -> Self {
        Self(name: "Map<String, \(name)>") { managed in
            try await onObject(ValueMaps.self, path, managed: managed) { map in
                let label = "Map<String, \(name)> \(managed ? "managed" : "unmanaged")"
                checkMapEditing(map, values, label)
                guard managed else { return }
                for (index, value) in values.enumerated().reversed() { map["key\(index)"] = value }
                #expect(Array(map.sorted()) == values, "\(label): sorted()")
                #expect(Array(map.sorted(ascending: true)) == values, "\(label): sorted(ascending: true)")
                #expect(Array(map.sorted(ascending: false)) == values.reversed(), "\(label): sorted(ascending: false)")
                map.removeAll()
            }
        }
    }

    static func numericMap<V: RealmCollectionValue & MinMaxType & AddableType & Equatable & Sendable>(
        _ name: String,
        _ path: KeyPath<ValueMaps, Map<String, V>> & Sendable,
        _ values: [V],
        present: Int = 3
    ) -> Self {
        Self(name: "Map<String, \(name)> aggregates") { managed in
            try await onObject(ValueMaps.self, path, managed: managed) { map in
                let label = "Map<String, \(name)> \(managed ? "managed" : "unmanaged")"
                func fill() { for (index, value) in values.enumerated() { map["key\(index)"] = value } }
                #expect(map.min() == nil && map.max() == nil, "\(label): min and max of nothing")
                #expect(Fixture.double(map.sum()) == 0, "\(label): sum() of nothing")
                #expect(map.average() as Double? == nil, "\(label): average() of nothing")
                fill()
                fill()
                #expect(map.min() == values[values.count - present], "\(label): min()")
                #expect(map.max() == values[2], "\(label): max()")
                let total = values.compactMap(Fixture.double).reduce(0, +)
                #expect(abs((Fixture.double(map.sum()) ?? .nan) - total) < 0.01, "\(label): sum()")
                #expect(
                    abs((map.average() as Double? ?? .nan) - total / Double(present)) < 0.01,
                    "\(label): average()"
                )
            }
        }
    }
}

@Suite("Collection semantics: lists, sets and maps of every value type, as Realm Swift's primitive tests")
struct PrimitiveCollectionSemanticsTests {
    static let listCases: [ValueCollectionCase] = [
        .list("Int", \.int, [1, 2, 3]),
        .list("Int8", \.int8, [1, 2, 3]),
        .list("Int16", \.int16, [1, 2, 3]),
        .list("Int32", \.int32, [1, 2, 3]),
        .list("Int64", \.int64, [1, 2, 3]),
        .list("Float", \.float, [1.1, 2.2, 3.3]),
        .list("Double", \.double, [1.1, 2.2, 3.3]),
        .list("Decimal128", \.decimal, Fixture.decimals),
        .list("Date", \.date, Fixture.dates),
        .list("String", \.string, ["a", "b", "c"]),
        .list("Data", \.data, Fixture.data),
        .list("ObjectId", \.objectId, Fixture.objectIds),
        .list("UUID", \.uuid, Fixture.uuids),
        .list("Level", \.level, [.low, .middle, .high]),
        .list("Int?", \.optInt, Fixture.optional([1, 2, 3])),
        .list("Float?", \.optFloat, Fixture.optional([1.1, 2.2, 3.3])),
        .list("Double?", \.optDouble, Fixture.optional([1.1, 2.2, 3.3])),
        .list("Decimal128?", \.optDecimal, Fixture.optional(Fixture.decimals)),
        .list("Date?", \.optDate, Fixture.optional(Fixture.dates)),
        .list("String?", \.optString, Fixture.optional(["a", "b", "c"])),
        .list("Data?", \.optData, Fixture.optional(Fixture.data)),
        .list("UUID?", \.optUUID, Fixture.optional(Fixture.uuids)),
        .numericList("Int", \.int, [1, 2, 3]),
        .numericList("Int8", \.int8, [1, 2, 3]),
        .numericList("Int16", \.int16, [1, 2, 3]),
        .numericList("Int32", \.int32, [1, 2, 3]),
        .numericList("Int64", \.int64, [1, 2, 3]),
        .numericList("Float", \.float, [1.1, 2.2, 3.3]),
        .numericList("Double", \.double, [1.1, 2.2, 3.3]),
        .numericList("Decimal128", \.decimal, Fixture.decimals),
        .numericList("Int?", \.optInt, Fixture.optional([1, 2, 3]), present: 2),
        .numericList("Float?", \.optFloat, Fixture.optional([1.1, 2.2, 3.3]), present: 2),
        .numericList("Double?", \.optDouble, Fixture.optional([1.1, 2.2, 3.3]), present: 2),
        .numericList("Decimal128?", \.optDecimal, Fixture.optional(Fixture.decimals), present: 2),
        .extremesList("Date", \.date, Fixture.dates, smallest: Fixture.dates[0]),
        .extremesList("Date?", \.optDate, Fixture.optional(Fixture.dates), smallest: Fixture.dates[0]),
        .extremesList("Level", \.level, [.low, .middle, .high], smallest: .low),
    ]

    static let setCases: [ValueCollectionCase] = [
        .set("Int", \.int, [1, 2, 3]),
        .set("Int8", \.int8, [1, 2, 3]),
        .set("Int64", \.int64, [1, 2, 3]),
        .set("Float", \.float, [1.1, 2.2, 3.3]),
        .set("Double", \.double, [1.1, 2.2, 3.3]),
        .set("Decimal128", \.decimal, Fixture.decimals),
        .set("Date", \.date, Fixture.dates),
        .set("String", \.string, ["a", "b", "c"]),
        .set("Data", \.data, Fixture.data),
        .set("ObjectId", \.objectId, Fixture.objectIds),
        .set("UUID", \.uuid, Fixture.uuids),
        .set("Level", \.level, [.low, .middle, .high]),
        .set("Int?", \.optInt, Fixture.optional([1, 2, 3])),
        .set("Double?", \.optDouble, Fixture.optional([1.1, 2.2, 3.3])),
        .set("String?", \.optString, Fixture.optional(["a", "b", "c"])),
        .set("Date?", \.optDate, Fixture.optional(Fixture.dates)),
        .numericSet("Int", \.int, [1, 2, 3]),
        .numericSet("Int8", \.int8, [1, 2, 3]),
        .numericSet("Int64", \.int64, [1, 2, 3]),
        .numericSet("Float", \.float, [1.1, 2.2, 3.3]),
        .numericSet("Double", \.double, [1.1, 2.2, 3.3]),
        .numericSet("Decimal128", \.decimal, Fixture.decimals),
        .numericSet("Int?", \.optInt, Fixture.optional([1, 2, 3]), present: 2),
        .numericSet("Double?", \.optDouble, Fixture.optional([1.1, 2.2, 3.3]), present: 2),
    ]

    static let mapCases: [ValueCollectionCase] = [
        .map("Int", \.int, [1, 2, 3]),
        .map("Int16", \.int16, [1, 2, 3]),
        .map("Float", \.float, [1.1, 2.2, 3.3]),
        .map("Double", \.double, [1.1, 2.2, 3.3]),
        .map("Decimal128", \.decimal, Fixture.decimals),
        .map("Date", \.date, Fixture.dates),
        .map("String", \.string, ["a", "b", "c"]),
        .map("Data", \.data, Fixture.data),
        .map("ObjectId", \.objectId, Fixture.objectIds),
        .map("UUID", \.uuid, Fixture.uuids),
        .map("Bool", \.bool, [false, true, true]),
        .map("Level", \.level, [.low, .middle, .high]),
        .map("Int?", \.optInt, Fixture.optional([1, 2, 3])),
        .map("Double?", \.optDouble, Fixture.optional([1.1, 2.2, 3.3])),
        .map("String?", \.optString, Fixture.optional(["a", "b", "c"])),
        .map("Bool?", \.optBool, [nil, false, true]),
        .numericMap("Int", \.int, [1, 2, 3]),
        .numericMap("Int16", \.int16, [1, 2, 3]),
        .numericMap("Float", \.float, [1.1, 2.2, 3.3]),
        .numericMap("Double", \.double, [1.1, 2.2, 3.3]),
        .numericMap("Decimal128", \.decimal, Fixture.decimals),
        .numericMap("Int?", \.optInt, Fixture.optional([1, 2, 3]), present: 2),
        .numericMap("Double?", \.optDouble, Fixture.optional([1.1, 2.2, 3.3]), present: 2),
    ]

    @Test("mixed values of different types sort by type rank and stay distinct, in lists and in results")
    func mixedOrder() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([AllTypes.self, Dog.self, SectionSamples.self]))
        try await realm.write { realm in
            let date = Date(timeIntervalSince1970: 0)
            let values: [AnyRealmValue] = [
                .uuid(Fixture.uuids[0]), .string("b"), .data(Data([0x01])), .objectId(Fixture.objectIds[0]), .int(2),
                .date(date), .bool(true), .none, .double(1.5), .string("a"), .bool(false), .int(1), .string("1"),
            ]
            // Realm's order: null, booleans, numbers (compared as numbers), strings (by collation), data, dates,
            // object ids, UUIDs.
            let expected: [AnyRealmValue] = [
                .none, .bool(false), .bool(true), .int(1), .double(1.5), .int(2), .string("1"), .string("a"),
                .string("b"), .data(Data([0x01])), .date(date), .objectId(Fixture.objectIds[0]),
                .uuid(Fixture.uuids[0]),
            ]
            let list = try realm.create(SectionSamples.self, value: ["mixed": values]).mixed
            for (index, value) in values.enumerated() {
                try realm.create(AllTypes.self, value: ["int": index + 1, "any": value])
            }
            #expect(Array(list.sorted(ascending: true)) == expected)
            #expect(Array(list.sorted(ascending: false)) == expected.reversed())
            let rows = realm.objects(AllTypes.self).filter("int > 0")
            #expect(rows.sorted(byKeyPath: "any").map(\.any) == expected, "a mixed property sorts the same way")
            #expect(list.distinct().count == values.count, "values of different types are never duplicates")
        }
    }

    @Test("NaN sorts before every other number and is distinct from them, as realm-core orders it")
    func nanOrder() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(valueCollectionTypes))
        let answers = try await realm.write { realm -> [[String]] in
            let lists = try realm.create(ValueLists.self, value: ["id": 1, "double": [2.0, .nan, 1.0, .nan, -1.0]])
            let optionals = try realm.create(ValueLists.self, value: ["id": 2, "optDouble": [2.0, nil, .nan, 1.0]])
            return [
                lists.double.sorted().map { "\($0)" }, lists.double.sorted(ascending: false).map { "\($0)" },
                lists.double.distinct().map { "\($0)" },
                optionals.optDouble.sorted().map { "\($0.map { "\($0)" } ?? "nil")" },
            ]
        }
        #expect(answers[0] == ["nan", "nan", "-1.0", "1.0", "2.0"])
        #expect(answers[1] == ["2.0", "1.0", "-1.0", "nan", "nan"])
        #expect(answers[2] == ["2.0", "nan", "1.0", "-1.0"])
        #expect(answers[3] == ["nil", "nan", "1.0", "2.0"])
    }

    @Test("a set of values edits, combines, aggregates and sorts as in Realm Swift", arguments: Self.setCases)
    func sets(_ check: ValueCollectionCase) async throws {
        try await check.run(false)
        try await check.run(true)
    }

    @Test("a map of values edits, aggregates and sorts its values as in Realm Swift", arguments: Self.mapCases)
    func maps(_ check: ValueCollectionCase) async throws {
        try await check.run(false)
        try await check.run(true)
    }

    @Test("a list of values edits, finds, aggregates and sorts as in Realm Swift", arguments: Self.listCases)
    func lists(_ check: ValueCollectionCase) async throws {
        try await check.run(false)
        try await check.run(true)
    }
}

/// A length stored as whole meters.
struct Meters: CustomPersistable, Hashable, Sendable {
    var persistableValue: Int
    init(persistedValue: Int) { persistableValue = persistedValue }
}

/// A weight stored as a double.
struct Kilograms: CustomPersistable, Hashable, Sendable {
    var persistableValue: Double
    init(persistedValue: Double) { persistableValue = persistedValue }
}

/// Collections of custom persistable values.
final class WrapperCollections: Object {
    @Persisted var meters: List<Meters>
    @Persisted var optionalMeters: List<Meters?>
    @Persisted var kilograms: List<Kilograms>
    @Persisted var meterSet: MutableSet<Meters>
}

@Suite("Collection semantics: collections of custom persistable values, as Realm Swift's wrapper tests")
struct WrapperCollectionSemanticsTests {
    @Test("lists and sets of wrappers edit, aggregate and sort by their stored values")
    func wrappers() async throws {
        let values = [1, 2, 3].map(Meters.init(persistedValue:))
        let weights = [1.1, 2.2, 3.3].map(Kilograms.init(persistedValue:))
        let check: @Sendable (WrapperCollections, Bool) -> Void = { object, managed in
            let label = managed ? "managed" : "unmanaged"
            checkListEditing(object.meters, values, "List<Meters> \(label)")
            checkListEditing(object.optionalMeters, Fixture.optional(values), "List<Meters?> \(label)")
            #expect(object.meters.min() == nil && object.meters.max() == nil, "\(label)")
            #expect(object.meters.sum() == Meters(persistedValue: 0) && object.meters.average() as Double? == nil)
            object.meters.append(objectsIn: values.reversed())
            #expect(object.meters.min() == values[0] && object.meters.max() == values[2], "\(label)")
            #expect(object.meters.sum() == Meters(persistedValue: 6) && object.meters.average() as Double? == 2)
            object.optionalMeters.append(objectsIn: Fixture.optional(values))
            #expect(object.optionalMeters.min() == .some(values[0]) && object.optionalMeters.max() == .some(values[2]))
            #expect(object.optionalMeters.sum() == .some(Meters(persistedValue: 4)), "\(label)")
            #expect(object.optionalMeters.average() as Double? == 2, "\(label)")
            object.kilograms.append(objectsIn: weights)
            #expect(abs(object.kilograms.sum().persistableValue - 6.6) < 0.01, "\(label)")
            #expect(abs((object.kilograms.average() as Double? ?? 0) - 2.2) < 0.01, "\(label)")
            object.meterSet.insert(objectsIn: values + values)
            #expect(object.meterSet.count == 3 && object.meterSet.max() == values[2], "\(label)")
            guard managed else { return }
            #expect(Array(object.meters.sorted(ascending: true)) == values, "\(label)")
            #expect(Array(object.meters.sorted(ascending: false)) == values.reversed(), "\(label)")
            #expect(Array(object.optionalMeters.sorted()) == Fixture.optional(values), "\(label)")
            object.meters.append(objectsIn: values)
            #expect(Array(object.meters.distinct()) == values.reversed(), "\(label): each value where it first appears")
            #expect(Array(object.meterSet.sorted(ascending: false)) == values.reversed(), "\(label)")
            let parity = object.meterSet.sectioned(by: { $0.persistableValue % 2 }, ascending: true)
            #expect(parity.allKeys == [1, 0] && parity[0].map(\.persistableValue) == [1, 3], "\(label): sectioned")
        }
        check(WrapperCollections(), false)
        let realm = try await Realm(configuration: memoryConfiguration([WrapperCollections.self]))
        try await realm.write { realm in check(try realm.create(WrapperCollections.self, value: [:]), true) }
    }
}

@Suite("Collection semantics: querying maps by @allKeys and @allValues, as Realm Swift's map tests")
struct MapKeyValueQuerySemanticsTests {
    @Test("ANY map.@allKeys compares keys, with [c] and [cd]; ANY map.@allValues compares values")
    func allKeysAndValues() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(valueCollectionTypes))
        let keyCounts = try await realm.write { realm -> [Int] in
            for (id, keys) in [["aKey"], ["aKey2"], ["aKey3"], ["aKey", "aKey4"]].enumerated() {
                let maps = try realm.create(ValueMaps.self, value: ["id": id + 1])
                for key in keys { maps.int[key] = 123 }
            }
            let maps = realm.objects(ValueMaps.self)
            return [
                "ANY int.@allKeys = 'aKey'", "ANY int.@allKeys != 'aKey'", "ANY int.@allKeys =[c] 'akey'",
                "ANY int.@allKeys !=[c] 'akey'", "ANY int.@allKeys =[cd] 'akéy'", "ANY int.@allKeys !=[cd] 'akéy'",
            ].map { maps.filter($0).count }
        }
        #expect(keyCounts == [2, 3, 2, 3, 2, 3])

        let valueCounts = try await realm.write { realm -> [Int] in
            try realm.delete(realm.objects(ValueMaps.self))
            for (id, (int, string)) in zip([123, 456, 789], ["Hello", "Héllo", "hello"]).enumerated() {
                try realm.create(
                    ValueMaps.self,
                    value: ["id": id + 1, "int": ["aKey\(id)": int], "string": ["k": string]]
                )
            }
            let maps = realm.objects(ValueMaps.self)
            return [
                maps.filter("ANY int.@allValues = %@", 123).count, maps.filter("ANY int.@allValues != %@", 123).count,
                maps.filter("ANY string.@allValues = %@", "Hello").count,
                maps.filter("ANY string.@allValues =[c] %@", "Hello").count,
                maps.filter("ANY string.@allValues !=[c] %@", "Hello").count,
                maps.filter("ANY string.@allValues =[cd] %@", "Hello").count,
                maps.filter("ANY string.@allValues !=[cd] %@", "Hello").count,
            ]
        }
        #expect(valueCounts == [1, 2, 1, 2, 1, 3, 0])
    }
}

@Suite("Collection semantics: setValue(_:forKey: \"self\") on lists and sets of values, as Realm sets them")
struct SetSelfSemanticsTests {
    @Test("every element of a list becomes the value; a set holds the value alone, even when it was empty")
    func setSelf() async throws {
        let check: @Sendable (ValueLists, ValueSets, String) -> Void = { lists, sets, label in
            lists.int.append(objectsIn: [1, 2, 3])
            lists.int.setValue(7, forKey: "self")
            lists.int8.append(objectsIn: [1, 2])
            lists.int8.setValue(9, forKey: "self")
            lists.optInt.append(objectsIn: [1, nil, 3])
            lists.optInt.setValue(nil, forKey: "self")
            lists.string.setValue("x", forKey: "self")
            sets.int.insert(objectsIn: [1, 2, 3])
            sets.int.setValue(7, forKey: "self")
            sets.string.setValue("x", forKey: "self")
            #expect(Array(lists.int) == [7, 7, 7] && Array(lists.int8) == [9, 9], "\(label)")
            #expect(
                Array(lists.optInt) == [nil, nil, nil] && lists.string.isEmpty,
                "\(label): an empty list stays empty"
            )
            #expect(Array(sets.int) == [7] && Array(sets.string) == ["x"], "\(label): a set holds the value alone")
        }
        check(ValueLists(), ValueSets(), "unmanaged")
        let realm = try await Realm(configuration: memoryConfiguration(valueCollectionTypes))
        try await realm.write { realm in
            check(
                try realm.create(ValueLists.self, value: ["id": 1]),
                try realm.create(ValueSets.self, value: ["id": 1]),
                "managed"
            )
        }
        #expect(await realm.read { realm in Array(realm.objects(ValueLists.self).first!.int) } == [7, 7, 7])
    }

    @Test("a value of the wrong type stops with Realm's message")
    func wrongType() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let list = List<Int>()
            list.append(1)
            list.setValue("seven", forKey: "self")
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            output.contains("Invalid value 'seven' of type 'String' for expected type 'Int'"),
            "\(output.suffix(200))"
        )
    }
}

extension SetSelfSemanticsTests {
    @Test(
        "a key other than self, read or set on a list of values, stops with Foundation's message as in Realm",
        arguments: ["value", "setValue"]
    )
    func notSelf(_ call: String) async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [call = call as String] in
            let list = List<Int>()
            list.append(1)
            if call == "value" { _ = list.value(forKey: "not self") } else { list.setValue(0, forKey: "not self") }
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("this class is not key value coding-compliant for the key not self."), "\(output)")
        #expect((List<Int>().value(forKey: "not self") as? [Any])?.isEmpty == true, "an empty list answers []")
    }
}
