import Foundation
import Strata
import Testing

// realm-core test/test_parser.cpp, mixed values and maps: Parser_Mixed, Parser_TypeOfValue,
// Parser_list_of_primitive_mixed and Parser_Dictionary. realm-core's `bin("…")` is written `B64"…"` (Strata's binary
// literal); its `B64"…"` strings compared with mixed values, `mixed.@size` (a string's length) and `dict.Value` (a key
// after a dot) are left out. A string or binary needle compared with a mixed value matches strings and binaries alike,
// as Realm Swift's query builder does (Realm/RLMQueryUtil.mm coerces each to the other and checks both), where
// realm-core's parser keeps them apart: those rows give Realm Swift's counts.

/// realm-core's `class_Foo` of Parser_Mixed.
final class QCPMixedHolder: Object {
    @Persisted var mixed: AnyRealmValue
    @Persisted var int = 0
}

/// realm-core's `class_Origin` of Parser_Mixed.
final class QCPMixedOrigin: Object {
    @Persisted var link: QCPMixedHolder?
    @Persisted var mixed: AnyRealmValue
    @Persisted var links: List<QCPMixedHolder>
}

/// realm-core's ObjectId in Parser_Mixed (generated there).
private let mixedObjectId = try! ObjectId(string: "62e2905feb23128a10ab3973")

/// Holders 0…99: `int` i, `mixed` i, or "String<i>" for multiples of 4; then 15 null, 75 the double 75, 28 the binary
/// "String2Binary", 25 the double 3, 35 the decimal 3, 37 an ObjectId. Origins 0…9 link to holder 10k, hold a mixed
/// link to it and list holders 10k…10k+9; a tenth origin holds nothing.
private func seedMixed(_ realm: isolated Realm) throws {
    let holders = (0..<100).map { index in
        let holder = QCPMixedHolder()
        holder.int = index
        holder.mixed = index % 4 == 0 ? .string("String\(index)") : .int(index)
        return holder
    }
    holders[15].mixed = .none
    holders[75].mixed = .double(75)
    holders[28].mixed = .data(Data("String2Binary".utf8))
    holders[25].mixed = .double(3)
    holders[35].mixed = .decimal128(Decimal128(exactly: 3)!)
    holders[37].mixed = .objectId(mixedObjectId)
    for holder in holders { try realm.add(holder) }
    for origin in 0..<10 {
        let object = QCPMixedOrigin()
        object.link = holders[10 * origin]
        object.mixed = .object(holders[10 * origin])
        object.links.append(objectsIn: holders[(10 * origin)..<(10 * origin + 10)])
        try realm.add(object)
    }
    try realm.add(QCPMixedOrigin())
}

private func holder(_ realm: isolated Realm, _ int: Int) -> QCPMixedHolder {
    realm.objects(QCPMixedHolder.self).filter("int == %@", int).first!
}

/// realm-core's `class_Foo` of Parser_TypeOfValue.
final class QCPTypedHolder: Object {
    @Persisted var mixed: AnyRealmValue
    @Persisted var int = 0
    @Persisted var list: List<AnyRealmValue>
}

/// realm-core's `class_Origin` of Parser_TypeOfValue.
final class QCPTypedOrigin: Object {
    @Persisted var link: QCPTypedHolder?
    @Persisted var links: List<QCPTypedHolder>
}

/// Parser_Mixed's holders, but 17 holds a map, 19 a link to holder 0, and 37 its integer; holder 0 lists 1, 10 (a
/// decimal) and 100 (a double), holder 1 "hello" and 1000. Origins 0…9 link to holder 10k and list holders 10k…10k+9.
private func seedTyped(_ realm: isolated Realm) throws {
    let holders = (0..<100).map { index in
        let holder = QCPTypedHolder()
        holder.int = index
        holder.mixed = index % 4 == 0 ? .string("String\(index)") : .int(index)
        return holder
    }
    holders[15].mixed = .none
    holders[17].mixed = .dictionary(Map<String, AnyRealmValue>())
    holders[19].mixed = .object(holders[0])
    holders[75].mixed = .double(75)
    holders[28].mixed = .data(Data("String2Binary".utf8))
    holders[25].mixed = .double(3)
    holders[35].mixed = .decimal128(Decimal128(exactly: 3)!)
    holders[0].list.append(objectsIn: [.int(1), .decimal128(Decimal128(exactly: 10)!), .double(100)])
    holders[1].list.append(objectsIn: [.string("hello"), .int(1000)])
    for holder in holders { try realm.add(holder) }
    for origin in 0..<10 {
        let object = QCPTypedOrigin()
        object.link = holders[10 * origin]
        object.links.append(objectsIn: holders[(10 * origin)..<(10 * origin + 10)])
        try realm.add(object)
    }
}

/// realm-core's Parser_list_of_primitive_mixed table.
final class QCPMixedList: Object {
    @Persisted var values: List<AnyRealmValue>
}

/// [], [null], [""], [0, 1, 2], [1, 2.2 (decimal), 3.3 (float), 4.4], ["one", "two", "three", "", null], and a list of
/// every type: "foo", 1, 1 s after 1970, 2.5 (decimal), 3.7 (float), an ObjectId, the zero UUID, null, false, true,
/// three nulls (realm-core writes a float, a double and a decimal null) and a decimal NaN.
private func seedMixedLists(_ realm: isolated Realm) throws {
    let lists: [[AnyRealmValue]] = [
        [], [.none], [.string("")], [.int(0), .int(1), .int(2)],
        [.int(1), .decimal128(try Decimal128(string: "2.2")), .float(3.3), .double(4.4)],
        [.string("one"), .string("two"), .string("three"), .string(""), .none],
        [
            .string("foo"), .int(1), .date(Date(timeIntervalSince1970: 1)), .decimal128(try Decimal128(string: "2.5")),
            .float(3.7), .objectId(mixedObjectId), .uuid(UUID(uuidString: "00000000-0000-0000-0000-000000000000")!),
            .none, .bool(false), .bool(true),
            .none, .none, .none, .decimal128(.nan),
        ],
    ]
    for values in lists {
        let object = QCPMixedList()
        object.values.append(objectsIn: values)
        try realm.add(object)
    }
}

/// realm-core's `class_foo` of Parser_Dictionary: a map of mixed values.
final class QCPDictionaryHolder: Object {
    @Persisted var dict: Map<String, AnyRealmValue>
}

/// realm-core's `class_origin` of Parser_Dictionary.
final class QCPDictionaryOrigin: Object {
    @Persisted var link: QCPDictionaryHolder?
    @Persisted var links: List<QCPDictionaryHolder>
}

/// Parser_Dictionary's 100 maps, and how many hold a "Value" over 50 and an integer "Value".
private func seedDictionaries(_ realm: isolated Realm) throws {
    var holders: [QCPDictionaryHolder] = []
    for index in 0..<100 {
        let holder = QCPDictionaryHolder()
        if index % 4 == 0 {
            holder.dict["Value"] = .int(index)
        } else if index % 10 == 0 {
            holder.dict["Value"] = .int(100)
        }
        if index % 3 != 0 { holder.dict["Value"] = .int(3) }
        if index % 5 == 0 { holder.dict["Foo"] = .int(5) }
        if index == 78 { holder.dict["Value"] = AnyRealmValue.none }
        holder.dict["Bar"] = .int(index)
        holders.append(holder)
        try realm.add(holder)
    }
    for origin in 0..<10 {
        let object = QCPDictionaryOrigin()
        object.link = holders[10 * origin]
        object.links.append(objectsIn: holders[(10 * origin)..<(10 * origin + 10)])
        try realm.add(object)
    }
}

/// realm-core counts these while it writes the maps.
private let dictionaryValuesOver50 = (0..<100).filter { index in
    var over = (index % 4 == 0 && index > 50) || (index % 4 != 0 && index % 10 == 0)
    if index % 3 != 0 { over = false }
    return over
}.count

private let dictionaryIntValues = (0..<100).filter { index in
    index % 4 == 0 || index % 10 == 0 || index % 3 != 0
}.count

@Suite("realm-core's parser tests: mixed values and maps")
struct CoreParserMixedTests {
    // Parser_Mixed on the holders: 37 integers over 50 (75 a double), 25 strings, one null.
    static let holderRows: [QCPRow] = [
        qcp("mixed > 50", 37), qcp("mixed >= 50", 38), qcp("mixed <= 50", 36), qcp("mixed < 50", 35),
        qcp("mixed < 50 || mixed > 50", 72), qcp("mixed != 50", 99), qcp("mixed == null", 1),
        qcp("mixed != null", 99), qcp("mixed beginswith 'String2'", 3), qcp("mixed beginswith B64\"U3RyaW5nMg==\"", 3),
        qcp("mixed contains \"trin\"", 25), qcp("mixed like \"Strin*\"", 25), qcp("mixed endswith \"4\"", 5),
        qcp("mixed endswith B64\"NA==\"", 5), qcp("mixed endswith B64\"QmluYXJ5\"", 1),
        qcp("mixed == oid(62e2905feb23128a10ab3973)", 1), qcp("mixed endswith $0", 5) { _ in [Data("4".utf8)] },
        qcp("mixed endswith $0", 5) { _ in ["4"] }, qcp("mixed == \"String2Binary\"", 1),
        qcp("mixed == \"String4\"", 1), qcp("mixed == B64\"U3RyaW5nMkJpbmFyeQ==\"", 1),
        qcp("mixed ==[c] \"string2binary\"", 1), qcp("mixed ==[c] \"string4\"", 1),
        qcp("mixed !=[c] \"string2binary\"", 99), qcp("mixed !=[c] \"string4\"", 99),
        qcp("mixed == \"String48\"", 1),
        qcp("mixed == 3.0", 3), qcp("mixed == NULL", 1),
        // realm-core's parser compares a mixed property with an int property (71 match); Realm Swift's RLMQueryUtil
        // compares two properties of one type only, and so does Strata (QueryLanguage.md).
        qcpError("mixed == int", ["Property type mismatch between mixed and int"]),
    ]

    @Test("Parser_Mixed", arguments: Self.holderRows)
    func mixed(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCPMixedHolder.self, { [QCPMixedHolder.self, QCPMixedOrigin.self] }, seed: seedMixed)
            .check(row)
    }

    static let originRows: [QCPRow] = [
        qcp("ANY links.mixed > 50", 5), qcp("ANY links.mixed beginswith[c] \"string\"", 10),
        qcp("ANY links.mixed beginswith[c] B64\"c3RyaW5n\"", 10), qcp("link.mixed > 50", 2),
        qcp("link.mixed beginswith[c] \"string\"", 5), qcp("link.mixed beginswith[c] B64\"c3RyaW5n\"", 5),
        qcp("link == NULL", 1), qcp("link.mixed == NULL", 1), qcp("ANY links.mixed == NULL", 1),
        qcp("link == $0", 1) { realm in [holder(realm, 0)] }, qcp("link == $0", 1) { _ in [NSNull()] },
        qcp("ANY link.@links.QCPMixedOrigin.link == $0", 1) { realm in [realm.objects(QCPMixedOrigin.self).first!] },
        qcp("ANY links == $0", 1) { realm in [holder(realm, 0)] },
        qcp("$0 IN links", 1) { realm in [holder(realm, 0)] },
        qcp("ALL links == $0 && links.@size > 0", 0) { realm in [holder(realm, 0)] },
        qcp("NONE links == $0 && links.@size > 0", 9) { realm in [holder(realm, 0)] },
        qcp("mixed == $0", 1) { realm in [holder(realm, 0)] },
        // A link compared with an object of another class.
        qcpError("link == $0", ["link"]) { realm in [realm.objects(QCPMixedOrigin.self).first!] },
        qcpError("ANY links == $0", ["links"]) { realm in
            [realm.objects(QCPMixedOrigin.self).first!]
        },
    ]

    @Test("Parser_Mixed, through links", arguments: Self.originRows)
    func mixedThroughLinks(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCPMixedOrigin.self, { [QCPMixedHolder.self, QCPMixedOrigin.self] }, seed: seedMixed)
            .check(row)
    }

    // Parser_TypeOfValue: 24 strings, 69 integers, 2 doubles, a decimal, a binary, a map, a link and a null;
    // realm-core's type names and their synonyms.
    static let typeRows: [QCPRow] = {
        let names: [(String, Int)] = [
            ("string", 24), ("double", 2), ("float", 0), ("Decimal", 1), ("decimal128", 1), ("binary", 1),
            ("bytearray", 1), ("byte[]", 1), ("uuid", 0), ("guid", 0), ("bool", 0), ("boolean", 0), ("int", 69),
            ("integer", 69), ("int16", 69), ("int32", 69), ("int64", 69), ("short", 69), ("long", 69), ("byte", 69),
            ("char", 69), ("timestamp", 0), ("datetimeoffset", 0), ("objectlink", 1), ("object", 1), ("null", 1),
            ("numeric", 72),
        ]
        return names.map { qcp("mixed.@type == '\($0.0)'", $0.1) } + [
            qcp("mixed.@type == $0", 1) { _ in ["object"] },
            qcp("mixed.@type == 'binary' || mixed.@type == 'DECIMAL' || mixed.@type == 'Double'", 4),
            qcp(
                "mixed.@type == 'numeric' || mixed.@type == 'string' || mixed.@type == 'objectlink' || "
                    + "mixed.@type == 'binary' || mixed.@type == 'object' || mixed.@type == 'null'",
                100
            ),
            qcp("mixed.@type == mixed.@type", 100),
            qcp("mixed > 50", 37),
            qcp("mixed > 50 && mixed.@type == 'double'", 1), qcp("mixed > 50 && mixed.@type != 'double'", 36),
            qcp("mixed > 50 && mixed.@type == 'int'", 36),
            qcp("mixed.@type == int.@type", 69), qcp("ANY list.@type == 'numeric'", 2),
            qcp("list.@type == 'numeric'", 2), qcp("list.@type == 'numeric' AND ANY list >= 10", 2),
            qcp("list.@type == mixed.@type", 1), qcp("NONE list.@type == mixed.@type && list.@size > 0", 1),
            qcp("ALL list.@type == mixed.@type && list.@size > 0", 0),
            qcp("ALL list.@type == 'numeric' && list.@size > 0", 1),
            qcp("NONE list.@type == 'binary' && list.@size > 0", 2),
            qcp("NONE list.@type == 'string' && list.@size > 0", 1),
            qcpError("mixed.@type == 'asdf'", ["asdf"]), qcpError("mixed.@type == ''"),
            qcpError("mixed.@type == 'string|double|'"), qcpError("mixed.@type == '|'"),
            qcpError("mixed.@type == 23", ["Unsupported comparison between @type and raw value: '@type' and 'int'"]),
            qcpError("mixed.@type == 2.5", ["'@type' and 'double'"]),
            qcpError("mixed.@type == int", ["'@type' and 'int'"]),
            qcpError("int.@type == 'int'", ["Comparison between two constants is not supported"]),
            qcpError(
                "mixed.@type =[c] 'string'",
                [
                    "Unsupported comparison operator '=[c]' against type '@type', right side must be a string or binary type"
                ]
            ),
        ]
    }()

    @Test("Parser_TypeOfValue", arguments: Self.typeRows)
    func typeOfValue(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCPTypedHolder.self, { [QCPTypedHolder.self, QCPTypedOrigin.self] }, seed: seedTyped)
            .check(row)
    }

    static let typeOriginRows: [QCPRow] = [
        qcp("link.mixed.@type == 'numeric' || link.mixed.@type == 'string'", 10),
        qcp("ANY links.mixed.@type == 'numeric' || ANY links.mixed.@type == 'string'", 10),
        qcp("ANY links.mixed.@type IN {'numeric', 'string'}", 10), qcp("ANY links.mixed > 0", 10),
        qcp("ANY links.mixed.@type == 'double'", 2),
        // realm-core's parser compares the mixed property with the int property (1 match); Realm Swift's RLMQueryUtil
        // compares two properties of one type only, and so does Strata (QueryLanguage.md).
        qcpError(
            "SUBQUERY(links, $x, $x.mixed.@type == 'double' && $x.mixed == $x.int).@count > 0",
            ["Property type mismatch between mixed and int"]
        ),
        qcpError("ANY links.mixed.@type IN {'numeric', 'asdf'}", ["asdf"]),
        qcp("link.@type == link.mixed.@type", 0),
        qcpError(
            "link.@type == 'objectlink'",
            ["Comparison between two constants is not supported ('\"objectlink\"' and '\"objectlink\"')"]
        ),
    ]

    @Test("Parser_TypeOfValue, through links", arguments: Self.typeOriginRows)
    func typeOfValueThroughLinks(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCPTypedOrigin.self, { [QCPTypedHolder.self, QCPTypedOrigin.self] }, seed: seedTyped)
            .check(row)
    }

    // Parser_list_of_primitive_mixed. realm-core's aggregates of mixed values skip what is not a number and a decimal
    // NaN (for @sum and @avg, which add a float as its 7 digits: 3.3 as 3.3); @min and @max order values of different
    // types (false is least, a UUID greatest).
    static let listRows: [QCPRow] = [
        qcp("values.@count == 0", 1), qcp("values.@size == 1", 2), qcp("ANY values == NULL", 3),
        qcp("ALL values == NULL", 2), qcp("ALL values == NULL && values.@size > 0", 1), qcp("NONE values == NULL", 4),
        qcp("NONE values == NULL && values.@size > 0", 3), qcp("ANY values == 'one'", 1),
        qcp("ANY values CONTAINS[c] 'O'", 2), qcp("ANY values == false", 1), qcp("ANY values == true", 1),
        qcp("ANY values.@type == 'string'", 3), qcp("ANY values == T1:0", 1),
        qcp("values.@sum > 0", 3),
        qcp("values.@sum == 0", 4), qcp("values.@sum == 3", 1), qcp("values.@sum == 10.9", 1),
        qcp("values.@sum == 7.2", 1), qcp("values.@avg == 1", 1), qcp("values.@avg == 2.725", 1),
        qcp("values.@avg == 2.4", 1), qcp("values.@min == false", 1), qcp("values.@min == 1", 1),
        qcp("values.@max == 2", 1), qcp("values.@max == 4.4", 1),
        qcp("values.@max == uuid(00000000-0000-0000-0000-000000000000)", 1),
        qcp("ANY values IN {'one', 'two'}", 1),
    ]

    @Test("Parser_list_of_primitive_mixed", arguments: Self.listRows)
    func mixedLists(_ row: QCPRow) async throws {
        try await QCPFixture.of(QCPMixedList.self, { [QCPMixedList.self] }, seed: seedMixedLists).check(row)
    }

    // Parser_Dictionary: 100 maps with "Bar" i, "Foo" 5 for multiples of 5, and "Value" as realm-core writes it.
    static let dictionaryRows: [QCPRow] = [
        qcp("ANY dict.@values > 50", 50), qcp("dict['Value'] > 50", dictionaryValuesOver50),
        qcp("dict[$0] > 50", dictionaryValuesOver50) { _ in ["Value"] }, qcp("ANY dict.@keys == 'Foo'", 20),
        qcp("NONE dict.@keys == 'Value'", 22), qcp("dict['Value'] == NULL", 23), qcp("dict['Value'] IN {0, 100}", 3),
        qcp("dict['Value'].@type == 'int'", dictionaryIntValues), qcp("ANY dict.@type == 'int'", 100),
        qcp("ALL dict.@type == 'int'", 99), qcp("NONE dict.@type == 'int'", 0), qcp("ANY dict.@type == 'string'", 0),
        qcpError("dict[FIRST] > 50", ["Property 'QCPDictionaryHolder.dict' does not support index 'FIRST'"]),
        qcpError("dict[LAST] > 50", ["Property 'QCPDictionaryHolder.dict' does not support index 'LAST'"]),
        qcp("dict.@size == 3", 17),
        qcp("dict.@max == 100", 2), qcp("dict.@min < 2", 2), qcp("dict.@sum >= 100", 9), qcp("dict.@avg < 10", 16),
    ]

    @Test("Parser_Dictionary", arguments: Self.dictionaryRows)
    func dictionaries(_ row: QCPRow) async throws {
        try await QCPFixture.of(
            QCPDictionaryHolder.self,
            { [QCPDictionaryHolder.self, QCPDictionaryOrigin.self] },
            seed: seedDictionaries
        ).check(row)
    }

    static let dictionaryOriginRows: [QCPRow] = [
        qcp("link.dict['Value'] > 50", 3), qcp("ANY links.dict['Value'] > 50", 5),
        qcp("ANY links.dict['Value'] == NULL", 10), qcp("link.dict.@max == 100", 2),
        qcp("links.dict.@max == 100", 2),
    ]

    @Test("Parser_Dictionary, through links", arguments: Self.dictionaryOriginRows)
    func dictionariesThroughLinks(_ row: QCPRow) async throws {
        try await QCPFixture.of(
            QCPDictionaryOrigin.self,
            { [QCPDictionaryHolder.self, QCPDictionaryOrigin.self] },
            seed: seedDictionaries
        ).check(row)
    }
}
