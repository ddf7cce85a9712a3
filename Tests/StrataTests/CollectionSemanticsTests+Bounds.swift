import Foundation
import Strata
import Testing

// What stops a list edit, and with which message, as realm-swift's ListTests and PrimitiveListTests raise them:
// a negative index names the parameter, an index past the end gives the list's bounds, and removing more than
// the list holds says so. Each row runs in a child process, on a list of [1, 2, 3], unmanaged and managed.

/// One list edit that stops, by name (exit tests carry their arguments as Codable values).
enum StoppingListEdit: String, Codable, Sendable, CaseIterable {
    case subscriptPastEnd, subscriptNegative, assignPastEnd, insertPastEnd, insertNegative, removePastEnd
    case removeNegative, replacePastEnd, replaceNegative, movePastEnd, moveToPastEnd, moveNegative, moveToNegative
    case swapPastEnd, swapSecondPastEnd, swapNegative, swapSecondNegative, removeLastTooMany, removeFirstTooMany
    case removeFirstNegative, objectsAtPastEnd, removeOffsetsPastEnd, replaceSubrangePastEnd

    /// The message Realm Swift raises for the edit on a list of three elements.
    var message: String {
        switch self {
        case .subscriptPastEnd, .assignPastEnd, .removePastEnd, .replacePastEnd, .movePastEnd, .moveToPastEnd,
            .swapPastEnd, .swapSecondPastEnd, .removeOffsetsPastEnd:
            "Index 3 is out of bounds (must be less than 3)."
        case .insertPastEnd: "Index 5 is out of bounds (must be less than 4)."
        case .subscriptNegative, .insertNegative, .removeNegative, .replaceNegative, .moveNegative, .moveToNegative:
            "Cannot pass a negative value for 'index'."
        case .swapNegative: "Cannot pass a negative value for 'index1'."
        case .swapSecondNegative: "Cannot pass a negative value for 'index2'."
        case .removeFirstNegative: "Cannot pass a negative value for 'index'."
        case .removeLastTooMany, .removeFirstTooMany:
            "It is not possible to remove more objects (4) from a list than it already contains (3)."
        case .objectsAtPastEnd: "Indexes for collection are out of bounds."
        case .replaceSubrangePastEnd: "out of bounds"
        }
    }

    func apply(to list: List<Int>) {
        switch self {
        case .subscriptPastEnd: _ = list[3]
        case .subscriptNegative: _ = list[-1]
        case .assignPastEnd: list[3] = 0
        case .insertPastEnd: list.insert(0, at: 5)
        case .insertNegative: list.insert(0, at: -1)
        case .removePastEnd: list.remove(at: 3)
        case .removeNegative: list.remove(at: -1)
        case .replacePastEnd: list.replace(index: 3, object: 0)
        case .replaceNegative: list.replace(index: -1, object: 0)
        case .movePastEnd: list.move(from: 3, to: 0)
        case .moveToPastEnd: list.move(from: 0, to: 3)
        case .moveNegative: list.move(from: -1, to: 0)
        case .moveToNegative: list.move(from: 0, to: -1)
        case .swapPastEnd: list.swapAt(3, 0)
        case .swapSecondPastEnd: list.swapAt(0, 3)
        case .swapNegative: list.swapAt(-1, 0)
        case .swapSecondNegative: list.swapAt(0, -1)
        case .removeLastTooMany: list.removeLast(4)
        case .removeFirstTooMany: list.removeFirst(4)
        case .removeFirstNegative: list.removeFirst(-1)
        case .objectsAtPastEnd: _ = list.objects(at: [1, 3])
        case .removeOffsetsPastEnd: list.remove(atOffsets: [1, 3])
        case .replaceSubrangePastEnd: list.replaceSubrange(2..<4, with: [0])
        }
    }
}

@Suite("Collection semantics: list edits out of bounds stop with Realm Swift's messages")
struct ListBoundsSemanticsTests {
    @Test("an unmanaged list stops with Realm's message", arguments: StoppingListEdit.allCases)
    func unmanaged(_ edit: StoppingListEdit) async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) { [edit] in
            let list = List<Int>()
            list.append(objectsIn: [1, 2, 3])
            edit.apply(to: list)
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains(edit.message), "\(edit): \(output.suffix(300))")
    }

    @Test("a managed list stops with Realm's message", arguments: StoppingListEdit.allCases)
    func managed(_ edit: StoppingListEdit) async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) { [edit] in
            let realm = try await Realm(configuration: memoryConfiguration())
            try await realm.write { realm in
                let object = try realm.create(AllTypes.self, value: ["intList": [1, 2, 3]])
                edit.apply(to: object.intList)
            }
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains(edit.message), "\(edit): \(output.suffix(300))")
    }
}

@Suite("Collection semantics: reading a position outside any collection stops with Realm Swift's messages")
struct CollectionPositionSemanticsTests {
    static let kinds = [
        "Results", "List", "MutableSet", "LinkingObjects", "AnyRealmCollection", "unmanaged MutableSet",
    ]

    @Test(
        "a negative position names the parameter; one past the end gives the count",
        arguments: kinds,
        [(-1, "Cannot pass a negative value for 'index'."), (2, "Index 2 is out of bounds (must be less than 2).")]
    )
    func position(kind: String, row: (index: Int, message: String)) async throws {
        let index = row.index
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [kind = kind as String, index = index as Int] in
            let realm = try await CollectionKinds.makeRealm()
            await realm.read { realm in
                let box = realm.object(ofType: CollectionBox.self, forPrimaryKey: 1)!
                let unmanaged = MutableSet<Marker>()
                unmanaged.insert(objectsIn: [Marker(), Marker()])
                switch kind {
                case "Results": _ = realm.objects(Marker.self)[index]
                case "List": _ = box.markerList[index]
                case "MutableSet": _ = box.markerSet[index]
                case "LinkingObjects": _ = realm.objects(Anchor.self).first!.markers[index]
                case "AnyRealmCollection": _ = AnyRealmCollection(box.markerList)[index]
                default: _ = unmanaged[index]
                }
            }
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains(row.message), "\(kind)[\(index)]: \(output.suffix(300))")
    }
}

@Suite("Collection semantics: sorting and distinct by a key path Realm cannot use stop with Realm's messages")
struct SortKeyPathSemanticsTests {
    static let rows: [(kind: String, keyPath: String, message: String)] = [
        ("Results", "noSuchCol", "Cannot sort on key path 'noSuchCol': property 'Marker.noSuchCol' does not exist."),
        ("List", "noSuchCol", "Cannot sort on key path 'noSuchCol': property 'Marker.noSuchCol' does not exist."),
        ("MutableSet", "noSuchCol", "Cannot sort on key path 'noSuchCol': property 'Marker.noSuchCol' does not exist."),
        ("Map", "noSuchCol", "Cannot sort on key path 'noSuchCol': property 'Marker.noSuchCol' does not exist."),
        (
            "LinkingObjects", "noSuchCol",
            "Cannot sort on key path 'noSuchCol': property 'Marker.noSuchCol' does not exist."
        ),
        (
            "Readings", "markers.text",
            "Cannot sort on key path 'markers.text': property 'Reading.markers' is of unsupported type 'array'."
        ),
        (
            "Anchors", "readings.int",
            "Cannot sort on key path 'readings.int': property 'Anchor.readings' is of unsupported type 'linking objects'."
        ),
        (
            "Readings", "markers.@count",
            "Cannot sort on key path 'markers.@count': KVC collection operators are not supported."
        ),
        ("distinct", "@sum.int", "Cannot distinct on keypath '@sum.int': KVC collection operators are not supported."),
    ]

    @Test("each key path stops with Realm's message", arguments: Self.rows.indices)
    func keyPath(_ row: Int) async throws {
        let (kind, keyPath, message) = Self.rows[row]
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [kind = kind as String, keyPath = keyPath as String] in
            let realm = try await Realm(
                configuration: memoryConfiguration(CollectionKinds.types + [ObjectCollections.self])
            )
            try await realm.write { realm in
                let anchor = Anchor(value: ["id": 1])
                let marker = Marker(value: ["text": "1", "anchor": anchor])
                let box = try realm.create(
                    CollectionBox.self,
                    value: ["id": 1, "markerList": [marker], "markerSet": [marker]]
                )
                let collections = try realm.create(ObjectCollections.self, value: ["markerMap": ["a": marker]])
                switch kind {
                case "Results": _ = realm.objects(Marker.self).sorted(byKeyPath: keyPath).count
                case "List": _ = box.markerList.sorted(byKeyPath: keyPath).count
                case "MutableSet": _ = box.markerSet.sorted(byKeyPath: keyPath).count
                case "Map": _ = collections.markerMap.sorted(byKeyPath: keyPath).count
                case "LinkingObjects": _ = realm.objects(Anchor.self).first!.markers.sorted(byKeyPath: keyPath).count
                case "Readings": _ = realm.objects(Reading.self).sorted(byKeyPath: keyPath).count
                case "Anchors": _ = realm.objects(Anchor.self).sorted(byKeyPath: keyPath).count
                default: _ = realm.objects(Reading.self).distinct(by: [keyPath]).count
                }
            }
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains(message), "\(kind) \(keyPath): \(output.suffix(400))")
    }
}

@Suite("Collection semantics: aggregating a property the objects do not have stops with Realm's message")
struct AggregatePropertySemanticsTests {
    @Test(
        "min, max, sum and average of a missing property, on results and on managed and unmanaged lists",
        arguments: ["Results min", "List max", "unmanaged List sum", "LinkingObjects average", "Map min"]
    )
    func missingProperty(_ call: String) async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [call = call as String] in
            let realm = try await Realm(
                configuration: memoryConfiguration(CollectionKinds.types + [ObjectCollections.self])
            )
            try await realm.write { realm in
                let anchor = try realm.create(Anchor.self, value: ["id": 1])
                let reading = Reading(value: ["int": 1, "anchor": anchor])
                let box = try realm.create(CollectionBox.self, value: ["id": 1, "readingList": [reading]])
                let collections = try realm.create(ObjectCollections.self, value: ["readingMap": ["a": reading]])
                let unmanaged = List<Reading>()
                unmanaged.append(Reading())
                switch call {
                case "Results min": _ = realm.objects(Reading.self).min(ofProperty: "noSuchCol") as Int?
                case "List max": _ = box.readingList.max(ofProperty: "noSuchCol") as Int?
                case "unmanaged List sum": _ = unmanaged.sum(ofProperty: "noSuchCol") as Int
                case "LinkingObjects average": _ = anchor.readings.average(ofProperty: "noSuchCol") as Double?
                default: _ = collections.readingMap.min(ofProperty: "noSuchCol") as Int?
                }
            }
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        let message = "Invalid property name: Property 'noSuchCol' not found in object of type 'Reading'"
        #expect(output.contains(message), "\(call): \(output.suffix(300))")
    }
}

@Suite("Collection semantics: adding an embedded object that already has a parent stops with Realm's message")
struct EmbeddedParentSemanticsTests {
    @Test(
        "appending, assigning or setting a managed embedded object again",
        arguments: [
            ("append", "Cannot add an existing managed embedded object to a List."),
            ("assign", "Cannot add an existing managed embedded object to a List."),
            ("map", "Cannot add an existing managed embedded object to a Dictionary."),
        ]
    )
    func existingEmbedded(_ call: String, _ message: String) async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [call = call as String] in
            let realm = try await Realm(
                configuration: memoryConfiguration(CollectionKinds.types + [ObjectCollections.self])
            )
            try await realm.write { realm in
                let object = try realm.create(ObjectCollections.self, value: [:])
                object.leaves.append(Leaf(value: ["value": 1]))
                object.leafMap["a"] = Leaf(value: ["value": 2])
                switch call {
                case "append": object.leaves.append(object.leaves[0])
                case "assign": object.leaves[0] = object.leaves[0]
                default: object.leafMap["b"] = object.leafMap["a"]!
                }
            }
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains(message), "\(call): \(output.suffix(300))")
    }
}
