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
    /// Realm's validateStringOperations with the values (full, prefix, suffix) = ("Foó", "Fo", "oó") of the
    /// property's type: every operation matches whatever the options when the property holds "Foó" (`matching`),
    /// none when it holds "c".
    static func stringOperationCases<Root, V: _HasPersistedType & Sendable>(
        _ make: TQPMake<Root>,
        _ name: String,
        _ lhs: @escaping @Sendable (Query<Root>) -> Query<V>,
        _ values: (full: V, prefix: V, suffix: V),
        matching: Bool
    ) -> [TQPCase] where V.PersistedType: _QueryString {
        let (yes, no) = matching ? (1, 0) : (0, 1)
        let (full, prefix, suffix) = values
        return tqpModifiers.flatMap { modifier, options -> [TQPCase] in
            [
                make("\(name) ==\(modifier) Foó", yes) { lhs($0).equals(full, options: options) },
                make("NOT \(name) ==\(modifier) Foó", 1 - yes) { !lhs($0).equals(full, options: options) },
                make("\(name) !=\(modifier) Foó", no) { lhs($0).notEquals(full, options: options) },
                make("NOT \(name) !=\(modifier) Foó", 1 - no) { !lhs($0).notEquals(full, options: options) },
                make("\(name) CONTAINS\(modifier) Foó", yes) { lhs($0).contains(full, options: options) },
                make("NOT \(name) CONTAINS\(modifier) Foó", 1 - yes) { !lhs($0).contains(full, options: options) },
                make("\(name) BEGINSWITH\(modifier) Fo", yes) { lhs($0).starts(with: prefix, options: options) },
                make("NOT \(name) BEGINSWITH\(modifier) Fo", 1 - yes) {
                    !lhs($0).starts(with: prefix, options: options)
                },
                make("\(name) ENDSWITH\(modifier) oó", yes) { lhs($0).ends(with: suffix, options: options) },
                make("NOT \(name) ENDSWITH\(modifier) oó", 1 - yes) { !lhs($0).ends(with: suffix, options: options) },
            ]
        }
    }

    @Test("==, !=, CONTAINS, BEGINSWITH and ENDSWITH with each option, negated or not (testStringOperations)")
    func stringOperations() async throws {
        let all: TQPMake<TQPAllTypes> = TQPCase.allTypes
        let custom: TQPMake<TQPCustomTypes> = TQPCase.custom
        let strings = ("Foó", "Fo", "oó")
        let optionals: (String?, String?, String?) = ("Foó", "Fo", "oó")
        let wrappers = (TQPWrap("Foó"), TQPWrap("Fo"), TQPWrap("oó"))
        var rows: [TQPCase] = []
        rows += Self.stringOperationCases(all, "stringCol", { $0.stringCol }, strings, matching: true)
        rows += Self.stringOperationCases(
            all,
            "stringEnumCol.rawValue",
            { $0.stringEnumCol.rawValue },
            strings,
            matching: false
        )
        rows += Self.stringOperationCases(custom, "string", { $0.string }, wrappers, matching: true)
        rows += Self.stringOperationCases(all, "optStringCol", { $0.optStringCol }, optionals, matching: true)
        rows += Self.stringOperationCases(
            all,
            "optStringEnumCol.rawValue",
            { $0.optStringEnumCol.rawValue },
            optionals,
            matching: false
        )
        rows += Self.stringOperationCases(custom, "optString", { $0.optString }, wrappers, matching: true)
        #expect(rows.count == 240)
        await TQPCase.check(rows, in: try await Self.makeRealm())
    }

    /// Realm's validateStringLike: each pattern, of the property's type, with its counts when the property holds
    /// "Foó", none when it holds "c".
    static func likeCases<Root, V: _HasPersistedType & Sendable>(
        _ make: TQPMake<Root>,
        _ name: String,
        _ lhs: @escaping @Sendable (Query<Root>) -> Query<V>,
        _ wrap: (String) -> V,
        canMatch: Bool
    ) -> [TQPCase] where V.PersistedType: _QueryString {
        tqpLikeRows.flatMap { pattern, sensitive, insensitive -> [TQPCase] in
            let value = wrap(pattern)
            return [
                make("\(name) LIKE \(pattern)", canMatch ? sensitive : 0) { lhs($0).like(value) },
                make("\(name) LIKE[c] \(pattern)", canMatch ? insensitive : 0) {
                    lhs($0).like(value, caseInsensitive: true)
                },
            ]
        }
    }

    @Test("LIKE with * and ?, case-sensitive and with [c], counts as in Realm (testStringLike)")
    func stringLike() async throws {
        let all: TQPMake<TQPAllTypes> = TQPCase.allTypes
        let custom: TQPMake<TQPCustomTypes> = TQPCase.custom
        var rows: [TQPCase] = []
        rows += Self.likeCases(all, "stringCol", { $0.stringCol }, { $0 }, canMatch: true)
        rows += Self.likeCases(all, "stringEnumCol.rawValue", { $0.stringEnumCol.rawValue }, { $0 }, canMatch: false)
        rows += Self.likeCases(custom, "string", { $0.string }, { TQPWrap($0) }, canMatch: true)
        rows += Self.likeCases(all, "optStringCol", { $0.optStringCol }, { String?.some($0) }, canMatch: true)
        rows += Self.likeCases(
            all,
            "optStringEnumCol.rawValue",
            { $0.optStringEnumCol.rawValue },
            { String?.some($0) },
            canMatch: false
        )
        rows += Self.likeCases(custom, "optString", { $0.optString }, { TQPWrap($0) }, canMatch: true)
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
        let custom: TQPMake<TQPCustomTypes> = TQPCase.custom
        var rows: [TQPCase] = []
        for (string, counts) in tqpLexicographicRows {
            rows += Self.stringOrderCases(all, "stringCol", { $0.stringCol }, string, counts)
            rows += Self.stringOrderCases(all, "stringEnumCol.rawValue", { $0.stringEnumCol.rawValue }, string, counts)
            rows += Self.stringOrderCases(custom, "string", { $0.string }, TQPWrap(string), counts)
            rows += Self.stringOrderCases(all, "optStringCol", { $0.optStringCol }, String?.some(string), counts)
            rows += Self.stringOrderCases(
                all,
                "optStringEnumCol.rawValue",
                { $0.optStringEnumCol.rawValue },
                String?.some(string),
                counts
            )
            rows += Self.stringOrderCases(custom, "optString", { $0.optString }, TQPWrap(string), counts)
        }
        #expect(rows.count == 408)
        await TQPCase.check(rows, in: realm)
    }

    /// Realm's validateData on 128 zero bytes: 28 zero bytes begin, end and are contained in it but do not equal
    /// it; 28 one bytes do none of these. `zero` and `one` are those bytes as the property's type.
    static func binaryCases<Root, V: _HasPersistedType & Sendable>(
        _ make: TQPMake<Root>,
        _ name: String,
        _ lhs: @escaping @Sendable (Query<Root>) -> Query<V>,
        zero: V,
        one: V
    ) -> [TQPCase] where V.PersistedType: _QueryBinary {
        [
            make("\(name) BEGINSWITH zeros", 1) { lhs($0).starts(with: zero) },
            make("NOT \(name) BEGINSWITH zeros", 0) { !lhs($0).starts(with: zero) },
            make("\(name) ENDSWITH zeros", 1) { lhs($0).ends(with: zero) },
            make("NOT \(name) ENDSWITH zeros", 0) { !lhs($0).ends(with: zero) },
            make("\(name) CONTAINS zeros", 1) { lhs($0).contains(zero) },
            make("NOT \(name) CONTAINS zeros", 0) { !lhs($0).contains(zero) },
            make("\(name) == zeros", 0) { lhs($0).equals(zero) },
            make("NOT \(name) == zeros", 1) { !lhs($0).equals(zero) },
            make("\(name) != zeros", 1) { lhs($0).notEquals(zero) },
            make("NOT \(name) != zeros", 0) { !lhs($0).notEquals(zero) },
            make("\(name) BEGINSWITH ones", 0) { lhs($0).starts(with: one) },
            make("\(name) ENDSWITH ones", 0) { lhs($0).ends(with: one) },
            make("\(name) CONTAINS ones", 0) { lhs($0).contains(one) },
            make("NOT \(name) CONTAINS ones", 1) { !lhs($0).contains(one) },
            make("\(name) == ones", 0) { lhs($0).equals(one) },
            make("NOT \(name) == ones", 1) { !lhs($0).equals(one) },
            make("\(name) != ones", 1) { lhs($0).notEquals(one) },
            make("NOT \(name) != ones", 0) { !lhs($0).notEquals(one) },
        ]
    }

    @Test("BEGINSWITH, ENDSWITH, CONTAINS, == and != of binary data count as in Realm (testBinarySearchQueries)")
    func binarySearch() async throws {
        let all: TQPMake<TQPAllTypes> = TQPCase.allTypes
        let custom: TQPMake<TQPCustomTypes> = TQPCase.custom
        let (zero, one) = (Data(count: 28), Data(repeating: 1, count: 28))
        var rows: [TQPCase] = []
        rows += Self.binaryCases(all, "binaryCol", { $0.binaryCol }, zero: zero, one: one)
        rows += Self.binaryCases(custom, "binary", { $0.binary }, zero: TQPWrap(zero), one: TQPWrap(one))
        rows += Self.binaryCases(all, "optBinaryCol", { $0.optBinaryCol }, zero: Data?.some(zero), one: Data?.some(one))
        rows += Self.binaryCases(custom, "optBinary", { $0.optBinary }, zero: TQPWrap(zero), one: TQPWrap(one))
        #expect(rows.count == 72)
        await TQPCase.check(rows, in: try await Self.makeRealm())
    }
}
