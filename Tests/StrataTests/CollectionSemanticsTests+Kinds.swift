import Foundation
import Strata
import Testing

// The facts of realm-swift's RealmCollectionTypeTests, asked of every kind of collection of objects: Results,
// List, MutableSet, LinkingObjects and AnyRealmCollection (managed), and List and MutableSet (unmanaged, where
// Realm answers them in memory). The data set:
//
//   Marker  text  anchor          Reading  int (every width)  float  double  date
//   m1      "1"   Anchor 1        r1       1                  1.1    1.11    1970-01-01 00:00:01
//   m2      "2"   Anchor 1        r2       2                  2.2    2.22    1970-01-01 00:00:02
//                                 r3       3                  2.2    2.22    1970-01-01 00:00:02

/// An object with an optional string and a link, as realm-swift's nullable string object.
final class Marker: Object {
    @Persisted var text: String? = ""
    @Persisted var anchor: Anchor?
}

/// The target of markers' and readings' links.
final class Anchor: Object {
    @Persisted var id = 0
    @Persisted(originProperty: "anchor") var markers: LinkingObjects<Marker>
    @Persisted(originProperty: "anchor") var readings: LinkingObjects<Reading>
}

/// An object with a property of every aggregatable type.
final class Reading: Object {
    @Persisted var int = 0
    @Persisted var int8: Int8 = 0
    @Persisted var int16: Int16 = 0
    @Persisted var int32: Int32 = 0
    @Persisted var int64: Int64 = 0
    @Persisted var float: Float = 0
    @Persisted var double = 0.0
    @Persisted var date = Date(timeIntervalSince1970: 0)
    @Persisted var flag = true
    @Persisted var anchor: Anchor?
    @Persisted var child: ReadingChild?
    @Persisted var markers: List<Marker>
}

/// A linked object, for distinct through a link.
final class ReadingChild: Object {
    @Persisted var int = 0
}

/// Holds markers and readings in a list and a set.
final class CollectionBox: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var markerList: List<Marker>
    @Persisted var markerSet: MutableSet<Marker>
    @Persisted var readingList: List<Reading>
    @Persisted var readingSet: MutableSet<Reading>
}

/// A string stored as itself, for query arguments of a custom persistable type.
struct MarkerText: CustomPersistable {
    var persistableValue: String
    init(persistedValue: String) { persistableValue = persistedValue }
}

enum CollectionKinds {
    static let types: [ObjectBase.Type] = [
        Marker.self, Anchor.self, Reading.self, ReadingChild.self, CollectionBox.self,
    ]

    /// The readings' rows: int, float, double, seconds since 1970.
    static let readingRows: [(Int, Float, Double, Double)] = [(1, 1.1, 1.11, 1), (2, 2.2, 2.22, 2), (3, 2.2, 2.22, 2)]

    static func readings() -> [Reading] {
        readingRows.map { int, float, double, seconds in
            Reading(value: [
                "int": int, "int8": Int8(int), "int16": Int16(int), "int32": Int32(int), "int64": Int64(int),
                "float": float, "double": double, "date": Date(timeIntervalSince1970: seconds),
            ])
        }
    }

    /// A realm with the data set: box 1 holds both markers and all readings, in order.
    static func makeRealm() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration(types))
        try await realm.write { realm in
            let anchor = Anchor(value: ["id": 1])
            let markers = ["1", "2"].map { Marker(value: ["text": $0, "anchor": anchor]) }
            let readings = readings()
            for reading in readings { reading.anchor = anchor }
            let box = CollectionBox(value: ["id": 1])
            box.markerList.append(objectsIn: markers)
            box.markerSet.insert(objectsIn: markers)
            box.readingList.append(objectsIn: readings)
            box.readingSet.insert(objectsIn: readings)
            try realm.add(box)
        }
        return realm
    }
}

/// The aggregates of the three readings, by name and by key path, with the type each answers.
func checkReadingAggregates<C: RealmCollection>(_ readings: C, _ kind: String) where C.Element == Reading {
    #expect(readings.min(ofProperty: "int") as Int? == 1, "\(kind)")
    #expect(readings.min(ofProperty: "int8") as Int8? == 1, "\(kind)")
    #expect(readings.min(ofProperty: "int16") as Int16? == 1, "\(kind)")
    #expect(readings.min(ofProperty: "int32") as Int32? == 1, "\(kind)")
    #expect(readings.min(ofProperty: "int64") as Int64? == 1, "\(kind)")
    #expect(readings.min(ofProperty: "float") as Float? == 1.1, "\(kind)")
    #expect(readings.min(ofProperty: "double") as Double? == 1.11, "\(kind)")
    #expect(readings.min(ofProperty: "date") as Date? == Date(timeIntervalSince1970: 1), "\(kind)")
    #expect(readings.max(ofProperty: "int") as Int? == 3, "\(kind)")
    #expect(readings.max(ofProperty: "int8") as Int8? == 3, "\(kind)")
    #expect(readings.max(ofProperty: "int16") as Int16? == 3, "\(kind)")
    #expect(readings.max(ofProperty: "int32") as Int32? == 3, "\(kind)")
    #expect(readings.max(ofProperty: "int64") as Int64? == 3, "\(kind)")
    #expect(readings.max(ofProperty: "float") as Float? == 2.2, "\(kind)")
    #expect(readings.max(ofProperty: "double") as Double? == 2.22, "\(kind)")
    #expect(readings.max(ofProperty: "date") as Date? == Date(timeIntervalSince1970: 2), "\(kind)")
    #expect(readings.sum(ofProperty: "int") as Int == 6, "\(kind)")
    #expect(readings.sum(ofProperty: "int8") as Int8 == 6, "\(kind)")
    #expect(readings.sum(ofProperty: "int16") as Int16 == 6, "\(kind)")
    #expect(readings.sum(ofProperty: "int32") as Int32 == 6, "\(kind)")
    #expect(readings.sum(ofProperty: "int64") as Int64 == 6, "\(kind)")
    #expect(abs(readings.sum(ofProperty: "float") as Float - 5.5) < 0.001, "\(kind)")
    #expect(abs(readings.sum(ofProperty: "double") as Double - 5.55) < 0.001, "\(kind)")
    for name in ["int", "int8", "int16", "int32", "int64"] {
        #expect(readings.average(ofProperty: name) as Double? == 2, "\(kind): average of \(name)")
    }
    #expect(abs((readings.average(ofProperty: "float") as Double? ?? 0) - 1.8333) < 0.001, "\(kind)")
    #expect(abs((readings.average(ofProperty: "double") as Double? ?? 0) - 1.85) < 0.001, "\(kind)")

    #expect(readings.min(of: \.int) == 1 && readings.min(of: \.int8) == 1 && readings.min(of: \.int16) == 1, "\(kind)")
    #expect(readings.min(of: \.int32) == 1 && readings.min(of: \.int64) == 1, "\(kind)")
    #expect(readings.min(of: \.float) == 1.1 && readings.min(of: \.double) == 1.11, "\(kind)")
    #expect(readings.min(of: \.date) == Date(timeIntervalSince1970: 1), "\(kind)")
    #expect(readings.max(of: \.int) == 3 && readings.max(of: \.int8) == 3 && readings.max(of: \.int16) == 3, "\(kind)")
    #expect(readings.max(of: \.int32) == 3 && readings.max(of: \.int64) == 3, "\(kind)")
    #expect(readings.max(of: \.float) == 2.2 && readings.max(of: \.double) == 2.22, "\(kind)")
    #expect(readings.max(of: \.date) == Date(timeIntervalSince1970: 2), "\(kind)")
    #expect(readings.sum(of: \.int) == 6 && readings.sum(of: \.int8) == 6 && readings.sum(of: \.int16) == 6, "\(kind)")
    #expect(readings.sum(of: \.int32) == 6 && readings.sum(of: \.int64) == 6, "\(kind)")
    #expect(abs(readings.sum(of: \.float) - 5.5) < 0.001 && abs(readings.sum(of: \.double) - 5.55) < 0.001, "\(kind)")
    #expect(readings.average(of: \.int) == 2 && readings.average(of: \.int8) == 2, "\(kind): average(of:)")
    #expect(readings.average(of: \.int16) == 2 && readings.average(of: \.int32) == 2, "\(kind): average(of:)")
    #expect(readings.average(of: \.int64) == 2, "\(kind): average(of:)")
    #expect(abs((readings.average(of: \.float) ?? 0) - 1.8333) < 0.001, "\(kind): average(of: \\.float)")
    #expect(abs((readings.average(of: \.double) ?? 0) - 1.85) < 0.001, "\(kind): average(of: \\.double)")

    #expect(readings.value(forKeyPath: "@count") as? Int == 3, "\(kind): @count")
    #expect(readings.value(forKeyPath: "@max.int") as? Int == 3, "\(kind): @max")
    #expect(readings.value(forKeyPath: "@min.int") as? Int == 1, "\(kind): @min")
    #expect(readings.value(forKeyPath: "@sum.int") as? Int == 6, "\(kind): @sum")
    #expect(readings.value(forKeyPath: "@avg.int") as? Double == 2, "\(kind): @avg")
}

/// What an ordered managed collection of the two markers answers.
func checkMarkerQueries<C: RealmCollection>(
    _ markers: C,
    _ kind: String,
    ordered: Bool = true,
    in realm: isolated Realm
) where C.Element == Marker {
    let (m1, m2) = (
        realm.objects(Marker.self).filter("text == '1'").first!, realm.objects(Marker.self).filter("text == '2'").first!
    )
    #expect(markers.count == 2, "\(kind)")
    #expect(
        [markers.filter("text = '1'").count, markers.filter("text = '2'").count, markers.filter("text = '0'").count]
            as [Int] == [1, 1, 0],
        "\(kind): filter counts"
    )
    #expect(
        [markers.where { $0.text == "1" }.count, markers.where { $0.text == "0" }.count] as [Int] == [1, 0],
        "\(kind): where counts"
    )
    // Arguments of every form: a string, an AnyRealmValue, a custom persistable, nil among optionals.
    let argumentCounts: [Int] = [
        markers.filter("text = %@", "2").count, markers.filter("text = %@", AnyRealmValue.string("1")).count,
        markers.filter("text = %@", AnyRealmValue.string("3")).count,
        markers.filter("text = %@", MarkerText(persistedValue: "2")).count,
        markers.filter("text = %@", MarkerText(persistedValue: "3")).count,
    ]
    #expect(argumentCounts == [1, 1, 0, 1, 0], "\(kind): filter arguments")
    let (first, second, third): (String?, String, String?) = ("1", "2", nil)
    #expect(
        markers.filter("text = %@ OR text = %@ OR text = %@", first as Any, second as Any, third as Any).count == 2,
        "\(kind): nil among the arguments"
    )
    #expect(
        markers.where { $0.text == first || $0.text == second || $0.text == third }.count == 2,
        "\(kind): nil among the query's values"
    )
    #expect(markers.filter { $0.text == "1" }.count == 1, "\(kind): Sequence.filter")
    #expect(
        Array(markers.sorted(byKeyPath: "text", ascending: false)).map(\.text) == ["2", "1"],
        "\(kind): sorted descending"
    )
    #expect(
        Array(markers.sorted(byKeyPath: "anchor.id")).count == 2 && markers.sorted(by: \.anchor?.id).count == 2,
        "\(kind): sorted through a link"
    )
    #expect(Array(markers.sorted(by: \.text, ascending: true)).map(\.text) == ["1", "2"], "\(kind)")
    #expect(markers.filter("text = '2'").first?.text == "2", "\(kind): first of a filter")
    #expect(markers.filter("text = '2'").last?.text == "2", "\(kind): last of a filter")
    #expect(markers.filter("text = '3'").first == nil && markers.filter("text = '3'").last == nil, "\(kind)")
    #expect(markers.where { $0.text == "3" }.first == nil, "\(kind)")
    #expect(Set(markers.value(forKey: "text") as? [String] ?? []) == ["1", "2"], "\(kind): value(forKey:)")
    guard ordered else { return }
    #expect([markers.index(of: m1), markers.index(of: m2)] == [0, 1], "\(kind): index(of:)")
    let onlyFirst = markers.filter("text = '1'")
    #expect(onlyFirst.index(of: m1) == 0 && onlyFirst.index(of: m2) == nil, "\(kind): index(of:) in a filter")
    let onlyFirstQuery = markers.where { $0.text == "1" }
    #expect(onlyFirstQuery.index(of: m1) == 0 && onlyFirstQuery.index(of: m2) == nil, "\(kind)")
    let formatPositions: [Int?] = [
        markers.index(matching: "text = '1'"), markers.index(matching: "text = %@", "1"),
        markers.index(matching: "text = %@", "2"), markers.index(matching: "text = %@", "3"),
    ]
    #expect(formatPositions == [0, 0, 1, nil], "\(kind): index(matching:) with a format")
    let queryPositions = [markers.index(matching: { $0.text == "2" }), markers.index(matching: { $0.text == "3" })]
    #expect(queryPositions == [1, nil], "\(kind): index(matching:) with a query")
    #expect(markers.objects(at: [0, 1]).map(\.text) == ["1", "2"], "\(kind): objects(at:)")
    #expect(markers.first?.text == "1" && markers.last?.text == "2", "\(kind): first and last")
    #expect(markers.map { $0.text ?? "" }.joined() == "12", "\(kind): iteration")
    #expect(markers.value(forKey: "text") as? [String] == ["1", "2"], "\(kind): value(forKey:) in order")
    #expect(
        (markers.value(forKey: "self") as? [Marker])?.map(\.text) == ["1", "2"],
        "\(kind): value(forKey: self)"
    )
}

/// Freezing, then deleting the objects through the live collection, as realm-swift's testThaw does.
func checkThaw<C: RealmCollection>(_ collection: C, _ kind: String, in realm: isolated Realm) throws
where C.Element: Object {
    #expect(!collection.isFrozen, "\(kind)")
    let frozen = try collection.freeze()
    #expect(frozen.isFrozen && frozen.count == collection.count, "\(kind): freeze()")
    let live = try #require(frozen.thaw(), "\(kind)")
    #expect(!live.isFrozen, "\(kind): thaw()")
    try realm.delete(Array(live))
    #expect(live.isEmpty && collection.isEmpty, "\(kind): the live collections follow the deletion")
    #expect(frozen.count > 0, "\(kind): the frozen collection keeps its version")
    #expect(frozen.thaw()?.isEmpty == true, "\(kind): thawing the old version gives the newest")
}

@Suite("Collection semantics: every kind of collection of objects, as Realm Swift's collection type tests")
struct CollectionKindSemanticsTests {
    @Test("aggregates by name and key path answer each property's type, on every kind, managed and unmanaged")
    func aggregates() async throws {
        let realm = try await CollectionKinds.makeRealm()
        await realm.read { realm in
            let box = realm.object(ofType: CollectionBox.self, forPrimaryKey: 1)!
            let anchor = realm.objects(Anchor.self).first!
            checkReadingAggregates(realm.objects(Reading.self), "Results")
            checkReadingAggregates(box.readingList, "List")
            checkReadingAggregates(box.readingSet, "MutableSet")
            checkReadingAggregates(anchor.readings, "LinkingObjects")
            checkReadingAggregates(AnyRealmCollection(box.readingList), "AnyRealmCollection of a list")
            checkReadingAggregates(AnyRealmCollection(box.readingSet), "AnyRealmCollection of a set")
        }
        let unmanaged = CollectionBox()
        unmanaged.readingList.append(objectsIn: CollectionKinds.readings())
        unmanaged.readingSet.insert(objectsIn: CollectionKinds.readings())
        checkReadingAggregates(unmanaged.readingList, "unmanaged List")
        checkReadingAggregates(unmanaged.readingSet, "unmanaged MutableSet")
        checkReadingAggregates(AnyRealmCollection(unmanaged.readingList), "AnyRealmCollection of an unmanaged list")
    }

    @Test("counts, filters with every argument form, positions, sorts and key-value coding on every kind")
    func queries() async throws {
        let realm = try await CollectionKinds.makeRealm()
        await realm.read { realm in
            let box = realm.object(ofType: CollectionBox.self, forPrimaryKey: 1)!
            let anchor = realm.objects(Anchor.self).first!
            checkMarkerQueries(realm.objects(Marker.self), "Results", in: realm)
            checkMarkerQueries(box.markerList, "List", in: realm)
            checkMarkerQueries(box.markerSet, "MutableSet", ordered: false, in: realm)
            checkMarkerQueries(anchor.markers, "LinkingObjects", in: realm)
            checkMarkerQueries(AnyRealmCollection(box.markerList), "AnyRealmCollection of a list", in: realm)
        }
    }

    @Test("an unmanaged list and set answer positions, ends and key-value coding in memory")
    func unmanaged() {
        let markers = ["1", "2"].map { Marker(value: ["text": $0]) }
        let box = CollectionBox(value: ["markerList": markers, "markerSet": markers])
        #expect(box.markerList.realm == nil && box.markerSet.realm == nil)
        #expect(!box.markerList.isFrozen && !box.markerSet.isFrozen)
        #expect([box.markerList.index(of: markers[0]), box.markerList.index(of: markers[1])] == [0, 1])
        #expect(box.markerList.first === markers[0] && box.markerList.last === markers[1])
        #expect(box.markerList.count == 2 && box.markerSet.count == 2)
        #expect(box.markerList.value(forKey: "text") as? [String] == ["1", "2"])
        #expect(Set(box.markerSet.value(forKey: "text") as? [String] ?? []) == ["1", "2"])
        #expect((box.markerList.value(forKey: "self") as? [Marker])?.elementsEqual(markers, by: ===) == true)
        #expect(box.markerSet.contains(markers[0]) && !box.markerSet.contains(Marker()))
    }

    @Test("sorted(by: []) keeps the order; sort descriptors by name and key path order by them")
    func sortDescriptors() async throws {
        let realm = try await CollectionKinds.makeRealm()
        try await realm.write { realm in
            // Reverse the list so that sorting has something to do.
            let box = realm.object(ofType: CollectionBox.self, forPrimaryKey: 1)!
            box.readingList.swapAt(0, 2)
        }
        await realm.read { realm in
            let box = realm.object(ofType: CollectionBox.self, forPrimaryKey: 1)!
            let list = box.readingList
            #expect(list.map(\.int) == [3, 2, 1])
            #expect(list.sorted(by: [Strata.SortDescriptor]()).map(\.int) == [3, 2, 1])
            #expect(list.sorted(by: [SortDescriptor(keyPath: "int", ascending: true)]).map(\.int) == [1, 2, 3])
            #expect(list.sorted(by: [SortDescriptor(keyPath: \Reading.int, ascending: true)]).map(\.int) == [1, 2, 3])
            #expect(
                list.sorted(by: [SortDescriptor(keyPath: "double", ascending: false), SortDescriptor(keyPath: "int")])
                    .map(\.int) == [2, 3, 1]
            )
            #expect(realm.objects(Reading.self).sorted(by: \.int, ascending: true).map(\.int) == [1, 2, 3])
            #expect(AnyRealmCollection(list).sorted(by: [Strata.SortDescriptor]()).map(\.int) == [3, 2, 1])
        }
    }

    @Test("distinct(by:) keeps the first object of each combination, by names, key paths and through a link")
    func distinct() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(CollectionKinds.types))
        try await realm.write { realm in
            // int, flag, child's int
            let rows: [(Int, Bool, Int?)] = [(1, true, 1), (1, true, 1), (1, false, 2), (2, false, nil)]
            for (int, flag, child) in rows {
                let reading = Reading(value: ["int": int, "flag": flag])
                reading.child = child.map { ReadingChild(value: ["int": $0]) }
                try realm.add(reading)
            }
        }
        await realm.read { realm in
            let readings = realm.objects(Reading.self)
            func pairs(_ results: Results<Reading>) -> [String] { results.map { "\($0.int)\($0.flag ? "t" : "f")" } }
            #expect(pairs(readings.distinct(by: ["int"])) == ["1t", "2f"])
            #expect(pairs(readings.distinct(by: ["int", "flag"])) == ["1t", "1f", "2f"])
            // realm-core drops an object whose link on the way to the property is nil.
            #expect(readings.distinct(by: ["child.int"]).map { $0.child?.int } == [1, 2])
            #expect(pairs(readings.distinct(by: [\Reading.int])) == ["1t", "2f"])
            #expect(pairs(readings.distinct(by: [\Reading.int, \Reading.flag])) == ["1t", "1f", "2f"])
            #expect(readings.distinct(by: [\Reading.child?.int]).map { $0.child?.int } == [1, 2])
            // Distinct after a sort keeps the first object of each value in sorted order; a sort after a distinct
            // orders the objects distinct kept (realm-core's descriptor ordering).
            #expect(pairs(readings.sorted(byKeyPath: "int", ascending: false).distinct(by: ["flag"])) == ["2f", "1t"])
            #expect(pairs(readings.distinct(by: ["flag"]).sorted(byKeyPath: "int", ascending: false)) == ["1t", "1f"])
            #expect(pairs(readings.filter("TRUEPREDICATE SORT(int DESC) DISTINCT(flag)")) == ["2f", "1t"])
            let distinct = readings.distinct(by: ["int"])
            #expect((distinct.value(forKey: "self") as? [Reading])?.map(\.int) == distinct.map(\.int))
        }
    }

    @Test(
        "sorting through a link puts objects whose link is nil last ascending and first descending, as realm-core",
        arguments: [
            ("child.int", true, ["b", "a", "c", "nil1", "nil2"]),
            ("child.int", false, ["nil1", "nil2", "c", "a", "b"]),
            ("int", true, ["nil1", "a", "b", "c", "nil2"]),
        ]
    )
    func sortThroughNilLinks(keyPath: String, ascending: Bool, expected: [String]) async throws {
        let realm = try await Realm(configuration: memoryConfiguration(CollectionKinds.types))
        try await realm.write { realm in
            // (name in markers' text, int, child's int); a child of int 0 is a link to a child whose int is 0.
            let rows: [(String, Int, Int?)] = [
                ("nil1", 0, nil), ("a", 2, 2), ("b", 2, 1), ("c", 3, 3), ("nil2", 9, nil),
            ]
            let box = CollectionBox(value: ["id": 1])
            for (name, int, child) in rows {
                let reading = Reading(value: ["int": int, "markers": [Marker(value: ["text": name])]])
                reading.child = child.map { ReadingChild(value: ["int": $0]) }
                box.readingList.append(reading)
            }
            try realm.add(box)
        }
        let orders = await realm.read { realm -> [[String]] in
            let box = realm.object(ofType: CollectionBox.self, forPrimaryKey: 1)!
            let descriptors = [SortDescriptor(keyPath: keyPath, ascending: ascending), SortDescriptor(keyPath: "int")]
            return [
                realm.objects(Reading.self).sorted(by: descriptors),
                box.readingList.sorted(by: descriptors),
            ].map { results in results.map { $0.markers.first?.text ?? "" } }
        }
        #expect(orders[0] == expected, "Results")
        #expect(orders[1] == expected, "List")
    }

    @Test("freeze and thaw on every kind: thawing an old version gives the newest, the frozen one stays")
    func thaw() async throws {
        for kind in ["Results", "List", "MutableSet", "LinkingObjects", "AnyRealmCollection"] {
            let realm = try await CollectionKinds.makeRealm()
            try await realm.write { realm in
                let box = realm.object(ofType: CollectionBox.self, forPrimaryKey: 1)!
                let anchor = realm.objects(Anchor.self).first!
                switch kind {
                case "Results": try checkThaw(realm.objects(Marker.self), kind, in: realm)
                case "List": try checkThaw(box.markerList, kind, in: realm)
                case "MutableSet": try checkThaw(box.markerSet, kind, in: realm)
                case "LinkingObjects": try checkThaw(anchor.markers, kind, in: realm)
                default: try checkThaw(AnyRealmCollection(box.readingList), kind, in: realm)
                }
            }
        }
    }

    @Test("deleting each object while iterating a collection visits every object and empties it, on every kind")
    func deleteWhileIterating() async throws {
        for kind in ["Results", "List", "MutableSet", "LinkingObjects", "AnyRealmCollection"] {
            let realm = try await CollectionKinds.makeRealm()
            let (visited, remaining) = try await realm.write { realm -> ([String], Int) in
                let box = realm.object(ofType: CollectionBox.self, forPrimaryKey: 1)!
                let anchor = realm.objects(Anchor.self).first!
                let collection: AnyRealmCollection<Marker> =
                    switch kind {
                    case "Results": AnyRealmCollection(realm.objects(Marker.self))
                    case "List": AnyRealmCollection(box.markerList)
                    case "MutableSet": AnyRealmCollection(box.markerSet)
                    case "LinkingObjects": AnyRealmCollection(anchor.markers)
                    default: AnyRealmCollection(AnyRealmCollection(box.markerList))
                    }
                var visited: [String] = []
                for marker in collection {
                    visited.append(marker.text ?? "")
                    try realm.delete(marker)
                }
                return (visited.sorted(), collection.count)
            }
            #expect(visited == ["1", "2"] && remaining == 0, "\(kind)")
        }
    }

    @Test("invalidating the realm invalidates every kind of collection read from it")
    func invalidate() async throws {
        let realm = try await CollectionKinds.makeRealm()
        let answers = await realm.read { realm -> [[Bool]] in
            let box = realm.object(ofType: CollectionBox.self, forPrimaryKey: 1)!
            let anchor = realm.objects(Anchor.self).first!
            let results = realm.objects(Marker.self)
            let (list, set, links) = (box.markerList, box.markerSet, anchor.markers)
            let wrapper = AnyRealmCollection(box.markerList)
            func states() -> [Bool] {
                [
                    results.isInvalidated, list.isInvalidated, set.isInvalidated, links.isInvalidated,
                    wrapper.isInvalidated,
                ]
            }
            let before = states()
            realm.invalidate()
            return [before, states()]
        }
        #expect(answers == [Array(repeating: false, count: 5), Array(repeating: true, count: 5)])
    }

    @Test(
        "a frozen collection of every kind is queried into frozen results; a frozen element of a deleted one thaws to nil"
    )
    func frozenQueries() async throws {
        let realm = try await CollectionKinds.makeRealm()
        let frozen = try await realm.read { realm -> [AnyRealmCollection<Marker>] in
            let box = realm.object(ofType: CollectionBox.self, forPrimaryKey: 1)!
            return [
                AnyRealmCollection(try realm.objects(Marker.self).freeze()),
                AnyRealmCollection(try box.markerList.freeze()),
                AnyRealmCollection(try box.markerSet.freeze()),
                AnyRealmCollection(try realm.objects(Anchor.self).first!.markers.freeze()),
            ]
        }
        for (kind, collection) in zip(["Results", "List", "MutableSet", "LinkingObjects"], frozen) {
            let counts = ["1", "2", "3"].map { text in collection.filter("text = %@", text).count }
            let queried = ["1", "2", "3"].map { text in collection.where { $0.text == text }.count }
            #expect(counts == [1, 1, 0] && queried == [1, 1, 0], "\(kind)")
            #expect(collection.filter("text = '3'").isFrozen && collection.where { $0.text == "3" }.isFrozen, "\(kind)")
        }
        let frozenMarkers = try await realm.read { realm in try realm.objects(Marker.self).freeze() }
        let answers = try await realm.write { realm -> [Bool] in
            let element = frozenMarkers.first!
            try realm.delete(realm.objects(Marker.self))
            return [element.thaw() == nil, element.isFrozen, element.text == "1"]
        }
        #expect(answers == [true, true, true])
    }

    @Test("integers of every width are found by a %d argument and by the typed query", arguments: [0, 1, 2, 3])
    func integerWidths(_ value: Int) async throws {
        let realm = try await CollectionKinds.makeRealm()
        let counts = await realm.read { realm -> [Int] in
            let readings = realm.objects(Reading.self)
            return [
                readings.filter("int8 = %d", Int8(value)).count, readings.filter("int16 = %d", Int16(value)).count,
                readings.filter("int32 = %d", Int32(value)).count, readings.filter("int64 = %d", Int64(value)).count,
                readings.where { $0.int8 == Int8(value) }.count, readings.where { $0.int16 == Int16(value) }.count,
                readings.where { $0.int32 == Int32(value) }.count, readings.where { $0.int64 == Int64(value) }.count,
            ]
        }
        #expect(counts == Array(repeating: value == 0 ? 0 : 1, count: 8))
    }

    @Test("an AnyRealmCollection equals itself, never a wrapper of another object's list")
    func anyRealmCollectionEquality() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([ValueLists.self]))
        try await realm.write { realm in
            try realm.add([
                ValueLists(value: ["id": 1, "int": [1, 2, 3]]), ValueLists(value: ["id": 2, "int": [1, 2, 3]]),
            ])
        }
        await realm.read { realm in
            let lists = realm.objects(ValueLists.self).sorted(byKeyPath: "id")
            let (first, second) = (AnyRealmCollection(lists[0].int), AnyRealmCollection(lists[1].int))
            #expect(first != second)
            #expect(first == first && second == second)
        }
    }

    @Test("a nil element of a list, a set or a map is described as <null>, as Realm's collections hold NSNull")
    func nilElementDescriptions() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(valueCollectionTypes))
        let descriptions = try await realm.write { realm -> [String] in
            let lists = try realm.create(ValueLists.self, value: ["id": 1, "optString": ["a", nil]])
            let sets = try realm.create(ValueSets.self, value: ["id": 1, "optInt": [nil]])
            let maps = try realm.create(ValueMaps.self, value: ["id": 1, "optString": ["k": nil]])
            let unmanaged = List<Int?>()
            unmanaged.append(objectsIn: [nil, 1])
            return [lists.optString, sets.optInt, maps.optString, unmanaged].map { "\($0)" }.map { description in
                String(description.drop { $0 != "(" })
            }
        }
        #expect(
            descriptions == [
                "(\n\t[0] a,\n\t[1] <null>\n)", "(\n\t[0] <null>\n)", "(\n[k]: <null>\n)",
                "(\n\t[0] <null>,\n\t[1] 1\n)",
            ]
        )
    }

    @Test("a collection's description lists its objects in Realm's format, linking objects left out")
    func descriptions() async throws {
        let realm = try await CollectionKinds.makeRealm()
        let descriptions = await realm.read { realm -> [String] in
            let box = realm.object(ofType: CollectionBox.self, forPrimaryKey: 1)!
            return [
                realm.objects(Marker.self).description, box.markerList.description,
                realm.objects(Anchor.self).first!.markers.description,
                AnyRealmCollection(box.markerList).description,
            ]
        }
        let body =
            " <0x[0-9a-f]+> \\(\n\t\\[0\\] Marker \\{\n\t\ttext = 1;\n\t\tanchor = Anchor \\{\n\t\t\tid = 1;\n\t\t\\};"
            + "\n\t\\},\n\t\\[1\\] Marker \\{\n\t\ttext = 2;\n\t\tanchor = Anchor \\{\n\t\t\tid = 1;\n\t\t\\};\n\t\\}\n\\)"
        for (description, kind) in zip(descriptions, ["Results", "List", "LinkingObjects", "AnyRealmCollection"]) {
            let pattern = try Regex("^\(kind)<Marker>" + body + "$")
            #expect(description.wholeMatch(of: pattern) != nil, "\(description)")
        }
    }
}

@Suite("Collection semantics: linking objects, as realm's linking objects tests")
struct LinkingObjectsSemanticsTests {
    // Realm also sorts and filters them into empty results; Strata's results need a realm, so sorting or
    // filtering an unmanaged object's linking objects stops, as for an unmanaged list.
    @Test("an unmanaged object's linking objects answer positions and aggregates as an empty collection")
    func unmanagedLinkingObjects() {
        let anchor = Anchor()
        let readings = anchor.readings
        #expect(readings.count == 0 && readings.first == nil && readings.last == nil)
        #expect(readings.min(ofProperty: "int") as Int? == nil && readings.max(ofProperty: "int") as Int? == nil)
        #expect(readings.sum(ofProperty: "int") as Int == 0 && readings.average(ofProperty: "int") as Double? == nil)
        #expect((readings.value(forKey: "int") as? [Any])?.isEmpty == true)
        #expect(readings.value(forKeyPath: "@count") as? Int == 0)
        #expect(readings.value(forKeyPath: "@min.int") as? Int == nil)
        #expect(readings.value(forKeyPath: "@sum.int") as? Int == 0)
        #expect(readings.index(of: Reading()) == nil && readings.index(matching: "TRUEPREDICATE") == nil)
    }

    @Test("linking objects follow new links and deletions; a frozen object's keep their version; filters follow")
    func basics() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(CollectionKinds.types))
        try await realm.write { realm in
            let anchor = try realm.create(Anchor.self, value: ["id": 1])
            _ = try realm.create(Reading.self, value: ["int": 30, "anchor": anchor])
        }
        let frozen = try await realm.read { realm in try realm.objects(Anchor.self).freeze() }
        try await realm.write { realm in
            _ = try realm.create(Reading.self, value: ["int": 29, "anchor": realm.objects(Anchor.self).first!])
        }
        let answers = try await realm.write { realm -> [[Int]] in
            let anchor = realm.objects(Anchor.self).first!
            let readings = anchor.readings
            let filtered = readings.filter("int > 29")
            let before = [readings.map(\.int), frozen.first!.readings.map(\.int)]
            readings.filter("int == 30").first!.anchor = nil
            let after = [readings.map(\.int), filtered.map(\.int), [filtered.index(matching: "int == 30") ?? -1]]
            try realm.delete(anchor)
            return before + after + [readings.map(\.int), frozen.first!.readings.map(\.int)]
        }
        #expect(answers == [[30, 29], [30], [29], [], [-1], [], [30]])
    }
}
