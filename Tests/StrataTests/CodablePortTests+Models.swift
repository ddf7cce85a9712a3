import Foundation
import Strata

// The models of CodablePortTests.swift: realm-swift's `ModernCodableObject` (RealmSwift/Tests/CodableTests.swift) has
// every value type in eight shapes (plain, optional, and a list, set and map of each), links and embedded objects
// alone and in collections; the rest hold what the Codable facts need of `RealmProperty`, enums and custom types.

/// A top-level object that is `Codable`, linked from `CPTAllTypes`.
final class CPTLinked: Object, Codable {
    @Persisted var value: Int
}

/// An embedded object that is `Codable`, owned by `CPTAllTypes`.
final class CPTEmbedded: EmbeddedObject, Codable {
    @Persisted var value: Int
}

/// Every value type in eight shapes (`<type>`, `<type>Opt`, `<type>List`, `<type>OptList`, `<type>Set`,
/// `<type>OptSet`, `<type>Map`, `<type>OptMap`), then links and embedded objects, with synthesized `Codable`.
final class CPTAllTypes: Object, Codable {
    @Persisted var bool: Bool
    @Persisted var boolOpt: Bool?
    @Persisted var boolList: List<Bool>
    @Persisted var boolOptList: List<Bool?>
    @Persisted var boolSet: MutableSet<Bool>
    @Persisted var boolOptSet: MutableSet<Bool?>
    @Persisted var boolMap: Map<String, Bool>
    @Persisted var boolOptMap: Map<String, Bool?>
    @Persisted var data: Data
    @Persisted var dataOpt: Data?
    @Persisted var dataList: List<Data>
    @Persisted var dataOptList: List<Data?>
    @Persisted var dataSet: MutableSet<Data>
    @Persisted var dataOptSet: MutableSet<Data?>
    @Persisted var dataMap: Map<String, Data>
    @Persisted var dataOptMap: Map<String, Data?>
    @Persisted var date: Date
    @Persisted var dateOpt: Date?
    @Persisted var dateList: List<Date>
    @Persisted var dateOptList: List<Date?>
    @Persisted var dateSet: MutableSet<Date>
    @Persisted var dateOptSet: MutableSet<Date?>
    @Persisted var dateMap: Map<String, Date>
    @Persisted var dateOptMap: Map<String, Date?>
    @Persisted var decimal: Decimal128
    @Persisted var decimalOpt: Decimal128?
    @Persisted var decimalList: List<Decimal128>
    @Persisted var decimalOptList: List<Decimal128?>
    @Persisted var decimalSet: MutableSet<Decimal128>
    @Persisted var decimalOptSet: MutableSet<Decimal128?>
    @Persisted var decimalMap: Map<String, Decimal128>
    @Persisted var decimalOptMap: Map<String, Decimal128?>
    @Persisted var double: Double
    @Persisted var doubleOpt: Double?
    @Persisted var doubleList: List<Double>
    @Persisted var doubleOptList: List<Double?>
    @Persisted var doubleSet: MutableSet<Double>
    @Persisted var doubleOptSet: MutableSet<Double?>
    @Persisted var doubleMap: Map<String, Double>
    @Persisted var doubleOptMap: Map<String, Double?>
    @Persisted var float: Float
    @Persisted var floatOpt: Float?
    @Persisted var floatList: List<Float>
    @Persisted var floatOptList: List<Float?>
    @Persisted var floatSet: MutableSet<Float>
    @Persisted var floatOptSet: MutableSet<Float?>
    @Persisted var floatMap: Map<String, Float>
    @Persisted var floatOptMap: Map<String, Float?>
    @Persisted var int: Int
    @Persisted var intOpt: Int?
    @Persisted var intList: List<Int>
    @Persisted var intOptList: List<Int?>
    @Persisted var intSet: MutableSet<Int>
    @Persisted var intOptSet: MutableSet<Int?>
    @Persisted var intMap: Map<String, Int>
    @Persisted var intOptMap: Map<String, Int?>
    @Persisted var int8: Int8
    @Persisted var int8Opt: Int8?
    @Persisted var int8List: List<Int8>
    @Persisted var int8OptList: List<Int8?>
    @Persisted var int8Set: MutableSet<Int8>
    @Persisted var int8OptSet: MutableSet<Int8?>
    @Persisted var int8Map: Map<String, Int8>
    @Persisted var int8OptMap: Map<String, Int8?>
    @Persisted var int16: Int16
    @Persisted var int16Opt: Int16?
    @Persisted var int16List: List<Int16>
    @Persisted var int16OptList: List<Int16?>
    @Persisted var int16Set: MutableSet<Int16>
    @Persisted var int16OptSet: MutableSet<Int16?>
    @Persisted var int16Map: Map<String, Int16>
    @Persisted var int16OptMap: Map<String, Int16?>
    @Persisted var int32: Int32
    @Persisted var int32Opt: Int32?
    @Persisted var int32List: List<Int32>
    @Persisted var int32OptList: List<Int32?>
    @Persisted var int32Set: MutableSet<Int32>
    @Persisted var int32OptSet: MutableSet<Int32?>
    @Persisted var int32Map: Map<String, Int32>
    @Persisted var int32OptMap: Map<String, Int32?>
    @Persisted var int64: Int64
    @Persisted var int64Opt: Int64?
    @Persisted var int64List: List<Int64>
    @Persisted var int64OptList: List<Int64?>
    @Persisted var int64Set: MutableSet<Int64>
    @Persisted var int64OptSet: MutableSet<Int64?>
    @Persisted var int64Map: Map<String, Int64>
    @Persisted var int64OptMap: Map<String, Int64?>
    @Persisted var objectId: ObjectId
    @Persisted var objectIdOpt: ObjectId?
    @Persisted var objectIdList: List<ObjectId>
    @Persisted var objectIdOptList: List<ObjectId?>
    @Persisted var objectIdSet: MutableSet<ObjectId>
    @Persisted var objectIdOptSet: MutableSet<ObjectId?>
    @Persisted var objectIdMap: Map<String, ObjectId>
    @Persisted var objectIdOptMap: Map<String, ObjectId?>
    @Persisted var string: String
    @Persisted var stringOpt: String?
    @Persisted var stringList: List<String>
    @Persisted var stringOptList: List<String?>
    @Persisted var stringSet: MutableSet<String>
    @Persisted var stringOptSet: MutableSet<String?>
    @Persisted var stringMap: Map<String, String>
    @Persisted var stringOptMap: Map<String, String?>
    @Persisted var uuid: UUID
    @Persisted var uuidOpt: UUID?
    @Persisted var uuidList: List<UUID>
    @Persisted var uuidOptList: List<UUID?>
    @Persisted var uuidSet: MutableSet<UUID>
    @Persisted var uuidOptSet: MutableSet<UUID?>
    @Persisted var uuidMap: Map<String, UUID>
    @Persisted var uuidOptMap: Map<String, UUID?>
    @Persisted var objectOpt: CPTLinked?
    @Persisted var embeddedObjectOpt: CPTEmbedded?
    @Persisted var objectList: List<CPTLinked>
    @Persisted var embeddedObjectList: List<CPTEmbedded>
    @Persisted var objectSet: MutableSet<CPTLinked>
    @Persisted var objectOptMap: Map<String, CPTLinked?>
    @Persisted var embeddedObjectOptMap: Map<String, CPTEmbedded?>
}

/// An `Int`-backed enum that is `Codable`: it codes as its raw value.
enum CPTIntEnum: Int, Codable, PersistableEnum {
    case value1 = 1
    case value2 = 3
}

/// A `String`-backed enum that is `Codable`.
enum CPTStringEnum: String, Codable, PersistableEnum {
    case alpha = "a"
    case beta = "b"
}

/// A custom persistable type with a `Codable` of its own (a keyed container), stored as a `Double`.
struct CPTCelsius: CustomPersistable, Codable, Equatable {
    var degrees: Double
    init(persistedValue: Double) { degrees = persistedValue }
    var persistableValue: Double { degrees }
}

/// Enums and custom persistable types, alone, optional and in collections, with synthesized `Codable`.
final class CPTEnumsAndCustom: Object, Codable {
    @Persisted var intEnum: CPTIntEnum
    @Persisted var stringEnumOpt: CPTStringEnum?
    @Persisted var intEnumList: List<CPTIntEnum>
    @Persisted var stringEnumOptMap: Map<String, CPTStringEnum?>
    @Persisted var celsius = CPTCelsius(persistedValue: 20)
    @Persisted var celsiusOpt: CPTCelsius?
    @Persisted var celsiusList: List<CPTCelsius>
}

/// Realm Swift's pre-`@Persisted` optional numbers, `RealmProperty<T?>`, declared `var` so that synthesized
/// `Codable` decodes them, as realm-swift's `CodableObject` declares its `other…` properties.
final class CPTRealmProperties: Object, Codable {
    @Persisted var name = ""
    var otherBool = RealmProperty<Bool?>()
    var otherInt = RealmProperty<Int?>()
    var otherInt8 = RealmProperty<Int8?>()
    var otherInt16 = RealmProperty<Int16?>()
    var otherInt32 = RealmProperty<Int32?>()
    var otherInt64 = RealmProperty<Int64?>()
    var otherFloat = RealmProperty<Float?>()
    var otherDouble = RealmProperty<Double?>()
}
