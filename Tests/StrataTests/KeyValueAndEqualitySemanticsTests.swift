import Foundation
import Strata
import Testing

// Behaviours checked against Realm Swift's own tests and realm-core's sources:
//
// - Key-value coding (RealmSwift/Tests/ObjectTests.swift `testValueForKey`, `testValueForKeyOptionals`;
//   ModernObjectAccessorTests.swift `setAndTestAllPropertiesViaSubscript`; AnyRealmValueTests.swift
//   `testValueForKey` of lists, sets and maps): a nil optional, a nil link and `AnyRealmValue.none` read as nil,
//   an `AnyRealmValue` as its payload and a `PersistableEnum` as its raw value; `value(forKey: "self")` of a mixed
//   collection gives `NSNull` for none (RLMArray's `valueForKey:`). Elsewhere in a collection's array nil stays nil
//   (Strata differs: Realm's is NSNull, which outside Apple platforms does not cast to an optional's nil).
// - Object equality (ObjectTests.swift `testEqualityForObjectTypeWithPrimaryKey`,
//   `testEqualityForObjectTypeWithoutPrimaryKey`, `testEqualityForFrozenObjectTypeWithoutPrimaryKey`;
//   Realm/RLMObjectBase.mm `isEqual:`, `hash`, `RLMObjectBaseAreEqual`): accessors of one row are equal only
//   when the class has a primary key or the objects are frozen, and then only within one realm instance (or
//   frozen version); otherwise `==` is instance identity.
// - Aggregates of `AnyRealmValue`: KeyValueAndEqualitySemanticsTests+MixedAggregates.swift.

/// An enum stored as its `Int` raw value.
enum KVCLevel: Int, PersistableEnum {
    case low = 1
    case high = 2
}

/// An enum stored as its `String` raw value.
enum KVCMood: String, PersistableEnum {
    case calm, cross
}

/// Every kind of property key-value coding converts; no primary key, so `==` is identity for live objects.
final class KVCSubject: Object {
    @Persisted var name = ""
    @Persisted var optInt: Int?
    @Persisted var optString: String?
    @Persisted var optDate: Date?
    @Persisted var any: AnyRealmValue
    @Persisted var level = KVCLevel.low
    @Persisted var optLevel: KVCLevel?
    @Persisted var mood = KVCMood.calm
    @Persisted var link: KVCSubject?
    @Persisted var children: List<KVCSubject>
    @Persisted var anyList: List<AnyRealmValue>
    @Persisted var anySet: MutableSet<AnyRealmValue>
    @Persisted var anyMap: Map<String, AnyRealmValue>
    @Persisted var optIntMap: Map<String, Int?>
    @Persisted var linkMap: Map<String, KVCSubject?>
    @Persisted var levels: List<KVCLevel>
    @Persisted var optInts: List<Int?>
    @Persisted var address: KVCAddress?
}

/// A class with a primary key: accessors of one row are equal.
final class KVCKeyed: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
}

/// An embedded object: no primary key, so `==` is identity for live objects.
final class KVCAddress: EmbeddedObject {
    @Persisted var city = ""
}

/// A key-value coding result as text: nil as `nil`, objects and collections by their type, other values as
/// `Type(value)`. An optional that was not unwrapped shows as `Optional<…>(…)`.
func kvcText(_ value: Any?) -> String {
    guard let value else { return "nil" }
    let type = String(describing: Swift.type(of: value))
    if value is ObjectBase || type.hasPrefix("List<") || type.hasPrefix("Map<") { return type }
    return "\(type)(\(value))"
}

/// An element of a collection's `value(forKey:)` array as text: a missing value (nil, `NSNull` in Realm) as
/// `nil`, `NSNull` (a mixed none, as in Realm) as `NSNull`, anything else as ``kvcText(_:)`` does.
private func kvcElementText(_ element: Any) -> String {
    if element is NSNull { return "NSNull" }
    let mirror = Mirror(reflecting: element)
    if mirror.displayStyle == .optional, mirror.children.isEmpty { return "nil" }
    return kvcText(element)
}

@Suite("Key-value coding, object equality and mixed aggregates follow Realm Swift")
struct KeyValueAndEqualitySemanticsTests {
    // MARK: Key-value coding of objects

    /// A property, a value to set it to (through the subscript, then `setValue(_:forKey:)`), and what
    /// `object[key]` and `value(forKey:)` read back.
    struct Row {
        let key: String
        let value: Any?
        let expected: String
    }

    static let date = Date(timeIntervalSince1970: 1_000)
    static let objectId = try! ObjectId(string: "60425fff91d7a28b4e4a2f6c")
    static let uuid = UUID(uuidString: "137DECC8-B300-4954-A233-F89909F4FD89")!

    /// A new object's reads, before anything is set.
    static let defaults: [(key: String, expected: String)] = [
        ("optInt", "nil"), ("optString", "nil"), ("optDate", "nil"), ("link", "nil"), ("any", "nil"),
        ("optLevel", "nil"), ("level", "Int(1)"), ("mood", "String(calm)"), ("address", "nil"),
        ("anyList", "List<AnyRealmValue>"), ("anyMap", "Map<String, AnyRealmValue>"),
    ]

    /// Made afresh for each object (the values include unmanaged objects, which a managed object adopts).
    static func rows() -> [Row] {
        [
            Row(key: "optInt", value: 5, expected: "Int(5)"),
            Row(key: "optInt", value: nil, expected: "nil"),
            Row(key: "optInt", value: Int?.none as Any, expected: "nil"),
            Row(key: "optInt", value: NSNull(), expected: "nil"),
            Row(key: "optString", value: "a", expected: "String(a)"),
            Row(key: "optString", value: nil, expected: "nil"),
            Row(key: "optDate", value: date, expected: "Date(\(date))"),
            Row(key: "optDate", value: nil, expected: "nil"),
            Row(key: "link", value: KVCSubject(), expected: "KVCSubject"),
            Row(key: "link", value: nil, expected: "nil"),
            Row(key: "address", value: KVCAddress(), expected: "KVCAddress"),
            Row(key: "address", value: nil, expected: "nil"),
            // AnyRealmValue: its payload, nil for none; Realm also accepts the payload itself.
            Row(key: "any", value: AnyRealmValue.int(1), expected: "Int(1)"),
            Row(key: "any", value: AnyRealmValue.bool(false), expected: "Bool(false)"),
            Row(key: "any", value: AnyRealmValue.float(2.5), expected: "Float(2.5)"),
            Row(key: "any", value: AnyRealmValue.double(3.5), expected: "Double(3.5)"),
            Row(key: "any", value: AnyRealmValue.string("str"), expected: "String(str)"),
            Row(key: "any", value: AnyRealmValue.data(Data([1, 2])), expected: "Data(2 bytes)"),
            Row(key: "any", value: AnyRealmValue.date(date), expected: "Date(\(date))"),
            Row(key: "any", value: AnyRealmValue.objectId(objectId), expected: "ObjectId(\(objectId))"),
            Row(key: "any", value: AnyRealmValue.decimal128(5), expected: "Decimal128(5)"),
            Row(key: "any", value: AnyRealmValue.uuid(uuid), expected: "UUID(\(uuid))"),
            Row(key: "any", value: AnyRealmValue.object(KVCSubject()), expected: "KVCSubject"),
            Row(key: "any", value: AnyRealmValue.fromArray([.int(1)]), expected: "List<AnyRealmValue>"),
            Row(
                key: "any",
                value: AnyRealmValue.fromDictionary(["a": .int(1)]),
                expected: "Map<String, AnyRealmValue>"
            ),
            Row(key: "any", value: AnyRealmValue.none, expected: "nil"),
            Row(key: "any", value: 7, expected: "Int(7)"),
            Row(key: "any", value: "hello", expected: "String(hello)"),
            Row(key: "any", value: KVCSubject(), expected: "KVCSubject"),
            Row(key: "any", value: nil, expected: "nil"),
            Row(key: "any", value: NSNull(), expected: "nil"),
            // PersistableEnum: its raw value; Realm also accepts the raw value itself.
            Row(key: "level", value: KVCLevel.high, expected: "Int(2)"),
            Row(key: "level", value: 1, expected: "Int(1)"),
            Row(key: "mood", value: KVCMood.cross, expected: "String(cross)"),
            Row(key: "mood", value: "calm", expected: "String(calm)"),
            Row(key: "optLevel", value: KVCLevel.high, expected: "Int(2)"),
            Row(key: "optLevel", value: 1, expected: "Int(1)"),
            Row(key: "optLevel", value: KVCLevel?.none as Any, expected: "nil"),
            Row(key: "optLevel", value: nil, expected: "nil"),
        ]
    }

    /// What `object[key]` and `value(forKey:)` read for each default, and for each row once set through the
    /// subscript on `first` and through `setValue(_:forKey:)` on `second`; a row whose four reads differ shows
    /// all four.
    static func reads(of first: KVCSubject, _ second: KVCSubject) -> [String] {
        var lines = defaults.map { key, _ in
            let reads = [kvcText(first[key]), kvcText(first.value(forKey: key))]
            return "\(key) default: " + (reads[0] == reads[1] ? reads[0] : reads.joined(separator: " | "))
        }
        // Each object gets its own values: an embedded object can have one parent only.
        for (row, twin) in zip(rows(), rows()) {
            first[row.key] = row.value
            second.setValue(twin.value, forKey: twin.key)
            let reads = [first, second].flatMap { [kvcText($0[row.key]), kvcText($0.value(forKey: row.key))] }
            lines.append("\(row.key): " + (Set(reads).count == 1 ? reads[0] : reads.joined(separator: " | ")))
        }
        return lines
    }

    static var expectedReads: [String] {
        defaults.map { "\($0.key) default: \($0.expected)" } + rows().map { "\($0.key): \($0.expected)" }
    }

    @Test(
        "value(forKey:) and subscripts give nil for nil, an AnyRealmValue's payload and an enum's raw value",
        arguments: [false, true]
    )
    func objectKeyValueCoding(managed: Bool) async throws {
        guard managed else {
            #expect(Self.reads(of: KVCSubject(), KVCSubject()) == Self.expectedReads)
            return
        }
        let realm = try await Realm(configuration: memoryConfiguration([KVCSubject.self, KVCKeyed.self]))
        let reads = try await realm.write { realm in
            Self.reads(of: try realm.create(KVCSubject.self), try realm.create(KVCSubject.self))
        }
        #expect(reads == Self.expectedReads)
        // Read again from the stored object, outside the write.
        let stored = await realm.read { realm in
            let object = realm.objects(KVCSubject.self).where { $0.name == "" }.first!
            return ["any", "level", "optLevel", "optInt"].map { kvcText(object[$0]) }
        }
        #expect(stored == ["nil", "Int(1)", "nil", "nil"])
    }

    /// Fills three collection properties, then empties them with `empty` through the subscript or
    /// `setValue(_:forKey:)`; the counts before and after.
    static func emptying(_ object: KVCSubject) -> [String] {
        [Any?.none, NSNull()].map { empty in
            object["optInts"] = [1, 2]
            object.setValue([AnyRealmValue.int(1)], forKey: "anySet")
            object["optIntMap"] = ["a": 1]
            let before = [object.optInts.count, object.anySet.count, object.optIntMap.count]
            object["optInts"] = empty
            object.setValue(empty, forKey: "anySet")
            object["optIntMap"] = empty
            return "\(empty == nil ? "nil" : "NSNull"): \(before) → "
                + "\([object.optInts.count, object.anySet.count, object.optIntMap.count])"
        }
    }

    @Test(
        "Setting nil or NSNull on a list, set or map property empties it, as Realm Swift does",
        arguments: [false, true]
    )
    func nilEmptiesCollections(managed: Bool) async throws {
        let expected = ["nil: [2, 1, 1] → [0, 0, 0]", "NSNull: [2, 1, 1] → [0, 0, 0]"]
        guard managed else {
            #expect(Self.emptying(KVCSubject()) == expected)
            return
        }
        let realm = try await Realm(configuration: memoryConfiguration([KVCSubject.self, KVCKeyed.self]))
        let counts = try await realm.write { realm in Self.emptying(try realm.create(KVCSubject.self)) }
        #expect(counts == expected)
    }

    // MARK: Key-value coding of collections

    /// Three objects and the collections of one of them, filled the same way managed or not.
    static func fill(_ parent: KVCSubject) {
        let first = KVCSubject(value: ["name": "a", "optInt": 5, "level": KVCLevel.high, "optLevel": KVCLevel.low])
        first.any = .int(1)
        let second = KVCSubject(value: ["name": "b", "link": KVCSubject(value: ["name": "c", "optInt": 7])])
        let third = KVCSubject(value: ["name": "d", "mood": KVCMood.cross])
        third.any = .string("s")
        parent.children.append(objectsIn: [first, second, third])
        parent.anyList.append(objectsIn: [.int(1), .none, .string("s"), .double(2.5)])
        parent.anySet.insert(objectsIn: [.int(4)])
        parent.levels.append(objectsIn: [.high, .low])
        parent.optInts.append(objectsIn: [3, nil])
        parent.anyMap["a"] = .int(1)
        parent.anyMap["b"] = AnyRealmValue.none
        parent.anyMap["c"] = .string("s")
        parent.optIntMap["x"] = 1
        parent.optIntMap["y"] = Int?.none
        parent.linkMap["k"] = KVCSubject?.none
    }

    static func collectionReads(of parent: KVCSubject) -> [String] {
        func elements(_ value: Any?) -> String {
            guard let array = value as? [Any] else { return "not an array: \(kvcText(value))" }
            return array.map(kvcElementText).joined(separator: ", ")
        }
        let children = parent.children
        return [
            "any: " + elements(children.value(forKey: "any")),
            "optInt: " + elements(children.value(forKey: "optInt")),
            "level: " + elements(children.value(forKey: "level")),
            "optLevel: " + elements(children.value(forKey: "optLevel")),
            "mood: " + elements(children.value(forKey: "mood")),
            "link: " + elements(children.value(forKey: "link")),
            "link.optInt: " + elements(children.value(forKeyPath: "link.optInt")),
            "anyList self: " + elements(parent.anyList.value(forKey: "self")),
            "anySet self: " + elements(parent.anySet.value(forKey: "self")),
            "levels self: " + elements(parent.levels.value(forKey: "self")),
            "optInts self: " + elements(parent.optInts.value(forKey: "self")),
            "anyMap: "
                + ["a", "b", "c", "missing"].map { kvcText(parent.anyMap.value(forKey: $0)) }.joined(separator: ", "),
            "optIntMap: "
                + ["x", "y", "missing"].map { kvcText(parent.optIntMap.value(forKey: $0)) }.joined(separator: ", "),
            "linkMap: " + kvcText(parent.linkMap.value(forKey: "k")),
        ]
    }

    static let expectedCollectionReads = [
        "any: Int(1), nil, String(s)",
        "optInt: Int(5), nil, nil",
        "level: Int(2), Int(1), Int(1)",
        "optLevel: Int(1), nil, nil",
        "mood: String(calm), String(calm), String(cross)",
        "link: nil, KVCSubject, nil",
        "link.optInt: nil, Int(7), nil",
        "anyList self: Int(1), NSNull, String(s), Double(2.5)",
        "anySet self: Int(4)",
        "levels self: Int(2), Int(1)",
        "optInts self: Int(3), nil",
        "anyMap: Int(1), nil, String(s), nil",
        "optIntMap: Int(1), nil, nil",
        "linkMap: nil",
    ]

    @Test(
        "Collections' value(forKey:) gives each element's value unwrapped; a map's gives its entry's",
        arguments: [false, true]
    )
    func collectionKeyValueCoding(managed: Bool) async throws {
        guard managed else {
            let parent = KVCSubject()
            Self.fill(parent)
            #expect(Self.collectionReads(of: parent) == Self.expectedCollectionReads)
            return
        }
        let realm = try await Realm(configuration: memoryConfiguration([KVCSubject.self, KVCKeyed.self]))
        let reads = try await realm.write { realm in
            let parent = try realm.create(KVCSubject.self, value: ["name": "parent"])
            Self.fill(parent)
            return Self.collectionReads(of: parent)
        }
        #expect(reads == Self.expectedCollectionReads)
        // Results over the whole table and over a query, in insertion order.
        let results = await realm.read { realm in
            let children = realm.objects(KVCSubject.self).where { $0.name != "parent" && $0.name != "c" }
            return (children.value(forKey: "any") as? [Any] ?? []).map(kvcElementText)
        }
        #expect(results == ["Int(1)", "nil", "String(s)"])
    }

    // MARK: Equality and hashing

    @Test("== compares rows only for classes with a primary key or frozen objects, within one realm")
    func equalityRules() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([KVCSubject.self, KVCKeyed.self]))
        let live = try await realm.write { realm -> [String] in
            let plain = try realm.create(KVCSubject.self, value: ["name": "plain"])
            let fetchedPlain = realm.objects(KVCSubject.self).first!
            plain.address = KVCAddress(value: ["city": "Oslo"])
            let keyed = try realm.create(KVCKeyed.self, value: ["id": 1])
            let fetchedKeyed = realm.object(ofType: KVCKeyed.self, forPrimaryKey: 1)!
            let otherKeyed = try realm.create(KVCKeyed.self, value: ["id": 2])
            let unmanagedKeyed = KVCKeyed(value: ["id": 1])
            let doomed = try realm.create(KVCKeyed.self, value: ["id": 3])
            let doomedAlias = realm.object(ofType: KVCKeyed.self, forPrimaryKey: 3)!
            try realm.delete(doomed)
            return [
                "plain same instance: \(plain == plain)",
                "plain two accessors: \(plain == fetchedPlain)",
                "plain isSameObject: \(plain.isSameObject(as: fetchedPlain))",
                "plain in a Set: \(Set([plain, fetchedPlain, plain]).count)",
                "plain in AnyRealmValue: \(AnyRealmValue.object(plain) == .object(fetchedPlain))",
                "embedded two accessors: \(plain.address! == plain.address!)",
                "keyed two accessors: \(keyed == fetchedKeyed)",
                "keyed hashes: \(keyed.hashValue == fetchedKeyed.hashValue)",
                "keyed in a Set: \(Set([keyed, fetchedKeyed, otherKeyed]).count)",
                "keyed in AnyRealmValue: \(AnyRealmValue.object(keyed) == .object(fetchedKeyed))",
                "keyed other row: \(keyed == otherKeyed)",
                "keyed and unmanaged with its key: \(keyed == unmanagedKeyed || unmanagedKeyed == keyed)",
                "two unmanaged with one key: \(unmanagedKeyed == KVCKeyed(value: ["id": 1]))",
                "deleted keyed accessors: \(doomed == doomedAlias)",
            ]
        }
        #expect(
            live == [
                "plain same instance: true",
                "plain two accessors: false",
                "plain isSameObject: true",
                "plain in a Set: 2",
                "plain in AnyRealmValue: false",
                "embedded two accessors: false",
                "keyed two accessors: true",
                "keyed hashes: true",
                "keyed in a Set: 2",
                "keyed in AnyRealmValue: true",
                "keyed other row: false",
                "keyed and unmanaged with its key: false",
                "two unmanaged with one key: false",
                "deleted keyed accessors: false",
            ]
        )
        let frozen = try await realm.read { realm -> [String] in
            let plain = try realm.objects(KVCSubject.self).first!.freeze()
            let fetchedPlain = try realm.objects(KVCSubject.self).freeze().first!
            let liveKeyed = realm.object(ofType: KVCKeyed.self, forPrimaryKey: 1)!
            let keyed = try liveKeyed.freeze()
            return [
                "frozen plain: \(plain == fetchedPlain)",
                "frozen plain hashes: \(plain.hashValue == fetchedPlain.hashValue)",
                "frozen plain in a Set: \(Set([plain, fetchedPlain]).count)",
                "frozen embedded: \(plain.address! == fetchedPlain.address!)",
                "frozen and live keyed: \(keyed == liveKeyed || liveKeyed == keyed)",
            ]
        }
        #expect(
            frozen == [
                "frozen plain: true",
                "frozen plain hashes: true",
                "frozen plain in a Set: 1",
                "frozen embedded: true",
                "frozen and live keyed: false",
            ]
        )
    }
}
