import Foundation
import Strata
import Testing

final class Employee: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted(indexed: true) var name = ""
    @Persisted var age: Int?
    @Persisted var salary = 0.0
    @Persisted var active = false
    @Persisted var hired = Date(timeIntervalSince1970: 0)
    @Persisted var tags: List<String>
    @Persisted var scores: List<Int>
    @Persisted var manager: Employee?
    @Persisted var reports: List<Employee>
    @Persisted var nickname: String?
}

/// A fixed data set: ids 1…8.
func makeEmployees(_ realm: Realm) async throws {
    try await realm.write { realm in
        func day(_ text: String) -> Date { ISO8601DateFormatter().date(from: text + "T00:00:00Z")! }
        let rows: [(Int, String, Int?, Double, Bool, String, [String], [Int], String?)] = [
            (1, "Ada", 36, 5000, true, "2020-01-15", ["math", "engine"], [9, 7], "Countess"),
            (2, "alan", 41, 4200.5, false, "2019-06-01", ["math"], [6], nil),
            (3, "Grace", 85, 7000, true, "2018-03-10", ["navy", "cobol"], [], "Amazing"),
            (4, "Édouard", nil, 3000, true, "2021-11-30", [], [1, 2, 3], ""),
            (5, "linus", 28, 3900, false, "2022-02-02", ["kernel", "git"], [8], nil),
            (6, "Barbara", 28, 6100, true, "2017-07-07", ["math", "clu"], [10, 10], "Liskov"),
            (7, "ken", 77, 6100, false, "2016-01-01", ["unix"], [5], nil),
            (8, "Zoë", 19, 2500.25, true, "2023-05-05", ["art"], [], "Z"),
        ]
        for row in rows {
            let employee = Employee(value: [
                "id": row.0, "name": row.1, "salary": row.3, "active": row.4, "hired": day(row.5),
            ])
            employee.age = row.2
            employee.tags.append(objectsIn: row.6)
            employee.scores.append(objectsIn: row.7)
            employee.nickname = row.8
            try realm.add(employee)
        }
        let all = realm.objects(Employee.self)
        for employee in all where employee.id != 1 && employee.id != 6 {
            employee.manager = all.first { $0.id == (employee.id <= 4 ? 1 : 6) }
        }
        all.first { $0.id == 1 }!.reports.append(objectsIn: all.filter { $0.id > 1 && $0.id <= 4 })
        all.first { $0.id == 6 }!.reports.append(objectsIn: all.filter { $0.id > 4 && $0.id != 6 })
    }
}

@Suite("The Realm query language")
struct QueryTests {
    static let cases: [(String, [Int])] = [
        ("TRUEPREDICATE", [1, 2, 3, 4, 5, 6, 7, 8]),
        ("FALSEPREDICATE", []),
        ("id == 3", [3]),
        ("id = 3", [3]),
        ("id != 3", [1, 2, 4, 5, 6, 7, 8]),
        ("id <> 3", [1, 2, 4, 5, 6, 7, 8]),
        ("age > 40", [2, 3, 7]),
        ("age >= 41", [2, 3, 7]),
        ("age < 28", [8]),
        ("age <= 28", [5, 6, 8]),
        ("40 < age", [2, 3, 7]),
        ("age == nil", [4]),
        ("age != nil", [1, 2, 3, 5, 6, 7, 8]),
        ("age = NULL", [4]),
        ("age BETWEEN {28, 41}", [1, 2, 5, 6]),
        ("salary > 5000.5", [3, 6, 7]),
        ("salary == 6100", [6, 7]),
        ("salary < 3000", [8]),
        ("active == true", [1, 3, 4, 6, 8]),
        ("active = YES", [1, 3, 4, 6, 8]),
        ("active == FALSE", [2, 5, 7]),
        ("active != NO", [1, 3, 4, 6, 8]),
        ("name == 'Ada'", [1]),
        ("name == 'ada'", []),
        ("name ==[c] 'ada'", [1]),
        ("name BEGINSWITH 'A'", [1]),
        ("name BEGINSWITH[c] 'a'", [1, 2]),
        ("name ENDSWITH 'a'", [1, 6]),
        ("name ENDSWITH[c] 'A'", [1, 6]),
        ("name CONTAINS 'ar'", [4, 6]),
        ("name CONTAINS[c] 'AR'", [4, 6]),
        ("name CONTAINS 'e'", [3, 7]),
        ("name CONTAINS[d] 'e'", [3, 7, 8]),
        ("name CONTAINS[cd] 'E'", [3, 4, 7, 8]),
        ("name LIKE 'a*'", [2]),
        ("name LIKE[c] 'a*'", [1, 2]),
        ("name LIKE '?e?'", [7]),
        ("name LIKE '*r*a*'", [3, 6]),
        ("name BEGINSWITH ''", []),
        ("name CONTAINS ''", []),
        ("nickname == nil", [2, 5, 7]),
        ("nickname == ''", [4]),
        ("nickname BEGINSWITH 'L'", [6]),
        ("name IN {'ken', 'linus', 'nobody'}", [5, 7]),
        ("id IN {1, 8}", [1, 8]),
        ("hired > 2020-01-01@00:00:00", [1, 4, 5, 8]),
        ("hired < 2017-01-01@00:00:00", [7]),
        ("hired BETWEEN {2018-01-01@00:00:00, 2020-12-31@23:59:59}", [1, 2, 3]),
        ("age > 30 AND active == true", [1, 3]),
        ("age > 30 && active == true", [1, 3]),
        ("age < 20 OR age > 80", [3, 8]),
        ("age < 20 || age > 80", [3, 8]),
        ("NOT active == true", [2, 5, 7]),
        ("!(age > 30)", [4, 5, 6, 8]),
        ("(age > 30 OR age == nil) AND salary > 4000", [1, 2, 3, 7]),
        ("ANY tags == 'math'", [1, 2, 6]),
        ("SOME tags == 'math'", [1, 2, 6]),
        ("ALL tags == 'math'", [2, 4]),
        ("NONE tags == 'math'", [3, 4, 5, 7, 8]),
        ("ANY tags BEGINSWITH 'c'", [3, 6]),
        ("'math' IN tags", [1, 2, 6]),
        ("ANY scores > 8", [1, 6]),
        ("ALL scores >= 5", [1, 2, 3, 5, 6, 7, 8]),
        ("tags.@count == 2", [1, 3, 5, 6]),
        ("tags.@size == 0", [4]),
        ("scores.@count > 1", [1, 4, 6]),
        ("scores.@sum == 20", [6]),
        ("scores.@sum == 0", [3, 8]),
        ("scores.@max == 10", [6]),
        ("scores.@min < 5", [4]),
        ("scores.@avg > 7", [1, 5, 6]),
        ("manager.name == 'Ada'", [2, 3, 4]),
        ("manager.name == 'Barbara'", [5, 7, 8]),
        ("manager == nil", [1, 6]),
        ("manager != nil", [2, 3, 4, 5, 7, 8]),
        ("manager.age > 30", [2, 3, 4]),
        ("manager.manager.name == 'Ada'", []),
        ("reports.@count > 0", [1, 6]),
        ("ANY reports.name BEGINSWITH 'G'", [1]),
        ("ANY reports.age > 70", [1, 6]),
        ("ALL reports.active == true", [2, 3, 4, 5, 7, 8]),
        ("reports.@avg.salary > 4000", [1, 6]),
        ("reports.@sum.salary == 12500.25", [6]),
        ("reports.@max.age == 85", [1]),
        ("TRUEPREDICATE SORT(id DESC) LIMIT(2)", [8, 7]),
        ("active == true SORT(salary ASC)", [8, 4, 1, 6, 3]),
        ("TRUEPREDICATE SORT(age DESC, name ASC)", [3, 7, 2, 1, 6, 5, 8, 4]),
        ("TRUEPREDICATE DISTINCT(salary) SORT(id ASC)", [1, 2, 3, 4, 5, 6, 8]),
        ("age == 28 DISTINCT(age)", [5]),
        ("TRUEPREDICATE LIMIT(0)", []),
    ]

    @Test("Each query of the table selects exactly its expected objects", arguments: Self.cases)
    func conformance(query: String, expected: [Int]) async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Employee.self]))
        try await makeEmployees(realm)
        let ids = await realm.read { realm -> [Int] in
            do {
                return try realm.objects(Employee.self).filter(RealmPredicate(format: query)).map(\.id)
            } catch {
                Issue.record("'\(query)': \(error)")
                return []
            }
        }
        let ordered = query.contains("SORT")
        #expect((ordered ? ids : ids.sorted()) == expected, "\(query)")
    }

    @Test("Arguments: %@, %K, %d, %f, $0, arrays for IN and objects for link equality")
    func arguments() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Employee.self]))
        try await makeEmployees(realm)
        let results = try await realm.read { realm -> [[Int]] in
            let all = realm.objects(Employee.self)
            let ada = realm.object(ofType: Employee.self, forPrimaryKey: 1)!
            return [
                all.filter("name == %@", "Ada").map(\.id),
                all.filter("%K > %d", "age", 70).map(\.id),
                all.filter("salary < %f", 3000.0).map(\.id),
                all.filter("name == $0 OR id == $1", "ken", 8).map(\.id).sorted(),
                all.filter("id IN %@", [2, 3, 99]).map(\.id).sorted(),
                all.filter("manager == %@", ada).map(\.id).sorted(),
                all.filter("age == %@", NSNull()).map(\.id),
                all.filter("hired < %@", Date(timeIntervalSince1970: 1_500_000_000)).map(\.id),
                try all.filter(RealmPredicate(format: "active == %@ AND age > %@", true, 30)).map(\.id).sorted(),
            ]
        }
        #expect(results == [[1], [3, 7], [8], [7, 8], [2, 3], [2, 3, 4], [4], [6, 7], [1, 3]])
    }

    @Test("Chained filters, sorts by key path and descriptors, distinct, index(matching:)")
    func chaining() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Employee.self]))
        try await makeEmployees(realm)
        let results = await realm.read { realm -> [[Int]] in
            let all = realm.objects(Employee.self)
            return [
                all.filter("age > 20").filter("active == true").map(\.id).sorted(),
                all.sorted(byKeyPath: "age").map(\.id),
                all.sorted(byKeyPath: "age", ascending: false).map(\.id),
                all.sorted(by: [SortDescriptor(keyPath: "salary", ascending: false), SortDescriptor(keyPath: "id")])
                    .map(\.id),
                all.sorted(by: \.name).map(\.id),
                all.sorted(byKeyPath: "manager.name").map(\.id),
                all.distinct(by: ["age"]).map(\.id),
                [all.sorted(byKeyPath: "id").index(matching: "name == 'ken'") ?? -1],
                all.sorted(byKeyPath: "age").sorted(byKeyPath: "active").map(\.id),
            ]
        }
        #expect(results[0] == [1, 3, 6])
        #expect(results[1] == [4, 8, 5, 6, 1, 2, 7, 3], "nil sorts first, then ascending; ties keep key order")
        #expect(results[2] == [3, 7, 2, 1, 5, 6, 8, 4], "descending puts nil last")
        #expect(results[3] == [3, 6, 7, 1, 2, 5, 4, 8])
        #expect(
            results[4] == [1, 2, 6, 4, 3, 7, 5, 8],
            "Realm's collation: case-insensitive, accents secondary, lowercase first"
        )
        #expect(results[5] == [2, 3, 4, 5, 7, 8, 1, 6], "1 and 6 have no manager: a nil link sorts last ascending")
        #expect(results[6] == [1, 2, 3, 4, 5, 7, 8])
        #expect(results[7] == [6])
        #expect(results[8] == [5, 2, 7, 4, 8, 6, 1, 3], "the newest sort leads; the earlier one breaks its ties")
    }

    @Test("Aggregates by name and by key path; empty collections give nil, and 0 for sum")
    func aggregates() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Employee.self]))
        try await makeEmployees(realm)
        let values = await realm.read { realm -> [String] in
            let all = realm.objects(Employee.self)
            let none = all.filter("id > 100")
            let minAge: Int? = all.min(ofProperty: "age")
            let maxAge: Int? = all.max(ofProperty: "age")
            let sumSalary: Double = all.sum(ofProperty: "salary")
            let avgAge: Double? = all.average(ofProperty: "age")
            let latest: Date? = all.max(ofProperty: "hired")
            let emptyMin: Int? = none.min(ofProperty: "age")
            let emptySum: Int = none.sum(ofProperty: "id")
            let emptyAverage: Double? = none.average(ofProperty: "salary")
            return [
                "\(minAge ?? -1)", "\(maxAge ?? -1)", "\(sumSalary)", String(format: "%.4f", avgAge ?? -1),
                "\(latest.map { Int($0.timeIntervalSince1970) } ?? -1)", "\(emptyMin.map(String.init) ?? "nil")",
                "\(emptySum)", "\(emptyAverage.map { "\($0)" } ?? "nil")",
                "\(all.sum(of: \.id))", "\(all.max(of: \.salary) ?? -1)",
            ]
        }
        #expect(
            values == [
                "19", "85", "37800.75", String(format: "%.4f", 314.0 / 7), "1683244800", "nil", "0", "nil", "36",
                "7000.0",
            ]
        )
    }

    static let malformed: [(String, String)] = [
        ("age >", "column 6"),
        ("age > > 5", "column 7"),
        ("(age > 5", "expected ')'"),
        ("age > 5)", "column 8"),
        ("name == 'unterminated", "unterminated string"),
        ("age === 5", "column 7"),
        ("age # 5", "column 5"),
        ("AND age > 5", "column 5"),
        ("age > 5 AND", "column 12"),
        ("age BETWEEN 1", "BETWEEN needs two values"),
        ("age BETWEEN {1}", "BETWEEN needs two values"),
        ("name ==[x] 'a'", "string options"),
        ("5 == 5", "two constants"),
        ("'a' == 'b'", "two constants"),
        ("age > %@", "argument 0 is missing"),
        ("age > $3", "argument 3 is missing"),
        ("name == %x", "not a valid argument placeholder"),
        ("TRUEPREDICATE SORT(age)", "ASC or DESC"),
        ("TRUEPREDICATE LIMIT(-1)", "LIMIT needs"),
        ("TRUEPREDICATE LIMIT(x)", "LIMIT needs"),
        ("hired > 2020-13-01@00:00:00", "is not a date"),
        ("id == oid(123)", "is not an ObjectId"),
        ("id == uuid(nope)", "is not a UUID"),
        ("age IN 5", "IN needs a list"),
        ("tags.@foo == 1", "not a collection operator"),
        ("SUBQUERY(reports, r, r.age > 5).@count > 0", "needs a variable"),
        ("SUBQUERY(reports, $r, $r.age > 5) > 0", "expected '.'"),
        ("SUBQUERY(reports, $r, $r.age > 5).@sum > 0", "must be followed by .@count"),
        ("scores.@keys.x == 1", "must end the key path"),
        ("name == 'a' SORT(name ASC", "expected ')'"),
        ("name == 'a' DISTINCT()", "expected a property name"),
        ("name == B64\"!!\"", "B64 must be followed by a quoted base64 string"),
        ("hired == 2020-01-01T25:00:00", "is not a date"),
        ("hired == T12:x", "column 13"),
    ]

    @Test("Malformed queries give a specific error with its position", arguments: Self.malformed)
    func syntaxErrors(query: String, fragment: String) {
        do {
            _ = try RealmPredicate(format: query)
            if !["age IN 5", "tags.@foo == 1"].contains(query) { Issue.record("'\(query)' should not parse") }
        } catch {
            #expect("\(error)".contains(fragment), "'\(query)': \(error)")
            #expect("\(error)".contains("Invalid query"), "'\(query)': \(error)")
        }
    }

    static let mistyped: [(String, String)] = [
        ("nonexistent == 5", "has no property 'nonexistent'"),
        ("manager.nothing == 5", "has no property 'nothing'"),
        ("name.length == 5", "is not a link"),
        ("age == 'old'", "cannot compare 'age' of type int"),
        ("name > 5", "cannot compare 'name' of type string"),
        ("active > true", "using >"),
        ("hired == 5", "cannot compare 'hired' of type timestamp"),
        ("age BEGINSWITH 'a'", "BEGINSWITH"),
        ("age ==[c] 5", "string options"),
        ("tags == 'math'", "use ANY, ALL, NONE"),
        ("reports.name == 'Ada'", "use ANY, ALL, NONE"),
        ("manager > 5", "cannot compare 'manager'"),
        ("name.@count == 1", "needs a collection"),
        ("reports.@sum == 1", "needs a property"),
        ("tags.@sum > 1", "not valid for values of type string"),
        ("age IN 5", "IN needs a list"),
        ("manager.name BEGINSWITH 5", "cannot compare"),
        ("id IN {1, 'two'}", "cannot compare 'id'"),
        ("5 BEGINSWITH name", "Operator 'BEGINSWITH' requires a keypath on the left side"),
        ("tags.@foo == 1", "not a collection operator"),
        ("SUBQUERY(name, $x, $x == 'a').@count > 0", "SUBQUERY needs a list or set of objects"),
        ("SUBQUERY(reports, $r, $q.age > 5).@count > 0", "'$q' is not the variable of this SUBQUERY"),
        ("SUBQUERY(reports, $r, $r.nothing > 5).@count > 0", "has no property 'nothing'"),
        ("SUBQUERY(reports, $r, $r.age > 5).@count == 'x'", "must be compared with a number"),
        ("@links.Nobody.reports.@count > 0", "@links needs a class"),
        ("name.@keys == 'a'", "needs a map"),
        // Two properties of different types, an int and a double, as Realm Swift refuses them.
        ("age > salary", "Property type mismatch between int and double"),
        ("scores.@sum > reports.@count", "cannot be compared with other aggregate operations"),
    ]

    @Test("Mistyped queries fail when applied, naming the property and the problem", arguments: Self.mistyped)
    func schemaErrors(query: String, fragment: String) async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Employee.self]))
        let message = await realm.read { realm -> String in
            do {
                _ = try realm.objects(Employee.self).filter(RealmPredicate(format: query))
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(message.contains(fragment), "'\(query)': \(message)")
    }

    @Test("An indexed equality finds the same objects as a scan, after updates")
    func indexedLookups() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Employee.self]))
        try await makeEmployees(realm)
        try await realm.write { realm in realm.object(ofType: Employee.self, forPrimaryKey: 5)!.name = "Ada" }
        let found = await realm.read { realm in
            (
                realm.objects(Employee.self).filter("name == 'Ada'").map(\.id).sorted(),
                realm.objects(Employee.self).filter("name IN {'Ada', 'ken'}").map(\.id).sorted()
            )
        }
        #expect(found.0 == [1, 5])
        #expect(found.1 == [1, 5, 7])
    }

    @Test("Live filtered results follow writes; frozen ones keep their version")
    func liveAndFrozen() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Employee.self]))
        try await makeEmployees(realm)
        let frozen = try await realm.read { realm in try realm.objects(Employee.self).filter("active == true").freeze()
        }
        let counts = try await realm.write { realm -> [Int] in
            let active = realm.objects(Employee.self).filter("active == true")
            let before = active.count
            active[0].active = false
            return [before, active.count]
        }
        #expect(counts == [5, 4])
        #expect(frozen.count == 5)
    }

    @Test("SUBQUERY, @links, LinkingObjects properties and map @keys/@values")
    func subqueriesBacklinksAndMaps() async throws {
        let realm = try await Realm(
            configuration: memoryConfiguration([Employee.self, Person.self, Dog.self, AllTypes.self])
        )
        try await makeEmployees(realm)
        try await realm.write { realm in
            let rex = Dog(value: ["name": "Rex", "age": 3])
            let fido = Dog(value: ["name": "Fido", "age": 5])
            try realm.add(Person(value: ["id": 1, "name": "Ada", "dogs": [rex, fido]]))
            try realm.add(Person(value: ["id": 2, "name": "Bob", "dogs": [rex]]))
            for (index, scores) in [["a": 1, "b": 5], ["b": 9], [:]].enumerated() {
                let object = AllTypes()
                object.int = index
                for (key, value) in scores { object.scores[key] = value }
                try realm.add(object)
            }
        }
        let results = await realm.read { realm -> [[String]] in
            let ids = { (query: String) -> [String] in
                realm.objects(Employee.self).filter(query).map { "\($0.id)" }.sorted()
            }
            let dogs = { (query: String) -> [String] in realm.objects(Dog.self).filter(query).map(\.name).sorted() }
            let maps = { (query: String) -> [String] in
                realm.objects(AllTypes.self).filter(query).map { "\($0.int)" }.sorted()
            }
            return [
                ids("SUBQUERY(reports, $r, $r.age > 40).@count > 0"),
                ids("SUBQUERY(reports, $r, $r.active == true AND $r.salary > 5000).@count == 1"),
                ids("SUBQUERY(reports, $r, $r.age > 1000).@count == 0"),
                ids("@links.Employee.reports.@count > 0"),
                ids("ANY @links.Employee.reports.name == 'Barbara'"),
                ids("@links.Employee.manager.@count >= 3"),
                dogs("owners.@count == 2"),
                dogs("ANY owners.name == 'Bob'"),
                dogs("NONE owners.name == 'Bob'"),
                maps("ANY scores.@keys == 'a'"),
                maps("ANY scores.@values > 6"),
                maps("scores.@count == 0"),
                maps("scores.@max == 5"),
            ]
        }
        #expect(
            results == [
                ["1", "6"], ["1"], ["1", "2", "3", "4", "5", "6", "7", "8"], ["2", "3", "4", "5", "7", "8"],
                ["5", "7", "8"], ["1", "6"],
                ["Rex"], ["Rex"], ["Fido"], ["0"], ["1"], ["2"], ["0"],
            ]
        )
    }
}
