import Foundation
import Strata
import Testing

// The facts of realm-swift's RealmCollectionTypeTests that CollectionSemanticsTests+Kinds (and its sibling files)
// do not already ask, each asked of every kind of collection that suite's classes run on: results of a whole
// table, of a filter ("table view") and of a list ("link view", a list filtered by TRUEPREDICATE), a managed list
// and set, linking objects, and AnyRealmCollection wrapping a list and a set. The data set is
// CollectionKinds.makeRealm()'s: markers "1" and "2" linked to anchor 1, readings 1, 2 and 3.

/// A kind of collection of markers (or readings) that realm-swift's collection type tests run on.
enum PortKind: String, CaseIterable, Codable, Sendable, CustomTestStringConvertible {
    case table, tableView, linkView, list, set, linkingObjects, anyList, anySet

    var testDescription: String { rawValue }

    /// Whether the kind's order is unspecified (a set's).
    var unordered: Bool { self == .set || self == .anySet }

    /// The two markers as this kind of collection.
    func markers(in realm: isolated Realm) -> AnyRealmCollection<Marker> {
        let box = realm.object(ofType: CollectionBox.self, forPrimaryKey: 1)!
        return switch self {
        case .table: AnyRealmCollection(realm.objects(Marker.self))
        case .tableView: AnyRealmCollection(realm.objects(Marker.self).filter("text != ''"))
        case .linkView: AnyRealmCollection(box.markerList.filter("TRUEPREDICATE"))
        case .list: AnyRealmCollection(box.markerList)
        case .set: AnyRealmCollection(box.markerSet)
        case .linkingObjects: AnyRealmCollection(realm.objects(Anchor.self).first!.markers)
        case .anyList: AnyRealmCollection(AnyRealmCollection(box.markerList))
        case .anySet: AnyRealmCollection(AnyRealmCollection(box.markerSet))
        }
    }

    /// The three readings as this kind of collection.
    func readings(in realm: isolated Realm) -> AnyRealmCollection<Reading> {
        let box = realm.object(ofType: CollectionBox.self, forPrimaryKey: 1)!
        return switch self {
        case .table: AnyRealmCollection(realm.objects(Reading.self))
        case .tableView: AnyRealmCollection(realm.objects(Reading.self).filter("flag == true"))
        case .linkView: AnyRealmCollection(box.readingList.filter("TRUEPREDICATE"))
        case .list: AnyRealmCollection(box.readingList)
        case .set: AnyRealmCollection(box.readingSet)
        case .linkingObjects: AnyRealmCollection(realm.objects(Anchor.self).first!.readings)
        case .anyList: AnyRealmCollection(AnyRealmCollection(box.readingList))
        case .anySet: AnyRealmCollection(AnyRealmCollection(box.readingSet))
        }
    }
}

@Suite("Collection type port: realm-swift's RealmCollectionTypeTests on every kind of collection")
struct CollectionTypePortTests {
    @Test("counts, filters, positions, sorts, aggregates and key-value coding", arguments: PortKind.allCases)
    func queriesAndAggregates(_ kind: PortKind) async throws {
        let realm = try await CollectionKinds.makeRealm()
        await realm.read { realm in
            checkMarkerQueries(kind.markers(in: realm), "\(kind)", ordered: !kind.unordered, in: realm)
            checkReadingAggregates(kind.readings(in: realm), "\(kind)")
        }
    }

    @Test(
        "predicates filter and find positions, with literal and AnyRealmValue arguments",
        arguments: PortKind.allCases
    )
    func predicates(_ kind: PortKind) async throws {
        let realm = try await CollectionKinds.makeRealm()
        let answers = try await realm.read { realm -> [String] in
            let markers = kind.markers(in: realm)
            let literal = try ["1", "2", "3"].map { text in try RealmPredicate(format: "text = '\(text)'") }
            let mixed = try ["1", "2", "3"].map { text in
                try RealmPredicate(format: "text = %@", AnyRealmValue.string(text))
            }
            let positions = literal.map { markers.index(matching: $0) }
            let expected = ["1", "2", "3"].map { text in markers.firstIndex { $0.text == text } }
            return [
                "\(try literal.map { try markers.filter($0).count })",
                "\(try mixed.map { try markers.filter($0).count })",
                "\(positions == expected)", "\(positions.compactMap { $0 }.count)",
            ]
        }
        #expect(answers == ["[1, 1, 0]", "[1, 1, 0]", "true", "2"], "\(kind)")
    }

    @Test("a managed collection's realm is the realm it was read from", arguments: PortKind.allCases)
    func realmOfCollection(_ kind: PortKind) async throws {
        let realm = try await CollectionKinds.makeRealm()
        let identifiers = await realm.read { realm in
            [kind.markers(in: realm).realm?.configuration.inMemoryIdentifier, realm.configuration.inMemoryIdentifier]
        }
        #expect(identifiers[0] != nil && identifiers[0] == identifiers[1])
    }

    @Test("setValue(_:forKey:) sets the property of every object in the collection", arguments: PortKind.allCases)
    func setValueForKey(_ kind: PortKind) async throws {
        let realm = try await CollectionKinds.makeRealm()
        let texts = try await realm.write { realm -> [String?] in
            let markers = kind.markers(in: realm)
            markers.setValue("hi there!", forKey: "text")
            return Array(markers.map(\.text)) + realm.objects(Marker.self).map(\.text)
        }
        #expect(texts == Array(repeating: "hi there!", count: 4))
    }

    @Test(
        "@unionOfObjects gives every object's value; @distinctUnionOfObjects each value once",
        arguments: PortKind.allCases
    )
    func unionOfObjects(_ kind: PortKind) async throws {
        let realm = try await CollectionKinds.makeRealm()
        let answers = await realm.read { realm -> [[String]] in
            let markers = kind.markers(in: realm)
            let readings = kind.readings(in: realm)
            let union = markers.value(forKeyPath: "@unionOfObjects.text") as? [String] ?? []
            let doubles = readings.value(forKeyPath: "@unionOfObjects.double") as? [Double] ?? []
            let distinct = readings.value(forKeyPath: "@distinctUnionOfObjects.double") as? [Double] ?? []
            return [
                kind.unordered ? union.sorted() : union, doubles.sorted().map { "\($0)" },
                distinct.sorted().map { "\($0)" },
            ]
        }
        #expect(answers == [["1", "2"], ["1.11", "2.22", "2.22"], ["1.11", "2.22"]])
    }
}

/// A collection change as text: `initial 2`, or `update -[deletions] +[insertions] ~[modifications]`.
func changeText<C: RealmCollection>(_ change: RealmCollectionChange<C>?) -> String {
    switch change {
    case .initial(let collection)?: "initial \(collection.count)"
    case .update(_, let deletions, let insertions, let modifications)?:
        "update -\(deletions) +\(insertions) ~\(modifications)"
    case .error(let error)?: "error \(error)"
    case nil: "nothing"
    }
}

/// Runs `body`, cancelling it after `seconds` (a stream's `next()` then returns nil), so that a notification that
/// never comes fails the test instead of hanging it.
private func withinTimeout<T: Sendable>(
    _ seconds: Double = 60,
    _ body: @escaping @Sendable () async throws -> T
) async throws -> T? {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            return nil
        }
        defer { group.cancelAll() }
        return try await group.next() ?? nil
    }
}

/// Something to find out about a collection of the two markers, whatever its type.
protocol MarkerScenario: Sendable {
    associatedtype Output: Sendable
    func run<C: RealmCollection>(_ realm: Realm, _ make: @escaping @Sendable (isolated Realm) -> C) async throws
        -> Output where C.Element == Marker
}

extension PortKind {
    /// Box 1, which holds the markers and readings in a list and a set.
    static func box(_ realm: isolated Realm) -> CollectionBox {
        realm.object(ofType: CollectionBox.self, forPrimaryKey: 1)!
    }

    /// Runs `scenario` on the two markers as this kind's own collection type (a wrapper only for the wrapper
    /// kinds).
    func run<S: MarkerScenario>(_ scenario: S, _ realm: Realm) async throws -> S.Output {
        return switch self {
        case .table: try await scenario.run(realm) { realm in realm.objects(Marker.self) }
        case .tableView: try await scenario.run(realm) { realm in realm.objects(Marker.self).filter("text != ''") }
        case .linkView: try await scenario.run(realm) { realm in Self.box(realm).markerList.filter("TRUEPREDICATE") }
        case .list: try await scenario.run(realm) { realm in Self.box(realm).markerList }
        case .set: try await scenario.run(realm) { realm in Self.box(realm).markerSet }
        case .linkingObjects: try await scenario.run(realm) { realm in realm.objects(Anchor.self).first!.markers }
        case .anyList: try await scenario.run(realm) { realm in AnyRealmCollection(Self.box(realm).markerList) }
        case .anySet: try await scenario.run(realm) { realm in AnyRealmCollection(Self.box(realm).markerSet) }
        }
    }
}

/// The observer scenario of realm-swift's key-path observation tests, on one collection: seven observers (all
/// properties; "text", "anchor.id" and "anchor" by name and by Swift key path), then three writes: the anchor's
/// id (A), marker 2's text (B) and marker 1's link (C). Gives what each observer reports, and where markers 1
/// and 2 were.
private struct KeyPathScenario: MarkerScenario {
    func run<C: RealmCollection>(_ realm: Realm, _ make: @escaping @Sendable (isolated Realm) -> C) async throws
        -> Reports where C.Element == Marker
    {
        let (streams, positions) = await realm.read { realm in
            let markers = make(realm)
            let streams = [
                markers.changes(), markers.changes(keyPaths: ["text"]), markers.changes(keyPaths: ["anchor.id"]),
                markers.changes(keyPaths: ["anchor"]), markers.changes(keyPaths: [\Marker.text]),
                markers.changes(keyPaths: [\Marker.anchor?.id]), markers.changes(keyPaths: [\Marker.anchor]),
            ]
            return (streams, ["1", "2"].map { text in markers.firstIndex { $0.text == text } ?? -1 })
        }
        let reports = try await withinTimeout {
            var iterators = streams.map { $0.makeAsyncIterator() }
            var reports: [String] = []
            for index in iterators.indices { reports.append(changeText(await iterators[index].next())) }
            try await realm.write { realm in realm.objects(Anchor.self).first!.id = 2 }
            for index in [0, 2, 5] { reports.append(changeText(await iterators[index].next())) }
            try await realm.write { realm in realm.objects(Marker.self).filter("text == '2'").first!.text = "changed" }
            reports.append(changeText(await iterators[0].next()))
            try await realm.write { realm in realm.objects(Marker.self).filter("text == '1'").first!.anchor = nil }
            for index in iterators.indices { reports.append(changeText(await iterators[index].next())) }
            return reports
        }
        return Reports(reports: reports ?? ["timed out"], positions: positions)
    }
}

/// What a scenario's observers reported, and where markers 1 and 2 were in the collection.
struct Reports: Sendable {
    var reports: [String]
    var positions: [Int]
    var tuple: ([String], [Int]) { (reports, positions) }
}

/// Adds a marker "a" to the collection of `kind` (a new object for results and linking objects, appended to the
/// list, inserted into the set) and deletes every object, reporting what an observer of all properties saw.
private struct InsertAndDeleteScenario: MarkerScenario {
    let kind: PortKind

    func run<C: RealmCollection>(_ realm: Realm, _ make: @escaping @Sendable (isolated Realm) -> C) async throws
        -> [String] where C.Element == Marker
    {
        let stream = await realm.read { realm in make(realm).changes() }
        let reports = try await withinTimeout {
            var iterator = stream.makeAsyncIterator()
            var reports = [changeText(await iterator.next())]
            let position = try await realm.write { realm -> Int in
                let box = realm.object(ofType: CollectionBox.self, forPrimaryKey: 1)!
                let marker = try realm.create(
                    Marker.self,
                    value: ["text": "a", "anchor": realm.objects(Anchor.self).first!]
                )
                if kind == .list || kind == .anyList || kind == .linkView { box.markerList.append(marker) }
                if kind == .set || kind == .anySet { box.markerSet.insert(marker) }
                return make(realm).firstIndex { $0.text == "a" } ?? -1
            }
            reports.append(changeText(await iterator.next()))
            reports.append("a at \(position)")
            try await realm.write { realm in try realm.delete(realm.objects(Marker.self)) }
            reports.append(changeText(await iterator.next()))
            return reports
        }
        return reports ?? ["timed out"]
    }
}

@Suite("Collection type port: observing every kind of collection, as realm-swift's collection type tests")
struct CollectionTypePortObservationTests {
    @Test(
        "key paths: a change counts only when it is to a named property, a link on the way included",
        arguments: PortKind.allCases
    )
    func keyPaths(_ kind: PortKind) async throws {
        let realm = try await CollectionKinds.makeRealm()
        let (reports, positions) = try await kind.run(KeyPathScenario(), realm).tuple
        let (first, second) = (positions[0], positions[1])
        let initial = Array(repeating: "initial 2", count: 7)
        // A: the shared anchor's id modifies both markers, for every observer that follows anchor.id.
        let afterA = Array(repeating: "update -[] +[] ~[0, 1]", count: 3)
        // B: only marker 2's text.
        let afterB = ["update -[] +[] ~[\(second)]"]
        // C: marker 1's link; the linking objects lose marker 1. Observers of text alone still hold B.
        let afterC: [String] =
            kind == .linkingObjects
            ? [
                "update -[\(first)] +[] ~[]", "update -[\(first)] +[] ~[\(second)]", "update -[\(first)] +[] ~[]",
                "update -[\(first)] +[] ~[]",
            ]
            : [
                "update -[] +[] ~[\(first)]", "update -[] +[] ~[\(second)]", "update -[] +[] ~[\(first)]",
                "update -[] +[] ~[\(first)]",
            ]
        let expected = initial + afterA + afterB + afterC + afterC.dropFirst()
        #expect(reports == expected, "\(kind)")
        #expect(Set(positions) == [0, 1], "\(kind)")
    }

    @Test(
        "an added object is an insertion at its new index; deleting every object deletes every old index",
        arguments: PortKind.allCases
    )
    func insertAndDelete(_ kind: PortKind) async throws {
        let realm = try await CollectionKinds.makeRealm()
        let reports = try await kind.run(InsertAndDeleteScenario(kind: kind), realm)
        let position = kind.unordered ? Int(reports.last { $0.hasPrefix("a at ") }?.dropFirst(5) ?? "") ?? -1 : 2
        #expect(
            reports == [
                "initial 2", "update -[] +[\(position)] ~[]", "a at \(position)", "update -[0, 1, 2] +[] ~[]",
            ],
            "\(kind)"
        )
        #expect((0...2).contains(position), "\(kind)")
    }
}

@Suite("Collection type port: unions of arrays, and unmanaged collections")
struct CollectionTypePortUnmanagedTests {
    // Live objects without a primary key are equal only to the same instance (as Realm's), so the distinct union
    // of live lists keeps every element read; frozen objects are equal when they are the same stored object.
    @Test("@unionOfArrays joins every object's list or set; @distinctUnionOfArrays keeps each equal element once")
    func unionOfArrays() async throws {
        let realm = try await CollectionKinds.makeRealm()
        try await realm.write { realm in
            let markers = realm.objects(Marker.self).sorted(byKeyPath: "text")
            _ = try realm.create(CollectionBox.self, value: ["id": 2, "markerList": [markers[1], markers[1]]])
        }
        let answers = try await realm.read { realm -> [[String]] in
            let boxes = realm.objects(CollectionBox.self).sorted(byKeyPath: "id")
            let frozen = try boxes.freeze()
            func texts(_ keyPath: String, of boxes: Results<CollectionBox>) -> [String] {
                (boxes.value(forKeyPath: keyPath) as? [Marker] ?? []).map { $0.text ?? "" }
            }
            return [
                texts("@unionOfArrays.markerList", of: boxes), texts("@distinctUnionOfArrays.markerList", of: boxes),
                texts("@distinctUnionOfArrays.markerList", of: frozen),
                texts("@unionOfArrays.markerSet", of: boxes).sorted(),
            ]
        }
        #expect(answers == [["1", "2", "2", "2"], ["1", "2", "2", "2"], ["1", "2"], ["1", "2"]])
    }

    @Test("an unmanaged list or set answers the union operators, and freezing it throws")
    func unmanaged() async {
        let markers = ["1", "2", "1"].map { Marker(value: ["text": $0]) }
        let box = CollectionBox(value: ["markerList": markers, "markerSet": markers])
        #expect(box.markerList.value(forKeyPath: "@unionOfObjects.text") as? [String] == ["1", "2", "1"])
        #expect(box.markerList.value(forKeyPath: "@distinctUnionOfObjects.text") as? [String] == ["1", "2"])
        #expect((box.markerSet.value(forKeyPath: "@unionOfObjects.text") as? [String])?.sorted() == ["1", "1", "2"])
        #expect(!box.markerList.isFrozen && !box.markerSet.isFrozen)
        await expectError(RealmError.invalidValue("an unmanaged list cannot be frozen")) {
            _ = try box.markerList.freeze()
        }
        await expectError(RealmError.invalidValue("an unmanaged set cannot be frozen")) {
            _ = try box.markerSet.freeze()
        }
    }
}

// Realm's results and linking objects are each equal only to themselves and their copies, so that two objects(_:)
// calls (or two reads of a linking objects property) give unequal collections (ResultsEquatabilityTests,
// LinkingObjectsEquatabilityTests, AnyRealmCollectionEquatabilityTests); lists and sets are equal when they are the
// same property of the same object.
@Suite("Collection type port: equality of results, linking objects and their wrappers")
struct CollectionTypePortEqualityTests {
    @Test("a collection equals itself and its copies; different queries and objects' collections are unequal")
    func equality() async throws {
        let realm = try await CollectionKinds.makeRealm()
        try await realm.write { realm in
            let anchor = try realm.create(Anchor.self, value: ["id": 2])
            _ = try realm.create(Marker.self, value: ["text": "3", "anchor": anchor])
        }
        let answers = await realm.read { realm -> [String: Bool] in
            let markers = realm.objects(Marker.self)
            let copy = markers
            let anchors = realm.objects(Anchor.self).sorted(byKeyPath: "id")
            let links = anchors[0].markers
            let box = PortKind.box(realm)
            return [
                "results and itself": markers == markers, "results and a copy": copy == markers,
                "different filters": markers.filter("text == '1'") == markers.filter("text == '2'"),
                "live thaw": markers.thaw().map { $0 == markers } ?? false,
                "wrappers of one results": AnyRealmCollection(markers) == AnyRealmCollection(markers),
                "linking objects and itself": links == links,
                "two objects' linking objects": anchors[0].markers == anchors[1].markers,
                "a list read twice": box.markerList == box.markerList,
                "a set read twice": box.markerSet == box.markerSet,
                "wrappers of a list read twice": AnyRealmCollection(box.markerList)
                    == AnyRealmCollection(box.markerList),
                "two objects(_:) calls": realm.objects(Marker.self) == realm.objects(Marker.self),
                "wrappers of two objects(_:) calls": AnyRealmCollection(realm.objects(Marker.self))
                    == AnyRealmCollection(realm.objects(Marker.self)),
                "one property's linking objects read twice": anchors[0].markers == anchors[0].markers,
                "a frozen copy and its thaw": (try? markers.freeze().thaw().map { $0 == markers }) ?? true,
                "a frozen copy and the live results": (try? markers.freeze() == markers) ?? true,
            ]
        }
        #expect(
            answers == [
                "results and itself": true, "results and a copy": true, "different filters": false,
                "live thaw": true, "wrappers of one results": true, "linking objects and itself": true,
                "two objects' linking objects": false, "a list read twice": true, "a set read twice": true,
                "wrappers of a list read twice": true, "two objects(_:) calls": false,
                "wrappers of two objects(_:) calls": false, "one property's linking objects read twice": false,
                "a frozen copy and its thaw": false, "a frozen copy and the live results": false,
            ]
        )
    }
}
