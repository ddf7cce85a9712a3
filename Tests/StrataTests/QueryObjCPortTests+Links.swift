import Foundation
import Strata
import Testing

// realm-swift's Realm/Tests/QueryTests.m: testQuerySorting, testSortByNoColumns, testSortByMultipleColumns,
// testSortByKeyPath, testSortedLinkViewWithDeletion, testQueryingSortedQueryPreservesOrder,
// testLiveQueriesInsideTransaction, testLiveQueriesBetweenTransactions, testLinkQueryNewObjectCausesEmptyResults,
// testLinkQueryString, testLinkQueryInt, testLinkQueryAllTypes, testLinkQueryManyArray, testLinkQueryManySet,
// testLinkQueryManyDictionaries, testMultiLevelLinkQuery, testArrayMultiLevelLinkQuery, testSetMultiLevelLinkQuery,
// testDictionaryMultiLevelLinkQuery and testMultiLevelBackLinkQuery (see QueryObjCPortTests.swift for the whole port).

/// Dogs named `name` aged `age`, each with its owner, in order.
private func addOwners(_ realm: isolated Realm, _ owners: [(owner: String, dog: String?, age: Int)]) throws {
    for (ownerName, dogName, age) in owners {
        let owner = QOAOwner()
        owner.name = ownerName
        if let dogName {
            owner.dog = QOADog()
            owner.dog?.dogName = dogName
            owner.dog?.age = age
        }
        try realm.add(owner)
    }
}

/// Five circles, "0" to "4", each linking to the one before ("0" links to none).
private func addCircles(_ realm: isolated Realm) throws -> [QOACircle] {
    var circles: [QOACircle] = []
    for i in 0..<5 {
        let circle = QOACircle()
        circle.data = "\(i)"
        circle.next = circles.last
        try realm.add(circle)
        circles.append(circle)
    }
    return circles
}

@Suite("Realm's Objective-C query tests, ported: sorting, live queries and links")
struct QueryObjCPortLinkTests {
    // MARK: testQuerySorting

    /// A column, and what the first object holds when sorted by it ascending and descending.
    static let sortRows: [(String, String, String)] = [
        ("boolCol", "false", "true"),
        ("intCol", "1", "4"),
        ("dateCol", "\(Date(timeIntervalSince1970: 1))", "\(Date(timeIntervalSince1970: 4))"),
        ("doubleCol", "1.11", "4.44"),
        ("floatCol", "\(Float(1.1))", "\(Float(1.1) * 4)"),
        ("stringCol", "a", "d"),
        ("decimalCol", "1", "4"),
        ("uuidCol", "00000000-0000-0000-0000-000000000000", "B9D325B0-3058-4838-8473-8F1AAAE410DB"),
        // Mixed values: null before numbers, numbers before UUIDs.
        ("anyCol", "null", "uuid(B9D325B0-3058-4838-8473-8F1AAAE410DB)"),
    ]

    /// A sorted object's value for `column`, as the rows above write it.
    private static func text(_ object: QOAAllTypes?, _ column: String) -> String {
        guard let object else { return "no object" }
        switch column {
        case "boolCol": return "\(object.boolCol)"
        case "intCol": return "\(object.intCol)"
        case "dateCol": return "\(object.dateCol)"
        case "doubleCol": return "\(object.doubleCol)"
        case "floatCol": return "\(object.floatCol)"
        case "stringCol": return object.stringCol
        case "decimalCol": return "\(object.decimalCol)"
        case "uuidCol": return object.uuidCol.uuidString
        default:
            switch object.anyCol {
            case .none: return "null"
            case .uuid(let uuid): return "uuid(\(uuid.uuidString))"
            default: return "\(object.anyCol)"
            }
        }
    }

    @Test("Results and a list sort by a column of each type, either way", arguments: sortRows)
    func querySorting(column: String, ascending: String, descending: String) async throws {
        let realm = try await qoaRealm()
        try await realm.write { realm in
            let stringObject = QOAString()
            stringObject.stringCol = "string"
            let map = QOADictionaryOfAllTypes()
            for i in 1...4 { map.dictionary["\(i)"] = QOAAllTypes(i, stringObject) }
            try realm.add(map)
            let list = QOAArrayOfAllTypes()
            try realm.add(list)
            let set = QOASetOfAllTypes()
            try realm.add(set)
            for i in 1...4 {
                list.array.append(QOAAllTypes(i, stringObject))
                set.set.insert(QOAAllTypes(i, stringObject))
            }
            let values: [AnyRealmValue] = [
                .bool(false), .none, .int(1), .uuid(UUID(uuidString: "B9D325B0-3058-4838-8473-8F1AAAE410DB")!),
            ]
            for (object, value) in zip(list.array, values) { object.anyCol = value }
        }
        let firsts = await realm.read { realm in
            let list = realm.objects(QOAArrayOfAllTypes.self).first!.array
            return [true, false].flatMap { ascending in
                [
                    Self.text(
                        realm.objects(QOAAllTypes.self).sorted(byKeyPath: column, ascending: ascending).first,
                        column
                    ),
                    Self.text(list.sorted(byKeyPath: column, ascending: ascending).first, column),
                ]
            }
        }
        #expect(firsts == [ascending, ascending, descending, descending], "\(column)")
    }

    // MARK: testSortByNoColumns, testSortByMultipleColumns

    /// Two sort keys with their directions, and the dogs ("a1" is named "a", aged 1) in the order they give.
    static let dogOrders: [([String], [Bool], [String])] = [
        (["dogName", "age"], [true, true], ["a1", "a2", "b1", "b2"]),
        (["dogName", "age"], [true, false], ["a2", "a1", "b2", "b1"]),
        (["dogName", "age"], [false, true], ["b1", "b2", "a1", "a2"]),
        (["dogName", "age"], [false, false], ["b2", "b1", "a2", "a1"]),
        (["age", "dogName"], [true, true], ["a1", "b1", "a2", "b2"]),
        (["age", "dogName"], [true, false], ["b1", "a1", "b2", "a2"]),
        (["age", "dogName"], [false, true], ["a2", "b2", "a1", "b1"]),
        (["age", "dogName"], [false, false], ["b2", "a2", "b1", "a1"]),
    ]

    @Test("Results sort by two keys, each in its own direction, and by no key keep their order")
    func sortByColumns() async throws {
        let realm = try await qoaRealm()
        try await realm.write { realm in
            for (name, age) in [("a", 2), ("b", 1), ("a", 1), ("b", 2)] {
                let dog = QOADog()
                dog.dogName = name
                dog.age = age
                try realm.add(dog)
            }
        }
        let (unsorted, orders) = await realm.read { realm in
            let dogs = realm.objects(QOADog.self)
            let label: (QOADog) -> String = { "\($0.dogName)\($0.age)" }
            return (
                dogs.sorted(by: [] as [Strata.SortDescriptor]).map(label),
                Self.dogOrders.map { keys, directions, _ in
                    dogs.sorted(by: zip(keys, directions).map { SortDescriptor(keyPath: $0, ascending: $1) })
                        .map(label)
                }
            )
        }
        #expect(unsorted == ["a2", "b1", "a1", "b2"])
        #expect(orders == Self.dogOrders.map(\.2))
    }

    // MARK: testSortByKeyPath

    @Test("Results sort through a link; an object whose link is nil sorts last ascending and first descending")
    func sortByKeyPath() async throws {
        let realm = try await qoaRealm()
        try await realm.write { realm in
            let lucy = QOADog()
            (lucy.dogName, lucy.age) = ("Lucy", 7)
            let freyja = QOADog()
            (freyja.dogName, freyja.age) = ("Freyja", 6)
            let ziggy = QOADog()
            (ziggy.dogName, ziggy.age) = ("Ziggy", 9)
            for (name, dog) in [
                ("Mark", freyja), ("Diane", lucy), ("Hannah", nil), ("Don", ziggy), ("Diane Sr", ziggy),
            ] {
                let owner = QOAOwner()
                owner.name = name
                owner.dog = dog
                try realm.add(owner)
            }
        }
        let orders = await realm.read { realm in
            let owners = realm.objects(QOAOwner.self)
            return [
                owners.sorted(byKeyPath: "dog.age", ascending: true).map(\.name),
                owners.sorted(byKeyPath: "dog.age", ascending: false).map(\.name),
                owners.sorted(by: [SortDescriptor(keyPath: "dog.age"), SortDescriptor(keyPath: "name")]).map(\.name),
                owners.sorted(by: [
                    SortDescriptor(keyPath: "dog.age", ascending: false), SortDescriptor(keyPath: "name"),
                ])
                .map(\.name),
            ]
        }
        #expect(orders[0] == ["Mark", "Diane", "Don", "Diane Sr", "Hannah"])
        #expect(orders[1] == ["Hannah", "Don", "Diane Sr", "Diane", "Mark"])
        #expect(orders[2] == ["Mark", "Diane", "Diane Sr", "Don", "Hannah"])
        #expect(orders[3] == ["Hannah", "Diane Sr", "Don", "Diane", "Mark"])
    }

    // MARK: testSortedLinkViewWithDeletion

    /// The first `count` strings of a list's, a set's and a map's objects sorted by `stringCol` descending.
    private static func sortedFirsts(_ realm: isolated Realm, _ count: Int) -> [[String]] {
        let list = realm.objects(QOAArrayOfAllTypes.self).first!.array
        let set = realm.objects(QOASetOfAllTypes.self).first!.set
        let map = realm.objects(QOADictionaryOfAllTypes.self).first!.dictionary
        return [
            Array(list.sorted(byKeyPath: "stringCol", ascending: false).prefix(count).map(\.stringCol)),
            Array(set.sorted(byKeyPath: "stringCol", ascending: false).prefix(count).map(\.stringCol)),
            Array(map.sorted(byKeyPath: "stringCol", ascending: false).prefix(count).map { $0?.stringCol ?? "nil" }),
        ]
    }

    @Test("A sorted list, set or map follows removals, additions and deletions")
    func sortedLinkViewWithDeletion() async throws {
        let realm = try await qoaRealm()
        try await realm.write { realm in
            let stringObject = QOAString()
            stringObject.stringCol = "string"
            let list = QOAArrayOfAllTypes()
            let set = QOASetOfAllTypes()
            let map = QOADictionaryOfAllTypes()
            for i in 1...4 {
                list.array.append(QOAAllTypes(i, stringObject))
                set.set.insert(QOAAllTypes(i, stringObject))
                map.dictionary["\(i)"] = QOAAllTypes(i, stringObject)
            }
            try realm.add([list, set, map] as [Object])
        }
        let before = await realm.read { realm in Self.sortedFirsts(realm, 1) }
        #expect(before == [["d"], ["d"], ["d"]])
        // Remove d from each and add e.
        try await realm.write { realm in
            let list = realm.objects(QOAArrayOfAllTypes.self).first!.array
            let set = realm.objects(QOASetOfAllTypes.self).first!.set
            let map = realm.objects(QOADictionaryOfAllTypes.self).first!.dictionary
            list.remove(at: 3)
            set.remove(set.first { $0.stringCol == "d" }!)
            map.removeObject(for: "4")
            list.append(QOAAllTypes(5))
            set.insert(QOAAllTypes(5))
            map["5"] = QOAAllTypes(5)
        }
        let afterEdit = await realm.read { realm in Self.sortedFirsts(realm, 2) }
        #expect(afterEdit == [["e", "c"], ["e", "c"], ["e", "c"]])
        // Deleting e from the realm takes it out of the list and the set.
        try await realm.write { realm in
            let list = realm.objects(QOAArrayOfAllTypes.self).first!.array
            let set = realm.objects(QOASetOfAllTypes.self).first!.set
            try realm.delete(list.last!)
            try realm.delete(set.first { $0.stringCol == "e" }!)
        }
        let afterDelete = await realm.read { realm in Self.sortedFirsts(realm, 1) }
        #expect(afterDelete[0] == ["c"])
        #expect(afterDelete[1] == ["c"])
    }

    // MARK: testQueryingSortedQueryPreservesOrder

    @Test("Filtering sorted results keeps their order, for a table, a list, a set and a map")
    func queryingSortedQueryPreservesOrder() async throws {
        let realm = try await qoaRealm()
        try await realm.write { realm in
            for i in 0..<5 {
                let object = QOAInt()
                object.intCol = i
                try realm.add(object)
            }
            let all = realm.objects(QOAInt.self)
            let list = QOAArrayProperty()
            list.name = "name"
            list.intArray.append(objectsIn: all)
            try realm.add(list)
            let set = QOASetProperty()
            set.name = "name"
            set.intSet.insert(objectsIn: all)
            try realm.add(set)
            let map = QOADictionaryProperty()
            for object in all { map.intObjDictionary[UUID().uuidString] = object }
            try realm.add(map)
        }
        let firsts = await realm.read { realm in
            func firsts(_ asc: Results<QOAInt>, _ desc: Results<QOAInt>) -> [Int?] {
                [
                    asc.filter("intCol >= 2").first?.intCol, desc.filter("intCol >= 2").first?.intCol,
                    desc.filter("intCol >= 2").filter("intCol < 4").first?.intCol,
                ]
            }
            let table = realm.objects(QOAInt.self)
            let list = realm.objects(QOAArrayProperty.self).first!.intArray
            let set = realm.objects(QOASetProperty.self).first!.intSet
            let map = realm.objects(QOADictionaryProperty.self).first!.intObjDictionary
            return [
                firsts(table.sorted(byKeyPath: "intCol"), table.sorted(byKeyPath: "intCol", ascending: false)),
                firsts(list.sorted(byKeyPath: "intCol"), list.sorted(byKeyPath: "intCol", ascending: false)),
                firsts(set.sorted(byKeyPath: "intCol"), set.sorted(byKeyPath: "intCol", ascending: false)),
                [
                    map.sorted(byKeyPath: "intCol").filter("intCol >= 2").first??.intCol,
                    map.sorted(byKeyPath: "intCol", ascending: false).filter("intCol >= 2").first??.intCol,
                    map.sorted(byKeyPath: "intCol", ascending: false).filter("intCol >= 2").filter("intCol < 4")
                        .first??.intCol,
                ],
            ]
        }
        #expect(firsts == Array(repeating: [2, 4, 3], count: 4))
    }

    // MARK: testLiveQueriesInsideTransaction, testLiveQueriesBetweenTransactions

    /// A `QOAQuery` whose `bool1` is `matching`.
    private static func addQueryObject(_ realm: isolated Realm, matching: Bool) throws -> QOAQuery {
        let object = QOAQuery()
        (object.bool1, object.bool2, object.int1, object.int2) = (matching, true, 1, 2)
        (object.float1, object.float2, object.double1, object.double2) = (23, 1.7, 0, 5.55)
        try realm.add(object)
        return object
    }

    /// Counts of two results of `bool1 = YES` (one read whole, one only counted) after each step of Realm's test:
    /// one match, its deletion, an object that does not match, that object changed to match, one more match.
    private static func liveCounts(_ realm: isolated Realm, between: Bool) async throws -> [[Int]] {
        var counts: [[Int]] = []
        func step(_ body: () throws -> Void) async throws {
            if between { try await realm.beginWrite() }
            try body()
            if between { try realm.commitWrite() }
        }
        try await realm.beginWrite()
        _ = try addQueryObject(realm, matching: true)
        if between { try realm.commitWrite() }
        let counted = realm.objects(QOAQuery.self).filter("bool1 = YES")
        let read = realm.objects(QOAQuery.self).filter("bool1 = YES")
        _ = read.first
        counts.append([counted.count, read.count])
        try await step { try realm.delete(read.last!) }
        counts.append([counted.count, read.count])
        var changing: QOAQuery?
        try await step { changing = try addQueryObject(realm, matching: false) }
        counts.append([counted.count, read.count])
        try await step { changing?.bool1 = true }
        counts.append([counted.count, read.count])
        try await step { _ = try addQueryObject(realm, matching: true) }
        counts.append([counted.count, read.count])
        if !between { try realm.commitWrite() }
        return counts
    }

    @Test("Results follow changes inside a write and from one write to the next", arguments: [false, true])
    func liveQueries(betweenTransactions: Bool) async throws {
        let realm = try await qoaRealm()
        let counts = try await Self.liveCounts(realm, between: betweenTransactions)
        #expect(counts == [[1, 1], [0, 0], [0, 0], [1, 1], [2, 2]])
    }

    // MARK: testLinkQueryNewObjectCausesEmptyResults

    @Test("An unmanaged object equals no link")
    func linkToUnmanagedObject() async throws {
        let realm = try await qoaRealm()
        try await realm.write { realm in try addOwners(realm, [("Tim", "Harvie", 0)]) }
        let counts = await realm.read { realm in
            [
                qoaCount(realm, QOAOwner.self, "dog = %@", QOADog()),
                qoaCount(realm, QOAOwner.self, "dog != %@", QOADog()),
            ]
        }
        #expect(counts == [0, 1])
    }

    // MARK: testLinkQueryString, testLinkQueryInt

    static let linkStringRows: [(String, [Int])] = [
        // Counts after Tim's Harvie, Joe's Harvie and Jim's Fido.
        ("dog.dogName  = 'Harvie'", [1, 2, 2]),
        ("dog.dogName != 'Harvie'", [0, 0, 1]),
        ("dog.dogName  = 'eivraH'", [0, 0, 0]),
        ("dog.dogName  = 'Fido'", [0, 0, 1]),
        ("dog.dogName IN {'Fido', 'Harvie'}", [1, 2, 3]),
        ("dog.dogName IN {'Fido', 'eivraH'}", [0, 0, 1]),
    ]

    static let linkIntRows: [(String, [Int])] = [
        // Counts after Tim's dog aged 5, Joe's aged 5 and Jim's aged 8.
        ("dog.age  = 5", [1, 2, 2]),
        ("dog.age != 5", [0, 0, 1]),
        ("dog.age  = 10", [0, 0, 0]),
        ("dog.age  = 8", [0, 0, 1]),
        ("dog.age IN {5, 8}", [1, 2, 3]),
        ("dog.age IN {8, 10}", [0, 0, 1]),
        ("dog.age BETWEEN {0, 10}", [1, 2, 3]),
        ("dog.age BETWEEN {0, 7}", [1, 2, 2]),
    ]

    @Test("A string and an integer compare through a link as owners and dogs are added")
    func linkQueryStringAndInt() async throws {
        let realm = try await qoaRealm()
        let named = try await qoaRealm()
        var strings: [[Int]] = []
        var ints: [[Int]] = []
        for (owner, dog, age) in [("Tim", "Harvie", 5), ("Joe", "Harvie", 5), ("Jim", "Fido", 8)] {
            try await named.write { realm in try addOwners(realm, [(owner, dog, 0)]) }
            try await realm.write { realm in try addOwners(realm, [(owner, "", age)]) }
            strings.append(
                await named.read { realm in Self.linkStringRows.map { qoaCount(realm, QOAOwner.self, $0.0) } }
            )
            ints.append(await realm.read { realm in Self.linkIntRows.map { qoaCount(realm, QOAOwner.self, $0.0) } })
        }
        for (index, row) in Self.linkStringRows.enumerated() {
            #expect(strings.map { $0[index] } == row.1, "\(row.0)")
        }
        for (index, row) in Self.linkIntRows.enumerated() {
            #expect(ints.map { $0[index] } == row.1, "\(row.0)")
        }
        try await named.write { realm in try addOwners(realm, [("Rex", "Rex", 0)]) }
        let counts = await named.read { realm in
            [
                "dog.dogName = 'Harvie' and name = 'Tim'", "dog.dogName = 'Harvie' and name = 'Jim'",
                "dog.dogName = name", "name = dog.dogName", "dog.dogName != name", "name != dog.dogName",
                "dog.dogName == dog.dogName", "dog.dogName != dog.dogName", "dog.dogName > 'Harvie'",
                "dog.dogName >= 'Harvie'", "dog.dogName < 'Harvie'", "dog.dogName <= 'Harvie'",
            ]
            .map { qoaCount(realm, QOAOwner.self, $0) }
        }
        #expect(counts == [1, 0, 1, 1, 3, 3, 4, 0, 1, 3, 1, 3])
    }

    // MARK: testLinkQueryAllTypes

    static var linkAllTypesRows: [QOACount] {
        [
            qoaCounted(QOALinkToAllTypes.self, "allTypesCol.boolCol = YES", [], 1),
            qoaCounted(QOALinkToAllTypes.self, "allTypesCol.boolCol = NO", [], 0),
            qoaCounted(QOALinkToAllTypes.self, "allTypesCol.intCol = 1", [], 1),
            qoaCounted(QOALinkToAllTypes.self, "allTypesCol.intCol != 1", [], 0),
            qoaCounted(QOALinkToAllTypes.self, "allTypesCol.intCol > 0", [], 1),
            qoaCounted(QOALinkToAllTypes.self, "allTypesCol.intCol > 1", [], 0),
            qoaCounted(QOALinkToAllTypes.self, "allTypesCol.floatCol = %f", [1.1], 1),
            qoaCounted(QOALinkToAllTypes.self, "allTypesCol.floatCol <= %f", [1.1], 1),
            qoaCounted(QOALinkToAllTypes.self, "allTypesCol.floatCol < %f", [1.1], 0),
            qoaCounted(QOALinkToAllTypes.self, "allTypesCol.doubleCol = 1.11", [], 1),
            qoaCounted(QOALinkToAllTypes.self, "allTypesCol.doubleCol >= 1.11", [], 1),
            qoaCounted(QOALinkToAllTypes.self, "allTypesCol.doubleCol > 1.11", [], 0),
            qoaCounted(QOALinkToAllTypes.self, "allTypesCol.longCol = 2147483648", [], 1),
            qoaCounted(QOALinkToAllTypes.self, "allTypesCol.longCol != 2147483648", [], 0),
            qoaCounted(QOALinkToAllTypes.self, "allTypesCol.dateCol = %@", [Date(timeIntervalSince1970: 1)], 1),
            qoaCounted(QOALinkToAllTypes.self, "allTypesCol.dateCol != %@", [Date(timeIntervalSince1970: 1)], 0),
        ]
    }

    @Test("Each type of column compares through a link")
    func linkQueryAllTypes() async throws {
        let realm = try await qoaRealm()
        try await realm.write { realm in
            let link = QOALinkToAllTypes()
            let stringObject = QOAString()
            stringObject.stringCol = "string"
            link.allTypesCol = QOAAllTypes(1, stringObject)
            try realm.add(link)
        }
        for row in Self.linkAllTypesRows { await row.check(realm) }
    }

    // MARK: testLinkQueryManyArray, testLinkQueryManySet, testLinkQueryManyDictionaries

    /// The queries of the three tests on a list, a set or a map property, with the counts after the first object (ten
    /// strings and integers 0…9) and after the second (0…3).
    static let manyRows: [(String, [Int])] = [
        ("ANY INTS.intCol > 10", [0, 0]),
        ("ANY INTS.intCol > 5", [1, 1]),
        ("ANY STRINGS.stringCol = '1'", [1, 2]),
        ("NONE INTS.intCol == 5", [0, 1]),
        ("NONE INTS.intCol > 10", [1, 2]),
        ("ANY INTS.intCol > 2", [1, 2]),
    ]

    @Test("ANY and NONE reach through a list, a set and a map of objects", arguments: ["list", "set", "map"])
    func linkQueryMany(kind: String) async throws {
        let realm = try await qoaRealm()
        var counts: [[Int]] = []
        for size in [10, 4] {
            try await realm.write { realm in
                let strings = (0..<size).map { i -> QOAString in
                    let string = QOAString()
                    string.stringCol = "\(i)"
                    return string
                }
                let ints = (0..<size).map { i -> QOAInt in
                    let int = QOAInt()
                    int.intCol = i
                    return int
                }
                switch kind {
                case "list":
                    let object = QOAArrayProperty()
                    object.name = "Test"
                    object.array.append(objectsIn: strings)
                    object.intArray.append(objectsIn: ints)
                    try realm.add(object)
                case "set":
                    let object = QOASetProperty()
                    object.name = "Test"
                    object.set.insert(objectsIn: strings)
                    object.intSet.insert(objectsIn: ints)
                    try realm.add(object)
                default:
                    let object = QOADictionaryProperty()
                    for (string, int) in zip(strings, ints) {
                        object.stringDictionary[string.stringCol!] = string
                        object.intObjDictionary[string.stringCol!] = int
                    }
                    try realm.add(object)
                }
            }
            counts.append(
                await realm.read { realm in
                    Self.manyRows.map { query, _ in
                        switch kind {
                        case "list":
                            let query = query.replacingOccurrences(of: "INTS", with: "intArray")
                            return qoaCount(
                                realm,
                                QOAArrayProperty.self,
                                query.replacingOccurrences(of: "STRINGS", with: "array")
                            )
                        case "set":
                            let query = query.replacingOccurrences(of: "INTS", with: "intSet")
                            return qoaCount(
                                realm,
                                QOASetProperty.self,
                                query.replacingOccurrences(of: "STRINGS", with: "set")
                            )
                        default:
                            let query = query.replacingOccurrences(of: "INTS", with: "intObjDictionary")
                            return qoaCount(
                                realm,
                                QOADictionaryProperty.self,
                                query.replacingOccurrences(of: "STRINGS", with: "stringDictionary")
                            )
                        }
                    }
                }
            )
        }
        for (index, row) in Self.manyRows.enumerated() {
            #expect(counts.map { $0[index] } == row.1, "\(kind): \(row.0)")
        }
    }

    // MARK: testMultiLevelLinkQuery

    @Test("A query follows a chain of links to the same class")
    func multiLevelLinkQuery() async throws {
        let realm = try await qoaRealm()
        try await realm.write { realm in _ = try addCircles(realm) }
        let firsts = await realm.read { realm in
            [
                "data = '4'", "next.data = '3'", "next.next.data = '2'", "next.next.next.data = '1'",
                "next.next.next.next.data = '0'", "next.next.next.data = '0'", "next.next.data = '0'", "next = nil",
                "next != nil AND next.next = nil", "next.next != nil AND next.next.next = nil",
            ]
            .map { realm.objects(QOACircle.self).filter($0).first?.data }
        }
        #expect(firsts == ["4", "4", "4", "4", "4", "3", "2", "0", "1", "2"])
        let byObject = await realm.read { realm in
            let last = realm.objects(QOACircle.self).filter("data = '4'").first!
            return [
                qoaOutcome(realm, QOACircle.self, "next = %@", [last]),
                qoaOutcome(realm, QOACircle.self, "next.next = %@", [last]),
                qoaOutcome(realm, QOACircle.self, "next = %@", [last.next!]),
            ]
        }
        #expect(byObject == ["count 0", "count 0", "count 1"])
    }

    // MARK: testArrayMultiLevelLinkQuery, testSetMultiLevelLinkQuery, testDictionaryMultiLevelLinkQuery

    static let multiLevelRows: [(String, Int)] = [
        ("ANY circles.data = '4'", 1), ("ANY circles.next.data = '4'", 0), ("ANY circles.next.data = '3'", 1),
        ("ANY circles.data = '3'", 1), ("NONE circles.next.data = '4'", 1), ("ANY circles.next.next.data = '3'", 0),
        ("ANY circles.next.next.data = '2'", 1), ("ANY circles.next.data = '2'", 1), ("ANY circles.data = '2'", 1),
        ("NONE circles.next.next.data = '3'", 1),
    ]

    static let multiLevelRefusals = [
        "ANY data = '2'", "ANY circles.next = '2'", "ANY data.circles = '2'", "circles.data = '2'",
        "NONE data.circles = '2'",
    ]

    @Test("A query follows links from a list, a set and a map of objects", arguments: ["list", "set", "map"])
    func collectionMultiLevelLinkQuery(kind: String) async throws {
        let realm = try await qoaRealm()
        try await realm.write { realm in
            let circles = try addCircles(realm)
            switch kind {
            case "list":
                let list = QOACircleArray()
                list.circles.append(objectsIn: circles)
                try realm.add(list)
            case "set":
                let set = QOACircleSet()
                set.circles.insert(objectsIn: circles)
                try realm.add(set)
            default:
                let map = QOACircleDictionary()
                for circle in circles { map.circles[circle.data] = circle }
                try realm.add(map)
            }
        }
        let type: Object.Type =
            kind == "list" ? QOACircleArray.self : kind == "set" ? QOACircleSet.self : QOACircleDictionary.self
        for (query, count) in Self.multiLevelRows { await qoaCounted(type, query, [], count).check(realm) }
        for query in Self.multiLevelRefusals { try await qoaRefused(type, query).check() }
    }

    // MARK: testMultiLevelBackLinkQuery

    @Test("ANY follows two levels of linking objects")
    func multiLevelBackLinkQuery() async throws {
        let realm = try await qoaRealm()
        try await realm.write { realm in
            for value in [1, 2] {
                let root = QOALinkChain1()
                root.value = value
                root.next = QOALinkChain2()
                root.next?.next = QOALinkChain3()
                try realm.add(root)
            }
        }
        let found = await realm.read { realm in
            (1...3).map { value -> [Int] in
                realm.objects(QOALinkChain3.self).filter("ANY prev.prev.value = %@", value)
                    .flatMap { $0.prev.flatMap { $0.prev.map(\.value) } }
            }
        }
        #expect(found == [[1], [2], []])
    }
}
