import Foundation
import Strata
import Testing

import struct StrataTestSupport.SeededGenerator

/// The model of MixedLinkDeletionModelTests: each holder's mixed values by the names of the targets they name.
private struct MixedLinkModel: Equatable {
    /// Holder id → its single mixed value (a target's name, or nil).
    var any: [Int: String?] = [:]
    var list: [Int: [String]] = [:]
    var map: [Int: [String: String?]] = [:]
    var targets: Set<String> = []

    /// Deleting target `name`, as Realm clears what names it: a single value becomes nil, a list drops the element,
    /// a dictionary keeps the key with a nil value.
    mutating func delete(_ name: String) {
        targets.remove(name)
        for (id, value) in any where value == name { any[id] = .some(nil) }
        for id in list.keys { list[id]!.removeAll { $0 == name } }
        for id in map.keys {
            for (key, value) in map[id]! where value == name { map[id]![key] = .some(nil) }
        }
    }
}

/// Deletions of single objects in a loop, interleaved with writes of mixed values that name them, against a model:
/// the cleared values are the same whether the scan of mixed values is kept from an earlier deletion or made anew.
@Suite("Mixed link deletion, model-based")
struct MixedLinkDeletionModelTests {
    /// The realm's holders as the model writes them.
    private static func observed(_ realm: isolated Realm) -> MixedLinkModel {
        var model = MixedLinkModel()
        for target in realm.objects(MixedLinkTarget.self) { model.targets.insert(target.name) }
        for holder in realm.objects(MixedLinkHolder.self) {
            model.any[holder.id] = .some(name(holder.any))
            model.list[holder.id] = holder.anyList.map { name($0) ?? "nil" }
            model.map[holder.id] = Dictionary(uniqueKeysWithValues: holder.anyMap.map { ($0.key, name($0.value)) })
        }
        return model
    }

    private static func name(_ value: AnyRealmValue) -> String? {
        guard case .object(let object) = value else { return nil }
        return object.isInvalidated ? "<invalid>" : (object as? MixedLinkTarget)?.name ?? "?"
    }

    @Test("random sets, appends, map writes and single deletions in few and many transactions")
    func randomOperations() async throws {
        let seed = UInt64.random(in: 0..<UInt64.max)
        print("MixedLinkDeletionModelTests seed: \(seed)")
        var random = SeededGenerator(seed: seed)
        let realm = try await Realm(
            configuration: memoryConfiguration([MixedLinkHolder.self, MixedLinkTarget.self, MixedLinkLoner.self])
        )
        var model = MixedLinkModel()
        for id in 0..<6 {
            model.any[id] = .some(nil)
            model.list[id] = []
            model.map[id] = [:]
        }
        var nextTarget = 0
        try await realm.write { realm in
            for id in 0..<6 { try realm.add(MixedLinkHolder(value: ["id": id])) }
        }
        for transaction in 0..<40 {
            // Runs of deletions (the kept scan) broken by writes (a new scan).
            let operations = (0..<Int.random(in: 5...60, using: &random)).map { _ in
                (
                    Int.random(in: 0..<10, using: &random), Int.random(in: 0..<6, using: &random),
                    Int.random(in: 0..<1_000, using: &random)
                )
            }
            let (start, firstName) = (model, nextTarget)
            let (before, after, created) = try await realm.write { realm -> (MixedLinkModel, MixedLinkModel, Int) in
                var expected = start
                var created = firstName
                for (kind, holderID, pick) in operations {
                    let holder = realm.object(ofType: MixedLinkHolder.self, forPrimaryKey: holderID)!
                    let names = expected.targets.sorted()
                    let target = names.isEmpty ? nil : names[pick % names.count]
                    let object = target.flatMap { realm.object(ofType: MixedLinkTarget.self, forPrimaryKey: $0) }
                    switch (kind, object) {
                    case (0, _), (1, nil):
                        let name = "t\(created)"
                        created += 1
                        try realm.add(MixedLinkTarget(value: [name]))
                        expected.targets.insert(name)
                    case (1, let object?):
                        holder.any = .object(object)
                        expected.any[holderID] = .some(target)
                    case (2, let object?):
                        holder.anyList.append(.object(object))
                        expected.list[holderID]!.append(target!)
                    case (3, let object?):
                        holder.anyMap["k\(pick % 3)"] = .object(object)
                        expected.map[holderID]!["k\(pick % 3)"] = .some(target)
                    case (_, let object?):
                        // Most operations delete one target: runs of single deletions.
                        try realm.delete(object)
                        expected.delete(target!)
                    default:
                        continue
                    }
                }
                return (expected, Self.observed(realm), created)
            }
            nextTarget = created
            #expect(after == before, "transaction \(transaction), seed \(seed)")
            model = before
        }
        let final = await Self.observed(realm)
        #expect(final == model, "seed \(seed)")
    }
}
