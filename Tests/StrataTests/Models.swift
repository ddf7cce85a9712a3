import Foundation
import Strata
import Testing

final class Dog: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted(originProperty: "dogs") var owners: LinkingObjects<Person>
    @Persisted(originProperty: "link") var linkedFrom: LinkingObjects<AllTypes>
}

final class Person: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted(indexed: true) var name = ""
    @Persisted var age: Int?
    @Persisted var dogs: List<Dog>
    @Persisted var bestFriend: Person?
    @Persisted var address: Address?
    var ignored = "not persisted"
}

final class Address: EmbeddedObject {
    @Persisted var street = ""
    @Persisted var city = ""
}

enum Mood: String, PersistableEnum {
    case happy, grumpy
}

final class AllTypes: Object {
    @Persisted(primaryKey: true) var id: ObjectId
    @Persisted var bool = false
    @Persisted var int = 0
    @Persisted var int8: Int8 = 0
    @Persisted var int16: Int16 = 0
    @Persisted var int32: Int32 = 0
    @Persisted var int64: Int64 = 0
    @Persisted var float: Float = 0
    @Persisted var double: Double = 0
    @Persisted var string = ""
    @Persisted var data = Data()
    @Persisted var date = Date(timeIntervalSince1970: 0)
    @Persisted var decimal: Decimal128 = 0
    @Persisted var objectId = ObjectId(bytes: Array(repeating: 0, count: 12))
    @Persisted var uuid = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
    @Persisted var any: AnyRealmValue
    @Persisted var mood = Mood.happy
    @Persisted var optionalInt: Int?
    @Persisted var optionalString: String?
    @Persisted var optionalDate: Date?
    @Persisted var optionalUUID: UUID?
    @Persisted var optionalDouble: Double?
    @Persisted var intList: List<Int>
    @Persisted var optionalStringList: List<String?>
    @Persisted var stringSet: MutableSet<String>
    @Persisted var scores: Map<String, Int>
    @Persisted var link: Dog?
}

/// A set of `AllTypes` objects, for the `MutableSet` of objects tests.
final class AllTypesGroup: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var members: MutableSet<AllTypes>
}

/// A fresh in-memory configuration for one test.
func memoryConfiguration(_ types: [ObjectBase.Type] = [Person.self, Dog.self, AllTypes.self]) -> Realm.Configuration {
    Realm.Configuration(inMemoryIdentifier: UUID().uuidString, objectTypes: types)
}

/// A temporary directory for one test, removed when released.
final class TemporaryDirectory {
    let url: URL
    /// Whether this instance made the directory, and removes it.
    private let owned: Bool

    init() {
        // The making test's name, shortened, is part of the name, so that a directory left behind names its test.
        let test = String(
            (Test.current?.name ?? "").unicodeScalars.filter(CharacterSet.alphanumerics.contains).prefix(32)
        )
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-api-tests-\(test)-\(UUID().uuidString)"
        )
        owned = true
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The directory at `path`, which another instance made and removes: an exit test's child uses its parent's,
    /// since the child stops without running deinitializers and would leave its own behind.
    init(existing path: String) {
        url = URL(fileURLWithPath: path)
        owned = false
    }

    deinit { if owned { try? FileManager.default.removeItem(at: url) } }

    func configuration(_ types: [ObjectBase.Type] = [Person.self, Dog.self, AllTypes.self]) -> Realm.Configuration {
        Realm.Configuration(fileURL: url.appendingPathComponent("test.realm"), objectTypes: types)
    }
}

/// Expects `body` to throw exactly `expected`.
func expectError<E: Error & Equatable>(
    _ expected: E,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async {
    do {
        try await body()
        Issue.record("expected \(expected) but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as E {
        #expect(error == expected, sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected \(expected) but \(error) was thrown", sourceLocation: sourceLocation)
    }
}

/// Expects `body` to throw an error of type `E`.
func expectError<E: Error>(
    _ type: E.Type,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async {
    do {
        try await body()
        Issue.record("expected a \(E.self) but nothing was thrown", sourceLocation: sourceLocation)
    } catch is E {
    } catch {
        Issue.record("expected a \(E.self) but \(error) was thrown", sourceLocation: sourceLocation)
    }
}

final class Celsius: CustomPersistable {
    var degrees: Double
    init(persistedValue: Double) { degrees = persistedValue }
    var persistableValue: Double { degrees }
}

final class Trip: Object {
    @Persisted(primaryKey: true) var name = ""
    @Persisted var stops: List<Address>
    @Persisted var temperature = Celsius(persistedValue: 20)
}

/// Carries a live object from one block of its realm to a later one.
///
/// `@unchecked Sendable`, with this proof: only blocks run on the realm's actor (`read`/`write` closures of the one
/// realm the object belongs to) read or assign `object`, and that actor runs one job at a time, so no two accesses
/// overlap; the box itself only crosses from one awaited block to the next.
final class LiveObjectBox: @unchecked Sendable {
    var object: ObjectBase?
}
