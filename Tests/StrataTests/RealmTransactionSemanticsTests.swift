import Foundation
import Strata
import Synchronization
import Testing

// Transactions, add, delete and invalidate as Realm Swift's RealmTests.swift asserts them (testIsEmpty,
// testBeginWrite, testCancelWrite, testInWriteTransaction, testAddSingleObject, testAddWithUpdateSingleObject,
// testAddWithUpdateMultipleObjects, testDeleteSingleObject, testDeleteSequenceOfObjects, testDeleteListOfObjects,
// testDeleteMutableSetOfObjects, testDeleteResults, testObjects, testInvalidate, testRefresh), in Strata's shapes:
// the calls that Realm Swift makes raise an exception throw a `RealmError` here.

final class RSEmployee: Object {
    @Persisted var name = ""
    @Persisted var age = 0
}

final class RSCompany: Object {
    @Persisted var employees: List<RSEmployee>
    @Persisted var employeeSet: MutableSet<RSEmployee>
    @Persisted var employeeMap: Map<String, RSEmployee?>
}

final class RSInt: Object {
    @Persisted var intCol = 0
}

final class RSPrimaryString: Object {
    @Persisted(primaryKey: true) var stringCol = ""
    @Persisted var intCol = 0
}

private let rsTypes: [ObjectBase.Type] = [RSEmployee.self, RSCompany.self, RSInt.self, RSPrimaryString.self]

/// Records whether a write's block ran.
private final class RanFlag: Sendable {
    private let ran = Atomic<Bool>(false)
    var value: Bool {
        get { ran.load(ordering: .sequentiallyConsistent) }
        set { ran.store(newValue, ordering: .sequentiallyConsistent) }
    }
}

/// Runs `body` and names the `RealmError` case it throws ("none" when it returns).
func thrownCase(_ body: () throws -> Void) -> String {
    do {
        try body()
        return "none"
    } catch let error as RealmError {
        return realmErrorCase(error)
    } catch {
        return "other: \(error)"
    }
}

/// The name of a `RealmError`'s case.
func realmErrorCase(_ error: RealmError) -> String {
    switch error {
    case .primaryKeyExists: "primaryKeyExists"
    case .notInWriteTransaction: "notInWriteTransaction"
    case .alreadyInWriteTransaction: "alreadyInWriteTransaction"
    case .writeTransactionOfAnotherTask: "writeTransactionOfAnotherTask"
    case .objectInvalidated: "objectInvalidated"
    case .frozen: "frozen"
    case .wrongRealm: "wrongRealm"
    case .invalidValue: "invalidValue"
    case .invalidSchema: "invalidSchema"
    case .schemaMismatch: "schemaMismatch"
    case .invalidSchemaChange: "invalidSchemaChange"
    case .referenceAlreadyResolved: "referenceAlreadyResolved"
    case .closed: "closed"
    case .fileError: "fileError"
    case .readOnly: "readOnly"
    case .tooManyActiveVersions: "tooManyActiveVersions"
    case .notSupported: "notSupported"
    case .invalidQuery: "invalidQuery"
    @unknown default: "\(error)"
    }
}

@Suite("Realm transactions, add, delete and invalidate as Realm Swift's RealmTests has them")
struct RealmTransactionSemanticsTests {
    @Test("isEmpty follows a manual transaction: false after a create, true after cancelWrite, false after commit")
    func isEmptyInManualTransaction() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rsTypes))
        var states = [await realm.isEmpty]
        try await realm.beginWrite()
        states += try await realm.read { realm -> [Bool] in
            try realm.create(RSInt.self, value: [1])
            let inWrite = realm.isEmpty
            realm.cancelWrite()
            return [inWrite, realm.isEmpty]
        }
        try await realm.beginWrite()
        states += try await realm.read { realm -> [Bool] in
            try realm.create(RSInt.self, value: [1])
            try realm.commitWrite()
            return [realm.isEmpty]
        }
        #expect(states == [true, false, true, false])
    }

    @Test("isInWriteTransaction: beginWrite, cancelWrite, cancelWrite inside write, invalidate during a write")
    func isInWriteTransaction() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rsTypes))
        var states = [await realm.isInWriteTransaction]
        try await realm.beginWrite()
        states.append(await realm.isInWriteTransaction)
        await realm.cancelWrite()
        states.append(await realm.isInWriteTransaction)
        // cancelWrite inside write's block ends the transaction; write then returns without committing.
        states += try await realm.write { realm -> [Bool] in
            let before = realm.isInWriteTransaction
            try realm.create(RSInt.self, value: [1])
            realm.cancelWrite()
            return [before, realm.isInWriteTransaction]
        }
        states.append(await realm.isInWriteTransaction)
        // invalidate() during a write rolls it back.
        try await realm.beginWrite()
        try await realm.read { realm in _ = try realm.create(RSInt.self, value: [2]) }
        await realm.invalidate()
        states.append(await realm.isInWriteTransaction)
        #expect(states == [false, true, false, true, false, false, false])
        #expect(await realm.read { $0.objects(RSInt.self).count } == 0)
    }

    @Test("beginWrite while in a write throws; after cancelWrite a new write begins")
    func beginWriteTwice() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rsTypes))
        try await realm.beginWrite()
        await expectError(RealmError.alreadyInWriteTransaction) { try await realm.beginWrite() }
        await realm.cancelWrite()
        try await realm.beginWrite()
        let count = try await realm.read { realm -> Int in
            try realm.create(RSInt.self, value: [1])
            return realm.objects(RSInt.self).count
        }
        #expect(count == 1)
        try await realm.commitWrite()
        #expect(await realm.read { $0.objects(RSInt.self).count } == 1)
    }

    @Test("cancelWrite outside a write transaction stops with Realm's message")
    func cancelWriteOutsideWrite() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try await Realm(configuration: memoryConfiguration([RSInt.self]))
            try await realm.write { realm in _ = try realm.create(RSInt.self) }
            await realm.cancelWrite()
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Can't cancel a non-existent write transaction"))
    }

    @Test("A cancelled task's write throws CancellationError without running its block, waiting or not")
    func cancelledTaskWrites() async throws {
        let directory = TemporaryDirectory()
        let realm = try await Realm(configuration: directory.configuration(rsTypes))
        let other = try await Realm(configuration: directory.configuration(rsTypes))
        // Cancelled before write is called, with the file free.
        let before = RanFlag()
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await other.write { realm in
                before.value = true
                try realm.add(RSInt())
            }
        }
        await #expect(throws: CancellationError.self) { try await early.value }
        // Cancelled while waiting for another realm's write.
        try await realm.beginWrite()
        let waiting = RanFlag()
        let late = Task {
            try await other.write { realm in
                waiting.value = true
                try realm.add(RSInt())
            }
        }
        try await Task.sleep(for: .milliseconds(50))
        late.cancel()
        try await Task.sleep(for: .milliseconds(50))
        // The other write ends before the cancelled one is awaited, so that a waiter left queued would run (and fail
        // the expectations below) rather than wait forever.
        await realm.cancelWrite()
        await #expect(throws: CancellationError.self) { try await late.value }
        #expect([before.value, waiting.value] == [false, false])
        #expect(await other.read { $0.objects(RSInt.self).count } == 0)
        #expect(await other.read { $0.isInWriteTransaction } == false)
        try await other.write { realm in try realm.add(RSInt()) }
        #expect(await realm.read { $0.objects(RSInt.self).count } == 1)
    }

    @Test("A block that cancels its write and then throws rethrows the error and commits nothing")
    func cancelThenThrow() async throws {
        struct Stop: Error, Equatable {}
        let realm = try await Realm(configuration: memoryConfiguration(rsTypes))
        await expectError(Stop()) {
            try await realm.write { realm in
                try realm.create(RSInt.self)
                realm.cancelWrite()
                throw Stop()
            }
        }
        #expect(await realm.read { $0.objects(RSInt.self).count } == 0)
        #expect(await realm.isInWriteTransaction == false)
    }

    @Test("Objects created in a cancelled write are invalidated, and the realm has none of them")
    func cancelWriteInvalidatesCreatedObjects() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rsTypes))
        let states = try await realm.write { realm -> [String] in
            let created = try realm.create(RSInt.self, value: [1])
            let added = RSInt(value: [2])
            try realm.add(added)
            realm.cancelWrite()
            return [
                "\(created.isInvalidated)", "\(added.isInvalidated)", "\(realm.objects(RSInt.self).count)",
            ]
        }
        #expect(states == ["true", "true", "0"])
        #expect(await realm.read { $0.objects(RSInt.self).count } == 0)
    }

    @Test("A write returns its block's value: the created object's properties")
    func writeReturning() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rsTypes))
        let value = try await realm.write { realm in try realm.create(RSInt.self, value: [7]).intCol }
        #expect(value == 7)
    }

    @Test("Adding an object already managed by the realm again is a no-op, with and without update")
    func addManagedAgain() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rsTypes))
        let counts = try await realm.write { realm -> [Int] in
            let object = RSInt()
            try realm.add(object)
            let first = realm.objects(RSInt.self).count
            try realm.add(object)
            let keyed = RSPrimaryString()
            try realm.add(keyed, update: .all)
            try realm.add(keyed, update: .all)
            try realm.add(RSPrimaryString(), update: .all)
            return [first, realm.objects(RSInt.self).count, realm.objects(RSPrimaryString.self).count]
        }
        #expect(counts == [1, 1, 1])
    }

    @Test("add(_:update:) of two unmanaged objects with one primary key leaves one object")
    func addSequenceWithUpdate() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rsTypes))
        let count = try await realm.write { realm -> Int in
            try realm.add([RSPrimaryString(value: ["k", 1]), RSPrimaryString(value: ["k", 2])], update: .all)
            return realm.objects(RSPrimaryString.self).count
        }
        #expect(count == 1)
        #expect(await realm.read { $0.object(ofType: RSPrimaryString.self, forPrimaryKey: "k")?.intCol } == 2)
    }

    @Test("Adding an object of another realm file throws, with and without update, one object or results")
    func addObjectOfAnotherRealm() async throws {
        let directory = TemporaryDirectory()
        let first = try await Realm(configuration: memoryConfiguration(rsTypes))
        let second = try await Realm(configuration: directory.configuration(rsTypes))
        try await first.write { realm in
            try realm.add(RSInt())
            try realm.add(RSPrimaryString())
        }
        let frozen = try await first.read { realm in
            (try realm.objects(RSInt.self).freeze(), try realm.objects(RSPrimaryString.self).freeze())
        }
        // A live object of the first realm cannot reach the second's actor; its frozen copy stands for it.
        let outcomes = try await second.write { realm -> [String] in
            [
                thrownCase { try realm.add(frozen.0[0]) },
                thrownCase { try realm.add(frozen.1[0], update: .all) },
                thrownCase { try realm.add(frozen.0) },
                thrownCase { try realm.add(frozen.1, update: .modified) },
            ]
        }
        #expect(outcomes == ["wrongRealm", "wrongRealm", "wrongRealm", "wrongRealm"])
        #expect(await second.read { $0.objects(RSInt.self).count } == 0)
        // A frozen object of the realm's own file is refused as frozen: thawing it gives the live object to add.
        let own = try await first.read { realm in try realm.objects(RSInt.self).freeze() }
        let ownOutcome = try await first.write { realm in thrownCase { try realm.add(own[0]) } }
        #expect(ownOutcome == "frozen")
    }

    @Test("delete refuses an unmanaged, a deleted or a frozen object, in and out of a write")
    func deleteRefusals() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rsTypes))
        let outcomes = try await realm.write { realm -> [String] in
            let object = RSInt()
            let unmanaged = thrownCase { try realm.delete(object) }
            try realm.add(object)
            let count = realm.objects(RSInt.self).count
            try realm.delete(object)
            return [
                unmanaged, "\(count)", "\(realm.objects(RSInt.self).count)", thrownCase { try realm.delete(object) },
            ]
        }
        #expect(outcomes == ["invalidValue", "1", "0", "objectInvalidated"])
        let outside = await realm.read { realm in thrownCase { try realm.delete(RSInt()) } }
        #expect(outside == "notInWriteTransaction")
        try await realm.write { realm in try realm.add(RSInt()) }
        let frozen = try await realm.read { realm in try realm.objects(RSInt.self).freeze() }
        let frozenOutcome = try await realm.write { realm in thrownCase { try realm.delete(frozen[0]) } }
        #expect(frozenOutcome == "wrongRealm")
        #expect(await realm.read { $0.objects(RSInt.self).count } == 1)
    }

    @Test("delete of a sequence, a list, a set and filtered results deletes exactly those objects")
    func deleteCollections() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rsTypes))
        let counts = try await realm.write { realm -> [String] in
            var steps: [String] = []
            let objects = [RSInt(value: [1]), RSInt(value: [1]), RSInt(value: [2])]
            try realm.add(objects)
            try realm.delete(realm.objects(RSInt.self).filter("intCol = 1"))
            steps.append("results: \(realm.objects(RSInt.self).map(\.intCol))")
            try realm.delete([objects[2]])
            steps.append("sequence: \(realm.objects(RSInt.self).count)")

            let company = RSCompany()
            company.employees.append(RSEmployee(value: ["name": "list"]))
            company.employeeSet.insert(RSEmployee(value: ["name": "set"]))
            company.employeeMap["m"] = RSEmployee(value: ["name": "map"])
            try realm.add(company)
            steps.append("employees: \(realm.objects(RSEmployee.self).count)")
            try realm.delete(company.employees)
            steps.append("list: \(company.employees.count) \(realm.objects(RSEmployee.self).map(\.name).sorted())")
            try realm.delete(company.employeeSet)
            steps.append("set: \(company.employeeSet.count) \(realm.objects(RSEmployee.self).map(\.name))")
            return steps
        }
        #expect(
            counts == [
                "results: [2]", "sequence: 0", "employees: 3", "list: 0 [\"map\", \"set\"]", "set: 0 [\"map\"]",
            ]
        )
        #expect(await realm.read { $0.objects(RSEmployee.self).map(\.name) } == ["map"])
    }

    @Test("deleteAll empties every class and invalidates the objects read before")
    func deleteAll() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rsTypes))
        let states = try await realm.write { realm -> [String] in
            let object = RSInt()
            let company = RSCompany()
            company.employees.append(RSEmployee())
            try realm.add([object])
            try realm.add(company)
            // Realm Swift raises when a property of a deleted object is read, so the list is read before.
            let employees = company.employees
            let before = [object.isInvalidated, company.isInvalidated, employees.isInvalidated]
            try realm.deleteAll()
            let after = [object.isInvalidated, company.isInvalidated, employees.isInvalidated]
            let counts = [
                realm.objects(RSInt.self).count, realm.objects(RSCompany.self).count,
                realm.objects(RSEmployee.self).count,
            ]
            return ["\(before)", "\(after)", "\(counts)", "\(realm.isEmpty)"]
        }
        #expect(states == ["[false, false, false]", "[true, true, true]", "[0, 0, 0]", "true"])
    }

    @Test("objects(_:) and dynamicObjects(_:) count each class separately")
    func objectsByClass() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rsTypes))
        try await realm.write { realm in
            for value in [100, 200, 300] { try realm.create(RSInt.self, value: [value]) }
        }
        let counts = await realm.read { realm in
            [
                realm.objects(RSPrimaryString.self).count, realm.objects(RSInt.self).count,
                realm.dynamicObjects("RSPrimaryString").count, realm.dynamicObjects("RSInt").count,
            ]
        }
        #expect(counts == [0, 3, 0, 3])
        let values = await realm.read { realm in realm.dynamicObjects("RSInt").map { $0["intCol"] as? Int ?? -1 } }
        #expect(values == [100, 200, 300])
    }

    @Test("dynamicObject(ofType:forPrimaryKey:) finds by key and reads properties by name")
    func dynamicObjectForPrimaryKey() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rsTypes))
        try await realm.write { realm in
            try realm.create(RSPrimaryString.self, value: ["a", 1])
            try realm.create(RSPrimaryString.self, value: ["b", 2])
        }
        let read = await realm.read { realm -> [String] in
            let found = realm.dynamicObject(ofType: "RSPrimaryString", forPrimaryKey: "a")
            return [
                "\(found?["stringCol"] as? String ?? "-") \(found?["intCol"] as? Int ?? -1)",
                "\(realm.dynamicObject(ofType: "RSPrimaryString", forPrimaryKey: "z") == nil)",
                "\(realm.dynamicObject(ofType: "NoSuchClass", forPrimaryKey: "a") == nil)",
                "\(found?.isSameObject(as: realm.object(ofType: RSPrimaryString.self, forPrimaryKey: "a")) == true)",
            ]
        }
        #expect(read == ["a 1", "true", "true", "true"])
        let frozen = try await realm.read { realm in try realm.freeze() }
        let frozenRead = await frozen.read { realm in
            realm.dynamicObject(ofType: "RSPrimaryString", forPrimaryKey: "b").map {
                [$0.isFrozen, $0["intCol"] as? Int == 2]
            }
        }
        #expect(frozenRead == [true, true])
    }

    @Test("dynamicCreate(_:value:update:) creates by class name and gives an object read and written by name")
    func dynamicCreate() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rsTypes + [Person.self, Dog.self]))
        let read = try await realm.write { realm -> [String] in
            let object = try realm.dynamicCreate("RSPrimaryString", value: ["1", 5])
            let first = "\(object["stringCol"] as? String ?? "-") \(object["intCol"] as? Int ?? -1)"
            object["intCol"] = 6
            try realm.dynamicCreate("RSPrimaryString", value: ["stringCol": "1", "intCol": 7], update: .modified)
            let typed = realm.object(ofType: RSPrimaryString.self, forPrimaryKey: "1")
            return [
                first, "\(type(of: object))", "\(typed?.intCol ?? -1) \(realm.objects(RSPrimaryString.self).count)",
                thrownCase { try realm.dynamicCreate("RSPrimaryString", value: ["1"]) },
                thrownCase { try realm.dynamicCreate("NoSuchClass") },
                thrownCase { try realm.dynamicCreate("Address") },
            ]
        }
        #expect(read == ["1 5", "DynamicObject", "7 1", "primaryKeyExists", "invalidValue", "invalidValue"])
        let outside = await realm.read { realm in thrownCase { try realm.dynamicCreate("RSInt") } }
        #expect(outside == "notInWriteTransaction")
    }

    @Test("An object invalidated by invalidate() stays invalidated after later writes")
    func invalidateIsForever() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rsTypes))
        let box = LiveObjectBox()
        try await realm.write { realm in
            let object = RSInt()
            try realm.add(object)
            box.object = object
        }
        await realm.invalidate()
        let afterInvalidate = await realm.read { _ in box.object!.isInvalidated }
        let afterWrite = try await realm.write { realm -> [String] in
            try realm.add(RSInt())
            return ["\(realm.objects(RSInt.self).count)", "\(box.object!.isInvalidated)"]
        }
        #expect(afterInvalidate)
        #expect(afterWrite == ["2", "true"])
    }

    @Test("With autorefresh off, another realm's commit is seen only after refresh(), which returns true once")
    func refreshWithAutorefreshOff() async throws {
        let directory = TemporaryDirectory()
        let realm = try await Realm(configuration: directory.configuration(rsTypes))
        let writer = try await Realm(configuration: directory.configuration(rsTypes))
        let results = await realm.read { realm in
            realm.autorefresh = false
            return realm.objects(RSInt.self).count
        }
        try await writer.write { realm in _ = try realm.create(RSInt.self, value: [5]) }
        let states = await realm.read { realm -> [String] in
            let results = realm.objects(RSInt.self)
            let before = results.count
            let moved = realm.refresh()
            let again = realm.refresh()
            return ["\(before)", "\(moved)", "\(results.count)", "\(results.first?.intCol ?? -1)", "\(again)"]
        }
        #expect(results == 0)
        #expect(states == ["0", "true", "1", "5", "false"])
    }

    @Test("seedFilePath: a missing file starts as a copy of the seed; an existing file is opened as it is")
    func seedFilePath() async throws {
        let directory = TemporaryDirectory()
        let original = directory.configuration(rsTypes)
        do {
            let realm = try await Realm(configuration: original)
            try await realm.write { realm in try realm.add(RSInt(value: [1])) }
            await realm.close()
        }
        var destination = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("destination.realm"),
            objectTypes: rsTypes,
            seedFilePath: original.fileURL
        )
        var counts: [Int] = []
        do {
            let realm = try await Realm(configuration: destination)
            counts.append(await realm.read { $0.objects(RSInt.self).count })
            try await realm.write { realm in try realm.add(RSInt(value: [2])) }
            counts.append(await realm.read { $0.objects(RSInt.self).count })
            await realm.close()
        }
        do {
            let realm = try await Realm(configuration: original)
            try await realm.write { realm in try realm.deleteAll() }
            counts.append(await realm.read { $0.objects(RSInt.self).count })
            await realm.close()
        }
        do {
            // The destination exists now: the seed (emptied meanwhile) is not copied again.
            let realm = try await Realm(configuration: destination)
            counts.append(await realm.read { $0.objects(RSInt.self).count })
            await realm.close()
        }
        #expect(counts == [1, 2, 0, 2])
        destination.fileURL = directory.url.appendingPathComponent("other.realm")
        destination.seedFilePath = directory.url.appendingPathComponent("missing.realm")
        await #expect(throws: RealmError.self) { _ = try await Realm(configuration: destination) }
        #expect(!Realm.fileExists(for: destination))
    }
}
