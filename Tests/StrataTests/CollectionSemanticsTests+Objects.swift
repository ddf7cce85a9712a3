import Foundation
import Strata
import Testing

// Lists, sets and maps of objects and of embedded objects, as realm-swift's ListTests, MutableSetTests and MapTests
// use them: mutation while iterating, deleted targets, merge, key-path aggregates of a map, queries over a map's
// objects, embedded objects replaced in place, and the invalidation of a deleted owner's collections. Each
// runs unmanaged, then on an object added to a realm (inside the write that added it).

/// An embedded object with one value.
final class Leaf: EmbeddedObject {
    @Persisted var value = 0
}

/// Collections of markers, readings and embedded leaves.
final class ObjectCollections: Object {
    @Persisted var markers: List<Marker>
    @Persisted var markerSet: MutableSet<Marker>
    @Persisted var markerMap: Map<String, Marker?>
    @Persisted var readingMap: Map<String, Reading?>
    @Persisted var leaves: List<Leaf>
    @Persisted var leafMap: Map<String, Leaf?>
}

/// Runs `body` on a fresh unmanaged object, then on one added to a realm, inside the write that added it.
func onUnmanagedAndManaged(_ body: @escaping @Sendable (ObjectCollections, _ realm: Realm?) throws -> Void)
    async throws
{
    try body(ObjectCollections(), nil)
    let realm = try await Realm(configuration: memoryConfiguration(CollectionKinds.types + [ObjectCollections.self]))
    try await realm.write { realm in
        let object = ObjectCollections()
        try realm.add(object)
        try body(object, realm)
    }
}

@Suite("Collection semantics: collections of objects and embedded objects, as Realm Swift's list, set and map tests")
struct ObjectCollectionSemanticsTests {
    @Test("iterating a list while appending to it visits the elements it had when the loop began")
    func listIterationWithMutation() async throws {
        try await onUnmanagedAndManaged { object, realm in
            let (one, two) = (Marker(value: ["text": "1"]), Marker(value: ["text": "2"]))
            object.markers.append(objectsIn: (0..<20).map { $0.isMultiple(of: 2) ? one : two })
            var seen = ""
            for marker in object.markers {
                seen += marker.text ?? ""
                object.markers.append(one)
            }
            #expect(seen == String(repeating: "12", count: 10), "\(realm == nil ? "unmanaged" : "managed")")
            #expect(object.markers.count == 40)
        }
    }

    @Test("iterating a set while inserting into it, and a map while replacing its values, visit the old contents")
    func setAndMapIterationWithMutation() async throws {
        try await onUnmanagedAndManaged { object, realm in
            let kind = realm == nil ? "unmanaged" : "managed"
            let (one, two) = (Marker(value: ["text": "1"]), Marker(value: ["text": "2"]))
            object.markerSet.insert(objectsIn: [one, two, one, two])
            var visited = 0
            for _ in object.markerSet {
                visited += 1
                object.markerSet.insert(one)
            }
            #expect(visited == 2 && object.markerSet.count == 2, "\(kind)")
            #expect(object.markerSet.contains(one) && object.markerSet.contains(two), "\(kind)")

            for index in 0...5 { object.markerMap["key\(index)"] = one }
            var texts = ""
            for entry in object.markerMap {
                texts += entry.value?.text ?? "-"
                object.markerMap[entry.key] = two
            }
            #expect(texts == "111111", "\(kind)")
            #expect(object.markerMap.values.map { $0?.text } == Array(repeating: "2", count: 6), "\(kind)")
        }
    }

    @Test("a map of objects: insert, remove by nil and by removeObject, removeAll, merge with every combine")
    func mapOfObjects() async throws {
        try await onUnmanagedAndManaged { object, realm in
            let kind = realm == nil ? "unmanaged" : "managed"
            let map = object.markerMap
            let (one, two) = (Marker(value: ["text": "1"]), Marker(value: ["text": "2"]))
            #expect(map["1"] == nil && map.count == 0, "\(kind)")
            map["1"] = one
            map["2"] = two
            #expect(map.count == 2 && map["1"]??.text == "1" && map["2"]??.text == "2", "\(kind)")
            map.removeObject(for: "1")
            #expect(map.count == 1 && map["1"] == nil, "\(kind): removeObject(for:)")
            map["1"] = one
            map["1"] = nil
            #expect(map.count == 1 && map["1"] == nil, "\(kind): assigning nil removes the key")
            map["1"] = .some(nil)
            #expect(map.count == 2 && map["1"] == .some(nil), "\(kind): assigning .some(nil) keeps the key with nil")
            map.removeAll()
            #expect(map.isEmpty, "\(kind)")

            map["a"] = one
            var combined = 0
            map.merge([("b", two)].map { (key: $0, value: $1) }) { old, _ in
                combined += 1
                return old
            }
            #expect(combined == 0 && map.count == 2, "\(kind): merge without duplicates never combines")
            #expect(map["a"]??.text == "1" && map["b"]??.text == "2", "\(kind)")
            map.merge([(key: "b", value: Marker?.some(one))]) { old, _ in old }
            #expect(map["b"]??.text == "2", "\(kind): combine keeping the old value changes nothing")
            map.merge([(key: "b", value: Marker?.some(one))]) { _, new in new }
            #expect(map["b"]??.text == "1", "\(kind): combine taking the new value replaces it")
            map.merge([(key: "a", value: Marker?.some(one))]) { _, _ in Marker(value: ["text": "c"]) }
            #expect(map.count == 2 && map["a"]??.text == "c" && map["b"]??.text == "1", "\(kind): a new object")
        }
    }

    @Test("deleting an object a map holds leaves its key with nil; a list and a set drop it")
    func deletedTargets() async throws {
        let realm = try await Realm(
            configuration: memoryConfiguration(CollectionKinds.types + [ObjectCollections.self])
        )
        let answers = try await realm.write { realm -> [String] in
            let object = ObjectCollections()
            let marker = Marker(value: ["text": "1"])
            object.markerMap["key"] = marker
            object.markers.append(objectsIn: [marker, marker])
            object.markerSet.insert(marker)
            try realm.add(object)
            try realm.delete(marker)
            return [
                "\(object.markerMap.count)", "\(object.markerMap["key"].map { $0 == nil } ?? false)",
                "\(object.markerMap.keys)", "\(object.markers.count)", "\(object.markerSet.count)",
            ]
        }
        #expect(answers == ["1", "true", "[\"key\"]", "0", "0"])
    }

    @Test("a map of objects aggregates by key path unmanaged and managed; queries its objects when managed")
    func mapAggregatesAndQueries() async throws {
        try await onUnmanagedAndManaged { object, realm in
            let kind = realm == nil ? "unmanaged" : "managed"
            for (key, reading) in zip(["key", "key2", "key3"], CollectionKinds.readings()) {
                object.readingMap[key] = reading
            }
            let map = object.readingMap
            #expect(map.min(of: \.int) == 1 && map.max(of: \.int) == 3, "\(kind)")
            #expect(map.sum(of: \.int) == 6 && map.average(of: \.int) == 2, "\(kind)")
            #expect(map.min(ofProperty: "int") as Int? == 1 && map.sum(ofProperty: "int") as Int == 6, "\(kind)")
            map["nil"] = .some(nil)
            #expect(map.count == 4, "\(kind)")
            #expect(
                map.min(of: \.int) == 1 && map.sum(of: \.int) == 6 && map.average(of: \.int) == 2,
                "\(kind): nil ignored"
            )
            map.removeObject(for: "nil")
            guard realm != nil else { return }
            for (key, text) in [("key", "apples"), ("key2", "bananas"), ("key3", "cockroach")] {
                object.markerMap[key] = Marker(value: ["text": text])
            }
            let markers = object.markerMap
            let apples: Results<Marker?> = markers.filter("text = 'apples'")
            #expect(apples.count == 1 && apples.first??.text == "apples")
            #expect(
                markers.sorted(byKeyPath: "text", ascending: true).map { $0?.text } == [
                    "apples", "bananas", "cockroach",
                ]
            )
            #expect(markers.sorted(byKeyPath: "text", ascending: false).first??.text == "cockroach")
            #expect(markers.sorted(by: \.text, ascending: true).map { $0?.text } == ["apples", "bananas", "cockroach"])
        }
    }

    @Test("a map of objects describes its entries in key order, each object in full")
    func mapDescription() async throws {
        try await onUnmanagedAndManaged { object, realm in
            for index in 0...5 { object.readingMap["key\(index)"] = Reading(value: ["int": index]) }
            let description = object.readingMap.description
            #expect(description.hasPrefix("Map<string, Reading>"), "\(description.prefix(80))")
            #expect(description.contains("[key3]: Reading {\n\t\tint = 3;"), "\(description.prefix(200))")
        }
    }

    @Test("appending or assigning a new embedded object adds it; replacing one deletes the old one")
    func embeddedObjects() async throws {
        try await onUnmanagedAndManaged { object, realm in
            let kind = realm == nil ? "unmanaged" : "managed"
            for value in 0..<10 { object.leaves.append(Leaf(value: ["value": value])) }
            #expect(object.leaves.map(\.value) == Array(0..<10), "\(kind)")
            #expect(object.leaves.allSatisfy { $0.realm == realm }, "\(kind): the leaves are in the list's realm")

            let old = object.leaves[0]
            let replacement = Leaf(value: ["value": 1])
            object.leaves[0] = replacement
            #expect(object.leaves[0].isSameObject(as: replacement) && replacement.value == 1, "\(kind)")
            #expect(replacement.realm == realm, "\(kind): the new leaf is managed with the list")
            #expect(old.isInvalidated == (realm != nil), "\(kind): the replaced leaf is deleted")

            object.leafMap["key"] = Leaf(value: ["value": 0])
            let oldEntry = object.leafMap["key"]!!
            let entry = Leaf(value: ["value": 1])
            object.leafMap["key"] = entry
            #expect(object.leafMap["key"]??.isSameObject(as: entry) == true && entry.value == 1, "\(kind)")
            #expect(entry.realm == realm && oldEntry.isInvalidated == (realm != nil), "\(kind)")
        }
    }

    @Test("deleting the owner invalidates its list, set and map")
    func invalidation() async throws {
        let realm = try await Realm(
            configuration: memoryConfiguration(CollectionKinds.types + [ObjectCollections.self])
        )
        let answers = try await realm.write { realm -> [Bool] in
            let object = ObjectCollections()
            try realm.add(object)
            let (list, set, map) = (object.markers, object.markerSet, object.markerMap)
            let before = [list.isInvalidated, set.isInvalidated, map.isInvalidated]
            try realm.delete(object)
            return before + [list.isInvalidated, set.isInvalidated, map.isInvalidated]
        }
        #expect(answers == [false, false, false, true, true, true])
        let unmanaged = ObjectCollections()
        #expect(
            !unmanaged.markers.isInvalidated && !unmanaged.markerSet.isInvalidated && !unmanaged.markerMap.isInvalidated
        )
    }
}
