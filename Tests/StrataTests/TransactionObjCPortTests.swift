import Foundation
import Strata
import Testing

// Facts of realm-swift's `Realm/Tests/TransactionTests.m` in Strata's shapes (`beginWrite`, `commitWrite`,
// `cancelWrite`, `write { }`; a call Realm makes raise an exception throws a `RealmError` here), and how a write
// block's ending is handled as by `write(withoutNotifying:_:)` in `RealmSwift/Realm.swift`: a transaction still open
// when the block throws is cancelled and the error rethrown; one still open when it returns is committed.
//   - testTransactionMisuse, in its order: a create, a commit and a delete outside a transaction throw and change
//     nothing; a second beginWrite inside a transaction throws and leaves that transaction open with its work, which
//     commitWrite then commits;
//   - what an error thrown from a write block does to each kind of change made before it (TransactionTests commits
//     or raises; realm-swift's RealmTests.testThrowsWrite throws after a create), and to the block's own earlier
//     work when the error is a Realm call's; and what write does when the block commits the transaction itself and
//     then returns or throws.
//
// Already asserted elsewhere: each write call outside a transaction throwing (RealmPortTests, RealmTests), a second
// beginWrite throwing (RealmTransactionSemanticsTests, SharedRealmTests), cancelWrite undoing each kind of change
// (RealmLevelPortTests), a throwing block rolling an add back (RealmTests), a block that cancels and then throws
// (RealmTransactionSemanticsTests). Not ported: testRealmModifyObjectsOutsideOfWriteTransaction, setting a property
// of a managed object outside a write, which stops the process in Strata (a non-throwing setter), as Realm raises.

/// As Realm's `StringObject`.
final class TXOString: Object {
    @Persisted var stringCol = ""
}

/// An object with a primary key and a list, for the changes a failed write makes.
final class TXOOwner: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    @Persisted var strings: List<TXOString>
}

/// The error the write blocks of this file throw.
struct TXOStop: Error, Equatable {
    let code: Int
}

private let txoTypes: [ObjectBase.Type] = [TXOString.self, TXOOwner.self]

/// The realm's contents as text: the strings in order, then each owner with its list.
private func txoSnapshot(_ realm: isolated Realm) -> [String] {
    [
        "strings \(realm.objects(TXOString.self).map(\.stringCol))",
        "owners \(realm.objects(TXOOwner.self).map { "\($0.id) \($0.name) \($0.strings.map(\.stringCol))" })",
    ]
}

/// Opens an in-memory realm holding strings "a" and "b" and owner 1 ("one") listing "a".
private func txoSeededRealm() async throws -> Realm {
    let realm = try await Realm(configuration: memoryConfiguration(txoTypes))
    try await realm.write { realm in
        let a = try realm.create(TXOString.self, value: ["a"])
        try realm.create(TXOString.self, value: ["b"])
        try realm.create(TXOOwner.self, value: ["id": 1, "name": "one", "strings": [a]])
    }
    return realm
}

/// A change made in a write block before it throws.
struct TXOChangeRow: Sendable, CustomTestStringConvertible {
    let name: String
    let change: @Sendable (isolated Realm) throws -> Void

    var testDescription: String { name }
}

private let changeRows: [TXOChangeRow] = [
    TXOChangeRow(name: "create an object") { realm in try realm.create(TXOString.self, value: ["new"]) },
    TXOChangeRow(name: "add an object with a list") { realm in
        try realm.add(TXOOwner(value: ["id": 2, "strings": [["added"]]]))
    },
    TXOChangeRow(name: "modify a property") { realm in realm.objects(TXOString.self)[0].stringCol = "changed" },
    TXOChangeRow(name: "update by primary key") { realm in
        try realm.create(TXOOwner.self, value: ["id": 1, "name": "updated"], update: .modified)
    },
    TXOChangeRow(name: "delete an object") { realm in try realm.delete(realm.objects(TXOString.self)[1]) },
    TXOChangeRow(name: "append to a list") { realm in
        realm.objects(TXOOwner.self)[0].strings.append(realm.objects(TXOString.self)[1])
    },
    TXOChangeRow(name: "empty a list") { realm in realm.objects(TXOOwner.self)[0].strings.removeAll() },
    TXOChangeRow(name: "deleteAll") { realm in try realm.deleteAll() },
]

/// How a write block that commits its transaction itself ends, and what `write` then does.
struct TXOEndingRow: Sendable, CustomTestStringConvertible {
    let name: String
    /// Ends the block, after it created one object.
    let end: @Sendable (isolated Realm) throws -> Int
    /// The block's value, or the code of the `TXOStop` that `write` rethrows.
    let outcome: Result<Int, TXOStop>
    /// How many objects the block's create left in the realm.
    let count: Int

    var testDescription: String { name }
}

private let endingRows: [TXOEndingRow] = [
    TXOEndingRow(
        name: "commits, then returns",
        end: { realm in
            try realm.commitWrite()
            return 8
        },
        outcome: .success(8),
        count: 3
    ),
    TXOEndingRow(
        name: "commits, then throws",
        end: { realm in
            try realm.commitWrite()
            throw TXOStop(code: 2)
        },
        outcome: .failure(TXOStop(code: 2)),
        count: 3
    ),
]

@Suite("Transactions as realm-swift's Objective-C TransactionTests has them, and errors thrown from write blocks")
struct TransactionObjCPortTests {
    @Test("Misuse in testTransactionMisuse's order: each call throws; the open transaction survives a second begin")
    func transactionMisuse() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(txoTypes))
        try await realm.beginWrite()
        try await realm.read { realm in
            try realm.create(TXOString.self, value: ["a"])
            try realm.commitWrite()
        }
        let outside = await realm.read { realm -> [String] in
            [
                thrownCase { try realm.create(TXOString.self, value: ["a"]) },
                thrownCase { try realm.commitWrite() },
                "\(realm.objects(TXOString.self).count)",
            ]
        }
        #expect(outside == ["notInWriteTransaction", "notInWriteTransaction", "1"])

        try await realm.beginWrite()
        try await realm.read { realm in _ = try realm.create(TXOString.self, value: ["b"]) }
        await expectError(RealmError.alreadyInWriteTransaction) { try await realm.beginWrite() }
        let inside = await realm.read { realm in [realm.isInWriteTransaction, realm.objects(TXOString.self).count == 2]
        }
        #expect(inside == [true, true], "the transaction is still open, with its create")
        try await realm.commitWrite()
        #expect(await realm.isInWriteTransaction == false)
        #expect(await realm.read { realm in realm.objects(TXOString.self).map(\.stringCol) } == ["a", "b"])

        let deleted = await realm.read { realm -> [String] in
            let first = realm.objects(TXOString.self)[0]
            return [
                thrownCase { try realm.delete(first) }, "\(first.isInvalidated)",
                "\(realm.objects(TXOString.self).count)",
            ]
        }
        #expect(deleted == ["notInWriteTransaction", "false", "2"])
    }

    @Test("An error thrown from a write block undoes the change made before it and is rethrown", arguments: changeRows)
    func throwingBlockUndoes(_ row: TXOChangeRow) async throws {
        let realm = try await txoSeededRealm()
        let before = await realm.read { realm in txoSnapshot(realm) }
        let stringCount = await realm.read { realm in realm.objects(TXOString.self).count }
        let change = row.change
        let changed = TXOTextsBox()
        await expectError(TXOStop(code: 3)) {
            try await realm.write { realm in
                try change(realm)
                changed.texts = txoSnapshot(realm)
                throw TXOStop(code: 3)
            }
        }
        #expect(changed.texts != before, "the change shows inside the write")
        #expect(await realm.read { realm in txoSnapshot(realm) } == before)
        #expect(await realm.isInWriteTransaction == false)
        // The realm takes the next write as usual.
        try await realm.write { realm in _ = try realm.create(TXOString.self, value: ["next"]) }
        #expect(await realm.read { realm in realm.objects(TXOString.self).count } == stringCount + 1)
    }

    @Test("Objects a failed write created are invalidated; those it changed or deleted read their committed values")
    func throwingBlockAccessors() async throws {
        let realm = try await txoSeededRealm()
        let created = LiveObjectBox()
        let changed = LiveObjectBox()
        let deleted = LiveObjectBox()
        await expectError(TXOStop(code: 4)) {
            try await realm.write { realm in
                created.object = try realm.create(TXOString.self, value: ["new"])
                let strings = realm.objects(TXOString.self)
                changed.object = strings[0]
                deleted.object = strings[1]
                strings[0].stringCol = "changed"
                try realm.delete(strings[1])
                throw TXOStop(code: 4)
            }
        }
        let states = await realm.read { _ -> [String] in
            let changed = changed.object as! TXOString
            let deleted = deleted.object as! TXOString
            return [
                "created \(created.object!.isInvalidated)",
                "changed \(changed.isInvalidated) \(changed.stringCol)",
                "deleted \(deleted.isInvalidated) \(deleted.isInvalidated ? "-" : deleted.stringCol)",
            ]
        }
        #expect(states == ["created true", "changed false a", "deleted false b"])
    }

    @Test("A Realm call's error inside a write block rolls back the block's earlier work and is rethrown as it is")
    func realmErrorInBlock() async throws {
        let realm = try await txoSeededRealm()
        let before = await realm.read { realm in txoSnapshot(realm) }
        await expectError(RealmError.primaryKeyExists(type: "TXOOwner", value: "1")) {
            try await realm.write { realm in
                try realm.create(TXOString.self, value: ["first"])
                realm.objects(TXOOwner.self)[0].name = "renamed"
                try realm.add(TXOOwner(value: ["id": 1]))
            }
        }
        #expect(await realm.read { realm in txoSnapshot(realm) } == before)
        #expect(await realm.isInWriteTransaction == false)
    }

    @Test(
        "A block that commits its own transaction: write returns its value or rethrows its error; the commit stays",
        arguments: endingRows
    )
    func blockCommitsItself(_ row: TXOEndingRow) async throws {
        let realm = try await txoSeededRealm()
        let end = row.end
        let outcome: Result<Int, TXOStop>
        do {
            outcome = .success(
                try await realm.write { realm in
                    try realm.create(TXOString.self, value: ["c"])
                    return try end(realm)
                }
            )
        } catch let error as TXOStop {
            outcome = .failure(error)
        }
        #expect(outcome == row.outcome)
        #expect(await realm.isInWriteTransaction == false)
        #expect(await realm.read { realm in realm.objects(TXOString.self).count } == row.count)
    }
}

/// Carries texts out of a write block.
///
/// `@unchecked Sendable`, with this proof: only the one write block of a test assigns `texts`, and the test reads
/// it after awaiting that write, so no two accesses overlap.
private final class TXOTextsBox: @unchecked Sendable {
    var texts: [String] = []
}
