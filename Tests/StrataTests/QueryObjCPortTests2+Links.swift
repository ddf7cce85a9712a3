import Foundation
import Strata
import Testing

// realm-swift Realm/Tests/QueryTests.m: testLinkViewQuery, testLinkViewQueryLifetime, testLinkViewQueryLiveUpdate,
// testComparisonsWithKeyPathOnRHS (run on QueryObject and, as NullQueryTests does, on NullQueryObject; its
// "requires a keypath on the left side" refusals are asserted in QueryDialectPortTests), testLinksToDeletedOrMovedObject,
// testQueryOnDeletedSetProperty and testQueryOnDeletedDictionaryProperty (the list case is in CollectionQueryTests),
// testSubqueries and testLinkingObjects.

extension QueryObjCPortTests2 {
    /// Realm's employee rows: name, age, hired.
    static func employees(_ rows: [(String, Int, Bool)]) -> [[String: Any]] {
        rows.map { ["name": $0.0, "age": $0.1, "hired": $0.2] }
    }

    /// A company whose list, set and map each hold their own copies of `rows` (the map keyed by name).
    static func makeCompany(_ name: String, _ rows: [(String, Int, Bool)], in realm: isolated Realm) throws
        -> QOBCompany
    {
        let data = employees(rows)
        let company = try realm.create(QOBCompany.self, value: ["name": name, "employees": data, "employeeSet": data])
        for row in data { company.employeeDict[row["name"] as! String] = QOBEmployee(value: row) }
        return company
    }

    @Test("Queries of a company's list, set and map of employees, and a query of such a query")
    func linkViewQuery() async throws {
        let realm = try await qobRealm([QOBEmployee.self, QOBCompany.self])
        try await realm.write { realm in
            let rows = [("John", 30, false), ("Joe", 40, true), ("Jill", 50, true)]
            let company = try Self.makeCompany("company name", rows, in: realm)
            Self.checkLinkView(company.employees)
            Self.checkLinkView(company.employeeSet)
            Self.checkLinkView(company.employeeDict.filter("TRUEPREDICATE"))
            // The map's own filter.
            #expect(company.employeeDict.filter("hired = YES").filter("name = 'Joe'").count == 1)
        }
    }

    /// testLinkViewQuery's queries of John (30, not hired), Joe (40) and Jill (50).
    static func checkLinkView<C: RealmCollection>(_ employees: C, sourceLocation: SourceLocation = #_sourceLocation) {
        qobExpect(employees, "hired = NO", [], 1, sourceLocation: sourceLocation)
        qobExpect(employees, "hired = YES", [], 2, sourceLocation: sourceLocation)
        qobExpect(employees, "hired = YES AND age = 40", [], 1, sourceLocation: sourceLocation)
        qobExpect(employees, "hired = YES AND age = 30", [], 0, sourceLocation: sourceLocation)
        qobExpect(employees, "hired = YES OR age = 30", [], 3, sourceLocation: sourceLocation)
        qobExpect(employees.filter("hired = YES"), "name = 'Joe'", [], 1, sourceLocation: sourceLocation)
    }

    /// "count last-name" of a collection of employees.
    static func summary<C: RealmCollection>(_ collection: C) -> String {
        let last = collection.last.flatMap { $0 as? QOBEmployee }
        return "\(collection.count) \(last?.name ?? "nil")"
    }

    /// testLinkViewQueryLiveUpdate (and testLinkViewQueryLifetime: the queries outlive the company accessor that
    /// made them): for the list, the set and the map, the filtered, sorted, sorted-then-filtered and
    /// filtered-then-sorted results before and after Joe joins.
    static func liveUpdate(_ realm: isolated Realm) async throws -> [[String]] {
        try await realm.beginWrite()
        _ = try makeCompany("company name", [("John", 30, false), ("Jill", 40, true)], in: realm)
        try realm.create(QOBEmployee.self, value: ["name": "Joe", "age": 40, "hired": true])
        try realm.commitWrite()
        func queries<C: RealmCollection>(_ employees: C) -> [() -> String] {
            let basic = employees.filter("age = 40")
            let sort = employees.sorted(byKeyPath: "name", ascending: true)
            let sortQuery = employees.sorted(byKeyPath: "name", ascending: true).filter("age = 40")
            let querySort = employees.filter("age = 40").sorted(byKeyPath: "name", ascending: true)
            return [{ summary(basic) }, { "\(sort.count)" }, { summary(sortQuery) }, { summary(querySort) }]
        }
        func all() -> [() -> String] {
            let company = realm.objects(QOBCompany.self).first!
            return queries(company.employees) + queries(company.employeeSet)
                + queries(company.employeeDict.filter("TRUEPREDICATE"))
        }
        let live = all()
        let before = live.map { $0() }
        try await realm.beginWrite()
        let company = realm.objects(QOBCompany.self).first!
        let joe = realm.objects(QOBEmployee.self).filter("name = 'Joe'").first!
        company.employees.append(joe)
        company.employeeSet.insert(joe)
        company.employeeDict["Joe"] = joe
        try realm.commitWrite()
        return [before, live.map { $0() }]
    }

    @Test("Queries of a list, a set and a map follow the collection as it grows")
    func linkViewQueryLiveUpdate() async throws {
        let realm = try await qobRealm([QOBEmployee.self, QOBCompany.self])
        let states = try await Self.liveUpdate(realm)
        let before = ["1 Jill", "2", "1 Jill", "1 Jill"]
        let after = ["2 Joe", "3", "2 Joe", "2 Joe"]
        #expect(states[0] == before + before + before)
        #expect(Array(states[1][0..<8]) == after + after)
        // The map's values are in key order ("Jill" < "Joe" < "John"), so the last of the unsorted query is Joe.
        #expect(Array(states[1][8...]) == after)
    }

    /// Realm's queryObjectClassValues: the seven objects of testComparisonsWithKeyPathOnRHS.
    static func queryObjectValues(_ oid1: ObjectId, _ oid2: ObjectId) -> [[String: Any]] {
        let names = [
            "bool1", "bool2", "int1", "int2", "float1", "float2", "double1", "double2", "string1", "string2", "data1",
            "data2", "decimal1", "decimal2", "objectId1", "objectId2", "any1", "any2",
        ]
        func data(_ text: String) -> Data { Data(text.utf8) }
        let rows: [[Any]] = [
            [
                true, true, 1, 2, Float(23), Float(1.7), 0.0, 5.55, "a", "a", data("a"), data("a"), 1, 2, oid1, oid1,
                AnyRealmValue.bool(true), AnyRealmValue.bool(false),
            ],
            [
                true, false, 1, 3, Float(-5.3), Float(4.21), 1.0, 4.44, "a", "A", data("a"), data("A"), 1, 3, oid1,
                oid2,
                AnyRealmValue.int(1), AnyRealmValue.int(2),
            ],
            [
                false, false, 2, 2, Float(1), Float(3.55), 99.9, 6.66, "a", "ab", data("a"), data("ab"), 2, 2, oid2,
                oid2,
                AnyRealmValue.float(1), AnyRealmValue.float(2),
            ],
            [
                false, true, 3, 6, Float(4.21), Float(1), 1.0, 7.77, "a", "AB", data("a"), data("AB"), 3, 6, oid2, oid1,
                AnyRealmValue.string("one"), AnyRealmValue.string("two"),
            ],
            [
                true, true, 4, 5, Float(23), Float(23), 7.4, 8.88, "a", "b", data("a"), data("b"), 4, 5, oid1, oid1,
                AnyRealmValue.string("two"), AnyRealmValue.string("three"),
            ],
            [
                true, false, 15, 8, Float(1), Float(66), 1.01, 9.99, "a", "ba", data("a"), data("ba"), 15, 8, oid1,
                oid2,
                AnyRealmValue.data(data("a")), AnyRealmValue.data(data("b")),
            ],
            [
                false, true, 15, 15, Float(1), Float(66), 1.01, 9.99, "a", "BA", data("a"), data("BA"), 15, 15, oid2,
                oid1, AnyRealmValue.objectId(oid1), AnyRealmValue.objectId(oid2),
            ],
        ]
        return rows.map { row in
            var values = Dictionary(uniqueKeysWithValues: zip(names, row))
            values["decimal1"] = Decimal128(number: NSNumber(value: row[12] as! Int))
            values["decimal2"] = Decimal128(number: NSNumber(value: row[13] as! Int))
            return values
        }
    }

    /// testComparisonsWithKeyPathOnRHS's rows: a constant on the left, the property on the right.
    static func keyPathOnRHSRows(_ oid1: ObjectId) -> [(String, [Any], Int)] {
        [
            ("TRUE == bool1", [], 4), ("TRUE != bool2", [], 3),
            ("1 == int1", [], 2), ("2 != int2", [], 5), ("2 > int1", [], 2), ("2 < int1", [], 4),
            ("2 >= int1", [], 3), ("2 <= int1", [], 5),
            ("1.0 == float1", [], 3), ("1.0 != float2", [], 6), ("1.0 > float1", [], 1), ("1.0 < float2", [], 6),
            ("1.0 >= float1", [], 4), ("1.0 <= float2", [], 7),
            ("1.0 == double1", [], 2), ("1.0 != double1", [], 5), ("5.0 > double2", [], 1),
            ("5.0 < double2", [], 6), ("5.55 >= double2", [], 2), ("5.55 <= double2", [], 6),
            ("'a' == string2", [], 1), ("'a' != string2", [], 6),
            ("%@ == data2", [Data("a".utf8)], 1), ("%@ != data2", [Data("a".utf8)], 6),
            ("1 == decimal1", [], 2), ("2 != decimal2", [], 5), ("2 > decimal1", [], 2), ("2 < decimal1", [], 4),
            ("2 >= decimal1", [], 3), ("2 <= decimal1", [], 5),
            ("1 == any1", [], 2), ("1.0 == any1", [], 2), ("'one' == any1", [], 1), ("'one' != any1", [], 6),
            ("TRUE == any1", [], 1), ("TRUE != any1", [], 6), ("%@ == any1", [oid1], 1), ("%@ != any1", [oid1], 6),
            ("2 != any2", [], 5), ("2 > any1", [], 2), ("2 < any1", [], 0), ("2 >= any1", [], 2),
            ("2 <= any1", [], 0),
            ("%@ == objectId1", [oid1], 4), ("%@ != objectId2", [oid1], 3),
        ]
    }

    @Test("A constant on the left and the property on the right", arguments: [false, true])
    func comparisonsWithKeyPathOnRHS(optional: Bool) async throws {
        let realm = try await qobRealm([QOBQueryObject.self, QOBNullQueryObject.self])
        try await realm.write { realm in
            let oid1 = ObjectId.generate()
            let values = Self.queryObjectValues(oid1, ObjectId.generate())
            for value in values {
                if optional {
                    try realm.create(QOBNullQueryObject.self, value: value)
                } else {
                    try realm.create(QOBQueryObject.self, value: value)
                }
            }
            for (query, args, count) in Self.keyPathOnRHSRows(oid1) {
                if optional {
                    qobExpect(realm.objects(QOBNullQueryObject.self), query, args, count)
                } else {
                    qobExpect(realm.objects(QOBQueryObject.self), query, args, count)
                }
            }
        }
    }

    @Test("A query for a link to a deleted object matches nothing; the other links still match their owners")
    func linksToDeletedOrMovedObject() async throws {
        let realm = try await qobRealm([QOBDog.self, QOBOwner.self])
        let queries = try await realm.write { realm in
            try ["Fido", "Rex", "Spot"].map { name in
                let dog = try realm.create(QOBDog.self, value: [name, name == "Fido" ? 3 : 2])
                try realm.create(QOBOwner.self, value: ["\(name)'s owner", dog])
                return realm.objects(QOBOwner.self).filter("dog == %@", dog)
            }
        }
        try await realm.write { realm in
            try realm.delete(realm.objects(QOBDog.self).filter("dogName == 'Fido'"))
        }
        let answers = await realm.read { _ in queries.map { "\($0.count) \($0.first?.name ?? "nil")" } }
        #expect(answers == ["0 nil", "1 Rex's owner", "1 Spot's owner"])
    }

    @Test("A query of a set or a map whose owner is deleted is empty")
    func queryOnDeletedCollection() async throws {
        let realm = try await qobRealm([QOBInt.self, QOBString.self, QOBSetProperty.self, QOBDictionaryProperty.self])
        let (set, map) = try await realm.write { realm in
            let int = try realm.create(QOBInt.self, value: [0])
            let set = try realm.create(QOBSetProperty.self, value: ["", [], [int]])
            let map = try realm.create(QOBDictionaryProperty.self, value: ["intObjDictionary": ["0": int]])
            return (set.intSet.filter("TRUEPREDICATE"), map.intObjDictionary.filter("TRUEPREDICATE"))
        }
        #expect(await realm.read { _ in [set.count, map.count] } == [1, 1])
        try await realm.write { realm in
            try realm.delete(realm.objects(QOBSetProperty.self))
            try realm.delete(realm.objects(QOBDictionaryProperty.self))
        }
        let after = await realm.read { _ in [set.count, map.count, set.first == nil ? 0 : 1, map.first == nil ? 0 : 1] }
        #expect(after == [0, 0, 0, 0])
    }

    @Test("SUBQUERY over a list, a set and a map, directly and through a link")
    func subqueries() async throws {
        let realm = try await qobRealm([QOBEmployee.self, QOBCompany.self, QOBLinkToCompany.self])
        try await realm.write { realm in
            let first = try Self.makeCompany(
                "first company",
                [("John", 30, false), ("Jill", 40, true), ("Joe", 40, true)],
                in: realm
            )
            let second = try Self.makeCompany(
                "second company",
                [("Bill", 35, true), ("Don", 45, false), ("Tim", 60, false)],
                in: realm
            )
            try realm.create(QOBLinkToCompany.self, value: [first])
            try realm.create(QOBLinkToCompany.self, value: [second])
            let older = "$employee.age > 30 AND $employee.hired = FALSE).@count > 0"
            let younger = "$employee.age < 30 AND $employee.hired = TRUE).@count == 0"
            for property in ["employees", "employeeSet"] {
                qobExpect(realm.objects(QOBCompany.self), "SUBQUERY(\(property), $employee, \(older)", [], 1)
                qobExpect(realm.objects(QOBCompany.self), "SUBQUERY(\(property), $employee, \(younger)", [], 2)
            }
            for property in ["employees", "employeeSet", "employeeDict"] {
                let links = realm.objects(QOBLinkToCompany.self)
                qobExpect(links, "SUBQUERY(company.\(property), $employee, \(older)", [], 1)
                qobExpect(links, "SUBQUERY(company.\(property), $employee, \(younger)", [], 2)
            }
        }
    }
}
