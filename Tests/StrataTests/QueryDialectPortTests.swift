import Foundation
import Strata
import Testing

// Facts from Realm's own tests, ported as tables (the tests, not their code):
//   - Realm/Tests/QueryTests.m: testPredicateNotSupported (a constant left of CONTAINS, `name <[c] 'name'`),
//     testStringUnsupportedOperations and testStringOperatorsOnClass (MATCHES), the LIKE tests' `LIKE[d]` and
//     `LIKE[cd]` refusals; Realm/RLMQueryUtil.mm gives the messages (`@count can only be compared with a numeric
//     value.`, `@count must appear at the end of a keypath.`).
//   - realm-core test/test_string_data.cpp, StringData_Like: the wildcard matcher, a `*` in the text included.
//   - RealmSwift/Tests/QueryTests.swift: testSubquery (its data and counts, both forms), testAny (a list compared
//     with one element), the map subscript validators, and the string validators' `notEquals`.
//   - realm-core test/test_query_geo.cpp, Geospatial_invalid_format: GEOWITHIN through a link to a top-level class.
// Not ported: the NSPredicate-object forms (block predicates, hand-built NSExpressions), which Linux lacks.

/// A string (or nil) to match LIKE patterns against.
final class PatternSubject: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var text: String?
}

/// The shape of realm-swift's ModernAllTypesObject that testSubquery uses.
final class SubqueryPortObject: Object {
    @Persisted var intCol = 0
    @Persisted var stringCol = ""
    @Persisted var arrayInt: List<Int>
    @Persisted var arrayCol: List<SubqueryPortObject>
    @Persisted var setCol: MutableSet<SubqueryPortObject>
}

/// A GeoJSON point stored as a top-level object: the right shape for GEOWITHIN, but not embedded.
final class TopLevelPoint: Object {
    @Persisted var coordinates: List<Double>
    @Persisted var type = "Point"
}

/// An object linking to a top-level point.
final class Venue: Object {
    @Persisted var name = ""
    @Persisted var location: TopLevelPoint?
}

@Suite("Realm's query dialect, ported from Realm's tests")
struct QueryDialectPortTests {
    /// The message a query gives on Employee, or "no error".
    static func error(_ query: String, _ args: Any...) async throws -> String {
        let realm = try await Realm(configuration: memoryConfiguration([Employee.self]))
        try await makeEmployees(realm)
        nonisolated(unsafe) let args = args
        return await realm.read { realm in
            do {
                _ = try realm.objects(Employee.self).filter(RealmPredicate(format: query, argumentArray: args))
                return "no error"
            } catch {
                return "\(error)"
            }
        }
    }

    static let refusalRows: [(String, String)] = [
        // A constant on the left of a string operator (QueryTests.m: "Operator 'CONTAINS' requires a keypath on
        // the left side").
        ("'Realm' CONTAINS name", "Operator 'CONTAINS' requires a keypath on the left side."),
        ("'Ada' BEGINSWITH name", "Operator 'BEGINSWITH' requires a keypath on the left side."),
        ("'Ada' ENDSWITH[c] name", "Operator 'ENDSWITH' requires a keypath on the left side."),
        ("'A*' LIKE name", "Operator 'LIKE' requires a keypath on the left side."),
        ("NULL CONTAINS nickname", "Operator 'CONTAINS' requires a keypath on the left side."),
        // Ordered comparisons are case- and diacritic-sensitive only.
        ("name <[c] 'name'", "Operator '<': Lexicographical comparisons must be case-sensitive"),
        ("name >=[c] 'name'", "Operator '>=': Lexicographical comparisons must be case-sensitive"),
        ("name >[d] 'name'", "Operator '>' not supported with diacritic-insensitive modifier."),
        ("name <=[cd] 'name'", "Operator '<=' not supported with diacritic-insensitive modifier."),
        // MATCHES (a regular expression) on every type.
        ("name MATCHES 'a.*'", "Operator 'MATCHES' not supported for type 'string'"),
        ("manager.name MATCHES 'abc'", "Operator 'MATCHES' not supported for type 'string'"),
        ("age MATCHES 5", "Operator 'MATCHES' not supported for type 'int'"),
        ("hired MATCHES 'x'", "Operator 'MATCHES' not supported for type 'date'"),
        // LIKE has no diacritic-insensitive form.
        ("name LIKE[d] '*'", "Operator 'LIKE' not supported with diacritic-insensitive modifier."),
        ("name LIKE[cd] '*'", "Operator 'LIKE' not supported with diacritic-insensitive modifier."),
        ("ANY tags LIKE[cd] 'm*'", "Operator 'LIKE' not supported with diacritic-insensitive modifier."),
        // @count compares with numbers and ends its key path.
        ("tags.@count == 'two'", "@count can only be compared with a numeric value."),
        ("reports.@count == name", "@count can only be compared with a numeric value."),
        ("reports.@size != 'x'", "@size can only be compared with a numeric value."),
        ("reports.@count.age > 0", "Invalid keypath 'reports.@count.age': @count must appear at the end of a keypath."),
        ("tags.@size.length == 1", "Invalid keypath 'tags.@size.length': @size must appear at the end of a keypath."),
    ]

    @Test("Each query Realm refuses is refused, with an error naming the operator", arguments: Self.refusalRows)
    func refusals(query: String, message: String) async throws {
        let error = try await Self.error(query)
        #expect(error.contains(message), "'\(query)': \(error)")
    }

    @Test("MATCHES is refused on a list of values and in an unmanaged list's index(checkedMatching:) too")
    func matchesInMemory() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Employee.self]))
        try await makeEmployees(realm)
        let managed = await realm.read { realm -> String in
            do {
                _ = try realm.objects(Employee.self).first!.tags.filter(RealmPredicate(format: "self MATCHES 'm.*'"))
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        let unmanaged: String
        do {
            let list = List<Employee>()
            list.append(Employee())
            _ = try list.index(checkedMatching: RealmPredicate(format: "name MATCHES 'a.*'"))
            unmanaged = "no error"
        } catch {
            unmanaged = "\(error)"
        }
        #expect(managed.contains("Operator 'MATCHES' not supported"), "\(managed)")
        #expect(unmanaged.contains("Operator 'MATCHES' not supported"), "\(unmanaged)")
    }

    @Test("The queries beside the refusals still work")
    func neighbours() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Employee.self]))
        try await makeEmployees(realm)
        let counts = await realm.read { realm in
            let all = realm.objects(Employee.self)
            return [
                all.filter("name < 'B'").count,  // Ada: by code point, every lower-case name is greater
                all.filter("name CONTAINS[cd] 'E'").count,  // Grace, Édouard, ken, Zoë
                all.filter("name LIKE[c] 'a*'").count,  // Ada, alan
                all.filter("tags.@count == 2").count,
                all.filter("'math' IN tags").count,
                all.filter("reports.@count > 0").count,
            ]
        }
        #expect(counts == [1, 4, 2, 4, 3, 2])
    }

    // realm-core's StringData_Like, with texts that hold `*` and `?` themselves; ids 1…11.
    static let likeTexts: [String?] = [
        nil, "", "f", "foo", "foobar", "foofoo", "foobarfoo", "*bar", "æøå日本語test", "a*b", "a?c",
    ]

    static let likePatterns: [(String, [Int])] = [
        ("*", Array(2...11)),
        ("**", Array(2...11)),
        ("foo*", [4, 5, 6, 7]),
        ("*foo", [4, 6, 7]),
        ("foo*foo", [6, 7]),
        ("foo*bar", [5]),
        ("*ar", [5, 8]),
        ("?", [3]),
        ("?oo", [4]),
        ("f?o", [4]),
        ("fo?", [4]),
        ("foo?", []),
        ("?foo", []),
        ("æøå*", [9]),
        ("*test", [9]),
        ("*日本語*", [9]),
        ("æ?å?本?test", [9]),
        ("?oo*", [4, 5, 6, 7]),
        ("*?o?", [4, 6, 7]),
        ("???*", [4, 5, 6, 7, 8, 9, 10, 11]),
        ("?oo*?oo", [6, 7]),
        ("*f*x*", []),
        ("*b*", [5, 7, 8, 10]),
        // A `*` or `?` in the text is an ordinary character that the pattern's wildcards match.
        ("a*", [10, 11]),
        ("a*b", [10]),
        ("a?c", [11]),
        ("a?b", [10]),
        ("*b", [10]),
    ]

    @Test("LIKE matches realm-core's wildcard facts, a text holding * or ? included", arguments: Self.likePatterns)
    func like(pattern: String, expected: [Int]) async throws {
        let realm = try await Realm(configuration: memoryConfiguration([PatternSubject.self]))
        try await realm.write { realm in
            for (offset, text) in Self.likeTexts.enumerated() {
                let subject = PatternSubject()
                subject.id = offset + 1
                subject.text = text
                try realm.add(subject)
            }
        }
        let (plain, typed, folded) = try await realm.read { realm in
            let all = realm.objects(PatternSubject.self)
            return (
                try all.filter(RealmPredicate(format: "text LIKE %@", pattern)).map(\.id).sorted(),
                all.where { $0.text.like(pattern) }.map(\.id).sorted(),
                try all.filter(RealmPredicate(format: "text LIKE[c] %@", pattern.uppercased())).map(\.id).sorted()
            )
        }
        #expect(plain == expected, "LIKE '\(pattern)'")
        #expect(typed == expected, "like(\"\(pattern)\")")
        #expect(folded == expected, "LIKE[c] '\(pattern.uppercased())'")
    }
}
