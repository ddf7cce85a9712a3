import Foundation
import Strata
import Testing

// The notification facts of realm-swift's `RealmSwift/Tests/MixedCollectionTest.swift`:
// testMixedCollectionObjectNotifications, testMixedCollectionDictionaryNotifications and
// testMixedCollectionArrayNotifications. Realm observes each write with a new token; here each write has a stream of
// its own, made before the write (streams are registered when `changes()` returns).

/// One write to the holder's nested collections, and the path of the collection it is observed on.
struct MCPWriteRow: Sendable, CustomTestStringConvertible {
    let label: String
    let path: [MCPStep]
    let write: @Sendable (AnyRealmValue) -> Void
    /// What the observer reports: the changed properties' names for an object, else `deletions/insertions/modified`.
    let reported: String

    var testDescription: String { label }
}

extension MixedCollectionPortTests {
    static let objectRows: [MCPWriteRow] = [
        MCPWriteRow(label: "the whole value replaced", path: [], write: { _ in }, reported: "anyValue"),
        MCPWriteRow(
            label: "a value three levels down replaced",
            path: [],
            write: { mcpValue($0, at: ["key0", "key1", 0])!.listValue![0] = .bool(true) },
            reported: "anyValue"
        ),
        MCPWriteRow(
            label: "a nested list appended to",
            path: [],
            write: { mcpValue($0, at: ["key0", "key1"])!.listValue!.append(.float(33.33)) },
            reported: "anyValue"
        ),
        MCPWriteRow(
            label: "a nested list's last value removed",
            path: [],
            write: { mcpValue($0, at: ["key0", "key1"])!.listValue!.removeLast() },
            reported: "anyValue"
        ),
        MCPWriteRow(
            label: "a nested list emptied",
            path: [],
            write: { mcpValue($0, at: ["key0", "key1"])!.listValue!.removeAll() },
            reported: "anyValue"
        ),
        MCPWriteRow(
            label: "a key added to a nested dictionary",
            path: [],
            write: { mcpValue($0, at: ["key0"])!.dictionaryValue!["key2"] = .string("nowhere") },
            reported: "anyValue"
        ),
        MCPWriteRow(
            label: "a key removed from a nested dictionary",
            path: [],
            write: { mcpValue($0, at: ["key0"])!.dictionaryValue!["key2"] = nil },
            reported: "anyValue"
        ),
        MCPWriteRow(
            label: "the top dictionary emptied",
            path: [],
            write: { $0.dictionaryValue!.removeAll() },
            reported: "anyValue"
        ),
    ]

    @Test("Every write to a nested collection, at any depth, is a change of the object's one mixed property")
    func objectNotifications() async throws {
        let realm = try await Realm(configuration: mcpConfiguration())
        try await realm.write { realm in _ = try realm.create(MCPHolder.self, value: ["id": 1]) }
        try await withTimeout {
            for (offset, row) in Self.objectRows.enumerated() {
                let stream = await realm.read { realm in mcpHolder(realm).changes() }
                var changes = stream.makeAsyncIterator()
                try await realm.write { realm in
                    let holder = mcpHolder(realm)
                    if offset == 0 {
                        holder.anyValue = .fromDictionary([
                            "key0": .fromDictionary(["key1": .fromArray([.fromArray([.int(3)])])])
                        ])
                    } else {
                        row.write(holder.anyValue)
                    }
                }
                #expect(optChangeNames(await changes.next()) == row.reported, "\(row.label)")
            }
        }
    }
}

extension MixedCollectionPortTests {
    /// The writes of realm-swift's dictionary test, each observed on the dictionary at its path.
    static let dictionaryRows: [MCPWriteRow] = [
        MCPWriteRow(
            label: "a dictionary added under a new key",
            path: [],
            write: { $0.dictionaryValue!["key2"] = .fromDictionary(dictionaryEntries) },
            reported: "[]/[key2]/[]"
        ),
        MCPWriteRow(
            label: "another added under a new key",
            path: [],
            write: { $0.dictionaryValue!["key10"] = .fromDictionary(dictionaryEntries) },
            reported: "[]/[key10]/[]"
        ),
        MCPWriteRow(
            label: "a key of that nested dictionary given a string",
            path: ["key10"],
            write: { mcpValue($0, at: ["key10"])!.dictionaryValue!["key0"] = .string("new") },
            reported: "[]/[]/[key0]"
        ),
        MCPWriteRow(
            label: "a key removed",
            path: [],
            write: { $0.dictionaryValue!["key3"] = nil },
            reported: "[key3]/[]/[]"
        ),
        MCPWriteRow(
            label: "a key added two levels down",
            path: ["key0", "key1"],
            write: { mcpValue($0, at: ["key0", "key1"])!.dictionaryValue!["key6"] = .date(date) },
            reported: "[]/[key6]/[]"
        ),
        MCPWriteRow(
            label: "that dictionary emptied",
            path: ["key0", "key1"],
            write: { mcpValue($0, at: ["key0", "key1"])!.dictionaryValue!.removeAll() },
            reported: "[key5, key6]/[]/[]"
        ),
    ]

    /// The holder's dictionary at the start, made anew each time.
    static var dictionaryEntries: [String: AnyRealmValue] {
        ["key0": .fromDictionary(["key1": .fromDictionary(["key5": .float(43)])]), "key3": .decimal128(Decimal128(1))]
    }

    @Test("A nested dictionary's observer reports the keys a write inserts, deletes and modifies in it")
    func dictionaryNotifications() async throws {
        let realm = try await Realm(configuration: mcpConfiguration())
        try await realm.write { realm in
            let holder = MCPHolder(value: ["id": 1])
            holder.anyValue = .fromDictionary(Self.dictionaryEntries)
            try realm.add(holder)
        }
        try await withTimeout {
            for row in Self.dictionaryRows {
                let stream = await realm.read { realm in
                    mcpValue(mcpHolder(realm).anyValue, at: row.path)!.dictionaryValue!.changes()
                }
                var changes = stream.makeAsyncIterator()
                guard case .initial? = await changes.next() else {
                    Issue.record("\(row.label): no initial")
                    return
                }
                try await realm.write { realm in row.write(mcpHolder(realm).anyValue) }
                var reported = "nothing"
                if case .update(_, let deletions, let insertions, let modifications)? = await changes.next() {
                    reported = "\(deletions)/\(insertions)/\(modifications)".replacingOccurrences(of: "\"", with: "")
                }
                #expect(reported == row.reported, "\(row.label)")
            }
        }
    }

    /// The writes of realm-swift's list test, each observed on the list at its path.
    static let listRows: [MCPWriteRow] = [
        MCPWriteRow(
            label: "a list appended",
            path: [],
            write: { $0.listValue!.append(.fromArray(listElements)) },
            reported: "[]/[2]/[]"
        ),
        MCPWriteRow(
            label: "a value of a nested list replaced",
            path: [0],
            write: { mcpValue($0, at: [0])!.listValue![1] = .objectId(objectId) },
            reported: "[]/[]/[1]"
        ),
        MCPWriteRow(
            label: "the last value two levels down removed",
            path: [0, 0],
            write: { mcpValue($0, at: [0, 0])!.listValue!.removeLast() },
            reported: "[2]/[]/[]"
        ),
        MCPWriteRow(
            label: "that list emptied",
            path: [0, 0],
            write: { mcpValue($0, at: [0, 0])!.listValue!.removeAll() },
            reported: "[0, 1]/[]/[]"
        ),
    ]

    /// The holder's list at the start, made anew each time.
    static var listElements: [AnyRealmValue] {
        [
            .fromArray([.fromArray([.float(43), .string("lunch"), .double(12.34)]), .bool(false)]),
            .decimal128(Decimal128(1)),
        ]
    }

    @Test("A nested list's observer reports the positions a write inserts, deletes and modifies in it")
    func listNotifications() async throws {
        let realm = try await Realm(configuration: mcpConfiguration())
        try await realm.write { realm in
            let holder = MCPHolder(value: ["id": 1])
            holder.anyValue = .fromArray(Self.listElements)
            try realm.add(holder)
        }
        try await withTimeout {
            for row in Self.listRows {
                let stream = await realm.read { realm in
                    mcpValue(mcpHolder(realm).anyValue, at: row.path)!.listValue!.changes()
                }
                var changes = stream.makeAsyncIterator()
                guard case .initial? = await changes.next() else {
                    Issue.record("\(row.label): no initial")
                    return
                }
                try await realm.write { realm in row.write(mcpHolder(realm).anyValue) }
                var reported = "nothing"
                if case .update(_, let deletions, let insertions, let modifications)? = await changes.next() {
                    reported = "\(deletions)/\(insertions)/\(modifications)"
                }
                #expect(reported == row.reported, "\(row.label)")
            }
        }
    }
}
