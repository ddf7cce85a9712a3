import Foundation
import Testing

@testable import Strata

/// A class nothing links to or from: deleting all of it goes at once (WholeTableDeletion.swift).
final class Memo: Object {
    @Persisted(primaryKey: true) var _id: ObjectId
    @Persisted(indexed: true) var text = ""
    @Persisted var rank = 0
}

/// Names memos through mixed values, which a deletion clears: a single one, and elements of a list.
final class MemoHolder: Object {
    @Persisted var any: AnyRealmValue
    @Persisted var many: List<AnyRealmValue>
}

// `realm.delete(realm.objects(Memo.self))` removes a table's rows in one engine call when nothing links to or from
// the class. These tests hold it to deleting the same objects one by one (an array of them): the same notifications,
// the same invalidated objects, mixed values cleared, the primary keys free again.
@Suite("Deleting every object of a class at once", .timeLimit(.minutes(10)))
struct WholeTableDeletionTests {
    static func configuration() -> Realm.Configuration {
        memoryConfiguration([Memo.self, MemoHolder.self, Person.self, Dog.self, AllTypes.self])
    }

    /// A realm of 700 memos (several leaves, some deleted to leave gaps) and a holder naming memo 3.
    static func filledRealm(ids: [ObjectId]) async throws -> Realm {
        let realm = try await Realm(configuration: configuration())
        try await realm.write { realm in
            for (index, id) in ids.enumerated() {
                try realm.add(Memo(value: ["_id": id, "text": "m\(index % 13)", "rank": (index * 7) % 23]))
            }
            let memos = realm.objects(Memo.self)
            try realm.delete(memos.filter("rank == 5"))
            let holder = MemoHolder()
            holder.any = .object(memos.filter("_id == %@", ids[3]).first!)
            holder.many.append(objectsIn: [.object(memos[1]), .int(7), .object(memos[2]), .string("kept")])
            try realm.add(holder)
        }
        return realm
    }

    /// What deleting every memo did: the change of the unsorted and the sorted results, the observed memo's change,
    /// the held memo's invalidation, the holder's value, the count, and a re-added key.
    static func outcome(deleteAtOnce: Bool, ids: [ObjectId]) async throws -> [String] {
        let realm = try await filledRealm(ids: ids)
        let (all, sorted, filtered, one, held) = try await realm.read { realm in
            let memos = realm.objects(Memo.self)
            let first = memos.first!
            return try (
                memos.changes(), memos.sorted(byKeyPath: "text").changes(), memos.filter("rank > 10").changes(),
                first.changes(), ThreadSafeReference(to: first)
            )
        }
        var allChanges = all.makeAsyncIterator()
        var sortedChanges = sorted.makeAsyncIterator()
        var filteredChanges = filtered.makeAsyncIterator()
        var oneChanges = one.makeAsyncIterator()
        _ = await allChanges.next()
        _ = await sortedChanges.next()
        _ = await filteredChanges.next()
        let count = try await realm.write { realm in
            let heldMemo = try realm.resolve(held)!
            let memos = realm.objects(Memo.self)
            let before = memos.count
            if deleteAtOnce {
                try realm.delete(memos)
            } else {
                try realm.delete(Array(memos))
            }
            // The keys are free again in the same write.
            try realm.add(Memo(value: ["_id": ids[0], "text": "again"]))
            // The text index holds only the new memo.
            let indexed = memos.filter("text == 'again'").count + memos.filter("text == 'm1'").count
            return [
                "before \(before)", "invalidated \(heldMemo.isInvalidated)", "after \(memos.count)",
                "again \(realm.object(ofType: Memo.self, forPrimaryKey: ids[0])?.text ?? "nil")", "indexed \(indexed)",
            ]
        }
        var lines = count
        for changes in [await allChanges.next(), await sortedChanges.next(), await filteredChanges.next()] {
            guard case .update(let results, let deletions, let insertions, let modifications)? = changes else {
                lines.append("no update")
                continue
            }
            lines.append("deleted \(deletions) inserted \(insertions) modified \(modifications) count \(results.count)")
        }
        switch await oneChanges.next() {
        case .deleted?: lines.append("observed memo deleted")
        default: lines.append("observed memo not deleted")
        }
        lines += await realm.read { realm in
            realm.objects(MemoHolder.self).map { holder -> String in
                let many = holder.many.map { "\($0)" }.joined(separator: ", ")
                if case .none = holder.any { return "holder cleared, list [\(many)]" }
                return "holder \(holder.any), list [\(many)]"
            }
        }
        return lines
    }

    @Test("deleting every memo at once does what deleting them one by one does")
    func matchesOneByOne() async throws {
        let ids = (0..<700).map { _ in ObjectId.generate() }
        let atOnce = try await Self.outcome(deleteAtOnce: true, ids: ids)
        let oneByOne = try await Self.outcome(deleteAtOnce: false, ids: ids)
        #expect(atOnce == oneByOne)
        #expect(atOnce.contains("invalidated true") && atOnce.contains("after 1") && atOnce.contains("again again"))
        #expect(atOnce.contains("indexed 1") && atOnce.contains("observed memo deleted"))
        #expect(atOnce.last?.hasPrefix("holder cleared, list [") == true && atOnce.last?.contains("kept") == true)
        #expect(atOnce.last?.contains("object") == false, "\(atOnce)")
    }

    @Test("memos added in the same write are deleted too; other classes are untouched")
    func sameWriteAndOtherClasses() async throws {
        let realm = try await Self.filledRealm(ids: (0..<40).map { _ in ObjectId.generate() })
        let counts = try await realm.write { realm in
            try realm.add(Dog(value: ["name": "Rex", "age": 3]))
            for index in 0..<30 { try realm.add(Memo(value: ["_id": ObjectId.generate(), "rank": index])) }
            try realm.delete(realm.objects(Memo.self))
            return (realm.objects(Memo.self).count, realm.objects(Dog.self).count)
        }
        #expect(counts == (0, 1))
        let afterCommit = await realm.read { realm in realm.objects(Memo.self).count }
        #expect(afterCommit == 0)
    }

    @Test("the wholesale path is taken for every memo, and not for a query or a class with links")
    func pathTaken() async throws {
        let realm = try await Self.filledRealm(ids: (0..<50).map { _ in ObjectId.generate() })
        try await realm.write { realm in
            try realm.add(Dog(value: ["name": "Rex", "age": 3]))
            #expect(try realm.objects(Memo.self).filter("rank > 3").deleteWholeTable(of: realm) == false)
            #expect(try realm.objects(Dog.self).deleteWholeTable(of: realm) == false)
            #expect(realm.objects(Memo.self).count == 48 && realm.objects(Dog.self).count == 1)
            #expect(try realm.objects(Memo.self).deleteWholeTable(of: realm) == true)
            #expect(realm.objects(Memo.self).isEmpty)
        }
    }

    @Test("classes with links are still deleted object by object: links cleared, embedded objects cascaded")
    func linkedClassesFallBack() async throws {
        let realm = try await Realm(configuration: Self.configuration())
        try await realm.write { realm in
            let person = Person(value: ["id": 1, "name": "Ann", "address": ["street": "Main", "city": "Oslo"]])
            person.dogs.append(Dog(value: ["name": "Rex", "age": 3]))
            try realm.add(person)
            try realm.add(Person(value: ["id": 2, "name": "Bo", "address": ["street": "High", "city": "Rome"]]))
            let address = try #require(person.address)
            try realm.delete(realm.objects(Dog.self))
            #expect(person.dogs.isEmpty)
            #expect(realm.objects(Person.self).count == 2)
            try realm.delete(realm.objects(Person.self))
            #expect(realm.objects(Person.self).isEmpty && address.isInvalidated)
        }
    }

    @Test("an empty class, and sorted results of every memo, delete as the loop does")
    func emptyAndSorted() async throws {
        let realm = try await Realm(configuration: Self.configuration())
        try await realm.write { realm in
            #expect(try realm.objects(Memo.self).deleteWholeTable(of: realm) == true)
            try realm.delete(realm.objects(Memo.self))
            for rank in 0..<20 { try realm.add(Memo(value: ["_id": ObjectId.generate(), "rank": rank])) }
            try realm.delete(realm.objects(Memo.self).sorted(byKeyPath: "rank", ascending: false))
            #expect(realm.objects(Memo.self).isEmpty)
        }
    }

    @Test("frozen results are refused as one by one refuses them")
    func frozenResults() async throws {
        let realm = try await Self.filledRealm(ids: (0..<10).map { _ in ObjectId.generate() })
        let frozen = try await realm.read { realm in try realm.objects(Memo.self).freeze() }
        try await realm.write { realm in
            #expect(throws: RealmError.self) { try realm.delete(frozen) }
            #expect(realm.objects(Memo.self).count == 9)
        }
    }
}
