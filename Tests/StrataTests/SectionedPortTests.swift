import Foundation
import Testing

@testable import Strata

// Facts of realm-swift's RealmSwift/Tests/SectionedResultsTests.swift that the other sectioned suites do not state,
// in our own data and words. Values first (BasePrimitiveSectionedResultsTests and its optional twin): for every
// value type Realm lists, a list, a set, sorted results and a type-erased wrapper over them are sectioned by a key
// block in both directions. The values are sorted by themselves; the sections are the keys in order of first
// appearance, so a key order that does not follow the values (parity) is the same both ways; each section holds its
// values in the sort's direction. Realm skips sorted results of booleans; so do we.

/// A list and a set of every value type Realm's sectioned tests use.
final class SectionPortValues: Object {
    @Persisted var ints: List<Int>
    @Persisted var intSet: MutableSet<Int>
    @Persisted var optInts: List<Int?>
    @Persisted var optIntSet: MutableSet<Int?>
    @Persisted var bools: List<Bool>
    @Persisted var boolSet: MutableSet<Bool>
    @Persisted var optBools: List<Bool?>
    @Persisted var optBoolSet: MutableSet<Bool?>
    @Persisted var floats: List<Float>
    @Persisted var floatSet: MutableSet<Float>
    @Persisted var optFloats: List<Float?>
    @Persisted var optFloatSet: MutableSet<Float?>
    @Persisted var doubles: List<Double>
    @Persisted var doubleSet: MutableSet<Double>
    @Persisted var optDoubles: List<Double?>
    @Persisted var optDoubleSet: MutableSet<Double?>
    @Persisted var strings: List<String>
    @Persisted var stringSet: MutableSet<String>
    @Persisted var optStrings: List<String?>
    @Persisted var optStringSet: MutableSet<String?>
    @Persisted var mixed: List<AnyRealmValue>
    @Persisted var mixedSet: MutableSet<AnyRealmValue>
    @Persisted var blobs: List<Data>
    @Persisted var blobSet: MutableSet<Data>
    @Persisted var optBlobs: List<Data?>
    @Persisted var optBlobSet: MutableSet<Data?>
    @Persisted var dates: List<Date>
    @Persisted var dateSet: MutableSet<Date>
    @Persisted var optDates: List<Date?>
    @Persisted var optDateSet: MutableSet<Date?>
    @Persisted var decimals: List<Decimal128>
    @Persisted var decimalSet: MutableSet<Decimal128>
    @Persisted var optDecimals: List<Decimal128?>
    @Persisted var optDecimalSet: MutableSet<Decimal128?>
}

/// A value as a section row shows it: optionals unwrapped (`nil` when empty), data as base64, dates as seconds since
/// 1970.
func sectionPortText(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        return mirror.children.first.map { sectionPortText($0.value) } ?? "nil"
    }
    switch value {
    case let data as Data: return data.base64EncodedString()
    case let date as Date: return "\(Int(date.timeIntervalSince1970))"
    case let mixed as AnyRealmValue:
        if case .data(let data) = mixed { return data.base64EncodedString() }
        return "\(mixed)"
    default: return "\(value)"
    }
}

/// The sections as `key: value value …`.
func sectionPortRows<Key: Hashable, Element>(_ sections: SectionedResults<Key, Element>) -> [String] {
    sections.map { section in
        "\(sectionPortText(section.key)): " + section.map { sectionPortText($0) }.joined(separator: " ")
    }
}

/// What one value type gives, each form sectioned both ways, plus the freeze, thaw and equality facts.
struct ValueSectioning: Sendable, Equatable {
    /// Form name ("list", "set", "results", "any") to its rows ascending and descending.
    var forms: [String: [[String]]] = [:]
    /// The list's sectioned results: isFrozen live, frozen from a frozen list, frozen by freeze(), thawed (each
    /// with its section count).
    var frozen: [String] = []
    /// sections == sections, sections == another sectioned(...) call over the same list.
    var equality: [Bool] = []
}

/// Sections a list, a set and (unless `results` is false) sorted results and a wrapper over them with `key`.
func sectionEveryForm<Element: RealmCollectionValue & SortableType, Key: _Persistable & Hashable>(
    _ list: List<Element>,
    _ set: MutableSet<Element>,
    results: Bool = true,
    by key: @escaping (Element) -> Key
) -> ValueSectioning {
    var outcome = ValueSectioning()
    func bothWays<C: RealmCollection>(_ collection: C) -> [[String]] where C.Element == Element {
        [true, false].map { sectionPortRows(collection.sectioned(by: key, ascending: $0)) }
    }
    outcome.forms["list"] = bothWays(list)
    outcome.forms["set"] = bothWays(set)
    if results {
        outcome.forms["results"] = bothWays(list.sorted(ascending: true))
        outcome.forms["any"] = bothWays(AnyRealmCollection(list.sorted(ascending: true)))
    }
    let live = list.sectioned(by: key)
    outcome.frozen.append("live \(live.isFrozen) \(live.count)")
    if let fromFrozenList = try? list.freeze().sectioned(by: key) {
        outcome.frozen.append("from frozen list \(fromFrozenList.isFrozen) \(fromFrozenList.count)")
        let thawed = fromFrozenList.thaw()
        outcome.frozen.append("thawed \(String(describing: thawed?.isFrozen)) \(String(describing: thawed?.count))")
    }
    if let frozen = try? live.freeze() {
        outcome.frozen.append("freeze() \(frozen.isFrozen) \(frozen.count)")
        let thawed = frozen.thaw()
        outcome.frozen.append("thawed \(String(describing: thawed?.isFrozen)) \(String(describing: thawed?.count))")
    }
    outcome.equality = [live == live, live == list.sectioned(by: key)]
    return outcome
}

/// One value type of Realm's table: how to section it, and the rows Realm expects each way.
struct ValueSectioningCase: Sendable, CustomTestStringConvertible {
    let name: String
    let section: @Sendable (SectionPortValues) -> ValueSectioning
    let ascending: [String]
    let descending: [String]
    var testDescription: String { name }
}

@Suite("Sectioned results, ported from realm-swift's SectionedResultsTests")
struct SectionedPortTests {
    static let floats: [Float] = [5.5, 4.4, 3.3, 2.2, 1.1]
    static let doubles: [Double] = [5.5, 4.4, 3.3, 2.2, 1.1]
    static let strings = ["apple", "banana", "any", "phone", "door"]
    static let blobs = ["more", "door", "absolute", "abstract"].map { Data(base64Encoded: $0)! }
    /// 2022-06-30, 2022-05-30, 2022-04-30 and 2022-04-20, midnight UTC.
    static let dates = [1_656_547_200, 1_653_868_800, 1_651_276_800, 1_650_412_800].map {
        Date(timeIntervalSince1970: TimeInterval($0))
    }
    static let decimals: [Decimal128] = [1, 3, 2, 4]
    static var mixed: [AnyRealmValue] {
        [.string("apple"), .int(2), .bool(true), .data(Data([1])), .decimal128(try! Decimal128(string: "123.456"))]
    }

    static func makeRealm() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration([SectionPortValues.self]))
        try await realm.write { realm in
            let values = SectionPortValues()
            values.ints.append(objectsIn: [5, 4, 3, 2, 1])
            values.intSet.insert(objectsIn: [5, 4, 3, 2, 1])
            values.optInts.append(objectsIn: [5, 4, 3, 2, 1, nil])
            values.optIntSet.insert(objectsIn: [5, 4, 3, 2, 1, nil])
            values.bools.append(objectsIn: [true, false])
            values.boolSet.insert(objectsIn: [true, false])
            values.optBools.append(objectsIn: [true, false, nil])
            values.optBoolSet.insert(objectsIn: [true, false, nil])
            values.floats.append(objectsIn: floats)
            values.floatSet.insert(objectsIn: floats)
            values.optFloats.append(objectsIn: floats + [nil])
            values.optFloatSet.insert(objectsIn: floats + [nil])
            values.doubles.append(objectsIn: doubles)
            values.doubleSet.insert(objectsIn: doubles)
            values.optDoubles.append(objectsIn: doubles + [nil])
            values.optDoubleSet.insert(objectsIn: doubles + [nil])
            values.strings.append(objectsIn: strings)
            values.stringSet.insert(objectsIn: strings)
            values.optStrings.append(objectsIn: strings + [nil])
            values.optStringSet.insert(objectsIn: strings + [nil])
            values.mixed.append(objectsIn: mixed)
            values.mixedSet.insert(objectsIn: mixed)
            values.blobs.append(objectsIn: blobs)
            values.blobSet.insert(objectsIn: blobs)
            values.optBlobs.append(objectsIn: blobs + [nil])
            values.optBlobSet.insert(objectsIn: blobs + [nil])
            values.dates.append(objectsIn: dates)
            values.dateSet.insert(objectsIn: dates)
            values.optDates.append(objectsIn: dates + [nil])
            values.optDateSet.insert(objectsIn: dates + [nil])
            values.decimals.append(objectsIn: decimals)
            values.decimalSet.insert(objectsIn: decimals)
            values.optDecimals.append(objectsIn: decimals + [nil])
            values.optDecimalSet.insert(objectsIn: decimals + [nil])
            try realm.add(values)
        }
        return realm
    }

    // Section keys: parity; "small" below 5 and "large" from 5; a first letter; a byte string's base64 length;
    // the first day of a date's month (UTC); alphanumeric or data for a mixed value.
    static func parity(_ value: Int) -> Int { value % 2 }
    static func size(_ value: Double) -> String { value >= 5 ? "large" : "small" }
    static func initial(_ value: String) -> String { String(value.first!) }
    static func length(_ value: Data) -> String { value.base64EncodedString().count == 4 ? "short" : "long" }
    static func month(_ value: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar.date(from: calendar.dateComponents([.year, .month], from: value))!
    }
    static func decimalParity(_ value: Decimal128) -> Decimal128 { value == 2 || value == 4 ? 2 : 1 }
    static func kind(_ value: AnyRealmValue) -> String {
        if case .data = value { "data" } else { "alphanumeric" }
    }

    /// 2022-04-01, 2022-05-01 and 2022-06-01 in seconds since 1970, as the rows print them.
    static let (april, may, june) = ("1648771200", "1651363200", "1654041600")

    static let valueCases: [ValueSectioningCase] = [
        ValueSectioningCase(
            name: "Int by parity",
            section: { sectionEveryForm($0.ints, $0.intSet, by: parity) },
            ascending: ["1: 1 3 5", "0: 2 4"],
            descending: ["1: 5 3 1", "0: 4 2"]
        ),
        ValueSectioningCase(
            name: "Int? by parity, nil its own section",
            section: { sectionEveryForm($0.optInts, $0.optIntSet) { $0.map(parity) } },
            ascending: ["nil: nil", "1: 1 3 5", "0: 2 4"],
            descending: ["1: 5 3 1", "0: 4 2", "nil: nil"]
        ),
        ValueSectioningCase(
            name: "Bool by itself (no sorted results, as Realm)",
            section: { sectionEveryForm($0.bools, $0.boolSet, results: false) { $0 } },
            ascending: ["false: false", "true: true"],
            descending: ["true: true", "false: false"]
        ),
        ValueSectioningCase(
            name: "Bool? by itself (no sorted results, as Realm)",
            section: { sectionEveryForm($0.optBools, $0.optBoolSet, results: false) { $0 } },
            ascending: ["nil: nil", "false: false", "true: true"],
            descending: ["true: true", "false: false", "nil: nil"]
        ),
        ValueSectioningCase(
            name: "Float by size",
            section: { sectionEveryForm($0.floats, $0.floatSet) { size(Double($0)) } },
            ascending: ["small: 1.1 2.2 3.3 4.4", "large: 5.5"],
            descending: ["large: 5.5", "small: 4.4 3.3 2.2 1.1"]
        ),
        ValueSectioningCase(
            name: "Float? by a Float? key",
            section: { sectionEveryForm($0.optFloats, $0.optFloatSet) { $0.map { $0 >= 5 ? Float(1) : 0 } } },
            ascending: ["nil: nil", "0.0: 1.1 2.2 3.3 4.4", "1.0: 5.5"],
            descending: ["1.0: 5.5", "0.0: 4.4 3.3 2.2 1.1", "nil: nil"]
        ),
        ValueSectioningCase(
            name: "Double by size",
            section: { sectionEveryForm($0.doubles, $0.doubleSet, by: size) },
            ascending: ["small: 1.1 2.2 3.3 4.4", "large: 5.5"],
            descending: ["large: 5.5", "small: 4.4 3.3 2.2 1.1"]
        ),
        ValueSectioningCase(
            name: "Double? by a Double? key",
            section: { sectionEveryForm($0.optDoubles, $0.optDoubleSet) { $0.map { $0 >= 5 ? 1.0 : 0.0 } } },
            ascending: ["nil: nil", "0.0: 1.1 2.2 3.3 4.4", "1.0: 5.5"],
            descending: ["1.0: 5.5", "0.0: 4.4 3.3 2.2 1.1", "nil: nil"]
        ),
        ValueSectioningCase(
            name: "String by first letter",
            section: { sectionEveryForm($0.strings, $0.stringSet, by: initial) },
            ascending: ["a: any apple", "b: banana", "d: door", "p: phone"],
            descending: ["p: phone", "d: door", "b: banana", "a: apple any"]
        ),
        ValueSectioningCase(
            name: "String? by first letter",
            section: { sectionEveryForm($0.optStrings, $0.optStringSet) { $0.map(initial) } },
            ascending: ["nil: nil", "a: any apple", "b: banana", "d: door", "p: phone"],
            descending: ["p: phone", "d: door", "b: banana", "a: apple any", "nil: nil"]
        ),
        ValueSectioningCase(
            name: "AnyRealmValue by kind: booleans, numbers, strings, then data",
            section: { sectionEveryForm($0.mixed, $0.mixedSet, by: kind) },
            ascending: ["alphanumeric: true 2 123.456 apple", "data: AQ=="],
            descending: ["data: AQ==", "alphanumeric: apple 123.456 2 true"]
        ),
        ValueSectioningCase(
            name: "Data by base64 length, bytes compared in order",
            section: { sectionEveryForm($0.blobs, $0.blobSet, by: length) },
            ascending: ["long: absolute abstract", "short: door more"],
            descending: ["short: more door", "long: abstract absolute"]
        ),
        ValueSectioningCase(
            name: "Data? by base64 length",
            section: { sectionEveryForm($0.optBlobs, $0.optBlobSet) { $0.map(length) } },
            ascending: ["nil: nil", "long: absolute abstract", "short: door more"],
            descending: ["short: more door", "long: abstract absolute", "nil: nil"]
        ),
        ValueSectioningCase(
            name: "Date by month",
            section: { sectionEveryForm($0.dates, $0.dateSet, by: month) },
            ascending: [
                "\(april): 1650412800 1651276800", "\(may): 1653868800", "\(june): 1656547200",
            ],
            descending: [
                "\(june): 1656547200", "\(may): 1653868800", "\(april): 1651276800 1650412800",
            ]
        ),
        ValueSectioningCase(
            name: "Date? by month",
            section: { sectionEveryForm($0.optDates, $0.optDateSet) { $0.map(month) } },
            ascending: [
                "nil: nil", "\(april): 1650412800 1651276800", "\(may): 1653868800", "\(june): 1656547200",
            ],
            descending: [
                "\(june): 1656547200", "\(may): 1653868800", "\(april): 1651276800 1650412800", "nil: nil",
            ]
        ),
        ValueSectioningCase(
            name: "Decimal128 by parity",
            section: { sectionEveryForm($0.decimals, $0.decimalSet, by: decimalParity) },
            ascending: ["1: 1 3", "2: 2 4"],
            descending: ["2: 4 2", "1: 3 1"]
        ),
        ValueSectioningCase(
            name: "Decimal128? by parity",
            section: { sectionEveryForm($0.optDecimals, $0.optDecimalSet) { $0.map(decimalParity) } },
            ascending: ["nil: nil", "1: 1 3", "2: 2 4"],
            descending: ["2: 4 2", "1: 3 1", "nil: nil"]
        ),
    ]

    @Test(
        "Values are sectioned the same from a list, a set, sorted results and a wrapper; frozen and thawed alike",
        arguments: valueCases
    )
    func values(_ table: ValueSectioningCase) async throws {
        let realm = try await Self.makeRealm()
        let outcome = await realm.read { realm in table.section(realm.objects(SectionPortValues.self).first!) }
        for (form, rows) in outcome.forms.sorted(by: { $0.key < $1.key }) {
            #expect(rows == [table.ascending, table.descending], "\(form)")
        }
        #expect(outcome.forms.count == (table.name.contains("Bool") ? 2 : 4))
        let count = table.ascending.count
        #expect(
            outcome.frozen == [
                "live false \(count)", "from frozen list true \(count)", "thawed Optional(false) Optional(\(count))",
                "freeze() true \(count)", "thawed Optional(false) Optional(\(count))",
            ]
        )
        #expect(outcome.equality == [true, false])
        await realm.close()
    }
}

// Objects and projections (SectionedResultsTests and SectionedResultsProjectionTests), on Realm's data set, in
// table order:
//
//   stringCol   section (first letter)   arrayString / setString
//   banana      b                        banana box apple chalk
//   box         b
//   apple       a
//   chalk       c

/// An object with a string to section by and a list and a set of strings.
final class SectionPortItem: Object {
    @Persisted var stringCol = ""
    @Persisted var boolCol = false
    @Persisted var intCol = 0
    @Persisted var arrayString: List<String>
    @Persisted var setString: MutableSet<String>

    /// Not persisted: the first letter of `stringCol`.
    var firstLetter: String? { stringCol.first.map { String($0) } }
}

/// A projection of every property of ``SectionPortItem``.
final class SectionPortItemView: Projection<SectionPortItem> {
    @Projected(\SectionPortItem.stringCol) var stringCol: String
    @Projected(\SectionPortItem.boolCol) var boolCol: Bool
    @Projected(\SectionPortItem.intCol) var intCol: Int
    @Projected(\SectionPortItem.arrayString) var arrayString: List<String>
    @Projected(\SectionPortItem.setString) var setString: MutableSet<String>

    /// Computed from a projected property: the first letter of `stringCol`.
    var firstLetter: String? { stringCol.first.map { String($0) } }
}

/// What the sectioned-object facts need of an element: an object or a projection of one.
protocol SectionPortElement: RealmCollectionValue, SendableMetatype {
    var stringCol: String { get }
    var firstLetter: String? { get }
    var arrayString: List<String> { get }
    var setString: MutableSet<String> { get }
}

extension SectionPortItem: SectionPortElement {}
extension SectionPortItemView: SectionPortElement {}

extension SectionedPortTests {
    static func makeItems() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration([SectionPortItem.self]))
        try await realm.write { realm in
            for name in ["banana", "box", "apple", "chalk"] {
                let item = SectionPortItem(value: ["stringCol": name])
                if name == "banana" {
                    item.arrayString.append(objectsIn: ["banana", "box", "apple", "chalk"])
                    item.setString.insert(objectsIn: ["banana", "box", "apple", "chalk"])
                }
                try realm.add(item)
            }
        }
        return realm
    }

    /// The keys of every way Realm sections the elements, in one direction, and the first element's name.
    static func everyWay(_ elements: Results<SectionPortItem>, ascending: Bool) -> [String] {
        let descriptors = [SortDescriptor(keyPath: "stringCol", ascending: ascending)]
        return everyWay(
            [
                elements.sectioned(by: \.firstLetter, ascending: ascending),
                elements.sectioned(by: \.firstLetter, sortDescriptors: descriptors),
                elements.sectioned(by: { $0.firstLetter }, sortDescriptors: descriptors),
            ],
            list: elements.first!.arrayString,
            set: elements.first!.setString,
            ascending: ascending
        )
    }

    /// As the other `everyWay`, for projections.
    static func everyWay(_ elements: Results<SectionPortItemView>, ascending: Bool) -> [String] {
        let descriptors = [SortDescriptor(keyPath: "stringCol", ascending: ascending)]
        return everyWay(
            [
                elements.sectioned(by: \.firstLetter, ascending: ascending),
                elements.sectioned(by: \.firstLetter, sortDescriptors: descriptors),
                elements.sectioned(by: { $0.firstLetter }, sortDescriptors: descriptors),
            ],
            list: elements.first!.arrayString,
            set: elements.first!.setString,
            ascending: ascending
        )
    }

    private static func everyWay<Element: SectionPortElement>(
        _ ways: [SectionedResults<String?, Element>],
        list: List<String>,
        set: MutableSet<String>,
        ascending: Bool
    ) -> [String] {
        let initial = { (value: String) in String(value.first!) }
        return ways.map { "\($0.count) \($0.map { $0.key ?? "nil" }) \($0[0][0].stringCol)" } + [
            "\(list.sectioned(by: initial, ascending: ascending).allKeys)",
            "\(set.sectioned(by: initial, ascending: ascending).allKeys)",
        ]
    }

    @Test("Objects and projections are sectioned by a computed key path, by it with sort descriptors and by a block")
    func objectsAndProjections() async throws {
        let realm = try await Self.makeItems()
        let answers = await realm.read { realm in
            [true, false].map { Self.everyWay(realm.objects(SectionPortItem.self), ascending: $0) }
                + [true, false].map { Self.everyWay(realm.objects(SectionPortItemView.self), ascending: $0) }
        }
        let ascending =
            Array(repeating: "3 [\"a\", \"b\", \"c\"] apple", count: 3)
            + Array(
                repeating: "[\"a\", \"b\", \"c\"]",
                count: 2
            )
        let descending =
            Array(repeating: "3 [\"c\", \"b\", \"a\"] chalk", count: 3)
            + Array(
                repeating: "[\"c\", \"b\", \"a\"]",
                count: 2
            )
        #expect(answers == [ascending, descending, ascending, descending])
        await realm.close()
    }
}

// MARK: Freezing and thawing objects and projections (testFrozenResults, testFrozen, testFrozenSection)

extension SectionedPortTests {
    typealias ItemWrite = @Sendable (isolated Realm) throws -> Void

    static func add(_ name: String) -> ItemWrite {
        { realm in try realm.add(SectionPortItem(value: ["stringCol": name])) }
    }

    /// A sectioned collection as `frozen? count [keys]`.
    static func summary<Element>(_ sections: SectionedResults<String?, Element>) -> String {
        "\(sections.isFrozen) \(sections.count) \(sections.map { $0.key ?? "nil" })"
    }

    /// A section as `frozen? count key`.
    static func summary<Element>(_ section: ResultsSection<String?, Element>) -> String {
        "\(section.isFrozen) \(section.count) \(section.key ?? "nil")"
    }

    /// Realm's three freezing facts for `Element`, each on a fresh data set, in both directions in turn; each line
    /// is `frozen → thawed`, read after a write that adds an element.
    static func freezingFacts<Element: SectionPortElement>(
        objects: @escaping @Sendable (isolated Realm) -> Results<Element>,
        section: @escaping @Sendable (Results<Element>, Bool) -> SectionedResults<String?, Element>
    ) async throws -> [String] {
        var lines: [String] = []
        // Sectioning frozen results gives frozen sections of the frozen version; thawed, they see the write.
        var realm = try await makeItems()
        let frozenResults = try await realm.read { realm in try objects(realm).freeze() }
        try await realm.write(add("z"))
        for ascending in [true, false] {
            let sections = section(frozenResults, ascending)
            let thawed = await realm.read { _ in sections.thaw().map(summary) ?? "nil" }
            lines.append("results: \(summary(sections)) → \(thawed)")
        }
        await realm.close()
        // Freezing sectioned results keeps their sections; thawing gives the live ones with the new key.
        realm = try await makeItems()
        for (ascending, key) in [(true, "d"), (false, "e")] {
            let frozen = try await realm.read { realm in try section(objects(realm), ascending).freeze() }
            try await realm.write(add(key))
            let thawed = await realm.read { _ in frozen.thaw().map(summary) ?? "nil" }
            lines.append("sections: \(summary(frozen)) → \(thawed)")
        }
        await realm.close()
        // Freezing the first section keeps its elements; thawed, it has the element added under its key.
        realm = try await makeItems()
        for ascending in [true, false] {
            let frozen = try await realm.read { realm in try section(objects(realm), ascending)[0].freeze() }
            try await realm.write(add(frozen.key!))
            let thawed = await realm.read { _ in frozen.thaw().map(summary) ?? "nil" }
            lines.append("section: \(summary(frozen)) → \(thawed)")
        }
        await realm.close()
        return lines
    }

    @Test("Frozen sectioned results and sections keep their version; thawed, they see later writes")
    func freezing() async throws {
        let objects = try await Self.freezingFacts(
            objects: { realm in realm.objects(SectionPortItem.self) },
            section: { $0.sectioned(by: \.firstLetter, ascending: $1) }
        )
        let projections = try await Self.freezingFacts(
            objects: { realm in realm.objects(SectionPortItemView.self) },
            section: { $0.sectioned(by: \.firstLetter, ascending: $1) }
        )
        let expected = [
            "results: true 3 [\"a\", \"b\", \"c\"] → false 4 [\"a\", \"b\", \"c\", \"z\"]",
            "results: true 3 [\"c\", \"b\", \"a\"] → false 4 [\"z\", \"c\", \"b\", \"a\"]",
            "sections: true 3 [\"a\", \"b\", \"c\"] → false 4 [\"a\", \"b\", \"c\", \"d\"]",
            "sections: true 4 [\"d\", \"c\", \"b\", \"a\"] → false 5 [\"e\", \"d\", \"c\", \"b\", \"a\"]",
            "section: true 1 a → false 2 a",
            "section: true 1 c → false 2 c",
        ]
        #expect(objects == expected)
        #expect(projections == expected)
    }
}

// MARK: Observing objects and projections (testObserveOnQueue, testObservationOnSection,
// testObserveWithKeyPathFilter, testObserveWithKeyPathFilterOnSection)

/// The three observers of a case: the sectioned results and the sections keyed "a" and "b" (at 0 and 1 at first).
struct SectionPortObservers<Element: SectionPortElement>: Sendable {
    let whole: ChangeStream<SectionedResultsChange<SectionedResults<String?, Element>>>
    let a: ChangeStream<SectionedResultsChange<ResultsSection<String?, Element>>>
    let b: ChangeStream<SectionedResultsChange<ResultsSection<String?, Element>>>
}

extension SectionedPortTests {
    static func item(_ realm: isolated Realm, _ name: String) -> SectionPortItem {
        realm.objects(SectionPortItem.self).where { $0.stringCol == name }.first!
    }

    static func rename(_ name: String, _ newName: String) -> ItemWrite {
        { realm in item(realm, name).stringCol = newName }
    }

    static func delete(_ names: String...) -> ItemWrite {
        { realm in for name in names { try realm.delete(item(realm, name)) } }
    }

    static func all(_ writes: ItemWrite...) -> ItemWrite {
        { realm in for write in writes { try write(realm) } }
    }

    static let nothing: ItemWrite = { _ in }

    static func rows<Element: SectionPortElement>(_ section: ResultsSection<String?, Element>) -> String {
        section.isInvalidated
            ? "invalidated" : "\(section.key ?? "nil"): " + section.map(\.stringCol).joined(separator: " ")
    }

    static func rows<Element: SectionPortElement>(_ sections: SectionedResults<String?, Element>) -> String {
        sections.map { rows($0) }.joined(separator: " | ")
    }

    /// A change as its payload's rows, `-` deletions, `+` insertions, `~` modifications as `section.item`, then
    /// `+S`/`-S` the sections inserted and deleted.
    static func text<C>(_ change: SectionedResultsChange<C>?, _ rows: (C) -> String) -> String {
        SectionedObservationTests.text(change, rows)
    }

    /// Runs `writes` one after another and returns, for each write, what the sectioned results, section a and
    /// section b reported ("silent" when nothing).
    static func observe<Element: SectionPortElement>(
        _ open: @escaping @Sendable (isolated Realm) -> SectionPortObservers<Element>,
        writes: [ItemWrite]
    ) async throws -> [[String]] {
        let realm = try await makeItems()
        let observers = await realm.read { realm in open(realm) }
        var whole = observers.whole.makeAsyncIterator()
        var a = observers.a.makeAsyncIterator()
        var b = observers.b.makeAsyncIterator()
        var reports = [[text(await whole.next(), rows), text(await a.next(), rows), text(await b.next(), rows)]]
        for write in writes {
            try await realm.write(write)
            // A write is offered to every observer before `write` returns: nothing waiting means silence.
            reports.append([
                observers.whole.mailbox.hasPending ? text(await whole.next(), rows) : "silent",
                observers.a.mailbox.hasPending ? text(await a.next(), rows) : "silent",
                observers.b.mailbox.hasPending ? text(await b.next(), rows) : "silent",
            ])
        }
        await realm.close()
        return reports
    }

    static func byName<Element: SectionPortElement>(
        _ sections: SectionedResults<String?, Element>,
        _ keyPaths: [String]?
    ) -> SectionPortObservers<Element> {
        SectionPortObservers(
            whole: sections.changes(keyPaths: keyPaths),
            a: sections[key: "a"].changes(keyPaths: keyPaths),
            b: sections[key: "b"].changes(keyPaths: keyPaths)
        )
    }

    static let initial = [
        "initial a: apple | b: banana box | c: chalk", "initial a: apple", "initial b: banana box",
    ]

    @Test("Key paths [stringCol]: deletions, a rename and an insertion in one write, then a filtered-out change")
    func observeOnQueue() async throws {
        let writes = [
            Self.all(Self.delete("banana", "apple"), Self.rename("box", "bog"), Self.add("zebra")),
            Self.all(Self.rename("bog", "bogg"), { realm in Self.item(realm, "chalk").intCol = 1 }),
        ]
        let expected = [
            Self.initial,
            [
                "b: bog | c: chalk | z: zebra -[1.0, 1.1] +[0.0, 2.0] +S[2] -S[0]", "invalidated -S[0]",
                "b: bog -[1.0, 1.1] +[0.0]",
            ],
            ["b: bogg | c: chalk | z: zebra ~[0.0]", "silent", "b: bogg ~[0.0]"],
        ]
        let objects = try await Self.observe(
            { realm in
                let sections = realm.objects(SectionPortItem.self).sectioned(by: \.firstLetter, ascending: true)
                return SectionPortObservers(
                    whole: sections.changes(keyPaths: [\.stringCol]),
                    a: sections[key: "a"].changes(keyPaths: [\.stringCol]),
                    b: sections[key: "b"].changes(keyPaths: [\.stringCol])
                )
            },
            writes: writes
        )
        #expect(objects == expected)
        let projections = try await Self.observe(
            { realm in
                Self.byName(
                    realm.objects(SectionPortItemView.self).sectioned(by: \.firstLetter, ascending: true),
                    ["stringCol"]
                )
            },
            writes: writes
        )
        #expect(projections == expected)
    }

    @Test("A section's observer hears only of its section; an empty write notifies nobody")
    func observationOnSection() async throws {
        let writes = [
            Self.delete("banana", "apple"), Self.nothing, Self.all(Self.rename("box", "bog"), Self.add("bag")),
            Self.nothing, Self.add("app"), Self.nothing,
        ]
        let silent = ["silent", "silent", "silent"]
        let expected = [
            Self.initial,
            ["b: box | c: chalk -[1.0] -S[0]", "invalidated -S[0]", "b: box -[1.0]"],
            silent,
            // bog, renamed, moves behind bag: a deletion plus an insertion, not a modification.
            ["b: bag bog | c: chalk -[0.0] +[0.0, 0.1]", "silent", "b: bag bog -[0.0] +[0.0, 0.1]"],
            silent,
            // b moves from position 0 to 1 unchanged: its observer stays silent.
            ["a: app | b: bag bog | c: chalk +[0.0] +S[0]", "a: app +[0.0] +S[0]", "silent"],
            silent,
        ]
        let objects = try await Self.observe(
            { realm in
                Self.byName(realm.objects(SectionPortItem.self).sectioned(by: \.firstLetter, ascending: true), nil)
            },
            writes: writes
        )
        #expect(objects == expected)
        let projections = try await Self.observe(
            { realm in
                Self.byName(
                    realm.objects(SectionPortItemView.self).sectioned(by: \.firstLetter, ascending: true),
                    ["stringCol"]
                )
            },
            writes: writes
        )
        #expect(projections == expected)
    }

    @Test("Key paths [boolCol]: changing sections and the observed property notify; rewriting the key's value does not")
    func observeWithKeyPathFilter() async throws {
        let moved: @Sendable (isolated Realm) -> SectionPortItem = { realm in
            realm.objects(SectionPortItem.self).where { $0.stringCol == "box" && $0.boolCol == true }.first!
        }
        let writes: [ItemWrite] = [
            // The filter leaves the section key out, but changing sections is always reported.
            Self.rename("apple", "box"),
            { realm in realm.objects(SectionPortItem.self)[2].boolCol = true },
            // Writing the section key's current value moves Self.nothing: silent.
            { realm in moved(realm).stringCol = "box" },
            { realm in moved(realm).stringCol = "box" },
        ]
        let expected = [
            Self.initial,
            ["b: banana box box | c: chalk +[0.2] -S[0]", "invalidated -S[0]", "b: banana box box +[0.2]"],
            ["b: banana box box | c: chalk ~[0.2]", "silent", "b: banana box box ~[0.2]"],
            ["silent", "silent", "silent"],
            ["silent", "silent", "silent"],
        ]
        let objects = try await Self.observe(
            { realm in
                Self.byName(
                    realm.objects(SectionPortItem.self).sectioned(by: \.firstLetter, ascending: true),
                    ["boolCol"]
                )
            },
            writes: writes
        )
        #expect(objects == expected)
    }

    @Test("Key paths [boolCol] on a section: writing the observed property's current value is a modification")
    func observeWithKeyPathFilterOnSection() async throws {
        let writes: [ItemWrite] = [
            { realm in Self.item(realm, "apple").boolCol = false },
            { realm in Self.item(realm, "apple").intCol = 123 },
            { realm in Self.item(realm, "apple").intCol = 456 },
        ]
        let expected = [
            Self.initial,
            ["a: apple | b: banana box | c: chalk ~[0.0]", "a: apple ~[0.0]", "silent"],
            ["silent", "silent", "silent"],
            ["silent", "silent", "silent"],
        ]
        let objects = try await Self.observe(
            { realm in
                Self.byName(
                    realm.objects(SectionPortItem.self).sectioned(by: \.firstLetter, ascending: true),
                    ["boolCol"]
                )
            },
            writes: writes
        )
        #expect(objects == expected)
    }
}

// MARK: Skipping a token (testObservation)

extension SectionedPortTests {
    /// Two block observers of the same sectioned results; a write skips the first, then a write notifies both.
    static func skippingFacts<Element: SectionPortElement>(
        _ sections: @escaping @Sendable (isolated Realm) -> SectionedResults<String?, Element>
    ) async throws -> [String] {
        let realm = try await makeItems()
        let (skipped, notified) = (Inbox<String>(), Inbox<String>())
        let tokens = await realm.read { realm in
            let observed = sections(realm)
            return [
                observed.observe { skipped.post(text($0, rows)) },
                observed.observe { notified.post(text($0, rows)) },
            ]
        }
        var reports = [await skipped.next(), await notified.next()]
        try await realm.write(withoutNotifying: [tokens[0]]) { realm in
            try realm.delete(realm.objects(SectionPortItem.self))
        }
        reports.append(await notified.next())
        try await realm.write(add("apple"))
        // The skipped observer's next change starts after the write it skipped.
        reports += [await notified.next(), await skipped.next()]
        reports.append("waiting \(skipped.waiting) \(notified.waiting)")
        for token in tokens { token.invalidate() }
        await realm.close()
        return reports
    }

    @Test("write(withoutNotifying:) skips one token of sectioned results; another token of them hears the write")
    func observationWithoutNotifying() async throws {
        let expected = [
            "initial a: apple | b: banana box | c: chalk", "initial a: apple | b: banana box | c: chalk",
            " -S[0, 1, 2]", "a: apple +[0.0] +S[0]", "a: apple +[0.0] +S[0]", "waiting 0 0",
        ]
        let objects = try await Self.skippingFacts { realm in
            realm.objects(SectionPortItem.self).sectioned(by: \.firstLetter, ascending: true)
        }
        #expect(objects == expected)
        let projections = try await Self.skippingFacts { realm in
            realm.objects(SectionPortItemView.self).sectioned(by: \.firstLetter, ascending: true)
        }
        #expect(projections == expected)
    }
}
