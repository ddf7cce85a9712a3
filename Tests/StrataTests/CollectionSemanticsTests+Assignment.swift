import Foundation
import Strata
import Testing

// More facts of realm-swift's RealmCollectionTypeTests, ListTests and MutableSetTests: appending and inserting
// the objects of results, assigning any kind of collection to a list or set property, a list property read
// through key-value coding, collections of objects as query arguments, and unmanaged objects in queries.

@Suite("Collection semantics: collections as values, arguments and sources of objects")
struct CollectionAssignmentSemanticsTests {
    @Test("append(objectsIn:) and insert(objectsIn:) take the objects of results, in order, once in a set")
    func appendResults() async throws {
        let realm = try await CollectionKinds.makeRealm()
        let answers = try await realm.write { realm -> [[String?]] in
            let box = CollectionBox(value: ["id": 2])
            try realm.add(box)
            box.markerList.append(objectsIn: realm.objects(Marker.self))
            box.markerList.append(objectsIn: realm.objects(Marker.self).filter("text == '2'"))
            box.markerSet.insert(objectsIn: realm.objects(Marker.self))
            box.markerSet.insert(objectsIn: realm.objects(Marker.self))
            return [box.markerList.map(\.text), box.markerSet.map(\.text).sorted { ($0 ?? "") < ($1 ?? "") }]
        }
        #expect(answers == [["1", "2", "2"], ["1", "2"]])
    }

    @Test("a list or set property is assigned the objects of any kind of collection, through its subscript")
    func assignAnyKind() async throws {
        let realm = try await CollectionKinds.makeRealm()
        let answers = try await realm.write { realm -> [[String]] in
            let source = realm.object(ofType: CollectionBox.self, forPrimaryKey: 1)!
            let anchor = realm.objects(Anchor.self).first!
            let kinds: [Any] = [
                realm.objects(Marker.self), source.markerList, source.markerSet, anchor.markers,
                AnyRealmCollection(source.markerList),
            ]
            var answers: [[String]] = []
            for (offset, kind) in kinds.enumerated() {
                let box = try realm.create(CollectionBox.self, value: ["id": 10 + offset])
                box["markerList"] = kind
                box["markerSet"] = kind
                answers.append(
                    box.markerList.map { $0.text ?? "" } + ["|"] + box.markerSet.map { $0.text ?? "" }.sorted()
                )
            }
            return answers
        }
        #expect(answers == Array(repeating: ["1", "2", "|", "1", "2"], count: 5))
    }

    @Test("value(forKey:) of results answers each object's list, as lists of the same objects")
    func listsThroughKeyValueCoding() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(CollectionKinds.types))
        try await realm.write { realm in
            for value in [1, 2] {
                let box = CollectionBox(value: ["id": value])
                box.readingList.append(Reading(value: ["int": value, "double": Double(value)]))
                box.readingSet.insert(Reading(value: ["int": value * 10]))
                try realm.add(box)
            }
        }
        let answers = await realm.read { realm -> [[Int]] in
            let boxes = realm.objects(CollectionBox.self).sorted(byKeyPath: "id")
            let lists = boxes.value(forKeyPath: "readingList") as? [List<Reading>] ?? []
            let sets = boxes.value(forKey: "readingSet") as? [MutableSet<Reading>] ?? []
            let readings = realm.objects(Reading.self).sorted(byKeyPath: "int")
            return [
                lists.flatMap { $0.map(\.int) }, boxes.flatMap { $0.readingList.map(\.int) },
                sets.flatMap { $0.map(\.int) }, readings.value(forKeyPath: "int") as? [Int] ?? [],
                (readings.value(forKey: "double") as? [Double] ?? []).map { Int($0) },
            ]
        }
        #expect(answers == [[1, 2], [1, 2], [10, 20], [1, 2, 10, 20], [1, 2, 0, 0]])
    }

    @Test("a collection is an argument of IN and containsAny(in:); an unmanaged object matches nothing")
    func collectionsAsArguments() async throws {
        let realm = try await CollectionKinds.makeRealm()
        try await realm.write { realm in
            let box = try realm.create(CollectionBox.self, value: ["id": 2])
            box.readingList.append(Reading(value: ["int": 9, "markers": [Marker(value: ["text": "9"])]]))
        }
        let answers = await realm.read { realm -> [Int] in
            let markers = realm.objects(Marker.self)
            let readings = realm.objects(Reading.self)
            let boxes = realm.object(ofType: CollectionBox.self, forPrimaryKey: 2)!.readingList
            let unmanaged = Marker()
            return [
                readings.filter("ANY markers IN %@", markers).count,
                readings.where { $0.markers.containsAny(in: markers) }.count,
                boxes.filter("ANY markers IN %@", markers.filter("text == '9'")).count,
                boxes.where { $0.markers.containsAny(in: markers.filter("text == '1'")) }.count,
                readings.filter("ANY markers == %@", unmanaged).count,
                readings.where { $0.markers.contains(unmanaged) }.count,
            ]
        }
        #expect(answers == [1, 1, 1, 0, 0, 0])
    }
}
