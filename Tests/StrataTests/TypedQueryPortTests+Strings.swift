import Foundation
import Strata
import Testing

// RealmSwift/Tests/QueryTests.swift: testStringOperations, testStringLike, testLexicographicalComparison and
// testBinarySearchQueries. The string columns hold "Foó"; the string enum columns hold "c" (but "Foó" in the
// lexicographical test); the binary columns hold 128 zero bytes.

/// Realm's stringModifiers: no option, `[c]`, `[d]` and `[cd]`.
private let tqpModifiers: [(String, StringOptions)] = [
    ("", []),
    ("[c]", [.caseInsensitive]),
    ("[d]", [.diacriticInsensitive]),
    ("[cd]", [.caseInsensitive, .diacriticInsensitive]),
]

/// Realm's LIKE patterns with the counts of "Foó" matching them, case-sensitively and with `[c]`.
private let tqpLikeRows: [(pattern: String, sensitive: Int, insensitive: Int)] = [
    ("Foó", 1, 1),
    ("f*", 0, 1),
    ("*ó", 1, 1),
    ("f?ó", 0, 1),
    ("f*ó", 0, 1),
    ("f??ó", 0, 0),
    ("*o*", 1, 1),
    ("*O*", 0, 1),
    ("?o?", 1, 1),
    ("?O?", 0, 1),
]

/// Realm's strings compared with "Foó", with the counts of `>`, `>=`, `<` and `<=` (code point order).
private let tqpLexicographicRows: [(string: String, counts: (Int, Int, Int, Int))] = [
    ("Foó", (0, 1, 0, 1)),
    ("Foo", (1, 1, 0, 0)),
    ("f*", (0, 0, 1, 1)),
    ("*ó", (1, 1, 0, 0)),
    ("f?ó", (0, 0, 1, 1)),
    ("f*ó", (0, 0, 1, 1)),
    ("f??ó", (0, 0, 1, 1)),
    ("*o*", (1, 1, 0, 0)),
    ("*O*", (1, 1, 0, 0)),
    ("?o?", (1, 1, 0, 0)),
    ("?O?", (1, 1, 0, 0)),
    ("Foô", (0, 0, 1, 1)),
    ("Fpó", (0, 0, 1, 1)),
    ("Goó", (0, 0, 1, 1)),
    ("Foò", (1, 1, 0, 0)),
    ("Fnó", (1, 1, 0, 0)),
    ("Eoó", (1, 1, 0, 0)),
]

extension TypedQueryPortTests {
    /// Realm's validateStringOperations with the values ("Foó", "Fo", "oó"): `matching` when the property holds
    /// "Foó" (every operation matches whatever the options), not when it holds "c".
    static func stringOperationCases<V: StringQueryable & SendableMetatype>(
        _ name: String,
        _ lhs: @escaping @Sendable (Query<TQPAllTypes>) -> Query<V>,
        matching: Bool
    ) -> [TQPCase] {
        let (yes, no) = matching ? (1, 0) : (0, 1)
        return tqpModifiers.flatMap { modifier, options -> [TQPCase] in
            [
                .allTypes("\(name) ==\(modifier) Foó", yes) { lhs($0).equals("Foó", options: options) },
                .allTypes("NOT \(name) ==\(modifier) Foó", 1 - yes) { !lhs($0).equals("Foó", options: options) },
                .allTypes("\(name) !=\(modifier) Foó", no) { lhs($0).notEquals("Foó", options: options) },
                .allTypes("NOT \(name) !=\(modifier) Foó", 1 - no) { !lhs($0).notEquals("Foó", options: options) },
                .allTypes("\(name) CONTAINS\(modifier) Foó", yes) { lhs($0).contains("Foó", options: options) },
                .allTypes("NOT \(name) CONTAINS\(modifier) Foó", 1 - yes) {
                    !lhs($0).contains("Foó", options: options)
                },
                .allTypes("\(name) BEGINSWITH\(modifier) Fo", yes) { lhs($0).starts(with: "Fo", options: options) },
                .allTypes("NOT \(name) BEGINSWITH\(modifier) Fo", 1 - yes) {
                    !lhs($0).starts(with: "Fo", options: options)
                },
                .allTypes("\(name) ENDSWITH\(modifier) oó", yes) { lhs($0).ends(with: "oó", options: options) },
                .allTypes("NOT \(name) ENDSWITH\(modifier) oó", 1 - yes) {
                    !lhs($0).ends(with: "oó", options: options)
                },
            ]
        }
    }

    /// The same operations in the string form Realm's typed query builds.
    static func stringOperationTextCases(_ make: TQPMakeText, _ name: String, matching: Bool) -> [TQPCase] {
        let (yes, no) = matching ? (1, 0) : (0, 1)
        return tqpModifiers.flatMap { modifier, _ -> [TQPCase] in
            [
                make("\(name) ==\(modifier) %@", [.string("Foó")], yes),
                make("NOT \(name) ==\(modifier) %@", [.string("Foó")], 1 - yes),
                make("\(name) !=\(modifier) %@", [.string("Foó")], no),
                make("NOT \(name) !=\(modifier) %@", [.string("Foó")], 1 - no),
                make("\(name) CONTAINS\(modifier) %@", [.string("Foó")], yes),
                make("NOT \(name) CONTAINS\(modifier) %@", [.string("Foó")], 1 - yes),
                make("\(name) BEGINSWITH\(modifier) %@", [.string("Fo")], yes),
                make("NOT \(name) BEGINSWITH\(modifier) %@", [.string("Fo")], 1 - yes),
                make("\(name) ENDSWITH\(modifier) %@", [.string("oó")], yes),
                make("NOT \(name) ENDSWITH\(modifier) %@", [.string("oó")], 1 - yes),
            ]
        }
    }

    @Test("==, !=, CONTAINS, BEGINSWITH and ENDSWITH with each option, negated or not (testStringOperations)")
    func stringOperations() async throws {
        var rows: [TQPCase] = []
        rows += Self.stringOperationCases("stringCol", { $0.stringCol }, matching: true)
        rows += Self.stringOperationCases("optStringCol", { $0.optStringCol }, matching: true)
        rows += Self.stringOperationTextCases(TQPCase.allTypesText, "stringEnumCol", matching: false)
        rows += Self.stringOperationTextCases(TQPCase.allTypesText, "optStringEnumCol", matching: false)
        rows += Self.stringOperationTextCases(TQPCase.customText, "string", matching: true)
        rows += Self.stringOperationTextCases(TQPCase.customText, "optString", matching: true)
        #expect(rows.count == 240)
        await TQPCase.check(rows, in: try await Self.makeRealm())
    }

    /// Realm's validateStringLike: the pattern's counts when the property holds "Foó", none when it holds "c".
    static func likeCases<V: StringQueryable & SendableMetatype>(
        _ name: String,
        _ lhs: @escaping @Sendable (Query<TQPAllTypes>) -> Query<V>
    ) -> [TQPCase] {
        tqpLikeRows.flatMap { pattern, sensitive, insensitive -> [TQPCase] in
            [
                .allTypes("\(name) LIKE \(pattern)", sensitive) { lhs($0).like(pattern) },
                .allTypes("\(name) LIKE[c] \(pattern)", insensitive) { lhs($0).like(pattern, caseInsensitive: true) },
            ]
        }
    }

    /// The same patterns in string form.
    static func likeTextCases(_ make: TQPMakeText, _ name: String, canMatch: Bool) -> [TQPCase] {
        tqpLikeRows.flatMap { pattern, sensitive, insensitive -> [TQPCase] in
            [
                make("\(name) LIKE %@", [.string(pattern)], canMatch ? sensitive : 0),
                make("\(name) LIKE[c] %@", [.string(pattern)], canMatch ? insensitive : 0),
            ]
        }
    }

    @Test("LIKE with * and ?, case-sensitive and with [c], counts as in Realm (testStringLike)")
    func stringLike() async throws {
        var rows: [TQPCase] = []
        rows += Self.likeCases("stringCol") { $0.stringCol }
        rows += Self.likeCases("optStringCol") { $0.optStringCol }
        rows += Self.likeTextCases(TQPCase.allTypesText, "stringEnumCol", canMatch: false)
        rows += Self.likeTextCases(TQPCase.allTypesText, "optStringEnumCol", canMatch: false)
        rows += Self.likeTextCases(TQPCase.customText, "string", canMatch: true)
        rows += Self.likeTextCases(TQPCase.customText, "optString", canMatch: true)
        #expect(rows.count == 120)
        await TQPCase.check(rows, in: try await Self.makeRealm())
    }

    @Test("Strings order by code point: \"Foó\" against 17 others, wildcards taken literally (lexicographical)")
    func lexicographicalComparison() async throws {
        let realm = try await Self.makeRealm()
        try await realm.write { realm in
            let object = realm.objects(TQPAllTypes.self).first!
            object.stringEnumCol = .value4
            object.optStringEnumCol = .value4
        }
        let all: TQPMake<TQPAllTypes> = TQPCase.allTypes
        var rows: [TQPCase] = []
        for (string, counts) in tqpLexicographicRows {
            rows += Self.orderTextCasesTyped(all, "stringCol", { $0.stringCol }, string, counts)
            rows += Self.optionalOrderTextCasesTyped(all, "optStringCol", { $0.optStringCol }, string, counts)
            for name in ["stringEnumCol", "optStringEnumCol"] {
                rows += Self.orderTextCases(TQPCase.allTypesText, name, .string(string), counts)
            }
            for name in ["string", "optString"] {
                rows += Self.orderTextCases(TQPCase.customText, name, .string(string), counts)
            }
        }
        #expect(rows.count == 408)
        await TQPCase.check(rows, in: realm)
    }

    /// `>`, `>=`, `<` and `<=` of a string property with `value`, with the given counts.
    static func orderTextCasesTyped(
        _ make: TQPMake<TQPAllTypes>,
        _ name: String,
        _ lhs: @escaping @Sendable (Query<TQPAllTypes>) -> Query<String>,
        _ value: String,
        _ counts: (Int, Int, Int, Int)
    ) -> [TQPCase] {
        [
            make("\(name) > \(value)", counts.0) { lhs($0) > value },
            make("\(name) >= \(value)", counts.1) { lhs($0) >= value },
            make("\(name) < \(value)", counts.2) { lhs($0) < value },
            make("\(name) <= \(value)", counts.3) { lhs($0) <= value },
        ]
    }

    /// The same for an optional string property.
    static func optionalOrderTextCasesTyped(
        _ make: TQPMake<TQPAllTypes>,
        _ name: String,
        _ lhs: @escaping @Sendable (Query<TQPAllTypes>) -> Query<String?>,
        _ value: String,
        _ counts: (Int, Int, Int, Int)
    ) -> [TQPCase] {
        [
            make("\(name) > \(value)", counts.0) { lhs($0) > value },
            make("\(name) >= \(value)", counts.1) { lhs($0) >= value },
            make("\(name) < \(value)", counts.2) { lhs($0) < value },
            make("\(name) <= \(value)", counts.3) { lhs($0) <= value },
        ]
    }

    /// Realm's validateData on 128 zero bytes: 28 zero bytes begin, end and are contained in it but do not equal
    /// it; 28 one bytes do none of these.
    static func binaryTextCases(_ make: TQPMakeText, _ name: String) -> [TQPCase] {
        let zero = TQPArgument.data(Data(count: 28))
        let one = TQPArgument.data(Data(repeating: 1, count: 28))
        return [
            make("\(name) BEGINSWITH %@", [zero], 1),
            make("NOT \(name) BEGINSWITH %@", [zero], 0),
            make("\(name) ENDSWITH %@", [zero], 1),
            make("NOT \(name) ENDSWITH %@", [zero], 0),
            make("\(name) CONTAINS %@", [zero], 1),
            make("NOT \(name) CONTAINS %@", [zero], 0),
            make("\(name) == %@", [zero], 0),
            make("NOT \(name) == %@", [zero], 1),
            make("\(name) != %@", [zero], 1),
            make("NOT \(name) != %@", [zero], 0),
            make("\(name) BEGINSWITH %@", [one], 0),
            make("\(name) ENDSWITH %@", [one], 0),
            make("\(name) CONTAINS %@", [one], 0),
            make("NOT \(name) CONTAINS %@", [one], 1),
            make("\(name) == %@", [one], 0),
            make("NOT \(name) == %@", [one], 1),
            make("\(name) != %@", [one], 1),
            make("NOT \(name) != %@", [one], 0),
        ]
    }

    @Test("BEGINSWITH, ENDSWITH, CONTAINS, == and != of binary data count as in Realm (testBinarySearchQueries)")
    func binarySearch() async throws {
        var rows: [TQPCase] = []
        rows += Self.binaryTextCases(TQPCase.allTypesText, "binaryCol")
        rows += Self.binaryTextCases(TQPCase.allTypesText, "optBinaryCol")
        rows += Self.binaryTextCases(TQPCase.customText, "binary")
        rows += Self.binaryTextCases(TQPCase.customText, "optBinary")
        #expect(rows.count == 72)
        await TQPCase.check(rows, in: try await Self.makeRealm())
    }
}
