import Foundation
import Strata
import Testing

// realm-core test/test_parser.cpp, sets of mixed values and of links, and how strings and binaries are written in a
// query: Parser_SetMixed, Parser_CollectionsConsistency, Parser_SetLinks and Parser_string_binary_encoding. The dialect
// notes of CoreParserPortTests.swift apply: realm-core's `set == value` is `ANY set == value`. Left out: a set compared
// with a list literal in order (`set == {300, 3, 'hello'}`, `set == {}`), quantifiers after the operator
// (`ALL set == ALL {300}`) and `.length`, which Realm Swift's dialect lacks, and the query descriptions realm-core prints
// (Strata keeps a predicate's format string as written).

/// realm-core's `foo` table of Parser_SetMixed: a set of mixed values and a mixed value.
final class QCSMixedSet: Object {
    @Persisted var set: MutableSet<AnyRealmValue>
    @Persisted var value: AnyRealmValue
}

/// The ObjectId in realm-core's second set (generated there).
private let qcsObjectId = try! ObjectId(string: "62e2905feb23128a10ab3974")

/// The values of realm-core's five collections in Parser_SetMixed and Parser_CollectionsConsistency: {3, "hello", 300},
/// {3.5 (float), "world", the binary "foo", an ObjectId, the zero UUID, null}, {300}, {}, and {-1, a decimal NaN,
/// 4.4 (float), 7.6, 0, null}.
private func qcsCollectionValues() -> [[AnyRealmValue]] {
    [
        [.int(3), .string("hello"), .int(300)],
        [
            .float(3.5), .string("world"), .data(Data("foo".utf8)), .objectId(qcsObjectId),
            .uuid(UUID(uuidString: "00000000-0000-0000-0000-000000000000")!), .none,
        ],
        [.int(300)],
        [],
        [.int(-1), .decimal128(.nan), .float(4.4), .double(7.6), .int(0), .none],
    ]
}

/// Five objects holding ``qcsCollectionValues`` in their sets, each with the value 300.
private func seedMixedSets(_ realm: isolated Realm) throws {
    for values in qcsCollectionValues() {
        let object = QCSMixedSet()
        object.set.insert(objectsIn: values)
        object.value = .int(300)
        try realm.add(object)
    }
}

/// realm-core's `foo` table of Parser_CollectionsConsistency: the same values in a set, a list and a map.
final class QCSMixedCollections: Object {
    @Persisted var set: MutableSet<AnyRealmValue>
    @Persisted var list: List<AnyRealmValue>
    @Persisted var dict: Map<String, AnyRealmValue>
}

/// Five objects holding ``qcsCollectionValues`` in each collection; the map's keys are "key_0", "key_1" and so on
/// across all of them.
private func seedMixedCollections(_ realm: isolated Realm) throws {
    var key = 0
    for values in qcsCollectionValues() {
        let object = QCSMixedCollections()
        for value in values {
            object.set.insert(value)
            object.list.append(value)
            object.dict["key_\(key)"] = value
            key += 1
        }
        try realm.add(object)
    }
}

/// realm-core's `bar` table of Parser_SetLinks.
final class QCSSetTarget: Object {
    @Persisted var val = 0
}

/// realm-core's `foo` table of Parser_SetLinks: a set of links.
final class QCSLinkSet: Object {
    @Persisted var set: MutableSet<QCSSetTarget>
}

/// realm-core's `origin` table of Parser_SetLinks.
final class QCSLinkSetOrigin: Object {
    @Persisted var link: QCSLinkSet?
}

/// Targets 0…9; one set holds targets 0…5, the other 4…9, and an origin links to each.
private func seedLinkSets(_ realm: isolated Realm) throws {
    let targets = (0..<10).map { index in
        let target = QCSSetTarget()
        target.val = index
        return target
    }
    for range in [0..<6, 4..<10] {
        let holder = QCSLinkSet()
        holder.set.insert(objectsIn: targets[range])
        let origin = QCSLinkSetOrigin()
        origin.link = holder
        try realm.add(origin)
    }
}

/// realm-core's `person` table of Parser_string_binary_encoding: a nullable string and a nullable binary.
final class QCSEncoded: Object {
    @Persisted var string: String?
    @Persisted var binary: Data?
}

/// realm-core's test strings (from minimaxir/big-list-of-naughty-strings, MIT), all of them ASCII.
private let qcsNaughtyStrings: [String] = [
    "undefined", "undef", "null", "NULL", "(null)", "nil", "NIL", "true", "false", "True", "False", "TRUE", "FALSE",
    "None", "hasOwnProperty", "\\\\", "1.00", "$1.00", "1/2", "1E2", "1E02", "1E+02", "-1", "-1.00", "-$1.00", "-1/2",
    "-1E2", "-1E02", "-1E+02", "1/0", "0/0", "-2147483648/-1", "-9223372036854775808/-1", "-0", "-0.0", "+0", "+0.0",
    "0.00", "0..0", "0.0.0", "0,00", "0,,0", "0,0,0", "0.0/0", "1.0/0.0", "0.0/0.0", "1,0/0,0", "0,0/0,0", "--1",
    "-.", "-,", "999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999",
    "NaN", "Infinity", "-Infinity", "INF", "1#INF", "-1#IND", "1#QNAN", "1#SNAN", "1#IND", "0x0", "0xffffffff",
    "0xffffffffffffffff", "0xabad1dea", "123456789012345678901234567890123456789", "1,000.00", "1 000.00", "1'000.00",
    "1,000,000.00", "1 000 000.00", "1'000'000.00", "1.000,00", "1 000,00", "1'000,00", "1.000.000,00",
    "1 000 000,00", "1'000'000,00",
]

/// Every value realm-core writes: the naughty strings, each byte 0…255 alone, and 100 zero bytes.
private let qcsEncodedValues: [Data] =
    qcsNaughtyStrings.map { Data($0.utf8) } + (0...255).map { Data([UInt8($0)]) } + [Data(count: 100)]

/// A value as realm-core writes it in a query: in double quotes when every byte is a letter, a digit or one of
/// ` {|}~:;<=>?@!#$%&()*+,-./[]^_\``, else as base 64 in `B64"…"`.
private func qcsLiteral(_ bytes: Data) -> String {
    let plain = Set(" {|}~:;<=>?@!#$%&()*+,-./[]^_`".utf8)
    let isPlain = bytes.allSatisfy { byte in
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || plain.contains(byte)
    }
    return isPlain ? "\"\(String(decoding: bytes, as: UTF8.self))\"" : "B64\"\(bytes.base64EncodedString())\""
}

/// An object of nulls, then one for each of ``qcsEncodedValues`` holding it as a binary and (when it is UTF-8) as a
/// string.
private func seedEncoded(_ realm: isolated Realm) throws {
    try realm.add(QCSEncoded())
    for bytes in qcsEncodedValues {
        let object = QCSEncoded()
        object.string = String(bytes: bytes, encoding: .utf8)
        object.binary = bytes
        try realm.add(object)
    }
}

@Suite("realm-core's parser tests: sets of mixed values and of links")
struct CoreParserSetTests {
    // Parser_SetMixed, on the five sets of ``qcsCollectionValues``, each object's value being 300.
    static let mixedRows: [QCPRow] = [
        qcp("set.@min == 3", 1), qcp("set.@min == 3.5", 1), qcp("set.@min == 300", 1), qcp("set.@min == NULL", 1),
        qcp("set.@min == -1", 1), qcp("set.@max == 'hello'", 1),
        qcp("set.@max == uuid(00000000-0000-0000-0000-000000000000)", 1), qcp("set.@max == 7.6", 1),
        qcp("set.@max == 300", 1), qcp("set.@max == NULL", 1), qcp("set.@sum == 303", 1), qcp("set.@sum == 3.5", 1),
        qcp("set.@sum == 300", 1), qcp("set.@sum == 0", 1), qcp("set.@sum == 11", 1), qcp("set.@avg == 151.5", 1),
        qcp("set.@avg == 3.5", 1), qcp("set.@avg == 300", 1), qcp("set.@avg == NULL", 1), qcp("set.@avg == 2.75", 1),
        qcp("set.@count == 0", 1), qcp("set.@size >= 1", 4), qcp("set.@size == 6", 2), qcp("3.5 IN set", 1),
        qcp("'WorLD' IN[c] set", 1), qcp("ANY set == value", 2),
        // realm-core's parser orders two mixed values (these match 3, 1 and 0); Realm Swift compares two mixed
        // properties with == and != only (RLMQueryUtil's add_mixed_constraint for a column).
        qcpError("ANY set < value", ["Operator '<' not supported for type 'object'"]),
        qcpError("ALL set < value", ["Operator '<' not supported for type 'object'"]),
        qcpError("ALL set < value && set.@size > 0", ["Operator '<' not supported for type 'object'"]),
        qcp("ALL set == value", 2),
        qcp("NONE set == value", 3), qcp("ANY set == {300}", 2), qcp("ANY set == NULL", 2),
        qcp("ANY set beginswith[c] 'HE'", 1), qcp("ANY set endswith[c] 'D'", 1), qcp("ANY set LIKE[c] '*O*'", 2),
        qcp("ANY set CONTAINS 'r'", 1),
    ]

    @Test("Parser_SetMixed", arguments: Self.mixedRows)
    func mixedSets(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCSMixedSet.self, { [QCSMixedSet.self] }, seed: seedMixedSets).check(row)
    }

    // Parser_CollectionsConsistency: a set, a list and a map of the same values give the same @min, @max, @sum and
    // @avg, each matching its one object: {3, 'hello', 303, 151.5}, {3.5 (float), the zero UUID, 3.5, 3.5},
    // {300, 300, 300, 300}, {null, null, 0, null} and {-1, 7.6, 11, 2.75}.
    static let consistencyRows: [QCPRow] = {
        let zero = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
        let aggregates: [[@Sendable () -> Any]] = [
            [{ 3 }, { "hello" }, { 303 }, { 151.5 }], [{ Float(3.5) }, { zero }, { 3.5 }, { 3.5 }],
            [{ 300 }, { 300 }, { 300 }, { 300 }], [{ NSNull() }, { NSNull() }, { 0 }, { NSNull() }],
            [{ -1 }, { 7.6 }, { 11 }, { 2.75 }],
        ]
        var rows: [QCPRow] = []
        for values in aggregates {
            for collection in ["set", "list", "dict"] {
                for (name, value) in zip(["@min", "@max", "@sum", "@avg"], values) {
                    rows.append(qcp("\(collection).\(name) == $0", 1) { _ in [value()] })
                }
            }
        }
        return rows
    }()

    @Test("Parser_CollectionsConsistency", arguments: Self.consistencyRows)
    func consistency(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCSMixedCollections.self, { [QCSMixedCollections.self] }, seed: seedMixedCollections)
            .check(row)
    }

    @Test("Parser_SetLinks: a set of links counts, and a key path reaches through a link into a set")
    func linkSets() async throws {
        let types: @Sendable () -> [ObjectBase.Type] = { [QCSSetTarget.self, QCSLinkSet.self, QCSLinkSetOrigin.self] }
        try await QCPFixture.of(QCSLinkSet.self, types, seed: seedLinkSets).check(qcp("set.@count == 6", 2))
        let origins = QCPFixture.of(QCSLinkSetOrigin.self, types, seed: seedLinkSets)
        for row in [qcp("ANY link.set.val == 3", 1), qcp("ANY link.set.val == 5", 2)] {
            try await origins.check(row)
        }
    }
}

/// A base-64 literal finds a string (realm-core); a string literal compared with a binary property is refused, as
/// Realm Swift refuses it (realm-core finds the binary), and so are string and binary arguments that cross.
@Suite("realm-core's parser tests: strings and binaries written in a query")
struct CoreParserEncodingTests {
    // Parser_string_binary_encoding: each value, written as realm-core writes it (plain in double quotes, or in
    // base 64), finds its one object by its string and, written in base 64, by its binary; written plain, it is
    // refused for the binary (realm-core finds the one object).
    @Test("Parser_string_binary_encoding")
    func encoding() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([QCSEncoded.self]))
        try await realm.write { realm in try seedEncoded(realm) }
        // Failures of a base-64 literal compared with a string property, and of the other queries.
        let (base64Strings, others) = await realm.read { realm -> ([String], [String]) in
            var base64Strings: [String] = []
            var others: [String] = []
            let objects = realm.objects(QCSEncoded.self)
            for bytes in qcsEncodedValues {
                let literal = qcsLiteral(bytes)
                var queries = ["binary == \(literal)"]
                if String(bytes: bytes, encoding: .utf8) != nil { queries.append("string == \(literal)") }
                for query in queries {
                    var failure: String?
                    // A plain (string) literal compared with the binary property is refused, as Realm Swift refuses
                    // a string for a Data property; realm-core finds the one object by its bytes.
                    let refused = query.hasPrefix("binary == \"")
                    do {
                        let count = try objects.filter(RealmPredicate(format: query, argumentArray: [])).count
                        if refused || count != 1 { failure = "'\(query)' counted \(count)" }
                    } catch {
                        let expected = refused && "\(error)".contains("Cannot compare value")
                        if !expected { failure = "'\(query)' threw \(error)" }
                    }
                    guard let failure else { continue }
                    if query.hasPrefix("string == B64") {
                        base64Strings.append(failure)
                    } else {
                        others.append(failure)
                    }
                }
            }
            return (base64Strings, others)
        }
        #expect(others.isEmpty, "\(others.count) failed: \(others.prefix(12))")
        #expect(base64Strings.isEmpty, "\(base64Strings.count) failed: \(base64Strings.prefix(3))")
    }

    @Test("A string against a binary property, and a binary argument against a string, are refused")
    func argumentsDoNotCross() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([QCSEncoded.self]))
        try await realm.write { realm in try seedEncoded(realm) }
        let outcomes = await realm.read { realm in
            [("binary == %@", "1" as Any), ("string == %@", Data("1".utf8)), ("binary == '1'", nil)].map {
                format,
                argument in
                do {
                    let predicate = try RealmPredicate(format: format, argumentArray: argument.map { [$0] } ?? [])
                    return "\(try realm.objects(QCSEncoded.self).filter(predicate).count)"
                } catch {
                    return "refused"
                }
            }
        }
        // The string literal too: Realm Swift refuses a string for a Data property (realm-core counts 1).
        #expect(outcomes == ["refused", "refused", "refused"])
    }
}
