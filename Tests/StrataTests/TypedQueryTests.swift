import Foundation
import Strata
import Testing

/// The two string columns of realm-swift's column-comparison tests, both "Foó".
final class StringColumnObject: Object {
    @Persisted var stringCol = "Foó"
    @Persisted var optStringCol: String? = "Foó"
}

@Suite("Type-safe Query<T>")
struct TypedQueryTests {
    @Test("Each where { } query agrees with its string form")
    func agreesWithStrings() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Employee.self]))
        try await makeEmployees(realm)
        let pairs = await realm.read { realm -> [(String, [Int], [Int])] in
            let all = realm.objects(Employee.self)
            func both(_ text: String, _ typed: Results<Employee>) -> (String, [Int], [Int]) {
                (text, all.filter(text).map(\.id).sorted(), typed.map(\.id).sorted())
            }
            return [
                both("id == 3", all.where { $0.id == 3 }),
                both("id != 3", all.where { $0.id != 3 }),
                both("age > 40", all.where { $0.age > 40 }),
                both("age <= 28", all.where { $0.age <= 28 }),
                both("age == nil", all.where { $0.age == nil }),
                both("salary >= 6100", all.where { $0.salary >= 6100 }),
                both("active == true", all.where { $0.active }),
                both("NOT active == true", all.where { !$0.active }),
                both("name BEGINSWITH[c] 'a'", all.where { $0.name.starts(with: "a", options: .caseInsensitive) }),
                both("name ENDSWITH 'a'", all.where { $0.name.ends(with: "a") }),
                both(
                    "name CONTAINS[cd] 'E'",
                    all.where { $0.name.contains("E", options: [.caseInsensitive, .diacriticInsensitive]) }
                ),
                both("name LIKE[c] 'a*'", all.where { $0.name.like("a*", caseInsensitive: true) }),
                both("name ==[c] 'ADA'", all.where { $0.name.equals("ADA", options: .caseInsensitive) }),
                both("name IN {'ken', 'linus'}", all.where { $0.name.in(["ken", "linus"]) }),
                both("salary BETWEEN {3000, 5000}", all.where { $0.salary.contains(3000...5000) }),
                both("age > 30 AND active == true", all.where { $0.age > 30 && $0.active }),
                both("age < 20 OR age > 80", all.where { $0.age < 20 || $0.age > 80 }),
                both("ANY tags == 'math'", all.where { $0.tags.contains("math") }),
                both("tags.@count == 2", all.where { $0.tags.count == 2 }),
                both("scores.@sum == 20", all.where { $0.scores.sum == 20 }),
                both("scores.@max == 10", all.where { $0.scores.max == 10 }),
                both("manager.name == 'Ada'", all.where { $0.manager.name == "Ada" }),
                both("manager.age > 30", all.where { $0.manager.age > 30 }),
                both("ANY reports.name BEGINSWITH 'G'", all.where { $0.reports.name.starts(with: "G") }),
                both("nickname == nil", all.where { $0.nickname == nil }),
                both(
                    "hired > 2020-01-01@00:00:00",
                    all.where { $0.hired > Date(timeIntervalSince1970: 1_577_836_800) }
                ),
            ]
        }
        for (text, expected, typed) in pairs {
            #expect(typed == expected, "\(text)")
        }
        let index = await realm.read { realm in
            realm.objects(Employee.self).sorted(byKeyPath: "id").index(matching: { $0.name == "ken" })
        }
        #expect(index == 6)
    }

    @Test("Query<T> over every property type, maps, subqueries and collection ranges agrees with strings")
    func everyPropertyType() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Specimen.self]))
        try await makeSpecimens(realm)
        let pairs = await realm.read { realm -> [(String, [Int], [Int])] in
            let all = realm.objects(Specimen.self)
            func both(_ text: String, _ typed: Results<Specimen>) -> (String, [Int], [Int]) {
                (text, all.filter(text).map(\.id).sorted(), typed.map(\.id).sorted())
            }
            return [
                both("bool == true", all.where { $0.bool }),
                both("int8 BETWEEN {-5, 1}", all.where { $0.int8.contains(-5...1) }),
                both("int16 > 100", all.where { $0.int16 > 100 }),
                both("int32 IN {2, 3, 4}", all.where { $0.int32.in([2, 3, 4]) }),
                both("int64 > 4294967296", all.where { $0.int64 > 4_294_967_296 }),
                both("float == 1.5", all.where { $0.float == 1.5 }),
                both("int8 == int8", all.where { $0.int8 == $0.int8 }),
                both("string ==[c] 'ALPHA'", all.where { $0.string.equals("ALPHA", options: .caseInsensitive) }),
                both("string LIKE '?eta'", all.where { $0.string.like("?eta") }),
                both("data == B64\"AQID\"", all.where { $0.data == Data([1, 2, 3]) }),
                both("date > 2000-01-01@00:00:00", all.where { $0.date > specimenDate("2000-01-01") }),
                both("decimal > 2", all.where { $0.decimal > 2 }),
                both("objectId == oid(000000000000000000000003)", all.where { $0.objectId == specimenObjectId(3) }),
                both("uuid != uuid(00000000-0000-0000-0000-000000000002)", all.where { $0.uuid != specimenUUID(2) }),
                both("mood == 'grumpy'", all.where { $0.mood == .grumpy }),
                both("optInt == nil", all.where { $0.optInt == nil }),
                both("optInt != 10", all.where { $0.optInt != 10 }),
                both("optString BEGINSWITH 'x'", all.where { $0.optString.starts(with: "x") }),
                both("optDate < 2000-01-01@00:00:00", all.where { $0.optDate < specimenDate("2000-01-01") }),
                both("optBool == false", all.where { $0.optBool == false }),
                both("ANY ints == 3", all.where { $0.ints.contains(3) }),
                both("ints.@min >= 4 AND ints.@max <= 8", all.where { $0.ints.contains(4...8) }),
                both("friends.@avg.float == 1.5", all.where { $0.friends.float.avg == 1.5 }),
                both("ints.@count == 0", all.where { $0.ints.count == 0 }),
                both("ints.@avg == 3", all.where { $0.ints.avg == 3 }),
                both("doubles.@sum == 1", all.where { $0.doubles.sum == 1 }),
                both("'blue' IN stringSet", all.where { $0.stringSet.contains("blue") }),
                both("intSet.@max > 50", all.where { $0.intSet.max > 50 }),
                both("ANY intMap.@keys == 'a'", all.where { $0.intMap.keys == "a" }),
                both("ANY intMap.@values > 4", all.where { $0.intMap.values > 4 }),
                both("intMap.@count == 2", all.where { $0.intMap.count == 2 }),
                both("intMap.@sum == 4", all.where { $0.intMap.sum == 4 }),
                both("ANY intMap == 5", all.where { $0.intMap.contains(5) }),
                both("ANY stringMap.@keys == 'k'", all.where { $0.stringMap.keys == "k" }),
                both("friend.friend.id == 3", all.where { $0.friend.friend.id == 3 }),
                both("friend.optInt == nil", all.where { $0.friend.optInt == nil }),
                both("ANY friends.id == 1", all.where { $0.friends.id == 1 }),
                both("friends.@max.double > 1000", all.where { $0.friends.double.max > 1000 }),
                both("ANY friendSet.mood == 'grumpy'", all.where { $0.friendSet.mood == .grumpy }),
                both("ANY fans.id == 5", all.where { $0.fans.id == 5 }),
                both(
                    "SUBQUERY(friends, $f, $f.bool == false AND $f.int32 > 0).@count > 0",
                    all.where { ($0.friends.bool == false && $0.friends.int32 > 0).count > 0 }
                ),
                both(
                    "SUBQUERY(friends, $f, $f.ints.@count > 0).@count == 2",
                    all.where { ($0.friends.ints.count > 0).count == 2 }
                ),
                both(
                    "SUBQUERY(friends, $f, ANY $f.strings == 'a').@count >= 1",
                    all.where { ($0.friends.strings.contains("a")).count >= 1 }
                ),
                both("NOT (bool == true OR optInt == nil)", all.where { !($0.bool || $0.optInt == nil) }),
            ]
        }
        #expect(pairs.count == 44)
        for (text, expected, typed) in pairs {
            #expect(typed == expected, "\(text)")
        }
    }

    // RealmSwift/Tests/QueryTests.swift: testAny (`$0.arrayInt == 1` is `ANY arrayInt == %@`), the map subscript
    // validators (`$0.mapInt["foo"] == v` is `mapInt[%@] == %@`) and validateStringOperations' `notEquals`
    // (`!=`, `!=[c]`, `!=[d]`, `!=[cd]`).
    @Test("Lists compared with one element, map subscripts and notEquals agree with Realm's strings")
    func realmSwiftShapes() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Employee.self, Specimen.self]))
        try await makeEmployees(realm)
        try await makeSpecimens(realm)
        let pairs = await realm.read { realm -> [(String, [Int], [Int])] in
            let employees = realm.objects(Employee.self)
            let specimens = realm.objects(Specimen.self)
            func both(_ text: String, _ typed: Results<Employee>) -> (String, [Int], [Int]) {
                (text, employees.filter(text).map(\.id).sorted(), typed.map(\.id).sorted())
            }
            func both(_ text: String, _ typed: Results<Specimen>, _ arguments: Any...) -> (String, [Int], [Int]) {
                let expected = try! specimens.filter(RealmPredicate(format: text, argumentArray: arguments))
                return (text, expected.map(\.id).sorted(), typed.map(\.id).sorted())
            }
            let first = specimens.first { $0.id == 1 }!
            return [
                both("ANY scores == 10", employees.where { $0.scores == 10 }),
                both("ANY scores != 10", employees.where { $0.scores != 10 }),
                both("ANY scores > 8", employees.where { $0.scores > 8 }),
                both("ANY scores >= 9", employees.where { $0.scores >= 9 }),
                both("ANY scores < 2", employees.where { $0.scores < 2 }),
                both("ANY scores <= 5", employees.where { $0.scores <= 5 }),
                both("ANY tags == 'math'", employees.where { $0.tags == "math" }),
                both("ANY tags != 'math'", employees.where { $0.tags != "math" }),
                both("ANY dates > 2000-01-02@00:00:00", specimens.where { $0.dates > specimenDate("2000-01-02") }),
                both("ANY optInts == nil", specimens.where { $0.optInts == nil }),
                both("ANY intSet == 7", specimens.where { $0.intSet == 7 }),
                both("ANY stringSet != 'red'", specimens.where { $0.stringSet != "red" }),
                both("ANY friends == %@", specimens.where { $0.friends == first }, first),
                both("intMap['a'] == 1", specimens.where { $0.intMap["a"] == 1 }),
                both("intMap['a'] != 1", specimens.where { $0.intMap["a"] != 1 }),
                both("intMap['a'] > 1", specimens.where { $0.intMap["a"] > 1 }),
                both("intMap['b'] <= 5", specimens.where { $0.intMap["b"] <= 5 }),
                both("stringMap['k'] == 'v'", specimens.where { $0.stringMap["k"] == "v" }),
                both("stringMap['k'] == nil", specimens.where { $0.stringMap["k"] == nil }),
                both(
                    "stringMap['k'] CONTAINS[c] 'v'",
                    specimens.where { $0.stringMap["k"].contains("v", options: .caseInsensitive) }
                ),
                both("friend.intMap['a'] == 10", specimens.where { $0.friend.intMap["a"] == 10 }),
                both("ANY intMap.@keys == 'a'", specimens.where { $0.intMap.keys == "a" }),
                both("ANY stringMap.@values BEGINSWITH 'v'", specimens.where { $0.stringMap.values.starts(with: "v") }),
                both("name != 'Ada'", employees.where { $0.name.notEquals("Ada") }),
                both("name !=[c] 'ADA'", employees.where { $0.name.notEquals("ADA", options: .caseInsensitive) }),
                both(
                    "name !=[d] 'Edouard'",
                    employees.where { $0.name.notEquals("Edouard", options: .diacriticInsensitive) }
                ),
                both(
                    "name !=[cd] 'edouard'",
                    employees.where {
                        $0.name.notEquals("edouard", options: [.caseInsensitive, .diacriticInsensitive])
                    }
                ),
                both(
                    "NOT nickname !=[c] 'z'",
                    employees.where { !$0.nickname.notEquals("z", options: .caseInsensitive) }
                ),
            ]
        }
        #expect(pairs.count == 28)
        for (text, expected, typed) in pairs {
            #expect(typed == expected, "\(text)")
        }
    }

    // RealmSwift/Tests/QueryTests.swift, testColumnComparison's "String comparison" rows: their strings, their
    // Query forms and their counts, on one object whose two columns hold "Foó".
    static let stringColumnRows: [(String, @Sendable (Query<StringColumnObject>) -> Query<Bool>, Int)] = [
        (
            "stringCol CONTAINS[cd] stringCol",
            { $0.stringCol.contains($0.stringCol, options: [.caseInsensitive, .diacriticInsensitive]) }, 1
        ),
        (
            "stringCol BEGINSWITH[cd] stringCol",
            { $0.stringCol.starts(with: $0.stringCol, options: [.caseInsensitive, .diacriticInsensitive]) }, 1
        ),
        (
            "stringCol ENDSWITH[cd] stringCol",
            { $0.stringCol.ends(with: $0.stringCol, options: [.caseInsensitive, .diacriticInsensitive]) }, 1
        ),
        ("stringCol LIKE[c] stringCol", { $0.stringCol.like($0.stringCol, caseInsensitive: true) }, 1),
        (
            "stringCol ==[cd] stringCol",
            { $0.stringCol.equals($0.stringCol, options: [.caseInsensitive, .diacriticInsensitive]) }, 1
        ),
        (
            "stringCol !=[cd] stringCol",
            { $0.stringCol.notEquals($0.stringCol, options: [.caseInsensitive, .diacriticInsensitive]) }, 0
        ),
        (
            "stringCol CONTAINS[cd] optStringCol",
            { $0.stringCol.contains($0.optStringCol, options: [.caseInsensitive, .diacriticInsensitive]) }, 1
        ),
        (
            "optStringCol CONTAINS[cd] optStringCol",
            { $0.optStringCol.contains($0.optStringCol, options: [.caseInsensitive, .diacriticInsensitive]) }, 1
        ),
        (
            "optStringCol CONTAINS[cd] stringCol",
            { $0.optStringCol.contains($0.stringCol, options: [.caseInsensitive, .diacriticInsensitive]) }, 1
        ),
        (
            "optStringCol BEGINSWITH[cd] optStringCol",
            { $0.optStringCol.starts(with: $0.optStringCol, options: [.caseInsensitive, .diacriticInsensitive]) }, 1
        ),
        (
            "optStringCol BEGINSWITH[cd] stringCol",
            { $0.optStringCol.starts(with: $0.stringCol, options: [.caseInsensitive, .diacriticInsensitive]) }, 1
        ),
        (
            "optStringCol ENDSWITH[cd] optStringCol",
            { $0.optStringCol.ends(with: $0.optStringCol, options: [.caseInsensitive, .diacriticInsensitive]) }, 1
        ),
        (
            "optStringCol ENDSWITH[cd] stringCol",
            { $0.optStringCol.ends(with: $0.stringCol, options: [.caseInsensitive, .diacriticInsensitive]) }, 1
        ),
        ("optStringCol LIKE[c] optStringCol", { $0.optStringCol.like($0.optStringCol, caseInsensitive: true) }, 1),
        ("optStringCol LIKE[c] stringCol", { $0.optStringCol.like($0.stringCol, caseInsensitive: true) }, 1),
        (
            "optStringCol ==[cd] optStringCol",
            { $0.optStringCol.equals($0.optStringCol, options: [.caseInsensitive, .diacriticInsensitive]) }, 1
        ),
        (
            "optStringCol ==[cd] stringCol",
            { $0.optStringCol.equals($0.stringCol, options: [.caseInsensitive, .diacriticInsensitive]) }, 1
        ),
        (
            "optStringCol !=[cd] optStringCol",
            { $0.optStringCol.notEquals($0.optStringCol, options: [.caseInsensitive, .diacriticInsensitive]) }, 0
        ),
        (
            "optStringCol !=[cd] stringCol",
            { $0.optStringCol.notEquals($0.stringCol, options: [.caseInsensitive, .diacriticInsensitive]) }, 0
        ),
        ("stringCol CONTAINS optStringCol", { $0.stringCol.contains($0.optStringCol) }, 1),
        (
            "stringCol BEGINSWITH[c] optStringCol",
            { $0.stringCol.starts(with: $0.optStringCol, options: .caseInsensitive) }, 1
        ),
    ]

    @Test("A string compared with another string column, with options, counts as in realm-swift")
    func stringColumns() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([StringColumnObject.self]))
        try await realm.write { realm in try realm.add(StringColumnObject()) }
        let counts = await realm.read { realm in
            let all = realm.objects(StringColumnObject.self)
            return Self.stringColumnRows.map { (all.filter($0.0).count, all.where($0.1).count) }
        }
        for ((text, _, expected), (counted, typed)) in zip(Self.stringColumnRows, counts) {
            #expect(counted == expected, "\(text)")
            #expect(typed == expected, "where { } for \(text)")
        }
    }

    /// Realm Swift builds a `where { }` query as a predicate string, so two aggregates compared there raise
    /// RLMQueryUtil's exception, which stops a Swift program; Strata's stops it too, in a child process here.
    @Test("Two aggregates compared in where { } stop the program, as Realm Swift's exception")
    func aggregatePairTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // A realm that cannot open exits normally, failing the expectation rather than passing it.
            guard let realm = try? await Realm(configuration: memoryConfiguration([Employee.self]))
            else { exit(EXIT_SUCCESS) }
            _ = await realm.read { realm in
                realm.objects(Employee.self).where { $0.scores.count == $0.reports.count }.count
            }
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let reason = "Key paths including aggregate operations cannot be compared with other aggregate operations"
        #expect(output.contains(reason), "\(output.suffix(300))")
    }
}
