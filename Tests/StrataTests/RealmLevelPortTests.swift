import Foundation
import Strata
import Testing

// Realm-level facts from realm-swift's Objective-C suite `Realm/Tests/RealmTests.mm`, in Strata's shapes (a realm is
// an actor; `beginWriteTransaction`/`transactionWithBlock:` are `beginWrite()`/`write {}`; calls that raise there
// throw a `RealmError` here). Only facts no other suite of Tests/StrataTests asserts are ported.
//
// Ported here:
//   - testRollbackDelete, testRollbackModify, testRollbackLink, testRollbackLinkList: what cancelWrite() undoes;
//   - testRollbackTransactionWithoutExplicitCommitOrCancel: a realm closed in its write keeps nothing of it;
//   - testRealmAddAndRemoveObjects and testMultipleRealms;
//   - testCopyArrayPropertyBetweenRealms, testCopyLinksBetweenRealms, testCopyObjectsInArrayLiteral (the source is a
//     frozen copy of the other realm's object);
//   - testAddManagedObjectToOtherRealm, testDelete and testDeleteObjects: another realm's objects, reached through
//     links and lists or deleted, are refused (a frozen copy stands for them: a live object stays on its actor).
// In RealmLevelPortTests+ReadOnly.swift: testReadOnlyRealmWithMissingTables, testReadOnlyRealmWithMissingColumns,
// testCannotHaveReadOnlyAndReadWriteRealmsAtSamePathAtSameTime (read-write first),
// testCanOpenReadOnlyOnMulitpleThreadsAtOnce (with tasks), testReadOnlyRealmIsImmutable's beginWrite,
// testInvalidateOnReadOnlyRealm, testRealmFileAccessFileIsDirectory and testCannotWriteInNonExistentDirectory.
// In RealmLevelPortTests+Notifications.swift: testBeginWriteTransactionsNotifiesWithUpdatedObjects,
// testBeginWriteTransactionsRefreshesRealm, testNotificationsFireEvenWithoutReadTransaction,
// testRefreshInWriteTransactionReturnsFalse, testNotificationPipeBufferOverfull, testInvalidateBeforeReadDoesNotAssert,
// testCanRestartReadTransactionAfterInvalidate and testInvalidateInvalidatesArrays.
//
// Skipped, already asserted by RealmTests, RealmPortTests, RealmAPITests, RealmTransactionSemanticsTests,
// RealmOpeningChecksTests, LifecycleTests, ObjectCreationSemanticsTests, FreezeTests, ChangeStreamTests,
// SharedRealmTests and StaticFileHelperTests: opening errors, in-memory realms, isEmpty, isInWriteTransaction, nested
// beginWrite, testRollbackInsert, testRollbackTransactionWithBlock, testInvalidateDuringWriteRollsBack, add and
// addOrUpdate, delete and deleteAll, autorefresh and refresh, writeCopy, frozen realms, the active version limit,
// fileExists and deleteFiles. Also skipped:
//   - the threads, run loops, queues and per-thread caching (testCrossThreadAccess, testQueue*, testThreadIDReuse,
//     testHoldRealmAfterSourceThreadIsDestroyed): each opening is an actor of its own, checked by the compiler;
//   - the async transaction API (beginAsyncWriteTransaction, commitAsyncWriteTransaction, asyncTransactionWithBlock):
//     `write` is awaited in Strata; a write on a closed realm throwing `.closed` is asserted by SharedRealmTests;
//   - a notification delivered inside beginWrite (testInWriteTransactionInNotificationFromBeginWrite, the
//     ...FromWithin...Notification tests) and C++ exceptions thrown from one: Strata delivers after the write;
//   - traps: reading a deleted or invalidated object's property, a list's count after invalidate(),
//     `autorefresh = true` or an observer on a frozen realm, cancelWrite outside a write;
//   - testWritingCopyUsesWriteTransactionInProgress: Strata's writeCopy copies committed data only (documented in
//     Operations.md; asserted by SynchronousWriteCopyTests);
//   - testCannotMigrateRealmWhenRealmIsOpen: StaticFileHelperTests asserts that Strata's performMigration(for:) runs
//     beside an open realm, where Realm throws;
//   - testThaw, testThawDifferentThread, testThawPreviousVersion: a frozen `Realm` has no `thaw()` in Strata;
//   - bundled old-format files, file flags and permissions (the tests run as root), lock-file and fifo internals,
//     backup attributes, address-space exhaustion, encryption (RealmOpeningChecksTests asserts a key is refused),
//     loggers and sync metrics.

/// A string, as the Objective-C suite's `StringObject`.
final class RMTString: Object {
    @Persisted var stringCol = ""
}

/// An integer, as `IntObject`.
final class RMTInt: Object {
    @Persisted var intCol = 0
}

/// An integer primary key, as `PrimaryIntObject`.
final class RMTPrimaryInt: Object {
    @Persisted(primaryKey: true) var intCol = 0
}

/// A link to another of its kind, as `CircleObject`.
final class RMTCircle: Object {
    @Persisted var data = ""
    @Persisted var next: RMTCircle?
}

/// A list of circles, as `CircleArrayObject`.
final class RMTCircleArray: Object {
    @Persisted var circles: List<RMTCircle>
}

/// A list of integer objects, as `ArrayPropertyObject`'s `intArray`.
final class RMTIntArray: Object {
    @Persisted var name = ""
    @Persisted var intArray: List<RMTInt>
}

/// The classes of this file's realms.
let rmtTypes: [ObjectBase.Type] = [
    RMTString.self, RMTInt.self, RMTPrimaryInt.self, RMTCircle.self, RMTCircleArray.self, RMTIntArray.self,
]

/// The committed state every rollback row starts from: ints 0 and 1; circles 1 → 2 and 3; a list holding int 0.
private func rmtSeed(_ realm: isolated Realm) throws {
    let zero = try realm.create(RMTInt.self, value: [0])
    try realm.create(RMTInt.self, value: [1])
    let two = try realm.create(RMTCircle.self, value: ["2"])
    try realm.create(RMTCircle.self, value: ["1", two])
    try realm.create(RMTCircle.self, value: ["3"])
    try realm.create(RMTIntArray.self, value: ["", [zero]])
}

/// What the realm holds, one line per class, for comparing before and after a cancelled write.
private func rmtSnapshot(_ realm: isolated Realm) -> [String] {
    [
        "ints \(realm.objects(RMTInt.self).map(\.intCol))",
        "circles \(realm.objects(RMTCircle.self).map { "\($0.data)->\($0.next?.data ?? "nil")" })",
        "list \(realm.objects(RMTIntArray.self).map { "\($0.intArray.map(\.intCol))" })",
    ]
}

/// The circle whose `data` is `data`.
private func rmtCircle(_ realm: isolated Realm, _ data: String) -> RMTCircle {
    realm.objects(RMTCircle.self).where { $0.data == data }.first!
}

/// A change made in a write transaction that is then cancelled.
struct RMTRollbackRow: Sendable, CustomTestStringConvertible {
    let name: String
    let change: @Sendable (isolated Realm) throws -> Void

    var testDescription: String { name }
}

private let rollbackRows: [RMTRollbackRow] = [
    RMTRollbackRow(name: "modify a property") { realm in realm.objects(RMTInt.self)[0].intCol = 9 },
    RMTRollbackRow(name: "delete an object") { realm in try realm.delete(realm.objects(RMTInt.self)[1]) },
    RMTRollbackRow(name: "link a managed object") { realm in
        rmtCircle(realm, "3").next = rmtCircle(realm, "2")
    },
    RMTRollbackRow(name: "link an unmanaged object") { realm in
        rmtCircle(realm, "3").next = RMTCircle(value: ["new"])
    },
    RMTRollbackRow(name: "remove a link") { realm in rmtCircle(realm, "1").next = nil },
    RMTRollbackRow(name: "replace a link") { realm in rmtCircle(realm, "1").next = rmtCircle(realm, "3") },
    RMTRollbackRow(name: "append a managed object to a list") { realm in
        realm.objects(RMTIntArray.self)[0].intArray.append(realm.objects(RMTInt.self)[1])
    },
    RMTRollbackRow(name: "append an unmanaged object to a list") { realm in
        realm.objects(RMTIntArray.self)[0].intArray.append(RMTInt(value: [7]))
    },
    RMTRollbackRow(name: "remove from a list") { realm in realm.objects(RMTIntArray.self)[0].intArray.remove(at: 0) },
    RMTRollbackRow(name: "replace a list element") { realm in
        realm.objects(RMTIntArray.self)[0].intArray[0] = realm.objects(RMTInt.self)[1]
    },
    RMTRollbackRow(name: "deleteAll") { realm in try realm.deleteAll() },
]

@Suite("Realm's Objective-C RealmTests: transactions, rollback, add and delete across realms")
struct RealmLevelPortTests {
    @Test("cancelWrite() undoes every change of the write: values, deletions, links and lists", arguments: rollbackRows)
    func cancelWriteUndoes(row: RMTRollbackRow) async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rmtTypes))
        try await realm.write { realm in try rmtSeed(realm) }
        let snapshots = try await realm.write { realm -> [[String]] in
            let before = rmtSnapshot(realm)
            try row.change(realm)
            let changed = rmtSnapshot(realm)
            realm.cancelWrite()
            return [before, changed, rmtSnapshot(realm)]
        }
        let seeded = ["ints [0, 1]", "circles [\"2->nil\", \"1->2\", \"3->nil\"]", "list [\"[0]\"]"]
        #expect(snapshots[0] == seeded)
        #expect(snapshots[1] != seeded, "the change must show inside the write")
        #expect(snapshots[2] == seeded)
        #expect(await realm.read { realm in rmtSnapshot(realm) } == seeded)
    }

    @Test("An object deleted or changed in a cancelled write is valid again, through the same accessor")
    func cancelledDeleteRevalidates() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rmtTypes))
        try await realm.write { realm in _ = try realm.create(RMTInt.self, value: [5]) }
        let states = try await realm.write { realm -> [String] in
            let object = realm.objects(RMTInt.self)[0]
            object.intCol = 6
            try realm.delete(object)
            let deleted = object.isInvalidated
            realm.cancelWrite()
            return [
                "\(deleted)", "\(object.isInvalidated)", "\(realm.objects(RMTInt.self).count)",
                "\(object.isInvalidated ? -1 : object.intCol)",
            ]
        }
        #expect(states == ["true", "false", "1", "5"])
    }

    @Test("A realm closed in its write transaction keeps nothing of it")
    func closeRollsBack() async throws {
        let directory = TemporaryDirectory()
        let realm = try await Realm(configuration: directory.configuration(rmtTypes))
        try await realm.beginWrite()
        try await realm.read { realm in _ = try realm.create(RMTInt.self, value: [0]) }
        await realm.close()
        let reopened = try await Realm(configuration: directory.configuration(rmtTypes))
        #expect(await reopened.read { $0.objects(RMTInt.self).count } == 0)
        #expect(await reopened.isInWriteTransaction == false)
        try await reopened.write { realm in _ = try realm.create(RMTInt.self, value: [1]) }
        #expect(await reopened.read { $0.objects(RMTInt.self).map(\.intCol) } == [1])
    }

    @Test("Objects are counted inside the write; deleting the first and last of three leaves the middle one")
    func addAndRemoveObjects() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(rmtTypes))
        let inWrite = try await realm.write { realm -> Int in
            for value in ["a", "b", "c"] { try realm.create(RMTString.self, value: [value]) }
            return realm.objects(RMTString.self).count
        }
        #expect(inWrite == 3)
        #expect(await realm.read { $0.objects(RMTString.self).first?.stringCol } == "a")
        let afterDelete = try await realm.write { realm -> Int in
            let objects = realm.objects(RMTString.self)
            try realm.delete(objects[2])
            try realm.delete(objects[0])
            return realm.objects(RMTString.self).count
        }
        #expect(afterDelete == 1)
        #expect(await realm.read { $0.objects(RMTString.self).map(\.stringCol) } == ["b"])
    }

    @Test("Two realms of two files are in write transactions at once; each object lands in its own realm")
    func multipleRealms() async throws {
        let directory = TemporaryDirectory()
        let first = try await Realm(configuration: directory.configuration(rmtTypes))
        let second = try await Realm(
            configuration: Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("second.realm"),
                objectTypes: rmtTypes
            )
        )
        try await first.beginWrite()
        try await second.beginWrite()
        try await first.read { realm in _ = try realm.create(RMTString.self, value: ["a"]) }
        try await second.read { realm in _ = try realm.create(RMTString.self, value: ["b"]) }
        try await second.commitWrite()
        try await first.commitWrite()
        #expect(await first.read { $0.objects(RMTString.self).map(\.stringCol) } == ["a"])
        #expect(await second.read { $0.objects(RMTString.self).map(\.stringCol) } == ["b"])
    }

    @Test("create copies another realm's object with its list and links, also when nested in an array literal")
    func createCopiesAcrossRealms() async throws {
        let source = try await Realm(configuration: memoryConfiguration(rmtTypes))
        try await source.write { realm in
            try realm.create(RMTIntArray.self, value: ["holder", [[4], [5]]])
            try realm.create(RMTCircle.self, value: ["1", ["2"]])
        }
        let holders = try await source.read { realm in try realm.objects(RMTIntArray.self).freeze() }
        let circles = try await source.read { realm in
            try realm.objects(RMTCircle.self).where { $0.data == "1" }.freeze()
        }
        let target = try await Realm(configuration: memoryConfiguration(rmtTypes))
        let copied = try await target.write { realm -> [String] in
            let holder = try realm.create(RMTIntArray.self, value: holders[0])
            let circle = try realm.create(RMTCircle.self, value: circles[0])
            let literal = try realm.create(RMTCircle.self, value: ["3", ["2b", circles[0]]])
            let chain = sequence(first: literal) { $0.next }.map(\.data)
            return [
                "\(holder.name) \(holder.intArray.map(\.intCol))", "\(circle.data)->\(circle.next?.data ?? "nil")",
                "\(chain)", "\(realm.objects(RMTInt.self).count) \(realm.objects(RMTCircle.self).count)",
            ]
        }
        #expect(copied == ["holder [4, 5]", "1->2", "[\"3\", \"2b\", \"1\", \"2\"]", "2 6"])
        let sourceCounts = await source.read { realm in
            [realm.objects(RMTInt.self).count, realm.objects(RMTCircle.self).count]
        }
        #expect(sourceCounts == [2, 2])
        #expect(holders[0].isFrozen && holders[0].intArray.map(\.intCol) == [4, 5])
    }

    @Test("Another realm's objects are refused through a link, a list, delete of an object, results or a list")
    func objectsOfAnotherRealm() async throws {
        let directory = TemporaryDirectory()
        let owner = try await Realm(configuration: directory.configuration(rmtTypes))
        let other = try await Realm(configuration: memoryConfiguration(rmtTypes))
        try await owner.write { realm in
            let one = try realm.create(RMTCircle.self, value: ["1"])
            try realm.create(RMTCircleArray.self, value: [[one]])
        }
        let circles = try await owner.read { realm in try realm.objects(RMTCircle.self).freeze() }
        let arrays = try await owner.read { realm in try realm.objects(RMTCircleArray.self).freeze() }
        let outcomes = try await other.write { realm -> [String] in
            [
                thrownCase { try realm.add(RMTCircle(value: ["2", circles[0]])) },
                thrownCase { try realm.add(RMTCircleArray(value: [[circles[0]]])) },
                thrownCase { try realm.delete(circles[0]) },
                thrownCase { try realm.delete(circles) },
                thrownCase { try realm.delete(arrays[0].circles) },
            ]
        }
        #expect(outcomes == ["wrongRealm", "wrongRealm", "wrongRealm", "wrongRealm", "wrongRealm"])
        // In the realm that manages it, an unmanaged object may link to it or hold it in a list.
        let added = try await owner.write { realm -> [String] in
            let one = rmtCircle(realm, "1")
            try realm.add(RMTCircle(value: ["2", one]))
            let array = RMTCircleArray(value: [[one]])
            try realm.add(array)
            return [
                "\(realm.objects(RMTCircle.self).count)", "\(realm.objects(RMTCircleArray.self).count)",
                "\(array.circles[0].isSameObject(as: one))", "\(rmtCircle(realm, "2").next?.data ?? "nil")",
            ]
        }
        #expect(added == ["2", "2", "true", "1"])
        #expect(await owner.read { $0.objects(RMTCircle.self).count } == 2)
    }
}
