import Foundation
import Strata
import Testing

// Realm-level API from seed 004 and Realm Swift's `Realm`, with the results Realm Swift's own tests assert
// (RealmTests.swift: testIsEmpty, testAutorefresh, testExists, testWriteCopyToPath, testEquals;
// MigrationTests.swift: testSchemaVersionAtURL; PrimitiveMapTests.swift: testUpdate).

@Suite("Realm API: isEmpty, autorefresh, files, schema version, equality")
struct RealmAPITests {
    @Test("isEmpty is true for a new realm, false once a write adds an object, true again after cancelWrite")
    func isEmpty() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        #expect(await realm.isEmpty)
        let states = try await realm.write { realm -> [Bool] in
            try realm.add(Dog(value: ["name": "Rex"]))
            return [realm.isEmpty]
        }
        #expect(states == [false])
        #expect(await !realm.isEmpty)
        try await realm.write { realm in try realm.deleteAll() }
        #expect(await realm.isEmpty)
    }

    @Test("autorefresh defaults to true, can be set, and is false on a frozen realm")
    func autorefresh() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        #expect(await realm.autorefresh)
        let toggled = await realm.read { realm -> [Bool] in
            realm.autorefresh = false
            let off = realm.autorefresh
            realm.autorefresh = true
            return [off, realm.autorefresh]
        }
        #expect(toggled == [false, true])
        let frozen = try await realm.read { realm in try realm.freeze() }
        #expect(await !frozen.autorefresh)
    }

    @Test("fileExists(for:) follows the file: false, true once opened, false after deleteFiles")
    func fileExists() async throws {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration()
        #expect(!Realm.fileExists(for: configuration))
        do {
            let realm = try await Realm(configuration: configuration)
            await realm.close()
        }
        #expect(Realm.fileExists(for: configuration))
        #expect(try Realm.deleteFiles(for: configuration))
        #expect(!Realm.fileExists(for: configuration))
        #expect(try !Realm.deleteFiles(for: configuration))
    }

    @Test("schemaVersionAtURL reads the stored version; a missing file has not been initialized")
    func schemaVersionAtURL() async throws {
        let directory = TemporaryDirectory()
        var configuration = directory.configuration()
        let url = configuration.fileURL!
        #expect(throws: RealmError.fileError("Realm at path '\(url.path)' has not been initialized.")) {
            try Strata.schemaVersionAtURL(url)
        }
        do {
            let realm = try await Realm(configuration: configuration)
            await realm.close()
        }
        #expect(try Strata.schemaVersionAtURL(url) == 0)
        configuration.schemaVersion = 7
        do {
            let realm = try await Realm(configuration: configuration)
            await realm.close()
        }
        #expect(try Strata.schemaVersionAtURL(url) == 7)
        #expect(throws: RealmError.notSupported("Encryption (a non-nil encryptionKey)")) {
            try Strata.schemaVersionAtURL(url, encryptionKey: Data(count: 64))
        }
    }

    @Test("writeCopy(toFile:) writes a realm another open reads; an existing file or a key is refused")
    func writeCopyToFile() async throws {
        let directory = TemporaryDirectory()
        let realm = try await Realm(configuration: directory.configuration())
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Rex", "age": 3])) }
        let copyURL = directory.url.appendingPathComponent("copy.realm")
        try await realm.writeCopy(toFile: copyURL)
        let copy = try await Realm(configuration: Realm.Configuration(fileURL: copyURL, objectTypes: [Dog.self]))
        #expect(await copy.read { $0.objects(Dog.self).map { "\($0.name) \($0.age)" } } == ["Rex 3"])
        let frozenCopy = try await copy.read { try $0.freeze() }
        #expect(frozenCopy.isFrozen)
        await #expect(throws: RealmError.fileError("Failed to open file at path '\(copyURL.path)': File exists")) {
            try await realm.writeCopy(toFile: copyURL)
        }
        let other = directory.url.appendingPathComponent("other.realm")
        await #expect(throws: RealmError.notSupported("Encryption (a non-nil encryptionKey)")) {
            try await realm.writeCopy(toFile: other, encryptionKey: Data(count: 64))
        }
        #expect(!FileManager.default.fileExists(atPath: other.path))
    }

    @Test("Realms are equal when they are one instance; freezing twice at one version gives one frozen realm")
    func equality() async throws {
        let configuration = memoryConfiguration()
        let realm = try await Realm(configuration: configuration)
        let other = try await Realm(configuration: configuration)
        #expect(realm == realm)
        #expect(realm != other, "each Realm(configuration:) is an actor of its own")
        let (first, second) = try await realm.read { realm in (try realm.freeze(), try realm.freeze()) }
        #expect(first == second)
        #expect(first != realm)
        try await realm.write { realm in try realm.add(Dog()) }
        let third = try await realm.read { realm in try realm.freeze() }
        #expect(third != first, "a new version is another frozen realm")
        #expect(try await first.freeze() == first, "freezing a frozen realm returns it")
    }

    @Test("Results obtained before invalidate() are invalidated; results obtained after read again")
    func resultsInvalidated() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Rex"])) }
        let states = await realm.read { realm -> [Bool] in
            let dogs = realm.objects(Dog.self)
            let dog = dogs[0]
            let before = dogs.isInvalidated
            realm.invalidate()
            return [before, dogs.isInvalidated, dog.isInvalidated, realm.objects(Dog.self).isInvalidated]
        }
        #expect(states == [false, true, true, false])
    }

    @Test("Map.updateValue(_:forKey:) inserts or replaces, managed and unmanaged")
    func mapUpdateValue() async throws {
        let unmanaged = Map<String, Int>()
        unmanaged["k0"] = 1
        unmanaged.updateValue(2, forKey: "k0")
        unmanaged.updateValue(3, forKey: "k1")
        #expect(unmanaged.count == 2 && unmanaged["k0"] == 2 && unmanaged["k1"] == 3)
        let realm = try await Realm(configuration: memoryConfiguration())
        let managed = try await realm.write { realm -> [String] in
            let object = AllTypes()
            try realm.add(object)
            object.scores["k0"] = 1
            object.scores.updateValue(5, forKey: "k0")
            #expect(object.scores.count == 1 && object.scores.keys.count == 1 && object.scores.values.count == 1)
            object.scores.updateValue(6, forKey: "k1")
            return object.scores.map { "\($0.key)=\($0.value)" }
        }
        #expect(managed == ["k0=5", "k1=6"])
    }

    @Test("A frozen realm refuses beginWrite; refresh() on it is false and invalidate() keeps its reads")
    func frozenRealmTransactions() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        let frozen = try await realm.read { realm in try realm.freeze() }
        await #expect(throws: RealmError.frozen("a frozen Realm")) { try await frozen.beginWrite() }
        #expect(await frozen.refresh() == false)
        await frozen.invalidate()
        #expect(await frozen.objects(Dog.self).count == 0)
    }
}
