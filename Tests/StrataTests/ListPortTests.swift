import Foundation
import Strata
import Testing

// The facts of realm-swift's `RealmSwift/Tests/ListTests.swift` (lists of objects) not already asserted by
// ListTests, ListRangeEditingTests, CollectionSemanticsTests+* and CollectionElementEditTests. Realm runs each
// fact on four lists: an unmanaged object's, one of an object added to the realm (the same instance used after the
// commit), one of an object made by `create`, and one of an object read back from the realm; `str1` ("1") and
// `str2` ("2") are managed, and each case runs inside a write, as Realm's `setUp` leaves one open.
//
// Ported here:
//   - testAppendObject, testAppendArray, testAppendResults, testInsert, testRemoveAtIndex, testRemoveAtOffsets,
//     testRemoveLast, testRemoveAll, testReplace, testMove, testMoveFromOffsets, testReplaceRange, testSwapAt: as
//     scripts of edits with the list after each, on the four lists (appending managed objects never copies them;
//     an unmanaged object appended to a managed list is added once);
//   - testChangesArePersisted: another accessor of the same list sees the edits in the write and after it;
//   - testInvalidated: on the four lists;
//   - testPopulateEmptyArray: an unmanaged object appended twice, around one made by `create`;
//   - testEnumeratingListWithListProperties: default values of objects appended to a list, after the commit;
//   - testValueForKey, testValueForKeyOptional: `value(forKeyPath:)` of results through a list, and of a property;
//   - ListRRCMethodsTests: the `RangeReplaceableCollection` methods, closed ranges included, with what `Array`
//     gives (Realm runs them unmanaged; here managed too), in ListPortTests+RangeReplacement.swift;
//   - every `assertThrows` of those tests (out-of-bounds and negative indices, removing more than the list holds),
//     with Realm's messages, in ListPortTests+Stopping.swift.
//
// Skipped:
//   - testAppendEmbedded, testSetEmbedded, testUnmanagedListComparison, testFastEnumerationWithMutation: already
//     asserted by ObjectCollectionSemanticsTests, EmbeddedParentSemanticsTests and UnmanagedCollectionEqualityTests;
//   - `isEqual(_:)` and `optNSStringCol` of testValueForKeyOptional: Objective-C (NSObject equality, NSString);
//   - `RealmOptional` (`optIntCol.value`): a deprecated Realm Swift type that Strata does not have (only
//     `@Persisted` declarations exist, see the migration guide);
//   - `beginWrite()`/`commitWrite()` around the cases: the same facts run inside `write` blocks (a realm is an
//     actor, see the migration guide), and `add`/`create`/`delete` throw.

/// A string object, as realm-swift's `SwiftStringObject`.
final class LPString: Object {
    @Persisted var stringCol = ""
}

/// An integer object, as realm-swift's `SwiftIntObject`.
final class LPInt: Object {
    @Persisted var intCol = 0
}

/// The owner of the lists under test, as realm-swift's `SwiftArrayPropertyObject`.
final class LPOwner: Object {
    @Persisted var name = ""
    @Persisted var array: List<LPString>
    @Persisted var intArray: List<LPInt>
}

/// A linked object with a default, as realm-swift's `SwiftBoolObject`.
final class LPFlag: Object {
    @Persisted var boolCol = false
}

/// An object whose properties have defaults, as realm-swift's `SwiftObject`.
final class LPDeep: Object {
    @Persisted var intCol = 123
    @Persisted var doubleCol = 12.3
    @Persisted var stringCol = "a"
    @Persisted var decimalCol: Decimal128 = 123
    @Persisted var objectIdCol = ObjectId.generate()
    @Persisted var objectCol: LPFlag? = LPFlag()
    @Persisted var arrayCol: List<LPFlag>
}

/// A list of ``LPDeep``, as realm-swift's `SwiftListOfSwiftObject`.
final class LPDeepList: Object {
    @Persisted var array: List<LPDeep>
}

/// Optional properties, as realm-swift's `SwiftOptionalObject`.
final class LPOptionals: Object {
    @Persisted var optIntCol: Int?
    @Persisted var optInt8Col: Int8?
    @Persisted var optDoubleCol: Double?
    @Persisted var optStringCol: String?
    @Persisted var optDecimalCol: Decimal128?
    @Persisted var optObjectIdCol: ObjectId?
    @Persisted var optObjectCol: LPFlag?
}

/// A list of ``LPOptionals``, as realm-swift's `SwiftListOfSwiftOptionalObject`.
final class LPOptionalsList: Object {
    @Persisted var array: List<LPOptionals>
}

/// The object types of these tests.
let lpObjectTypes: [ObjectBase.Type] = [
    LPString.self, LPInt.self, LPOwner.self, LPFlag.self, LPDeep.self, LPDeepList.self, LPOptionals.self,
    LPOptionalsList.self,
]

/// Where the list under test comes from: realm-swift's ListStandaloneTests, ListNewlyAddedTests,
/// ListNewlyCreatedTests and ListRetrievedTests.
enum LPOrigin: String, CaseIterable, Sendable, Codable {
    case standalone, newlyAdded, newlyCreated, retrieved
}

/// Runs `body` inside a write with the owner of the list from `origin`, and `str1` ("1") and `str2` ("2"), which a
/// previous write added; returns the realm.
@discardableResult
func lpWithOwner(
    _ origin: LPOrigin,
    _ body: @escaping @Sendable (LPOwner, LPString, LPString, isolated Realm) throws -> Void
) async throws -> Realm {
    let realm = try await Realm(configuration: memoryConfiguration(lpObjectTypes))
    let box = LiveObjectBox()
    try await realm.write { realm in
        try realm.create(LPString.self, value: ["1"])
        try realm.create(LPString.self, value: ["2"])
        switch origin {
        case .standalone: break
        case .newlyAdded:
            let owner = LPOwner(value: ["name": "name"])
            try realm.add(owner)
            box.object = owner
        case .newlyCreated: box.object = try realm.create(LPOwner.self, value: ["name"])
        case .retrieved: try realm.create(LPOwner.self, value: ["name"])
        }
    }
    try await realm.write { realm in
        let strings = realm.objects(LPString.self).sorted(byKeyPath: "stringCol")
        let owner =
            switch origin {
            case .standalone: LPOwner()
            case .retrieved: realm.objects(LPOwner.self).first!
            case .newlyAdded, .newlyCreated: box.object as! LPOwner
            }
        #expect((owner.realm == nil) == (origin == .standalone), "\(origin)")
        try body(owner, strings[0], strings[1], realm)
    }
    return realm
}

/// One edit of a realm-swift list test, on elements named by their `stringCol` ("1", "2", "3").
enum LPEdit: Sendable, CustomStringConvertible {
    case append(String)
    case appendAll(String)
    case appendResults
    case insert(String, at: Int)
    case remove(at: Int)
    case removeOffsets([Int])
    case removeLast
    case removeAll
    case replace(Int, String)
    case move(from: Int, to: Int)
    case moveOffsets([Int], to: Int)
    case replaceSubrange(Range<Int>, String)
    case swapAt(Int, Int)

    var description: String {
        switch self {
        case .append(let name): "append(\(name))"
        case .appendAll(let names): "append(objectsIn: \(names))"
        case .appendResults: "append(objectsIn: results)"
        case .insert(let name, let index): "insert(\(name), at: \(index))"
        case .remove(let index): "remove(at: \(index))"
        case .removeOffsets(let offsets): "remove(atOffsets: \(offsets))"
        case .removeLast: "removeLast()"
        case .removeAll: "removeAll()"
        case .replace(let index, let name): "replace(index: \(index), object: \(name))"
        case .move(let from, let to): "move(from: \(from), to: \(to))"
        case .moveOffsets(let offsets, let to): "move(fromOffsets: \(offsets), toOffset: \(to))"
        case .replaceSubrange(let range, let names): "replaceSubrange(\(range), with: \(names))"
        case .swapAt(let one, let two): "swapAt(\(one), \(two))"
        }
    }

    func apply(to list: List<LPString>, objects: (Character) -> LPString, all: Results<LPString>) {
        func named(_ names: String) -> [LPString] { names.map(objects) }
        switch self {
        case .append(let name): list.append(objects(Character(name)))
        case .appendAll(let names): list.append(objectsIn: named(names))
        case .appendResults: list.append(objectsIn: all)
        case .insert(let name, let index): list.insert(objects(Character(name)), at: index)
        case .remove(let index): list.remove(at: index)
        case .removeOffsets(let offsets): list.remove(atOffsets: IndexSet(offsets))
        case .removeLast: list.removeLast()
        case .removeAll: list.removeAll()
        case .replace(let index, let name): list.replace(index: index, object: objects(Character(name)))
        case .move(let from, let to): list.move(from: from, to: to)
        case .moveOffsets(let offsets, let to): list.move(fromOffsets: IndexSet(offsets), toOffset: to)
        case .replaceSubrange(let range, let names): list.replaceSubrange(range, with: named(names))
        case .swapAt(let one, let two): list.swapAt(one, two)
        }
    }
}

/// A realm-swift list test as a script: the elements appended first, then each edit with the list it leaves.
struct LPScript: Sendable, CustomTestStringConvertible {
    let name: String
    let start: String
    let steps: [(LPEdit, String)]
    var testDescription: String { name }

    static let all: [LPScript] = [
        LPScript(
            name: "testAppendObject",
            start: "",
            steps: [(.append("1"), "1"), (.append("2"), "12"), (.append("1"), "121")]
        ),
        LPScript(name: "testAppendArray", start: "", steps: [(.appendAll("121"), "121")]),
        LPScript(name: "testAppendResults", start: "", steps: [(.appendResults, "12")]),
        LPScript(name: "testInsert", start: "", steps: [(.insert("1", at: 0), "1"), (.insert("2", at: 0), "21")]),
        LPScript(name: "testRemoveAtIndex", start: "121", steps: [(.remove(at: 1), "11")]),
        LPScript(
            name: "testRemoveAtOffsets",
            start: "121",
            steps: [(.removeOffsets([0, 2]), "2"), (.removeOffsets([]), "2")]
        ),
        LPScript(name: "testRemoveLast", start: "12", steps: [(.removeLast, "1"), (.removeLast, "")]),
        LPScript(name: "testRemoveAll", start: "12", steps: [(.removeAll, ""), (.removeAll, "")]),
        LPScript(name: "testReplace", start: "11", steps: [(.replace(0, "2"), "21"), (.replace(1, "2"), "22")]),
        LPScript(
            name: "testMove",
            start: "12",
            steps: [(.move(from: 1, to: 0), "21"), (.move(from: 0, to: 1), "12"), (.move(from: 0, to: 0), "12")]
        ),
        LPScript(
            name: "testMoveFromOffsets",
            start: "123",
            steps: [
                (.moveOffsets([1], to: 0), "213"), (.moveOffsets([0], to: 3), "132"), (.moveOffsets([0], to: 1), "132"),
                (.moveOffsets([2], to: 1), "123"), (.moveOffsets([], to: 1), "123"),
                (.moveOffsets([0, 2], to: 1), "132"),
            ]
        ),
        LPScript(
            name: "testReplaceRange",
            start: "11",
            steps: [
                (.replaceSubrange(0..<1, "2"), "21"), (.replaceSubrange(1..<2, "2"), "22"),
                (.replaceSubrange(0..<0, "2"), "222"), (.replaceSubrange(0..<3, ""), ""),
            ]
        ),
        LPScript(name: "testSwapAt", start: "12", steps: [(.swapAt(0, 1), "21"), (.swapAt(1, 1), "21")]),
    ]
}

@Suite("List port: realm-swift's list-of-objects tests on unmanaged, added, created and retrieved lists")
struct ListPortTests {
    @Test(
        "each edit leaves the list Realm's tests expect, without copying managed objects",
        arguments: LPOrigin.allCases,
        LPScript.all
    )
    func script(origin: LPOrigin, script: LPScript) async throws {
        let final = script.steps.last!.1
        let realm = try await lpWithOwner(origin) { owner, str1, str2, realm in
            let str3 = LPString(value: ["3"])
            let objects: (Character) -> LPString = { name in name == "1" ? str1 : name == "2" ? str2 : str3 }
            let all = realm.objects(LPString.self).sorted(byKeyPath: "stringCol")
            let list = owner.array
            list.append(objectsIn: script.start.map(objects))
            for (edit, expected) in script.steps {
                edit.apply(to: list, objects: objects, all: all)
                #expect(list.map(\.stringCol).joined() == expected, "\(origin) \(script.name): after \(edit)")
            }
            // The managed strings are the list's elements themselves; "3" is added once when the list is managed.
            let added = origin != .standalone && script.start.contains("3") ? 3 : 2
            #expect(realm.objects(LPString.self).count == added, "\(origin) \(script.name)")
            #expect(list.allSatisfy { $0.stringCol == "3" || $0.isSameObject(as: $0.stringCol == "1" ? str1 : str2) })
            if origin != .standalone {
                // testChangesArePersisted: another accessor of the same list sees the edits.
                let other = realm.objects(LPOwner.self).first!.array
                #expect(other.map(\.stringCol).joined() == final, "\(origin) \(script.name)")
            }
        }
        guard origin != .standalone else { return }
        let stored = await realm.read { realm in realm.objects(LPOwner.self).first!.array.map(\.stringCol).joined() }
        #expect(stored == final, "\(origin) \(script.name): after the commit")
    }

    @Test(
        "a list is invalidated when its owner is deleted; an unmanaged one never is (testInvalidated)",
        arguments: LPOrigin.allCases
    )
    func invalidated(origin: LPOrigin) async throws {
        try await lpWithOwner(origin) { owner, _, _, realm in
            let list = owner.array
            #expect(!list.isInvalidated, "\(origin)")
            guard origin != .standalone else { return }
            try realm.delete(owner)
            #expect(list.isInvalidated, "\(origin)")
        }
    }

    @Test(
        "an unmanaged object appended twice is added once, next to one made by create (testPopulateEmptyArray)",
        arguments: LPOrigin.allCases
    )
    func populateEmptyArray(origin: LPOrigin) async throws {
        try await lpWithOwner(origin) { owner, _, _, realm in
            let list = owner.array
            #expect(list.count == 0)
            let object = LPString(value: ["a"])
            list.append(object)
            list.append(try realm.create(LPString.self, value: ["b"]))
            list.append(object)
            #expect(list.map(\.stringCol) == ["a", "b", "a"], "\(origin)")
            #expect(list[0].isSameObject(as: list[2]), "\(origin): the same object twice")
            #expect(list.allSatisfy { $0.description.hasPrefix("LPString {") }, "\(origin)")
            // "1", "2" and "b" are in the realm; "a" too once the list that holds it is managed.
            #expect(realm.objects(LPString.self).count == (origin == .standalone ? 3 : 4), "\(origin)")
            #expect((object.realm == nil) == (origin == .standalone), "\(origin)")
        }
    }

    @Test(
        "objects appended to a list keep their default values after the commit (testEnumeratingListWithListProperties)",
        arguments: LPOrigin.allCases
    )
    func enumeratingListWithListProperties(origin: LPOrigin) async throws {
        let realm = try await Realm(configuration: memoryConfiguration(lpObjectTypes))
        let box = LiveObjectBox()
        try await realm.write { realm in
            switch origin {
            case .standalone: box.object = LPDeepList()
            case .newlyAdded:
                let owner = LPDeepList()
                try realm.add(owner)
                box.object = owner
            case .newlyCreated: box.object = try realm.create(LPDeepList.self)
            case .retrieved: try realm.create(LPDeepList.self)
            }
        }
        try await realm.write { realm in
            let owner = origin == .retrieved ? realm.objects(LPDeepList.self).first! : box.object as! LPDeepList
            for _ in 0..<10 { owner.array.append(LPDeep()) }
            box.object = owner
        }
        let seen = await realm.read { realm -> [String] in
            let owner = box.object as! LPDeepList
            return owner.array.map {
                "\($0.intCol) \($0.objectCol.map { "\($0.boolCol)" } ?? "nil") \($0.arrayCol.count)"
            }
        }
        #expect(seen == Array(repeating: "123 false 0", count: 10), "\(origin)")
        let flags = await realm.read { realm in realm.objects(LPFlag.self).count }
        #expect(flags == (origin == .standalone ? 0 : 10), "\(origin): each default link is an object of its own")
    }

    @Test("value(forKeyPath:) of results answers each object's list, and each object's property (testValueForKey)")
    func valueForKey() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(lpObjectTypes))
        try await realm.write { realm in
            for value in [1, 2] {
                let object = LPDeep()
                object.intCol = value
                object.doubleCol = Double(value)
                object.stringCol = String(value)
                object.decimalCol = try Decimal128(string: "\(value)")
                object.objectIdCol = try ObjectId(string: String(repeating: String(value), count: 24))
                let list = LPDeepList()
                list.array.append(object)
                try realm.add(list)
            }
        }
        let answers = try await realm.read { realm -> [String] in
            let listObjects = realm.objects(LPDeepList.self)
            let lists = try #require(listObjects.value(forKeyPath: "array") as? [List<LPDeep>])
            let objects = realm.objects(LPDeep.self)
            return [
                "\(lists.flatMap { $0.map(\.intCol) })", "\(lists.flatMap { $0.map(\.doubleCol) })",
                "\(lists.flatMap { $0.map(\.stringCol) })", "\(lists.flatMap { $0.map(\.decimalCol) })",
                "\(lists.flatMap { $0.map(\.objectIdCol) })",
                "\(objects.value(forKeyPath: "intCol") as? [Int] ?? [])",
                "\(objects.value(forKeyPath: "doubleCol") as? [Double] ?? [])",
                "\(objects.value(forKeyPath: "stringCol") as? [String] ?? [])",
                "\(objects.value(forKeyPath: "decimalCol") as? [Decimal128] ?? [])",
                "\(objects.value(forKeyPath: "objectIdCol") as? [ObjectId] ?? [])",
            ]
        }
        let ids = "[\(String(repeating: "1", count: 24)), \(String(repeating: "2", count: 24))]"
        #expect(
            answers == ["[1, 2]", "[1.0, 2.0]", "[\"1\", \"2\"]", "[1, 2]", ids] + [
                "[1, 2]", "[1.0, 2.0]", "[\"1\", \"2\"]", "[1, 2]", ids,
            ]
        )
    }

    @Test("value(forKeyPath:) of optional properties, through a list and directly (testValueForKeyOptional)")
    func valueForKeyOptional() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(lpObjectTypes))
        try await realm.write { realm in
            for value in [1, 2] {
                let object = LPOptionals()
                object.optIntCol = value
                object.optInt8Col = Int8(value)
                object.optDoubleCol = Double(value)
                object.optStringCol = String(value)
                object.optDecimalCol = try Decimal128(string: "\(value)")
                object.optObjectIdCol = try ObjectId(string: String(repeating: String(value), count: 24))
                let list = LPOptionalsList()
                list.array.append(object)
                try realm.add(list)
            }
        }
        let answers = try await realm.read { realm -> [String] in
            let lists = try #require(
                realm.objects(LPOptionalsList.self).value(forKeyPath: "array") as? [List<LPOptionals>]
            )
            let objects = realm.objects(LPOptionals.self)
            func direct<T>(_ name: String, _ type: T.Type) -> String {
                "\((objects.value(forKeyPath: name) as? [T?] ?? []).compactMap { $0 })"
            }
            return [
                "\(lists.flatMap { $0.compactMap(\.optIntCol) })", "\(lists.flatMap { $0.compactMap(\.optInt8Col) })",
                "\(lists.flatMap { $0.compactMap(\.optDoubleCol) })",
                "\(lists.flatMap { $0.compactMap(\.optStringCol) })",
                "\(lists.flatMap { $0.compactMap(\.optDecimalCol) })",
                "\(lists.flatMap { $0.map { $0.optObjectCol == nil } })",
                direct("optIntCol", Int.self), direct("optInt8Col", Int8.self), direct("optDoubleCol", Double.self),
                direct("optStringCol", String.self), direct("optDecimalCol", Decimal128.self),
                "\((objects.value(forKeyPath: "optObjectCol") as? [LPFlag?])?.map { $0 == nil } ?? [])",
            ]
        }
        #expect(
            answers == [
                "[1, 2]", "[1, 2]", "[1.0, 2.0]", "[\"1\", \"2\"]", "[1, 2]", "[true, true]",
                "[1, 2]", "[1, 2]", "[1.0, 2.0]", "[\"1\", \"2\"]", "[1, 2]", "[true, true]",
            ]
        )
    }
}
