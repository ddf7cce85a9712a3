import Foundation
import Strata
import Testing

/// An embedded point that ``OMLocation`` is stored as.
final class OMPoint: EmbeddedObject {
    @Persisted var x = 0
    @Persisted var y = 0
}

/// A custom persistable type stored as an embedded object.
struct OMLocation: CustomPersistable, Equatable, Sendable {
    var x: Int
    var y: Int
    init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
    init(persistedValue: OMPoint) {
        x = persistedValue.x
        y = persistedValue.y
    }
    var persistableValue: OMPoint { OMPoint(value: ["x": x, "y": y]) }
}

/// A failable custom persistable type: odd numbers are not valid.
struct OMEven: FailableCustomPersistable, Equatable, Sendable {
    var value: Int
    init?(persistedValue: Int) {
        guard persistedValue % 2 == 0 else { return nil }
        value = persistedValue
    }
    var persistableValue: Int { value }
}

/// A model with custom persistable properties (no declared defaults).
final class OMPlace: Object {
    @Persisted(primaryKey: true) var name = ""
    @Persisted var location: OMLocation
    @Persisted var optionalLocation: OMLocation?
    @Persisted var even: OMEven?
}

/// The first version of ``OMPlace``, without its location properties.
enum OMPlaceV1 {
    final class OMPlace: Object {
        @Persisted(primaryKey: true) var name = ""
    }
}

/// An embedded model that declares `ObjectKeyIdentifiable`.
final class OMIdentifiedChild: EmbeddedObject, ObjectKeyIdentifiable {
    @Persisted var x = 0
}

/// A model that declares `ObjectKeyIdentifiable`.
final class OMIdentified: Object, ObjectKeyIdentifiable {
    @Persisted var value = 0
    @Persisted var child: OMIdentifiedChild?
}

@Suite("Object model API: custom persistable, identity, ObjectId and Decimal128")
struct ObjectModelAPITests {
    // MARK: CustomPersistable stored as an embedded object

    @Test("A CustomPersistable stored as an EmbeddedObject is an optional link in the schema")
    func customEmbeddedSchema() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([OMPlace.self]))
        let schema = await realm.schema["OMPlace"]
        let shapes = ["location", "optionalLocation", "even"].map { name -> String in
            guard let property = schema?[name] else { return "missing" }
            return "\(property.type) \(property.isOptional) \(property.objectClassName ?? "-")"
        }
        #expect(shapes == ["object true OMPoint", "object true OMPoint", "int true -"])
        #expect(await realm.schema["OMPoint"]?.isEmbedded == true)
    }

    @Test("An unmanaged CustomPersistable property without a default starts from an empty embedded object")
    func customEmbeddedUnmanagedDefault() {
        let place = OMPlace()
        #expect(place.location == OMLocation(x: 0, y: 0))
        #expect(place.optionalLocation == nil)
    }

    @Test("A CustomPersistable stored as an EmbeddedObject round-trips: live, in another block and frozen")
    func customEmbeddedRoundTrip() async throws {
        let directory = TemporaryDirectory()
        let realm = try await Realm(configuration: directory.configuration([OMPlace.self]))
        let written = try await realm.write { realm -> [Int] in
            let place = OMPlace(value: ["name": "a"])
            place.location = OMLocation(x: 1, y: 2)
            try realm.add(place)
            let other = OMPlace(value: ["name": "b", "optionalLocation": OMLocation(x: 3, y: 4)])
            try realm.add(other)
            // Writing a managed object's property stores a new embedded object and deletes the old one.
            other.location = OMLocation(x: 5, y: 6)
            other.location = OMLocation(x: 7, y: 8)
            return [place.location.x, place.location.y, other.location.x, other.location.y]
        }
        #expect(written == [1, 2, 7, 8])
        let read = await realm.read { realm -> [String] in
            realm.objects(OMPlace.self).sorted(byKeyPath: "name").map { place in
                let optional = place.optionalLocation.map { "(\($0.x), \($0.y))" } ?? "nil"
                return "\(place.name) (\(place.location.x), \(place.location.y)) \(optional)"
            }
        }
        #expect(read == ["a (1, 2) nil", "b (7, 8) (3, 4)"])
        let points = await realm.read { realm in realm.dynamicObjects("OMPoint").count }
        #expect(points == 3, "a's location, b's last location and b's optional location")
        let frozen = try await realm.read { realm in try realm.objects(OMPlace.self).sorted(byKeyPath: "name").freeze()
        }
        #expect(frozen.map(\.location) == [OMLocation(x: 1, y: 2), OMLocation(x: 7, y: 8)])
        #expect(frozen.map(\.optionalLocation) == [nil, OMLocation(x: 3, y: 4)])
        let cleared = try await realm.write { realm -> Int in
            realm.object(ofType: OMPlace.self, forPrimaryKey: "b")?.optionalLocation = nil
            return realm.dynamicObjects("OMPoint").count
        }
        #expect(cleared == 2)
        await realm.close()
        let reopened = try await Realm(configuration: directory.configuration([OMPlace.self]))
        let afterReopen = await reopened.read { realm in
            realm.objects(OMPlace.self).sorted(byKeyPath: "name").map { [$0.location.x, $0.location.y] }
        }
        #expect(afterReopen == [[1, 2], [7, 8]])
    }

    @Test("A null link reads back as the custom type made from a new embedded object")
    func customEmbeddedNullLink() async throws {
        let directory = TemporaryDirectory()
        do {
            let realm = try await Realm(configuration: directory.configuration([OMPlaceV1.OMPlace.self]))
            try await realm.write { realm in try realm.add(OMPlaceV1.OMPlace(value: ["name": "old"])) }
            await realm.close()
        }
        var configuration = directory.configuration([OMPlace.self])
        configuration.schemaVersion = 1
        let realm = try await Realm(configuration: configuration)
        let read = await realm.read { realm -> [String] in
            realm.objects(OMPlace.self).map { place in
                "\(place.location.x),\(place.location.y) \(place.optionalLocation == nil) \(place.even == nil)"
            }
        }
        #expect(read == ["0,0 true true"])
    }

    @Test("A FailableCustomPersistable round-trips its valid values")
    func failableRoundTrip() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([OMPlace.self]))
        let values = try await realm.write { realm -> [Int?] in
            let place = OMPlace(value: ["name": "f"])
            place.even = OMEven(persistedValue: 4)
            try realm.add(place)
            return [place.even?.value, OMEven(persistedValue: 3)?.value]
        }
        #expect(values == [4, nil])
        #expect(await realm.read { $0.objects(OMPlace.self).first?.even?.persistableValue } == 4)
    }

    // MARK: ObjectKeyIdentifiable

    @Test("ObjectKeyIdentifiable: an unmanaged object's id is its instance identity")
    func identifiableUnmanaged() {
        let first = OMIdentified(value: [1])
        let second = OMIdentified(value: [1])
        let third = OMIdentified(value: [2])
        #expect(first.id == first.id)
        #expect(first.id != second.id, "same contents, another instance")
        #expect(second.id != third.id)
        #expect(first.id == UInt64(UInt(bitPattern: ObjectIdentifier(first))))
    }

    @Test("ObjectKeyIdentifiable: a managed object's id is its row key, the same for every instance")
    func identifiableManaged() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([OMIdentified.self]))
        let checks = try await realm.write { realm -> [String: Bool] in
            let first = OMIdentified(value: ["value": 1, "child": ["x": 1]])
            let second = OMIdentified(value: ["value": 2, "child": ["x": 2]])
            try realm.add(first)
            try realm.add(second)
            let all = realm.objects(OMIdentified.self).sorted(byKeyPath: "value")
            let before = first.id
            first.value = 10
            return [
                "distinct": first.id != second.id,
                "first": first.id == all.last!.id,
                "second": second.id == all.first!.id,
                "stable after a change": first.id == before,
                "embedded same": first.child!.id == first.child!.id,
                "embedded distinct": first.child!.id != second.child!.id,
            ]
        }
        #expect(checks.filter { !$0.value }.map(\.key) == [])
        let ids = await realm.read { realm in realm.objects(OMIdentified.self).map(\.id) }
        let again = await realm.read { realm in realm.objects(OMIdentified.self).map(\.id) }
        #expect(ids == again)
        #expect(Set(ids).count == 2)
    }

    // MARK: ObjectId

    @Test(
        "ObjectId(string:) parses 24 hex digits of either case",
        arguments: [
            ("000123450000ffbeef91906c", "000123450000ffbeef91906c"),
            ("000123450000FFBEEF91906C", "000123450000ffbeef91906c"),
            ("000000000000000000000000", "000000000000000000000000"),
            ("ffffffffffffffffffffffff", "ffffffffffffffffffffffff"),
        ]
    )
    func objectIdParses(text: String, expected: String) throws {
        #expect(try ObjectId(string: text).stringValue == expected)
    }

    @Test(
        "ObjectId(string:) rejects what is not 24 hex digits with Realm's message",
        arguments: [
            "", "abc", "000123450000ffbeef91906", "000123450000ffbeef91906c0", "000123450000ffbeef91906g",
            " 00123450000ffbeef91906c", "0x0123450000ffbeef91906c",
        ]
    )
    func objectIdRejects(text: String) {
        do {
            _ = try ObjectId(string: text)
            Issue.record("'\(text)' must be rejected")
        } catch let error as RealmError {
            #expect(error.description == "Invalid Object ID string '\(text)': must be 24 hex digits")
            #expect(error == .invalidValue("Invalid Object ID string '\(text)': must be 24 hex digits"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("ObjectId's initializers: zero, literal, generated and from a timestamp")
    func objectIdInitializers() throws {
        #expect(ObjectId().stringValue == "000000000000000000000000")
        #expect(ObjectId("000123450000ffbeef91906c") == (try ObjectId(string: "000123450000ffbeef91906c")))
        let generated = ObjectId.generate()
        let next = ObjectId.generate()
        #expect(generated != next)
        #expect(abs(generated.timestamp.timeIntervalSinceNow) < 5)
        // The process's 5 random bytes, then a counter that goes up (modulo 2^24; other tests may take values between).
        let (first, second) = (Array(generated.stringValue.utf8), Array(next.stringValue.utf8))
        #expect(first[8..<18] == second[8..<18])
        let counter = { (hex: [UInt8]) in Int(String(decoding: hex[18..<24], as: UTF8.self), radix: 16)! }
        #expect((1..<0x80_0000).contains((counter(second) - counter(first)) & 0xFF_FFFF))
        let now = Date(timeIntervalSince1970: 1_700_000_000.75)
        let fromParts = ObjectId(timestamp: now, machineId: 0x0A_0B0C, processId: 0x0D0E)
        #expect(fromParts.timestamp == Date(timeIntervalSince1970: 1_700_000_000))
        // The identifiers' low bytes first, as realm-core's memcpy of native integers stores them.
        #expect(fromParts.stringValue.prefix(18) == "6553f1000c0b0a0e0d")
        let parsed = try ObjectId(string: "000123450000ffbeef91906c")
        #expect(parsed.timestamp == Date(timeIntervalSince1970: 0x0001_2345))
    }

    @Test("ObjectIds compare bytewise")
    func objectIdOrder() {
        let low = ObjectId("000123450000ffbeef91906c")
        let high = ObjectId("000123450000ffbeef91906d")
        #expect(
            [low < high, high > low, low <= low, low >= low, low > low, low == high] == [
                true, true, true, true, false, false,
            ]
        )
    }

    // MARK: Decimal128

    @Test(
        "Decimal128(string:) parses decimal strings exactly and never throws: anything else is NaN",
        arguments: [
            ("1.25", "1.25"), ("-3", "-3"), ("+7.5", "7.5"), ("  42  ", "42"), ("1e3", "1000"), ("2.5E-1", "0.25"),
            (".5", "0.5"), ("5.", "5"), ("NaN", "NaN"), ("-nan", "NaN"), ("1.2.3", "NaN"), ("abc", "NaN"),
            ("", "NaN"), ("1e", "NaN"), ("1e+", "NaN"), ("12abc", "NaN"), ("--1", "NaN"), (".", "NaN"),
        ]
    )
    func decimalParses(text: String, expected: String) throws {
        let value = try Decimal128(string: text)
        #expect(value.description == expected)
        #expect(value.isNaN == (expected == "NaN"))
    }

    @Test("Decimal128(value:) takes numbers, strings, decimals and nil", arguments: [0, 1, 2, 3, 4, 5, 6, 7, 8])
    func decimalFromValue(index: Int) {
        let cases: [(Any, String)] = [
            (42, "42"), (Int8(-8), "-8"), (UInt64.max, "18446744073709551615"), (2.5, "2.5"), (Float(0.5), "0.5"),
            ("123.456", "123.456"), (Decimal(string: "9.75")!, "9.75"), (Decimal128(integerLiteral: 3), "3"),
            (NSNull(), "NaN"),
        ]
        let (input, expected) = cases[index]
        #expect(Decimal128(value: input).description == expected, "input \(input)")
    }

    @Test("Decimal128's literals, exactly:, number: and NaN flags")
    func decimalLiterals() {
        let float: Decimal128 = 3.14159
        let integer: Decimal128 = 123
        let string: Decimal128 = "9.876543"
        let invalid: Decimal128 = "not a number"
        #expect([float.description, integer.description, string.description] == ["3.14159", "123", "9.876543"])
        #expect(invalid.isNaN && invalid.isSignaling && invalid.isSignalingNaN)
        #expect(Decimal128(exactly: 5) == 5)
        #expect(Decimal128(exactly: UInt8(200))?.description == "200")
        #expect(Decimal128(number: NSNumber(value: 123_456_789)).description == "123456789")
        #expect(Decimal128().description == "0")
        let nan = Decimal128(value: NSNull())
        #expect([nan.isNaN, nan.isSignaling, nan.isSignalingNaN, integer.isNaN] == [true, true, true, false])
    }

    @Test("Decimal128 decodes strings, integers and doubles, and encodes strings")
    func decimalCodable() throws {
        let decoded = try JSONDecoder().decode([Decimal128].self, from: Data(#"["1234.5", 7, 2.25, "x"]"#.utf8))
        #expect(decoded.map(\.description) == ["1234.5", "7", "2.25", "NaN"])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Decimal128].self, from: Data("[true]".utf8)) }
        let encoded = try JSONEncoder().encode([Decimal128(value: "1.5")])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["1.5"]"#)
    }
}
