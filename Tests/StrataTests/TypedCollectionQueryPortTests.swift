import Foundation
import Strata
import Testing

// Shared models, values and runner for the port of realm-swift's RealmSwift/Tests/QueryTests.swift, from
// testCollectionContainsElement to the end of the file (the type-safe `Query<T>` / `where { }` API). Realm's test
// is generated over every property type (the plain types, their optionals, PersistableEnum raw types and
// CustomPersistable wrappers, in lists, sets and maps); these models mirror its ModernAllTypesObject,
// ModernCollectionsOfEnums, CustomPersistableCollections and AllCustomPersistableTypes, and the values are its
// `queryValues()`. Each row keeps Realm's count, with the typed query realm-swift's test writes; the predicate
// strings Realm also checks are internal and not ported. Rows Strata gets wrong are wrapped in `withKnownIssue`.

/// realm-swift's ModernIntEnum: 1, 3, 5.
enum TCQIntEnum: Int, PersistableEnum, Sendable {
    case value1 = 1
    case value2 = 3
    case value3 = 5
}

/// realm-swift's ModernStringEnum.
enum TCQStringEnum: String, PersistableEnum, Sendable {
    case value1 = "a"
    case value2 = "c"
    case value3 = "e"
    case value4 = "Foó"
}

/// realm-swift's EnumInt.
enum TCQEnumInt: Int, PersistableEnum, Sendable {
    case value1 = 1
    case value2 = 2
    case value3 = 3
}

/// realm-swift's EnumInt8.
enum TCQEnumInt8: Int8, PersistableEnum, Sendable {
    case value1 = 1
    case value2 = 2
    case value3 = 3
}

/// realm-swift's EnumInt16.
enum TCQEnumInt16: Int16, PersistableEnum, Sendable {
    case value1 = 1
    case value2 = 2
    case value3 = 3
}

/// realm-swift's EnumInt32.
enum TCQEnumInt32: Int32, PersistableEnum, Sendable {
    case value1 = 1
    case value2 = 2
    case value3 = 3
}

/// realm-swift's EnumInt64.
enum TCQEnumInt64: Int64, PersistableEnum, Sendable {
    case value1 = 1
    case value2 = 2
    case value3 = 3
}

/// realm-swift's EnumFloat.
enum TCQEnumFloat: Float, PersistableEnum, Sendable {
    case value1 = 1.1
    case value2 = 2.2
    case value3 = 3.3
}

/// realm-swift's EnumDouble.
enum TCQEnumDouble: Double, PersistableEnum, Sendable {
    case value1 = 1.1
    case value2 = 2.2
    case value3 = 3.3
}

/// realm-swift's EnumString.
enum TCQEnumString: String, PersistableEnum, Sendable {
    case value1 = "a"
    case value2 = "b"
    case value3 = "c"
}

/// realm-swift's TrivialCustomPersistable: a wrapper stored as its one value.
protocol TCQWrapper: CustomPersistable, Sendable {
    init(value: PersistedType)
    var value: PersistedType { get }
}

extension TCQWrapper {
    init(persistedValue: PersistedType) { self.init(value: persistedValue) }
    var persistableValue: PersistedType { value }
}

/// realm-swift's BoolWrapper.
struct TCQBoolWrapper: TCQWrapper {
    typealias PersistedType = Bool
    var value: Bool
}

/// realm-swift's IntWrapper.
struct TCQIntWrapper: TCQWrapper {
    typealias PersistedType = Int
    var value: Int
}

/// realm-swift's Int8Wrapper.
struct TCQInt8Wrapper: TCQWrapper {
    typealias PersistedType = Int8
    var value: Int8
}

/// realm-swift's Int16Wrapper.
struct TCQInt16Wrapper: TCQWrapper {
    typealias PersistedType = Int16
    var value: Int16
}

/// realm-swift's Int32Wrapper.
struct TCQInt32Wrapper: TCQWrapper {
    typealias PersistedType = Int32
    var value: Int32
}

/// realm-swift's Int64Wrapper.
struct TCQInt64Wrapper: TCQWrapper {
    typealias PersistedType = Int64
    var value: Int64
}

/// realm-swift's FloatWrapper.
struct TCQFloatWrapper: TCQWrapper {
    typealias PersistedType = Float
    var value: Float
}

/// realm-swift's DoubleWrapper.
struct TCQDoubleWrapper: TCQWrapper {
    typealias PersistedType = Double
    var value: Double
}

/// realm-swift's StringWrapper.
struct TCQStringWrapper: TCQWrapper {
    typealias PersistedType = String
    var value: String
}

/// realm-swift's DataWrapper.
struct TCQDataWrapper: TCQWrapper {
    typealias PersistedType = Data
    var value: Data
}

/// realm-swift's DateWrapper.
struct TCQDateWrapper: TCQWrapper {
    typealias PersistedType = Date
    var value: Date
}

/// realm-swift's Decimal128Wrapper.
struct TCQDecimal128Wrapper: TCQWrapper {
    typealias PersistedType = Decimal128
    var value: Decimal128
}

/// realm-swift's ObjectIdWrapper.
struct TCQObjectIdWrapper: TCQWrapper {
    typealias PersistedType = ObjectId
    var value: ObjectId
}

/// realm-swift's UUIDWrapper.
struct TCQUUIDWrapper: TCQWrapper {
    typealias PersistedType = UUID
    var value: UUID
}

/// realm-swift's `QueryValue`: the three values each type's rows use, in realm-swift's order.
protocol TCQValue: SendableMetatype {
    static func values() -> [Self]
}

extension Optional: TCQValue where Wrapped: TCQValue {
    static func values() -> [Self] { Wrapped.values().map(Self.some) }
}

/// A UUID from its text.
func tcqUUID(_ text: String) -> UUID { UUID(uuidString: text) ?? UUID() }

extension Bool: TCQValue { static func values() -> [Bool] { [true, true, false] } }
extension TCQBoolWrapper: TCQValue { static func values() -> [Self] { Bool.values().map(Self.init(value:)) } }
extension Int: TCQValue { static func values() -> [Int] { [1, 3, 5] } }
extension TCQIntWrapper: TCQValue { static func values() -> [Self] { Int.values().map(Self.init(value:)) } }
extension Int8: TCQValue { static func values() -> [Int8] { [8, 9, 10] } }
extension TCQInt8Wrapper: TCQValue { static func values() -> [Self] { Int8.values().map(Self.init(value:)) } }
extension Int16: TCQValue { static func values() -> [Int16] { [16, 17, 18] } }
extension TCQInt16Wrapper: TCQValue { static func values() -> [Self] { Int16.values().map(Self.init(value:)) } }
extension Int32: TCQValue { static func values() -> [Int32] { [32, 33, 34] } }
extension TCQInt32Wrapper: TCQValue { static func values() -> [Self] { Int32.values().map(Self.init(value:)) } }
extension Int64: TCQValue { static func values() -> [Int64] { [64, 65, 66] } }
extension TCQInt64Wrapper: TCQValue { static func values() -> [Self] { Int64.values().map(Self.init(value:)) } }
extension Float: TCQValue { static func values() -> [Float] { [5.55444333, 6.55444333, 7.55444333] } }
extension TCQFloatWrapper: TCQValue { static func values() -> [Self] { Float.values().map(Self.init(value:)) } }
extension Double: TCQValue { static func values() -> [Double] { [123.456, 234.567, 345.678] } }
extension TCQDoubleWrapper: TCQValue { static func values() -> [Self] { Double.values().map(Self.init(value:)) } }
extension String: TCQValue { static func values() -> [String] { ["Foo", "Foó", "foo"] } }
extension TCQStringWrapper: TCQValue { static func values() -> [Self] { String.values().map(Self.init(value:)) } }
extension Data: TCQValue { static func values() -> [Data] { [Data(count: 64), Data(count: 128), Data(count: 256)] } }
extension TCQDataWrapper: TCQValue { static func values() -> [Self] { Data.values().map(Self.init(value:)) } }
extension Date: TCQValue {
    static func values() -> [Date] {
        [
            Date(timeIntervalSince1970: 1_000_000), Date(timeIntervalSince1970: 2_000_000),
            Date(timeIntervalSince1970: 3_000_000),
        ]
    }
}
extension TCQDateWrapper: TCQValue { static func values() -> [Self] { Date.values().map(Self.init(value:)) } }
extension Decimal128: TCQValue {
    static func values() -> [Decimal128] { [Decimal128(123.456), Decimal128(234.567), Decimal128(345.678)] }
}
extension TCQDecimal128Wrapper: TCQValue {
    static func values() -> [Self] { Decimal128.values().map(Self.init(value:)) }
}
extension ObjectId: TCQValue {
    static func values() -> [ObjectId] {
        [
            ObjectId("61184062c1d8f096a3695046"), ObjectId("61184062c1d8f096a3695045"),
            ObjectId("61184062c1d8f096a3695044"),
        ]
    }
}
extension TCQObjectIdWrapper: TCQValue { static func values() -> [Self] { ObjectId.values().map(Self.init(value:)) } }
extension UUID: TCQValue {
    static func values() -> [UUID] {
        [
            tcqUUID("33041937-05b2-464a-98ad-3910cbe0d09e"), tcqUUID("33041937-05b2-464a-98ad-3910cbe0d09f"),
            tcqUUID("33041937-05b2-464a-98ad-3910cbe0d08e"),
        ]
    }
}
extension TCQUUIDWrapper: TCQValue { static func values() -> [Self] { UUID.values().map(Self.init(value:)) } }
extension TCQEnumInt: TCQValue { static func values() -> [Self] { [.value1, .value2, .value3] } }
extension TCQEnumInt8: TCQValue { static func values() -> [Self] { [.value1, .value2, .value3] } }
extension TCQEnumInt16: TCQValue { static func values() -> [Self] { [.value1, .value2, .value3] } }
extension TCQEnumInt32: TCQValue { static func values() -> [Self] { [.value1, .value2, .value3] } }
extension TCQEnumInt64: TCQValue { static func values() -> [Self] { [.value1, .value2, .value3] } }
extension TCQEnumFloat: TCQValue { static func values() -> [Self] { [.value1, .value2, .value3] } }
extension TCQEnumDouble: TCQValue { static func values() -> [Self] { [.value1, .value2, .value3] } }
extension TCQEnumString: TCQValue { static func values() -> [Self] { [.value1, .value2, .value3] } }
extension TCQIntEnum: TCQValue { static func values() -> [Self] { [.value1, .value2, .value3] } }
extension AnyRealmValue: TCQValue {
    static func values() -> [AnyRealmValue] {
        [.objectId(ObjectId("61184062c1d8f096a3695046")), .string("Hello"), .int(123)]
    }
}

/// One of realm-swift's assertions: a query, the number of objects Realm says it matches, and, where Strata
/// differs, the difference.
struct TCQRow: Sendable, CustomTestStringConvertible {
    let label: String
    let expected: Int
    let issue: String?
    let count: @Sendable (isolated Realm) -> Int

    init(_ label: String, _ expected: Int, issue: String? = nil, count: @escaping @Sendable (isolated Realm) -> Int) {
        (self.label, self.expected, self.issue, self.count) = (label, expected, issue, count)
    }

    var testDescription: String { "\(label) matches \(expected)" }

    /// The same row, marked as a known difference of Strata's.
    func differs(_ issue: String) -> TCQRow { TCQRow(label, expected, issue: issue, count: count) }
}

/// A `where { }` row on all objects of `Root`.
func tcq<Root: Object>(
    _ label: String,
    _ expected: Int,
    _ query: @escaping @Sendable (Query<Root>) -> Query<Bool>
) -> TCQRow {
    TCQRow(label, expected) { realm in realm.objects(Root.self).where(query).count }
}

/// A query-string row on all objects of `Root`, for a string Strata must refuse (-1) where realm-swift's typed
/// query raises; the arguments are built when the row runs.
func tcqText<Root: Object>(
    _ root: Root.Type,
    _ format: String,
    _ expected: Int,
    _ arguments: @escaping @Sendable () -> [Any] = { [] }
) -> TCQRow {
    TCQRow("\(format) (query string)", expected) { realm in
        (try? realm.objects(Root.self).filter(RealmPredicate(format: format, argumentArray: arguments())).count) ?? -1
    }
}

/// An in-memory realm holding realm-swift's QueryTests setUp data.
func tcqRealm() async throws -> Realm {
    let realm = try await Realm(
        configuration: memoryConfiguration([
            TCQAllTypes.self, TCQEnums.self, TCQCustomCollections.self, TCQCustomTypes.self, TCQLinkToAllTypes.self,
            TCQLinkToEnums.self, TCQLinkToCustomCollections.self, TCQLinkToCustomTypes.self, TCQCollectionObject.self,
        ])
    )
    try await realm.write { realm in try TCQSeed.fill(realm) }
    return realm
}

/// Runs each row's query and checks its count against realm-swift's, a known difference inside `withKnownIssue`.
func tcqCheck(_ rows: [TCQRow], in realm: Realm) async {
    let counts = await realm.read { realm in rows.map { $0.count(realm) } }
    for (row, count) in zip(rows, counts) {
        if let issue = row.issue {
            withKnownIssue("Strata differs: \(issue)") {
                #expect(count == row.expected, "\(row.label)")
            }
        } else {
            #expect(count == row.expected, "\(row.label)")
        }
    }
}

/// Runs `rows` against a fresh copy of realm-swift's setUp data.
func tcqCheck(_ rows: [TCQRow]) async throws {
    await tcqCheck(rows, in: try await tcqRealm())
}
