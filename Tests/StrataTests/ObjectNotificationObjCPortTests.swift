import Foundation
import Strata
import Testing

// Object-notifier facts of realm-swift's `Realm/Tests/NotificationTests.m` (the ObjectNotifierTests class and the
// object halves of MixedDictionaryCollectionChangesetTests and MixedArrayCollectionChangesetTests):
// testChangeAllPropertyTypes, testChangeAllPropertyTypesFromBackground, testChangeAllPropertyTypesInSingleTransaction,
// testMultipleObjectNotifiers, testDiffedUpdatesOnlyNotifyForPropertiesWhichActuallyChanged,
// testMixedDictionaryObjectNotifications, testMixedArrayObjectNotifications and both testAddToMixedObservationWithKeypath.
// Realm's "background" writes (another thread's realm) are another realm actor's on the same file here.
//
// Strata gives the old value for the observing realm's own writes too (Notifications.md; Realm gives nil), so the
// local cases expect it. "Not reported" is checked as ObjectPortTests+Observation.swift does: a later write that the
// stream does report must be its first element.
//
// Already asserted elsewhere, so left out: testDeleteObservedObject, testModifyObservedKeyPathLocally and
// testModifyObservedKeyPathRemotely, testModifyUnobservedKeyPathLocally and testModifyUnobservedKeyPathRemotely
// (ObjectPortTests+Observation.swift), testModifyObservedKeyPathArrayProperty and
// testModifyUnobservedKeyPathArrayProperty (ObjectPortTests+KeyPathObservation.swift),
// testArrayPropertiesMerelyReportModification (NotificationSemanticsTests `listValuesAreNil`), and the nested-collection
// edits of MixedCollectionPortTests+Notifications.swift. testObserveUnmanagedObject stops the process (a trap).
// `cBoolCol` is a C `bool` beside `BOOL`, one Swift `Bool`: it is not repeated.

/// Realm's `StringObject`.
final class ONCString: Object {
    @Persisted var stringCol = ""
}

/// Realm's `MixedObject`, in part.
final class ONCMixed: Object {
    @Persisted var anyCol: AnyRealmValue = .none
}

/// Realm's `AllTypesObject`, its properties in its order (without `cBoolCol` and the backlinks).
final class ONCAllTypes: Object {
    @Persisted var boolCol = false
    @Persisted var intCol = 0
    @Persisted var floatCol: Float = 0
    @Persisted var doubleCol = 0.0
    @Persisted var stringCol = ""
    @Persisted var binaryCol = Data()
    @Persisted var dateCol = Date(timeIntervalSince1970: 0)
    @Persisted var longCol: Int64 = 0
    @Persisted var decimalCol = Decimal128(0)
    @Persisted var objectIdCol = ObjectId()
    @Persisted var uuidCol = UUID()
    @Persisted var objectCol: ONCString?
    @Persisted var mixedObjectCol: ONCMixed?
    @Persisted var anyCol: AnyRealmValue = .none
}

/// Realm's `AllTypesWithPrimaryKey`: ``ONCAllTypes`` with a primary key.
final class ONCAllTypesPK: Object {
    @Persisted(primaryKey: true) var pk = 0
    @Persisted var boolCol = false
    @Persisted var intCol = 0
    @Persisted var floatCol: Float = 0
    @Persisted var doubleCol = 0.0
    @Persisted var stringCol = ""
    @Persisted var binaryCol = Data()
    @Persisted var dateCol = Date(timeIntervalSince1970: 0)
    @Persisted var longCol: Int64 = 0
    @Persisted var decimalCol = Decimal128(0)
    @Persisted var objectIdCol = ObjectId()
    @Persisted var uuidCol = UUID()
    @Persisted var objectCol: ONCString?
    @Persisted var mixedObjectCol: ONCMixed?
    @Persisted var anyCol: AnyRealmValue = .none
}

private let oncTypes: [ObjectBase.Type] = [ONCString.self, ONCMixed.self, ONCAllTypes.self, ONCAllTypesPK.self]

/// The properties of ``ONCAllTypes`` in schema order.
let oncPropertyNames = [
    "boolCol", "intCol", "floatCol", "doubleCol", "stringCol", "binaryCol", "dateCol", "longCol", "decimalCol",
    "objectIdCol", "uuidCol", "objectCol", "mixedObjectCol", "anyCol",
]

/// Realm's `+[AllTypesObject values:stringObject:mixedObject:]` for `i` (1 or 2), with a fixed object id; the linked
/// objects are unmanaged, or the given ones.
private func oncValues(_ i: Int, string: ONCString? = nil, mixed: ONCMixed? = nil) throws -> [String: Any] {
    let letter = String(UnicodeScalar(UInt8(96 + i)))
    let uuids = [
        "85d4fbee-6ec6-47df-bfa1-615931903d7e", "00000000-0000-0000-0000-000000000000",
        "137DECC8-B300-4954-A233-F89909F4FD89",
    ]
    var values: [String: Any] = [
        "boolCol": i % 2 == 1, "intCol": i, "floatCol": Float(1.1) * Float(i), "doubleCol": 1.11 * Double(i),
        "stringCol": letter, "binaryCol": Data(letter.utf8), "dateCol": Date(timeIntervalSince1970: Double(i)),
        "longCol": Int64(i) * Int64(Int32.max) + 1, "decimalCol": Decimal128(integerLiteral: Int64(i)),
        "objectIdCol": try ObjectId(string: "00000000000000000000000\(i)"), "uuidCol": UUID(uuidString: uuids[i])!,
        "anyCol": AnyRealmValue.int(i + 1),
    ]
    if i > 1 {
        values["objectCol"] = string ?? ONCString(value: ["stringCol": "string"])
        values["mixedObjectCol"] = mixed ?? ONCMixed(value: ["anyCol": AnyRealmValue.string("string")])
    }
    return values
}

/// A property value as text: linked objects by their content, data as its UTF-8 text, dates in seconds.
private func oncText(_ value: Any?) -> String {
    guard let value else { return "nil" }
    switch value {
    case let object as ONCString: return "ONCString(\(object.stringCol))"
    case let object as ONCMixed: return "ONCMixed(\(oncText(object.anyCol)))"
    case let data as Data: return "data \(String(decoding: data, as: UTF8.self))"
    case let date as Date: return "date \(date.timeIntervalSince1970)"
    case let mixed as AnyRealmValue:
        switch mixed {
        case .none: return "nil"
        case .int(let int): return "\(int)"
        case .string(let string): return string
        default: return "\(mixed)"
        }
    default: return "\(value)"
    }
}

/// A change as `name: old → new` per property, or what it was instead.
private func oncChangeText<T>(_ change: ObjectChange<T>?) -> String {
    guard case .change(_, let properties)? = change else { return optChangeText(change) }
    return properties.map { "\($0.name): \(oncText($0.oldValue)) → \(oncText($0.newValue))" }
        .joined(separator: ", ")
}

/// One edit of a mixed value holding a top-level dictionary or list.
struct ONCMixedEdit: Sendable, CustomTestStringConvertible {
    let label: String
    /// The value holds Realm's test array when true, its test dictionary when false.
    let holdsArray: Bool
    let edit: @Sendable (ONCMixed) -> Void
    var testDescription: String { label }
}

@Suite("NotificationTests.m ports: object notifiers", .timeLimit(.minutes(10)))
struct ObjectNotificationObjCPortTests {
    /// A realm with one ``ONCAllTypes`` holding the values for 1.
    static func makeRealm() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration(oncTypes))
        try await realm.write { realm in _ = try realm.create(ONCAllTypes.self, value: try oncValues(1)) }
        return realm
    }

    @Test(
        "A property set alone is reported alone with its old and new values, by this realm or another",
        arguments: oncPropertyNames,
        [false, true]
    )
    func eachPropertyAlone(name: String, byAnotherRealm: Bool) async throws {
        let realm = try await Self.makeRealm()
        let writer = byAnotherRealm ? try await Realm(configuration: realm.configuration) : realm
        let (old, new) = (try oncValues(1), try oncValues(2))
        let expected = "\(name): \(oncText(old[name])) → \(oncText(new[name]))"
        try await withTimeout {
            let stream = await realm.read { realm in realm.objects(ONCAllTypes.self)[0].changes() }
            var changes = stream.makeAsyncIterator()
            try await writer.write { realm in realm.objects(ONCAllTypes.self)[0][name] = try oncValues(2)[name] }
            #expect(oncChangeText(await changes.next()) == expected)
        }
        if byAnotherRealm { await writer.close() }
    }

    @Test("Every property set in one write is one change listing them all in schema order")
    func allPropertiesInOneWrite() async throws {
        let realm = try await Self.makeRealm()
        let (old, new) = (try oncValues(1), try oncValues(2))
        let expected = oncPropertyNames.map { "\($0): \(oncText(old[$0])) → \(oncText(new[$0]))" }
        try await withTimeout {
            let stream = await realm.read { realm in realm.objects(ONCAllTypes.self)[0].changes() }
            var changes = stream.makeAsyncIterator()
            try await realm.write { realm in
                let object = realm.objects(ONCAllTypes.self)[0]
                let values = try oncValues(2)
                for name in oncPropertyNames { object[name] = values[name] }
            }
            #expect(oncChangeText(await changes.next()) == expected.joined(separator: ", "))
        }
    }

    @Test("Two streams on one object both get another realm's change; a stream on a copy of it gets nothing")
    func multipleObjectNotifiers() async throws {
        let realm = try await Self.makeRealm()
        try await realm.write { realm in
            _ = try realm.create(ONCAllTypes.self, value: realm.objects(ONCAllTypes.self)[0])
        }
        let other = try await Realm(configuration: realm.configuration)
        try await withTimeout {
            let streams = await realm.read { realm in
                let objects = realm.objects(ONCAllTypes.self)
                return [objects[0].changes(), objects[0].changes(), objects[1].changes()]
            }
            var first = streams[0].makeAsyncIterator()
            var second = streams[1].makeAsyncIterator()
            var copy = streams[2].makeAsyncIterator()
            try await other.write { other in other.objects(ONCAllTypes.self)[0].intCol = 2 }
            #expect(oncChangeText(await first.next()) == "intCol: 1 → 2")
            #expect(oncChangeText(await second.next()) == "intCol: 1 → 2")
            try await other.write { other in other.objects(ONCAllTypes.self)[1].intCol = 5 }
            #expect(oncChangeText(await copy.next()) == "intCol: 1 → 5", "the first change it reports is its own")
        }
        await other.close()
    }

    /// The values for 1 with `pk` 1, the first `count` properties given their values for 2 (linked objects managed).
    static func values(_ realm: isolated Realm, changing count: Int) throws -> [String: Any] {
        let new = try oncValues(
            2,
            string: realm.objects(ONCString.self).first,
            mixed: realm.objects(ONCMixed.self).first
        )
        var values = try oncValues(1)
        values["pk"] = 1
        for name in oncPropertyNames.prefix(count) { values[name] = new[name] }
        return values
    }

    @Test("create(update: .modified) with every value reports only the property whose value differs")
    func diffedUpdatesReportOnlyChangedProperties() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(oncTypes))
        try await realm.write { realm in
            try realm.add(ONCString(value: ["stringCol": "string"]))
            try realm.add(ONCMixed(value: ["anyCol": AnyRealmValue.string("string")]))
            _ = try realm.create(ONCAllTypesPK.self, value: try Self.values(realm, changing: 0))
        }
        let (old, new) = (try oncValues(1), try oncValues(2))
        let expected = oncPropertyNames.map { "\($0): \(oncText(old[$0])) → \(oncText(new[$0]))" }
        try await withTimeout {
            let stream = await realm.read { realm in realm.objects(ONCAllTypesPK.self)[0].changes() }
            var changes = stream.makeAsyncIterator()
            for (index, name) in oncPropertyNames.enumerated() {
                try await realm.write { realm in
                    _ = try realm.create(
                        ONCAllTypesPK.self,
                        value: try Self.values(realm, changing: index + 1),
                        update: .modified
                    )
                }
                let change = oncChangeText(await changes.next())
                // Once `objectCol` and `mixedObjectCol` hold their objects, each later update gives them the same ones,
                // which are not reported.
                #expect(change == expected[index], "\(name)")
            }
        }
    }

    static let mixedEdits: [ONCMixedEdit] = [
        ONCMixedEdit(label: "a dictionary key given a bool", holdsArray: false) {
            $0.anyCol.dictionaryValue?["key2"] = .bool(false)
        },
        ONCMixedEdit(label: "a dictionary key given null", holdsArray: false) {
            $0.anyCol.dictionaryValue?.updateValue(.none, forKey: "key4")
        },
        ONCMixedEdit(label: "the dictionary replaced by another", holdsArray: false) {
            $0.anyCol = .fromDictionary(["key2": .double(987.321)])
        },
        ONCMixedEdit(label: "a list appended to", holdsArray: true) { $0.anyCol.listValue?.append(.bool(false)) },
        ONCMixedEdit(label: "a list element replaced", holdsArray: true) { $0.anyCol.listValue?[3] = .string("hey") },
        ONCMixedEdit(label: "a list element removed", holdsArray: true) { $0.anyCol.listValue?.remove(at: 2) },
        ONCMixedEdit(label: "a list emptied", holdsArray: true) { $0.anyCol.listValue?.removeAll() },
        ONCMixedEdit(label: "the list replaced by another", holdsArray: true) {
            $0.anyCol = .fromArray([.double(987.321)])
        },
    ]

    @Test(
        "An edit of a mixed property's top-level collection is one change of it, with and without its key path",
        arguments: mixedEdits
    )
    func mixedCollectionEdit(_ row: ONCMixedEdit) async throws {
        let realm = try await Realm(configuration: memoryConfiguration(oncTypes))
        try await realm.write { realm in
            let object = try realm.create(ONCMixed.self)
            object.anyCol =
                row.holdsArray
                ? .fromArray([.string("hello2"), .bool(true), .int(123), .double(456.789)])
                : .fromDictionary([
                    "key2": .string("hello2"), "key3": .bool(true), "key4": .int(123), "key5": .double(456.789),
                ])
        }
        try await withTimeout {
            let (all, keyed) = await realm.read { realm in
                let object = realm.objects(ONCMixed.self)[0]
                return (object.changes(), object.changes(keyPaths: ["anyCol"]))
            }
            var allChanges = all.makeAsyncIterator()
            var keyedChanges = keyed.makeAsyncIterator()
            try await realm.write { realm in row.edit(realm.objects(ONCMixed.self)[0]) }
            #expect(optChangeNames(await allChanges.next()) == "anyCol")
            #expect(optChangeNames(await keyedChanges.next()) == "anyCol")
        }
    }
}
