import Foundation
import Strata
import Testing

/// An object that links and mixed values name.
final class MixedLinkTarget: Object {
    @Persisted(primaryKey: true) var name = ""
}

/// An object that only mixed values name: no link column targets its class, so it has no backlinks.
final class MixedLinkLoner: Object {
    @Persisted(primaryKey: true) var name = ""
}

/// Holds references to targets in every place a reference can sit.
final class MixedLinkHolder: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var any: AnyRealmValue
    @Persisted var anyList: List<AnyRealmValue>
    @Persisted var anySet: MutableSet<AnyRealmValue>
    @Persisted var anyMap: Map<String, AnyRealmValue>
    @Persisted var link: MixedLinkTarget?
    @Persisted var links: List<MixedLinkTarget>
    @Persisted var linkSet: MutableSet<MixedLinkTarget>
    @Persisted var linkMap: Map<String, MixedLinkTarget?>
}

/// A value as the table below writes it: a referenced object by its name, a collection in brackets (a set's
/// elements and a dictionary's keys sorted), `nil` for none, `<invalid>` for a dangling reference.
private func linkText(_ value: AnyRealmValue) -> String {
    switch value {
    case .none: return "nil"
    case .int(let v): return "\(v)"
    case .bool(let v): return "\(v)"
    case .string(let v): return v
    case .object(let object):
        if object.isInvalidated { return "<invalid>" }
        return (object as? MixedLinkTarget)?.name ?? (object as? MixedLinkLoner)?.name ?? "?"
    case .list(let list): return "[\(list.map(linkText).joined(separator: ", "))]"
    case .dictionary(let map):
        return "[\(map.keys.sorted().map { "\($0): \(linkText(map[$0] ?? .none))" }.joined(separator: ", "))]"
    default: return "\(value)"
    }
}

private func linkText(_ target: MixedLinkTarget?) -> String {
    guard let target else { return "nil" }
    return target.isInvalidated ? "<invalid>" : target.name
}

/// One place a reference to the deleted object sits.
struct MixedLinkPlacement: Sendable, CustomStringConvertible {
    enum Victim: Sendable { case target, loner }

    let description: String
    /// The deleted object: target `x`, or loner `lx`.
    let victim: Victim
    /// The property that holds the reference.
    let property: String
    /// Stores the references, given `x`, `y` (a target that stays) and `lx`.
    let fill: @Sendable (MixedLinkHolder, MixedLinkTarget, MixedLinkTarget, MixedLinkLoner) -> Void
    let read: @Sendable (MixedLinkHolder) -> String
    let before: String
    let after: String
    /// For a list property: its positions that the deletion removes (what its change stream reports).
    let listDeletions: [Int]?
    /// For a list property: its positions whose nested collection the deletion changes.
    let listModifications: [Int]

    init(
        _ description: String,
        victim: Victim = .target,
        property: String,
        before: String,
        after: String,
        listDeletions: [Int]? = nil,
        listModifications: [Int] = [],
        fill: @escaping @Sendable (MixedLinkHolder, MixedLinkTarget, MixedLinkTarget, MixedLinkLoner) -> Void,
        read: @escaping @Sendable (MixedLinkHolder) -> String
    ) {
        self.description = description
        self.victim = victim
        self.property = property
        self.before = before
        self.after = after
        self.listDeletions = listDeletions
        self.listModifications = listModifications
        self.fill = fill
        self.read = read
    }

    // Realm's rules (realm-core's TypedLinks_Mixed, TypedLinks_MixedList, Set_Links, Dictionary_TypedLinks and
    // List_NestedCollection_Links): a mixed value naming a deleted object becomes null, a list loses the element,
    // a set loses the element, a dictionary keeps the key with a null value; inside nested collections the same.
    // Ordinary links, lists, sets and maps of objects follow the same rule.
    static let all: [MixedLinkPlacement] = [
        .init("a single AnyRealmValue", property: "any", before: "x", after: "nil") { h, x, _, _ in
            h.any = .object(x)
        } read: {
            linkText($0.any)
        },
        .init(
            "a single AnyRealmValue naming an object no link column targets",
            victim: .loner,
            property: "any",
            before: "lx",
            after: "nil"
        ) { h, _, _, lx in
            h.any = .object(lx)
        } read: {
            linkText($0.any)
        },
        .init(
            "a List<AnyRealmValue>",
            property: "anyList",
            before: "[1, x, s, x, y]",
            after: "[1, s, y]",
            listDeletions: [1, 3]
        ) { h, x, y, _ in
            h.anyList.append(objectsIn: [.int(1), .object(x), .string("s"), .object(x), .object(y)])
        } read: {
            linkText(.list($0.anyList))
        },
        .init("a MutableSet<AnyRealmValue>", property: "anySet", before: "[1, x, y]", after: "[1, y]") { h, x, y, _ in
            h.anySet.insert(objectsIn: [.int(1), .object(x), .object(y)])
        } read: {
            "[\($0.anySet.map(linkText).sorted().joined(separator: ", "))]"
        },
        .init(
            "a Map<String, AnyRealmValue>",
            property: "anyMap",
            before: "[a: x, b: 2, c: y]",
            after: "[a: nil, b: 2, c: y]"
        ) { h, x, y, _ in
            h.anyMap["a"] = .object(x)
            h.anyMap["b"] = .int(2)
            h.anyMap["c"] = .object(y)
        } read: {
            linkText(.dictionary($0.anyMap))
        },
        .init("a list nested in an AnyRealmValue", property: "any", before: "[x, 3, y]", after: "[3, y]") {
            h,
            x,
            y,
            _ in
            h.any = .fromArray([.object(x), .int(3), .object(y)])
        } read: {
            linkText($0.any)
        },
        .init(
            "a dictionary nested in an AnyRealmValue",
            property: "any",
            before: "[p: x, q: true]",
            after: "[p: nil, q: true]"
        ) { h, x, _, _ in
            h.any = .fromDictionary(["p": .object(x), "q": .bool(true)])
        } read: {
            linkText($0.any)
        },
        .init(
            "a dictionary nested in a List<AnyRealmValue>",
            property: "anyList",
            before: "[[k: x], y]",
            after: "[[k: nil], y]",
            listDeletions: [],
            listModifications: [0]
        ) { h, x, y, _ in
            h.anyList.append(objectsIn: [.fromDictionary(["k": .object(x)]), .object(y)])
        } read: {
            linkText(.list($0.anyList))
        },
        .init(
            "a list nested in a Map<String, AnyRealmValue>",
            property: "anyMap",
            before: "[l: [x, y]]",
            after: "[l: [y]]"
        ) { h, x, y, _ in
            h.anyMap["l"] = .fromArray([.object(x), .object(y)])
        } read: {
            linkText(.dictionary($0.anyMap))
        },
        .init(
            "a list in a dictionary in a list in an AnyRealmValue",
            property: "any",
            before: "[[d: [x, 4]]]",
            after: "[[d: [4]]]"
        ) { h, x, _, _ in
            h.any = .fromArray([.fromDictionary(["d": .fromArray([.object(x), .int(4)])])])
        } read: {
            linkText($0.any)
        },
        .init("an object link", property: "link", before: "x", after: "nil") { h, x, _, _ in
            h.link = x
        } read: {
            linkText($0.link)
        },
        .init(
            "a List of objects",
            property: "links",
            before: "[x, y, x]",
            after: "[y]",
            listDeletions: [0, 2]
        ) { h, x, y, _ in
            h.links.append(objectsIn: [x, y, x])
        } read: {
            "[\($0.links.map(linkText).joined(separator: ", "))]"
        },
        .init("a MutableSet of objects", property: "linkSet", before: "[x, y]", after: "[y]") { h, x, y, _ in
            h.linkSet.insert(objectsIn: [x, y])
        } read: {
            "[\($0.linkSet.map(linkText).sorted().joined(separator: ", "))]"
        },
        .init("a Map of objects", property: "linkMap", before: "[a: x, b: y]", after: "[a: nil, b: y]") {
            h,
            x,
            y,
            _ in
            h.linkMap["a"] = x
            h.linkMap["b"] = y
        } read: { h in
            "[\(h.linkMap.keys.sorted().map { "\($0): \(linkText(h.linkMap[$0] ?? nil))" }.joined(separator: ", "))]"
        },
    ]
}

/// How the object is deleted.
enum MixedLinkDeletion: String, Sendable, CaseIterable, CustomStringConvertible {
    /// `realm.delete(object)`.
    case object = "delete(object)"
    /// `realm.delete(results)`, the results holding the victim and another unreferenced object.
    case results = "delete(results)"
    /// `realm.deleteAll()`: the holder goes too.
    case all = "deleteAll()"

    var description: String { rawValue }
}

@Suite("Deleting an object clears the references to it, mixed values included, as Realm does")
struct MixedLinkDeletionTests {
    static func makeRealm() async throws -> Realm {
        let realm = try await Realm(
            configuration: memoryConfiguration([MixedLinkTarget.self, MixedLinkLoner.self, MixedLinkHolder.self])
        )
        try await realm.write { realm in
            for name in ["x", "y", "z"] { try realm.add(MixedLinkTarget(value: [name])) }
            for name in ["lx", "lz"] { try realm.add(MixedLinkLoner(value: [name])) }
            try realm.add(MixedLinkHolder(value: ["id": 1]))
        }
        return realm
    }

    @Test(
        "the reference reads as Realm leaves it, live and in frozen views taken before and after",
        arguments: MixedLinkPlacement.all,
        MixedLinkDeletion.allCases
    )
    func deletion(placement: MixedLinkPlacement, deletion: MixedLinkDeletion) async throws {
        let realm = try await Self.makeRealm()
        try await realm.write { realm in
            let holder = realm.objects(MixedLinkHolder.self).first!
            placement.fill(
                holder,
                realm.object(ofType: MixedLinkTarget.self, forPrimaryKey: "x")!,
                realm.object(ofType: MixedLinkTarget.self, forPrimaryKey: "y")!,
                realm.object(ofType: MixedLinkLoner.self, forPrimaryKey: "lx")!
            )
        }
        let (frozenBefore, holders, objectStream) = try await realm.read { realm in
            let holders = realm.objects(MixedLinkHolder.self)
            return (try holders.freeze(), holders.changes(), holders.first!.changes())
        }
        var holderChanges = holders.makeAsyncIterator()
        var objectChanges = objectStream.makeAsyncIterator()
        guard case .initial = await holderChanges.next() else {
            Issue.record("no initial notification")
            return
        }
        let listStream = await realm.read { realm -> ChangeStream<RealmCollectionChange<List<AnyRealmValue>>>? in
            placement.property == "anyList" ? realm.objects(MixedLinkHolder.self).first!.anyList.changes() : nil
        }
        var listChanges = listStream?.makeAsyncIterator()
        if listChanges != nil {
            guard case .initial = await listChanges!.next() else {
                Issue.record("no initial list notification")
                return
            }
        }
        #expect(placement.read(frozenBefore.first!) == placement.before)

        let liveAfter = try await realm.write { realm in
            switch (deletion, placement.victim) {
            case (.object, .target): try realm.delete(realm.object(ofType: MixedLinkTarget.self, forPrimaryKey: "x")!)
            case (.object, .loner): try realm.delete(realm.object(ofType: MixedLinkLoner.self, forPrimaryKey: "lx")!)
            case (.results, .target): try realm.delete(realm.objects(MixedLinkTarget.self).filter("name IN {'x', 'z'}"))
            case (.results, .loner): try realm.delete(realm.objects(MixedLinkLoner.self))
            case (.all, _): try realm.deleteAll()
            }
            // Read inside the same write, right after the deletion.
            return realm.objects(MixedLinkHolder.self).first.map { placement.read($0) }
        }
        let frozenAfter = try await realm.read { realm in try realm.objects(MixedLinkHolder.self).freeze() }
        // The frozen view taken before keeps the old version, the object included.
        #expect(placement.read(frozenBefore.first!) == placement.before)

        switch deletion {
        case .object, .results:
            #expect(liveAfter == placement.after)
            #expect(frozenAfter.first.map(placement.read) == placement.after)
            let committed = await realm.read { realm in realm.objects(MixedLinkHolder.self).first.map(placement.read) }
            #expect(committed == placement.after)
            // The holder is reported modified: by its results, and by its object stream with the property named.
            guard case .update(_, let deletions, let insertions, let modifications)? = await holderChanges.next() else {
                Issue.record("no update notification")
                return
            }
            #expect(deletions == [] && insertions == [] && modifications == [0])
            guard case .change(_, let properties)? = await objectChanges.next() else {
                Issue.record("no object change")
                return
            }
            #expect(properties.map(\.name).contains(placement.property))
            if listChanges != nil, let expected = placement.listDeletions {
                guard case .update(_, let deletions, let insertions, let modifications)? = await listChanges!.next()
                else {
                    Issue.record("no list update")
                    return
                }
                #expect(deletions == expected && insertions == [] && modifications == placement.listModifications)
            }
        case .all:
            #expect(liveAfter == nil)
            #expect(frozenAfter.isEmpty)
            guard case .update(_, let deletions, _, _)? = await holderChanges.next() else {
                Issue.record("no update notification")
                return
            }
            #expect(deletions == [0])
            guard case .deleted? = await objectChanges.next() else {
                Issue.record("no deletion")
                return
            }
        }
    }

    @Test("a delete of many objects clears the references to each of them")
    func manyObjects() async throws {
        let realm = try await Self.makeRealm()
        try await realm.write { realm in
            let targets = (0..<20).map { MixedLinkTarget(value: ["t\($0)"]) }
            for target in targets { try realm.add(target) }
            for (index, target) in targets.enumerated() {
                try realm.add(
                    MixedLinkHolder(value: [
                        "id": 100 + index,
                        "any": AnyRealmValue.object(target),
                        "anyList": [AnyRealmValue.object(target), .int(index)],
                    ])
                )
            }
        }
        try await realm.write { realm in
            try realm.delete(realm.objects(MixedLinkTarget.self).filter("name BEGINSWITH 't'"))
        }
        let read = await realm.read { realm in
            realm.objects(MixedLinkHolder.self).filter("id >= 100").sorted(byKeyPath: "id").map {
                "\(linkText($0.any)) \(linkText(.list($0.anyList)))"
            }
        }
        #expect(read == (0..<20).map { "nil [\($0)]" })
    }

    @Test("a query on the holder's mixed value sees the cleared reference at once")
    func queryAfterDeletion() async throws {
        let realm = try await Self.makeRealm()
        try await realm.write { realm in
            let holder = realm.objects(MixedLinkHolder.self).first!
            holder.any = .object(realm.object(ofType: MixedLinkLoner.self, forPrimaryKey: "lx")!)
        }
        try await realm.write { realm in
            let empty = realm.objects(MixedLinkHolder.self).filter("any == nil")
            #expect(empty.count == 0)
            try realm.delete(realm.object(ofType: MixedLinkLoner.self, forPrimaryKey: "lx")!)
            #expect(empty.count == 1)
        }
    }
}
