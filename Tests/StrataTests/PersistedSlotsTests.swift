import Foundation
import Testing

@testable import Strata

/// A model no other test uses, so that its first object is made before Strata knows the class.
final class SlotFirstSeen: Object {
    @Persisted var count = 7
    @Persisted var name: String
    @Persisted var tags: List<String>
}

/// A model the test of frozen objects stores.
final class SlotRow: Object {
    @Persisted var count = 0
    @Persisted var name: String
    @Persisted var tags: List<String>
}

/// An `Encodable` model no other test uses: its wrappers keep an unmanaged object's values for synthesized coding.
final class SlotEncoded: Object, Codable {
    @Persisted var count = 3
    @Persisted var note = "declared"
}

// Each `@Persisted` wrapper holds its property's number (PersistedSlots.swift): written when an object is made once its
// class is known, or on the first access of an object made before. These tests hold both ways to the values each
// property must give, and the numbers written to the properties' own.
@Suite("Property numbers kept in the wrappers")
struct PersistedSlotsTests {
    @Test(
        "An object made before its class is known reads and writes its properties, and later ones are numbered when made"
    )
    func firstSeenClass() throws {
        let early = SlotFirstSeen()
        // Its wrappers are numbered on this first access, all at once.
        #expect(early.name == "")
        #expect(early.count == 7)
        early.tags.append("a")
        early.count = 8
        #expect(early.count == 8)
        #expect(Array(early.tags) == ["a"])
        let info = try ObjectClassInfo.of(SlotFirstSeen.self)
        #expect(info.properties.map(\.name) == ["count", "name", "tags"])
        // A later object is numbered when it is made: its slots already hold each property's position plus one.
        let later = SlotFirstSeen()
        for property in info.properties {
            let slot = try #require(property.wrapperField.slotOffset)
            let value = withExtendedLifetime(later) {
                Unmanaged.passUnretained(later).toOpaque().load(fromByteOffset: slot, as: Int.self)
            }
            #expect(value == property.position + 1)
        }
        later.name = "second"
        #expect(later.name == "second")
        #expect(later.count == 7)
        #expect(early.name == "")
    }

    @Test("An Encodable model's numbers carry the flag, and its wrappers keep the values set for coding")
    func encodableModel() throws {
        let object = SlotEncoded()
        object.count = 11
        let info = try ObjectClassInfo.of(SlotEncoded.self)
        for property in info.properties {
            let slot = try #require(property.wrapperField.slotOffset)
            let value = withExtendedLifetime(object) {
                Unmanaged.passUnretained(object).toOpaque().load(fromByteOffset: slot, as: Int.self)
            }
            #expect(value == (property.position | PersistedSlots.encodableFlag) + 1)
        }
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(object)) as? [String: Any]
        #expect(json?["count"] as? Int == 11)
        #expect(json?["note"] as? String == "declared")
    }

    @Test("Objects made for rows and read from many tasks at once give each property its own value")
    func frozenObjectsFromManyTasks() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([SlotRow.self]))
        try await realm.write { realm in
            for index in 0..<50 {
                let object = SlotRow()
                object.count = index
                object.name = "n\(index)"
                object.tags.append(objectsIn: ["t\(index)"])
                try realm.add(object)
            }
        }
        let frozen = try await realm.read { realm in try realm.objects(SlotRow.self).sorted(byKeyPath: "count").freeze()
        }
        let rows = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    frozen.map { "\($0.count) \($0.name) \($0.tags.first ?? "")" }
                }
            }
            var all: [[String]] = []
            for await rows in group { all.append(rows) }
            return all
        }
        let expected = (0..<50).map { "\($0) n\($0) t\($0)" }
        #expect(rows.count == 4)
        for taskRows in rows { #expect(taskRows == expected) }
    }
}
