import Foundation
import Strata
import Testing

// `Results`: every query shape with its exact contents and order, aggregates over empty and non-empty results
// with nils and decimals, positions, key-value coding of every property type, misuse that stops, frozen results
// read from other tasks while writes continue, and `thaw()`. The data set, which MutableSetTests and
// LinkingObjectsTests share (each kind holds the four objects in this order):
//
//   string  int  optionalInt  double  optionalDouble  decimal  date  bool   link
//   b        5   nil          1.5     nil             1.10     30    true   Rex
//   a        2   7            0.5     2.5             2.20     10    false  Rex
//   c        9   nil          3.0     nil             0.30     20    true   Rex
//   d        2   1            2.0     0.5             4.40     40    false  Rex
//
// Group 1's set holds the four objects and group 2's set none; Rex is linked from all four, Lone from none.
// Row b has a value other than the default for every other property type too (for key-value coding).
// Dates are seconds since 1970; sorting is stable, so equal keys keep the collection's order in both directions.

/// A decimal from its text (the test's literals are valid).
private func decimal(_ text: String) -> Decimal128 { try! Decimal128(string: text) }

/// A value as text, "nil" for none.
func text<T>(_ value: T?) -> String { value.map { "\($0)" } ?? "nil" }

@Suite("Results: queries, aggregates, positions, key-value coding, freeze and thaw")
struct ResultsTests {
    static func makeRealm() async throws -> Realm {
        let types: [ObjectBase.Type] = [AllTypes.self, Dog.self, Person.self, AllTypesGroup.self]
        let realm = try await Realm(configuration: memoryConfiguration(types))
        try await realm.write { realm in
            let rex = Dog(value: ["name": "Rex", "age": 3])
            try realm.add(Dog(value: ["name": "Lone", "age": 1]))
            let rows: [(String, Int, Int?, Double, Double?, String, Double, Bool)] = [
                ("b", 5, nil, 1.5, nil, "1.10", 30, true), ("a", 2, 7, 0.5, 2.5, "2.20", 10, false),
                ("c", 9, nil, 3.0, nil, "0.30", 20, true), ("d", 2, 1, 2.0, 0.5, "4.40", 40, false),
            ]
            var objects: [AllTypes] = []
            for (number, row) in rows.enumerated() {
                let object = AllTypes()
                object.id = specimenObjectId(number + 1)
                (object.string, object.int, object.optionalInt, object.double) = (row.0, row.1, row.2, row.3)
                (object.optionalDouble, object.decimal) = (row.4, decimal(row.5))
                (object.date, object.bool, object.link) = (Date(timeIntervalSince1970: row.6), row.7, rex)
                objects.append(object)
            }
            let b = objects[0]
            (b.int8, b.int16, b.int32, b.int64, b.float) = (8, 16, 32, 64, 1.25)
            (b.data, b.objectId, b.uuid, b.any, b.mood) = (
                Data([1, 2]), specimenObjectId(9), specimenUUID(9), .int(3), .grumpy
            )
            (b.optionalString, b.optionalDate, b.optionalUUID) = ("s", Date(timeIntervalSince1970: 5), specimenUUID(2))
            b.intList.append(objectsIn: [1, 2])
            b.optionalStringList.append(objectsIn: ["x", nil])
            b.stringSet.insert("t")
            b.scores["k"] = 1
            try realm.add(objects)
            let group = AllTypesGroup(value: ["id": 1])
            group.members.insert(objectsIn: objects)
            try realm.add([group, AllTypesGroup(value: ["id": 2])])
        }
        return realm
    }

    /// Every query shape over a collection holding the data set's four objects in table order: the `string` of
    /// each object, in order.
    static func queryShapes<C: RealmCollection>(_ c: C) throws -> [[String]] where C.Element == AllTypes {
        func strings(_ results: Results<AllTypes>) -> [String] { results.map(\.string) }
        let byIntThenString: [Strata.SortDescriptor] = [
            Strata.SortDescriptor(keyPath: "int"), Strata.SortDescriptor(keyPath: "string", ascending: false),
        ]
        return [
            strings(c.filter("int == 2")),
            strings(c.filter("int > %d", 2)),
            strings(try c.filter(RealmPredicate(format: "optionalInt == nil"))),
            strings(try c.filter(#Predicate<AllTypes> { $0.double >= 2 })),
            strings(c.where { $0.bool == true }),
            strings(c.filter("string ==[c] %@", "A")),
            strings(c.filter("link.name == 'Rex'")),
            strings(c.filter("optionalDouble > 1 OR decimal < 1")),
            strings(c.filter("FALSEPREDICATE")),
            strings(c.sorted(byKeyPath: "string", ascending: false)),
            strings(c.sorted(by: \.double)),
            strings(c.sorted(by: byIntThenString)),
            strings(c.sorted(byKeyPath: "optionalInt")),
            strings(c.sorted(byKeyPath: "optionalInt", ascending: false)),
            strings(c.distinct(by: ["int"])),
            strings(c.distinct(by: [\AllTypes.bool])),
            strings(c.distinct(by: ["int", "bool"])),
            strings(c.filter("int < 9").sorted(byKeyPath: "decimal", ascending: false)),
            strings(c.sorted(byKeyPath: "date").filter("bool == false")),
            strings(c.sorted(byKeyPath: "int").distinct(by: ["int"])),
            strings(c.where { $0.int > 1 }.where { $0.optionalInt != nil }.sorted(by: \.optionalInt)),
        ]
    }

    /// The answers of ``queryShapes(_:)``.
    static let expectedQueryShapes: [[String]] = [
        ["a", "d"],
        ["b", "c"],
        ["b", "c"],
        ["c", "d"],
        ["b", "c"],
        ["a"],
        ["b", "a", "c", "d"],
        ["a", "c"],
        [],
        ["d", "c", "b", "a"],
        ["a", "b", "d", "c"],
        ["d", "a", "b", "c"],
        ["b", "c", "d", "a"],
        ["a", "d", "b", "c"],
        ["b", "a", "c"],
        ["b", "a"],
        ["b", "a", "c"],
        ["d", "a", "b"],
        ["a", "d"],
        ["a", "b", "c"],
        ["d", "a"],
    ]

    /// Every aggregate by name and by key path, as text.
    static func aggregates<C: RealmCollection>(_ c: C) -> [String] where C.Element == AllTypes {
        [
            text(c.min(ofProperty: "int") as Int?), text(c.max(ofProperty: "int") as Int?),
            "\(c.sum(ofProperty: "int") as Int)", text(c.average(ofProperty: "int") as Double?),
            text(c.min(of: \.optionalInt) ?? nil), text(c.max(of: \.optionalInt) ?? nil),
            text(c.sum(of: \.optionalInt)), text(c.average(ofProperty: "optionalInt") as Double?),
            text(c.min(of: \.double)), text(c.max(of: \.double)), "\(c.sum(of: \.double))",
            text(c.average(of: \.double)),
            text(c.min(ofProperty: "optionalDouble") as Double?), text(c.max(ofProperty: "optionalDouble") as Double?),
            "\(c.sum(ofProperty: "optionalDouble") as Double)",
            text(c.average(ofProperty: "optionalDouble") as Double?),
            text(c.min(of: \.decimal)), text(c.max(of: \.decimal)), "\(c.sum(of: \.decimal))",
            text(c.average(of: \.decimal)),
            text(c.min(of: \.date)?.timeIntervalSince1970), text(c.max(of: \.date)?.timeIntervalSince1970),
        ]
    }

    /// The answers of ``aggregates(_:)`` over the four objects.
    static let expectedAggregates = [
        "2", "9", "18", "4.5", "1", "7", "8", "4.0", "0.5", "3.0", "7.0", "1.75", "0.5", "2.5", "3.0",
        "1.5", "0.3", "4.4", "8", "2", "10.0", "40.0",
    ]

    /// The answers of ``aggregates(_:)`` over no objects: nil for min, max and average, zero for sum.
    static let expectedEmptyAggregates = [
        "nil", "nil", "0", "nil", "nil", "nil", "0", "nil", "nil", "nil", "0.0", "nil", "nil", "nil", "0.0",
        "nil", "nil", "nil", "0", "nil", "nil", "nil",
    ]

    @Test("every query shape keeps the results' order and selects exactly the matching objects")
    func queryShapes() async throws {
        let realm = try await Self.makeRealm()
        let answers = try await realm.read { realm in try Self.queryShapes(realm.objects(AllTypes.self)) }
        #expect(answers == Self.expectedQueryShapes)
    }

    @Test("aggregates ignore nils; over no objects min, max and average are nil and sum is zero")
    func aggregates() async throws {
        let realm = try await Self.makeRealm()
        let (full, empty, nulls) = await realm.read { realm in
            let all = realm.objects(AllTypes.self)
            let allNil = all.filter("optionalInt == nil")
            return (
                Self.aggregates(all), Self.aggregates(all.filter("int > 100")),
                [
                    text(allNil.min(ofProperty: "optionalInt") as Int?),
                    "\(allNil.sum(ofProperty: "optionalInt") as Int)",
                    text(allNil.average(ofProperty: "optionalDouble") as Double?),
                ]
            )
        }
        #expect(full == Self.expectedAggregates)
        #expect(empty == Self.expectedEmptyAggregates)
        #expect(nulls == ["nil", "0", "nil"])
    }

    @Test("index(of:) finds objects in the results and answers nil for others; index(matching:) the first match")
    func positions() async throws {
        let realm = try await Self.makeRealm()
        let answers = try await realm.read { realm -> [String] in
            let all = realm.objects(AllTypes.self)
            let twos = all.filter("int == 2")
            let c = all.filter("string == 'c'").first!
            let d = all.filter("string == 'd'").first!
            return [
                text(all.index(of: c)), text(twos.index(of: d)), text(twos.index(of: c)),
                text(all.index(of: AllTypes())),
                text(all.sorted(byKeyPath: "string").index(of: c)),
                text(all.index(matching: "int == %d", 2)),
                text(try all.index(matching: RealmPredicate(format: "int > 100"))),
                text(all.index(matching: { $0.bool == false && $0.int == 2 })),
                text(twos.index(matching: #Predicate<AllTypes> { $0.string == "d" })),
            ]
        }
        #expect(answers == ["2", "1", "nil", "nil", "2", "1", "nil", "1", "1"])
    }

    @Test("objects(at:) answers the objects at the indexes, and stops for an index out of bounds")
    func objectsAtIndexes() async throws {
        let realm = try await Self.makeRealm()
        let names = await realm.read { realm in
            let all = realm.objects(AllTypes.self)
            return [all.objects(at: [0, 3]).map(\.string), all.objects(at: []).map(\.string)]
        }
        #expect(names == [["b", "d"], []])
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try await ResultsTests.makeRealm()
            await realm.read { realm in _ = realm.objects(AllTypes.self).objects(at: [1, 4]) }
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("out of bounds"))
    }

    /// Checks `value(forKey:)` and `value(forKeyPath:)` for every property type on a collection holding the four
    /// objects in table order.
    static func checkKeyValueCoding<C: RealmCollection>(
        _ rows: C,
        sourceLocation: SourceLocation = #_sourceLocation
    ) where C.Element == AllTypes {
        func values<T>(_ key: String, as _: T.Type) -> [T]? { rows.value(forKey: key) as? [T] }
        func check(_ condition: Bool, _ key: String) {
            #expect(condition, "value(forKey: \"\(key)\")", sourceLocation: sourceLocation)
        }
        let dates = { (seconds: [Double]) in seconds.map { Date(timeIntervalSince1970: $0) } }
        check(values("bool", as: Bool.self) == [true, false, true, false], "bool")
        check(values("int", as: Int.self) == [5, 2, 9, 2], "int")
        check(values("int8", as: Int8.self) == [8, 0, 0, 0], "int8")
        check(values("int16", as: Int16.self) == [16, 0, 0, 0], "int16")
        check(values("int32", as: Int32.self) == [32, 0, 0, 0], "int32")
        check(values("int64", as: Int64.self) == [64, 0, 0, 0], "int64")
        check(values("float", as: Float.self) == [1.25, 0, 0, 0], "float")
        check(values("double", as: Double.self) == [1.5, 0.5, 3, 2], "double")
        check(values("string", as: String.self) == ["b", "a", "c", "d"], "string")
        check(values("data", as: Data.self) == [Data([1, 2]), Data(), Data(), Data()], "data")
        check(values("date", as: Date.self) == dates([30, 10, 20, 40]), "date")
        check(values("decimal", as: Decimal128.self) == ["1.10", "2.20", "0.30", "4.40"].map(decimal), "decimal")
        check(values("objectId", as: ObjectId.self) == [9, 0, 0, 0].map(specimenObjectId), "objectId")
        check(values("uuid", as: UUID.self) == [9, 0, 0, 0].map(specimenUUID), "uuid")
        // As Realm Swift: an AnyRealmValue's payload (nil for none), a PersistableEnum's raw value.
        check(values("any", as: Int?.self) == [3, nil, nil, nil], "any")
        check(values("mood", as: String.self) == ["grumpy", "happy", "happy", "happy"], "mood")
        check(values("optionalInt", as: Int?.self) == [nil, 7, nil, 1], "optionalInt")
        check(values("optionalString", as: String?.self) == ["s", nil, nil, nil], "optionalString")
        check(
            values("optionalDate", as: Date?.self) == [Date(timeIntervalSince1970: 5), nil, nil, nil],
            "optionalDate"
        )
        check(values("optionalUUID", as: UUID?.self) == [specimenUUID(2), nil, nil, nil], "optionalUUID")
        check(values("optionalDouble", as: Double?.self) == [nil, 2.5, nil, 0.5], "optionalDouble")
        check(values("intList", as: List<Int>.self)?.map(Array.init) == [[1, 2], [], [], []], "intList")
        check(
            values("optionalStringList", as: List<String?>.self)?.map(Array.init) == [["x", nil], [], [], []],
            "optionalStringList"
        )
        check(values("stringSet", as: MutableSet<String>.self)?.map(Array.init) == [["t"], [], [], []], "stringSet")
        check(values("scores", as: Map<String, Int>.self)?.map(\.keys) == [["k"], [], [], []], "scores")
        check(values("link", as: Dog?.self)?.map { $0?.name } == ["Rex", "Rex", "Rex", "Rex"], "link")
        check(values("id", as: ObjectId.self) == [1, 2, 3, 4].map(specimenObjectId), "id")
        check(values("self", as: AllTypes.self)?.map(\.string) == ["b", "a", "c", "d"], "self")
        check(rows.value(forKeyPath: "link.name") as? [String] == ["Rex", "Rex", "Rex", "Rex"], "link.name")
        check(rows.value(forKeyPath: "@count") as? Int == 4, "@count")
        check(rows.value(forKeyPath: "@avg.double") as? Double == 1.75, "@avg.double")
        check(rows.value(forKeyPath: "@min.optionalInt") as? Int == 1, "@min.optionalInt")
    }

    @Test("value(forKey:) answers an array of every property type, in the results' order")
    func valueForKey() async throws {
        let realm = try await Self.makeRealm()
        await realm.read { realm in Self.checkKeyValueCoding(realm.objects(AllTypes.self)) }
    }

    @Test("setValue(_:forKey:) sets every object's property inside a write")
    func setValueInWrite() async throws {
        let realm = try await Self.makeRealm()
        let ints = try await realm.write { realm -> [Int] in
            realm.objects(AllTypes.self).filter("bool == true").setValue(0, forKey: "int")
            return realm.objects(AllTypes.self).map(\.int)
        }
        #expect(ints == [0, 2, 0, 2])
    }

    @Test("setValue(_:forKey:) outside a write stops with a message naming the call")
    func setValueOutsideWrite() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let realm = try await ResultsTests.makeRealm()
            await realm.read { realm in realm.objects(AllTypes.self).setValue(1, forKey: "int") }
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("setValue(_:forKey:)"))
        #expect(message.contains("write"))
    }

    @Test("frozen results are read from other tasks while writes continue; thaw() gives the live results")
    func freezeWhileWriting() async throws {
        let realm = try await Self.makeRealm()
        let frozen = try await realm.read { realm in try realm.objects(AllTypes.self).filter("int < 9").freeze() }
        let readers = (0..<4).map { _ in
            Task.detached { () -> Set<[String]> in
                var seen: Set<[String]> = []
                for _ in 0..<50 { seen.insert(frozen.map(\.string) + ["\(frozen.sum(ofProperty: "int") as Int)"]) }
                return seen
            }
        }
        for number in 0..<20 {
            try await realm.write { realm in
                let object = AllTypes()
                object.string = "new\(number)"
                try realm.add(object)
                realm.objects(AllTypes.self).first!.int += 1
            }
        }
        for reader in readers { #expect(await reader.value == [["b", "a", "d", "9"]]) }
        #expect(frozen.isFrozen)
        let thawed = await realm.read { realm in
            frozen.thaw().map { ($0.isFrozen, $0.count, $0 == realm.objects(AllTypes.self).filter("int < 9")) }
        }
        #expect(thawed?.0 == false)
        #expect(thawed?.1 == 22)
        // b's int passed 9, so the live query no longer selects it; the new objects (int 0) follow.
        #expect(
            await realm.read { _ in frozen.thaw().map { Array($0.prefix(3).map(\.string)) } } == ["a", "d", "new0"]
        )
    }

    @Test("Equatable, thaw of live and frozen results, and empty results")
    func equatableEncodableThaw() async throws {
        let realm = try await CollectionQueryTests.makeRealm()
        let answers = try await realm.read { realm -> [String] in
            let dogs = realm.objects(Dog.self)
            let none = dogs.filter("age > 100")
            return [
                "\(dogs == realm.objects(Dog.self))", "\(dogs == none)",
                "\(none.min(ofProperty: "age") as Int?)", "\(none.sum(ofProperty: "age") as Int)",
                "\(none.average(ofProperty: "age") as Double?)",
                "\(dogs.objects(at: []).count)",
                "\(try dogs.freeze().thaw()! == dogs)",
                "\(dogs.thaw()! == dogs)",
                "\(dogs.sorted(byKeyPath: "age").value(forKey: "age") as! [Int])",
            ]
        }
        // As in Realm Swift, results are equal only to themselves and their copies: another objects(_:) call, or the
        // thaw of a frozen copy, is another results value.
        #expect(answers == ["false", "false", "nil", "0", "nil", "0", "false", "true", "[1, 2, 3, 5, 7]"])
    }
}
