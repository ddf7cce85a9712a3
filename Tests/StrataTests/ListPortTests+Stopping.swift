import Foundation
import Strata
import Testing

// The `assertThrows` of realm-swift's `RealmSwift/Tests/ListTests.swift` (on lists of objects, with the list
// each test has reached by then) and of `RealmSwift/Tests/PrimitiveListTests.swift` on an empty list of values,
// with the messages Realm Swift raises. CollectionSemanticsTests+Bounds.swift asserts the same messages for lists
// of three integers; these are the other lengths and element kinds. Realm raises an exception; Strata stops the
// process with the message (the migration guide: misuse a non-throwing call sees stops with Realm's message), so
// each row runs in a child process, on an unmanaged list and on a managed one.

/// One list edit that stops, by name (exit tests carry their arguments as Codable values).
enum LPStoppingEdit: String, Codable, Sendable, CaseIterable {
    // realm-swift's ListTests, on lists of objects.
    case insertFar, insertFarNegative, removeAtEnd, removeNegative, removeOffsetsPastEnd, removeLastEmpty
    case replaceFar, replaceFarNegative, moveToEnd, moveFromEnd, moveOffsetsToPastEnd, moveOffsetsFromPastEnd
    case replaceSubrangeFar, replaceSubrangeNegative, replaceSubrangeTooLong, swapFirstNegative, swapSecondNegative
    case swapFirstFar, swapSecondFar, removeFirstTooMany, removeFirstNegative
    // realm-swift's PrimitiveListTests, on an empty list of values.
    case valuesRemoveEmpty, valuesRemoveNegativeEmpty, valuesRemoveLastEmpty, valuesReplaceEmpty, valuesMoveEmpty
    case valuesSwapEmpty, valuesObjectsAtEmpty

    /// How many objects the list of objects holds when the edit runs (Realm's test has reached that length).
    var start: Int {
        switch self {
        case .insertFar, .insertFarNegative, .removeLastEmpty, .replaceSubrangeFar, .replaceSubrangeNegative,
            .replaceSubrangeTooLong:
            0
        case .removeOffsetsPastEnd: 1
        case .moveOffsetsToPastEnd, .moveOffsetsFromPastEnd: 3
        case .removeFirstTooMany, .removeFirstNegative: 7
        default: 2
        }
    }

    /// The message Realm Swift raises.
    var message: String {
        switch self {
        case .insertFar: "Index 200 is out of bounds (must be less than 1)."
        case .insertFarNegative, .removeNegative, .replaceFarNegative, .replaceSubrangeNegative, .removeFirstNegative,
            .valuesRemoveNegativeEmpty:
            "Cannot pass a negative value for 'index'."
        case .removeAtEnd, .moveToEnd, .moveFromEnd: "Index 2 is out of bounds (must be less than 2)."
        case .removeOffsetsPastEnd: "Index 1 is out of bounds (must be less than 1)."
        case .removeLastEmpty, .valuesRemoveLastEmpty:
            "It is not possible to remove more objects (1) from a list than it already contains (0)."
        case .replaceFar, .swapFirstFar, .swapSecondFar:
            "Index \(self == .replaceFar ? 200 : 1000) is out of bounds (must be less than 2)."
        case .moveOffsetsToPastEnd: "Index 3 is out of bounds (must be less than 3)."
        case .moveOffsetsFromPastEnd: "Index 4 is out of bounds (must be less than 3)."
        case .replaceSubrangeFar: "Index 200 is out of bounds (must be less than 0)."
        case .replaceSubrangeTooLong, .valuesRemoveEmpty, .valuesReplaceEmpty, .valuesSwapEmpty:
            "Index 0 is out of bounds (must be less than 0)."
        case .swapFirstNegative: "Cannot pass a negative value for 'index1'."
        case .swapSecondNegative: "Cannot pass a negative value for 'index2'."
        case .removeFirstTooMany:
            "It is not possible to remove more objects (100) from a list than it already contains (7)."
        case .valuesMoveEmpty: "Index 1 is out of bounds (must be less than 0)."
        case .valuesObjectsAtEmpty: "Indexes for collection are out of bounds."
        }
    }

    func apply(to objects: List<LPString>, values: List<Int>) {
        let object = LPString(value: ["x"])
        switch self {
        case .insertFar: objects.insert(object, at: 200)
        case .insertFarNegative: objects.insert(object, at: -200)
        case .removeAtEnd: objects.remove(at: 2)
        case .removeNegative: objects.remove(at: -2)
        case .removeOffsetsPastEnd: objects.remove(atOffsets: [1])
        case .removeLastEmpty: objects.removeLast()
        case .replaceFar: objects.replace(index: 200, object: object)
        case .replaceFarNegative: objects.replace(index: -200, object: object)
        case .moveToEnd: objects.move(from: 0, to: 2)
        case .moveFromEnd: objects.move(from: 2, to: 0)
        case .moveOffsetsToPastEnd: objects.move(fromOffsets: [0], toOffset: 4)
        case .moveOffsetsFromPastEnd: objects.move(fromOffsets: [4], toOffset: 0)
        case .replaceSubrangeFar: objects.replaceSubrange(200..<201, with: [object])
        case .replaceSubrangeNegative: objects.replaceSubrange(-200..<200, with: [object])
        case .replaceSubrangeTooLong: objects.replaceSubrange(0..<200, with: [object])
        case .swapFirstNegative: objects.swapAt(-1, 0)
        case .swapSecondNegative: objects.swapAt(0, -1)
        case .swapFirstFar: objects.swapAt(1000, 0)
        case .swapSecondFar: objects.swapAt(0, 1000)
        case .removeFirstTooMany: objects.removeFirst(100)
        case .removeFirstNegative: objects.removeFirst(-1)
        case .valuesRemoveEmpty: values.remove(at: 0)
        case .valuesRemoveNegativeEmpty: values.remove(at: -1)
        case .valuesRemoveLastEmpty: values.removeLast()
        case .valuesReplaceEmpty: values.replace(index: 0, object: 1)
        case .valuesMoveEmpty: values.move(from: 1, to: 0)
        case .valuesSwapEmpty: values.swapAt(0, 1)
        case .valuesObjectsAtEmpty: _ = values.objects(at: [1, 2, 3])
        }
    }
}

@Suite("List port: the edits realm-swift's list tests expect to raise stop with Realm's messages")
struct ListPortStoppingTests {
    @Test("each edit stops with Realm's message", arguments: LPStoppingEdit.allCases, [false, true])
    func stops(_ edit: LPStoppingEdit, managed: Bool) async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [edit = edit as LPStoppingEdit, managed = managed as Bool] in
            let run: @Sendable (LPOwner, ValueLists) -> Void = { owner, values in
                owner.array.append(objectsIn: (0..<edit.start).map { LPString(value: ["\($0)"]) })
                edit.apply(to: owner.array, values: values.int)
            }
            guard managed else { return run(LPOwner(), ValueLists()) }
            let realm = try await Realm(configuration: memoryConfiguration(lpObjectTypes + valueCollectionTypes))
            try await realm.write { realm in
                run(try realm.create(LPOwner.self), try realm.create(ValueLists.self, value: ["id": 1]))
            }
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains(edit.message), "\(edit) \(managed ? "managed" : "unmanaged"): \(output.suffix(300))")
    }
}
