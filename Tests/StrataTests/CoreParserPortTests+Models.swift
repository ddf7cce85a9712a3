import Foundation
import Strata

// The tables of realm-core's test/test_parser.cpp, rebuilt as Strata models (prefix QCP) with the data each test
// writes, so that the rows of the CoreParserPortTests files can run realm-core's query strings on them. A realm-core
// table becomes a model class and a column a property, named in Swift's camel case (`account_balance` is
// `accountBalance`). Where realm-core stores a timestamp that a Swift `Date` cannot hold (a nanosecond count such as
// `Timestamp(1, 2)`), the seed stores the nearest time a `Date` holds exactly and the row's literal names that time.

// MARK: Parser_basic_serialisation

/// realm-core's `person` table: five people, Billy (0) to Joel (4).
final class QCPPerson: Object {
    @Persisted(indexed: true) var age = 0
    @Persisted var name = ""
    @Persisted var fees: Double?
    @Persisted var floatFees: Float?
    @Persisted var licensed: Bool?
    @Persisted var buddy: QCPPerson?
    @Persisted var time: Date?
}

/// 2017-12-01 12:07:53 UTC, realm-core's `Timestamp(1512130073, 0)`.
let qcpDecember2017 = Date(timeIntervalSince1970: 1_512_130_073)

func qcpSeedPeople(_ realm: isolated Realm) throws {
    let names = ["Billy", "Bob", "Joe", "Jane", "Joel"]
    let fees = [2.0, 2.23, 2.22, 2.25, 3.73]
    // realm-core: null, T1512130073:0, T1512130073:505, T1:2, T0:0 (the nanoseconds made ones a Date holds).
    let times: [Date?] = [
        nil, qcpDecember2017, qcpDecember2017 + 0.5, Date(timeIntervalSince1970: 1.25), Date(timeIntervalSince1970: 0),
    ]
    var people: [QCPPerson] = []
    for index in 0..<5 {
        let person = QCPPerson()
        person.age = index
        person.name = names[index]
        person.fees = fees[index]
        person.floatFees = Float(fees[index])
        person.licensed = index % 2 == 0
        person.time = times[index]
        people.append(person)
    }
    people[0].buddy = people[1]
    for person in people { try realm.add(person) }
}

// MARK: Parser_Numerics

/// realm-core's `values` column as an integer, an indexed integer and a decimal.
final class QCPNumber: Object {
    @Persisted var value = 0
    @Persisted(indexed: true) var indexed = 0
    @Persisted var decimal: Decimal128 = 0
}

/// The nullable forms of ``QCPNumber``'s columns.
final class QCPOptionalNumber: Object {
    @Persisted var value: Int?
    @Persisted(indexed: true) var indexed: Int?
    @Persisted var decimal: Decimal128?
}

/// realm-core's Parser_Numerics values.
let qcpNumerics: [Int] = [-1, 0, 1, 4_294_967_295, -4_294_967_295, 4_294_967_296, -4_294_967_296, .max, .min]

func qcpSeedNumbers(_ realm: isolated Realm) throws {
    for value in qcpNumerics {
        let number = QCPNumber()
        number.value = value
        number.indexed = value
        number.decimal = Decimal128(exactly: value)!
        try realm.add(number)
        let optional = QCPOptionalNumber()
        optional.value = value
        optional.indexed = value
        optional.decimal = Decimal128(exactly: value)!
        try realm.add(optional)
    }
    try realm.add(QCPOptionalNumber())
}

// MARK: Parser_StringOperations

/// realm-core's `person` table of Parser_StringOperations: a nullable name and a father.
final class QCPNamed: Object {
    @Persisted var name: String?
    @Persisted var father: QCPNamed?
}

func qcpSeedNamed(_ realm: isolated Realm) throws {
    let names = ["Billy", "Bob", "Joe", "Jake", "Joel", "Unicorn🦄"]
    let people = names.map { name in
        let person = QCPNamed()
        person.name = name
        return person
    }
    for (index, person) in people.enumerated() where index != 4 {
        person.father = people[(index + 1) % people.count]
    }
    for person in people { try realm.add(person) }
    try realm.add(QCPNamed())
}

// MARK: Parser_Timestamps

/// realm-core's Parser_Timestamps table; `T399` is a property whose name reads like a timestamp literal.
final class QCPMoment: Object {
    @Persisted var birthday = Date(timeIntervalSince1970: 0)
    // swift-format-ignore: AlwaysUseLowerCamelCase
    @Persisted var T399: Date?
    @Persisted var linked: QCPMoment?
}

func qcpSeedMoments(_ realm: isolated Realm) throws {
    let moments = (0..<5).map { _ in QCPMoment() }
    // realm-core: Timestamp(-1, -1) and Timestamp(0, -1), a second and a nanosecond, and a nanosecond, before 1970.
    moments[0].birthday = Date(timeIntervalSince1970: -1.5)
    moments[1].birthday = Date(timeIntervalSince1970: -0.25)
    moments[1].T399 = qcpDecember2017
    moments[2].T399 = qcpDecember2017 + 0.5
    moments[3].T399 = Date(timeIntervalSince1970: 1.25)
    moments[4].T399 = Date(timeIntervalSince1970: 0)
    moments[0].linked = moments[1]
    moments[2].linked = moments[0]
    for moment in moments { try realm.add(moment) }
}

// MARK: Parser_NullableBinaries

/// realm-core's `item` table: a binary and a nullable binary.
final class QCPBinaryItem: Object {
    @Persisted var data = Data()
    @Persisted var nullableData: Data?
}

/// realm-core's `person` table of Parser_NullableBinaries: a favourite item.
final class QCPBinaryFan: Object {
    @Persisted var favItem: QCPBinaryItem?
}

func qcpSeedBinaries(_ realm: isolated Realm) throws {
    let items = (0..<5).map { _ in QCPBinaryItem() }
    for (item, text) in zip(items, ["knife", "plate", "fork"]) {
        item.data = Data(text.utf8)
        item.nullableData = Data(text.utf8)
    }
    for item in items {
        let fan = QCPBinaryFan()
        fan.favItem = item
        try realm.add(fan)
    }
}

// MARK: Parser_OddColumnNames, Parser_UTF8, Parser_Logical

/// Properties named as keywords of the query language, and names outside ASCII.
final class QCPOddNames: Object {
    @Persisted var age: Int?
    @Persisted var between: Int?
    @Persisted var `in`: Int?
    @Persisted var desc: String?
    // swift-format-ignore: IdentifiersMustBeASCII
    @Persisted var løbenummer = 0
    // swift-format-ignore: IdentifiersMustBeASCII
    @Persisted var 姓名 = ""
}

func qcpSeedOddNames(_ realm: isolated Realm) throws {
    let names = ["Billy", "Bob", "Joe", "Jake", "Joel"]
    for index in 0..<5 {
        let object = QCPOddNames()
        if index < 3 {
            object.age = index + 24
            object.between = index
            object.in = index + 100
            object.desc = "Empty"
        }
        object.løbenummer = index
        object.姓名 = names[index]
        try realm.add(object)
    }
}

/// Parser_Logical's three columns: `id1` i, `id2` 2i, `id3` 3i for i in 0..<10.
final class QCPTriple: Object {
    @Persisted var id1 = 0
    @Persisted var id2 = 0
    @Persisted var id3 = 0
}

func qcpSeedTriples(_ realm: isolated Realm) throws {
    for index in 0..<10 {
        let triple = QCPTriple()
        triple.id1 = index
        triple.id2 = 2 * index
        triple.id3 = 3 * index
        try realm.add(triple)
    }
}

// MARK: Parser_ChainedStringEqualQueries, Parser_ChainedIntEqualQueries

/// Four string columns (`b` and `d` nullable, `c` and `d` indexed), holding "0"…"99", and one object of defaults.
final class QCPChainedStrings: Object {
    @Persisted var a = ""
    @Persisted var b: String?
    @Persisted(indexed: true) var c = ""
    @Persisted(indexed: true) var d: String?
}

/// The integer form of ``QCPChainedStrings``, holding 0…99, and one object of defaults.
final class QCPChainedInts: Object {
    @Persisted var a = 0
    @Persisted var b: Int?
    @Persisted(indexed: true) var c = 0
    @Persisted(indexed: true) var d: Int?
}

func qcpSeedChained(_ realm: isolated Realm) throws {
    for index in 0..<100 {
        let strings = QCPChainedStrings()
        strings.a = "\(index)"
        strings.b = "\(index)"
        strings.c = "\(index)"
        strings.d = "\(index)"
        try realm.add(strings)
        let ints = QCPChainedInts()
        ints.a = index
        ints.b = index
        ints.c = index
        ints.d = index
        try realm.add(ints)
    }
    try realm.add(QCPChainedStrings())
    try realm.add(QCPChainedInts())
}

// MARK: Parser_ObjectId, Parser_UUID, Parser_Decimal128

/// Parser_ObjectId's table: an ObjectId primary key and a nullable ObjectId.
final class QCPObjectIds: Object {
    @Persisted(primaryKey: true) var id = ObjectId(bytes: Array(repeating: 0, count: 12))
    @Persisted var nid: ObjectId?
}

/// ObjectIds made from a timestamp with machine and process 0, as Parser_ObjectId makes them: seconds 1, 1000, 2000,
/// 0, then the "generated" id (seconds 1500, whose `nid` is null).
func qcpObjectId(seconds: UInt32) -> ObjectId {
    ObjectId(bytes: withUnsafeBytes(of: seconds.bigEndian) { Array($0) } + Array(repeating: 0, count: 8))
}

let qcpObjectIdSeconds: [UInt32] = [1, 1000, 2000, 0]

func qcpSeedObjectIds(_ realm: isolated Realm) throws {
    for seconds in qcpObjectIdSeconds {
        let object = QCPObjectIds()
        object.id = qcpObjectId(seconds: seconds)
        object.nid = qcpObjectId(seconds: seconds)
        try realm.add(object)
    }
    let generated = QCPObjectIds()
    generated.id = qcpObjectId(seconds: 1500)
    try realm.add(generated)
}

/// Parser_UUID's table: a UUID primary key and a nullable UUID.
final class QCPUUIDs: Object {
    @Persisted(primaryKey: true) var id = UUID()
    @Persisted var nid: UUID?
}

let qcpUUIDs = [
    "3b241101-e2bb-4255-8caf-4136c566a961", "3b241101-e2bb-4255-8caf-294299afdce2",
    "3b241101-e2bb-4255-8caf-000000000003",
]

func qcpSeedUUIDs(_ realm: isolated Realm) throws {
    for text in qcpUUIDs {
        let object = QCPUUIDs()
        object.id = UUID(uuidString: text)!
        object.nid = UUID(uuidString: text)!
        try realm.add(object)
    }
    let generated = QCPUUIDs()
    generated.id = UUID(uuidString: "3b241101-0000-0000-0000-4136c566a964")!
    try realm.add(generated)
}

/// Parser_Decimal128's table: a decimal and a nullable decimal holding the same values, and one of defaults.
final class QCPDecimals: Object {
    @Persisted var dec: Decimal128 = 0
    @Persisted var nullableDec: Decimal128?
}

/// Parser_Decimal128's values, each unique, but its "inf" and "-infinity": Strata's decimals have no infinities
/// (Docs.docc/MigratingFromRealmSwift.md).
let qcpDecimalTexts = [
    "123", "0.1", "3.141592653589793238", "1E1", "+2E2", "+3E+3", "4E+4", "-5E5", "-6E-6", "7E-7", "+8E-8", "-9E+9",
    "1.1E1", "+2.1E2", "+3.1E+3", "4.1E+4", "-5.1E5", "-6.1E-6", "7.1E-7", "+8.1E-8", "-9.1E+9",
]

func qcpSeedDecimals(_ realm: isolated Realm) throws {
    for text in qcpDecimalTexts {
        let object = QCPDecimals()
        object.dec = try Decimal128(string: text)
        object.nullableDec = try Decimal128(string: text)
        try realm.add(object)
    }
    try realm.add(QCPDecimals())
}
