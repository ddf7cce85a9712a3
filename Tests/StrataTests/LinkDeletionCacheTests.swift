import Foundation
import Strata
import Testing

/// Deleting an object changes the objects of other classes that link to it (the engine clears their links), so
/// results over those classes must not answer from what they cached before the delete.
@Suite("Results over the objects linking to a deleted one see the cleared links")
struct LinkDeletionCacheTests {
    /// Each query over the holders, and how many holders match before and after the target is deleted.
    static let rows: [(query: String, before: Int, after: Int)] = [
        ("link == nil", 0, 1),
        ("link != nil", 1, 0),
        ("links.@count == 0", 0, 1),
        ("linkSet.@count > 0", 1, 0),
        ("ANY links.name == 'x'", 1, 0),
    ]

    @Test("A query read before the delete counts again after it, in the write and after the commit", arguments: rows)
    func queriesSeeTheDelete(_ row: (query: String, before: Int, after: Int)) async throws {
        let realm = try await Realm(configuration: memoryConfiguration([MixedLinkHolder.self, MixedLinkTarget.self]))
        let counts = try await realm.write { realm -> [Int] in
            let target = try realm.create(MixedLinkTarget.self, value: ["name": "x"])
            let holder = try realm.create(MixedLinkHolder.self, value: ["id": 1])
            holder.link = target
            holder.links.append(target)
            holder.linkSet.insert(target)
            let results = realm.objects(MixedLinkHolder.self).filter(row.query)
            let before = results.count
            try realm.delete(target)
            return [before, results.count]
        }
        let after = await realm.read { realm in realm.objects(MixedLinkHolder.self).filter(row.query).count }
        #expect(counts + [after] == [row.before, row.after, row.after])
    }
}
