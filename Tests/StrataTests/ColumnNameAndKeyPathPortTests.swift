import Foundation
import Strata
import Testing

// The models of realm-swift's RealmSwift/Tests/CustomColumnNameTests.swift (ModernCustomObject and
// EmbeddedModernCustomObject, whose properties are stored under `custom_` column names) and of
// RealmSwift/Tests/KeyPathTests.swift (ModernAllTypesObject, ModernKeyPathObject, ModernAllTypesEmbeddedObject and
// the custom persistable types), declared with `@Persisted` under a `CCN` prefix.

/// An `Int`-backed enum with the raw values 1, 3 and 5, as realm-swift's `ModernIntEnum`.
enum CCNIntEnum: Int, PersistableEnum {
    case value1 = 1
    case value2 = 3
    case value3 = 5
}

/// A `String`-backed enum, as realm-swift's `ModernStringEnum`.
enum CCNStringEnum: String, PersistableEnum {
    case value1 = "a"
    case value2 = "c"
    case value3 = "e"
}

/// The column names realm-swift's `ModernCustomObject` stores its properties under.
private let ccnObjectColumns: [String: String] = [
    "pk": "custom_pk",
    "intCol": "custom_intCol",
    "anyCol": "custom_anyCol",
    "intEnumCol": "custom_intEnumCol",
    "objectCol": "custom_objectCol",
    "arrayCol": "custom_arrayCol",
    "setCol": "custom_setCol",
    "mapCol": "custom_mapCol",
    "embeddedObject": "custom_embeddedObject",
    "arrayIntCol": "custom_arrayIntCol",
    "setIntCol": "custom_setIntCol",
    "mapIntCol": "custom_mapIntCol",
]

/// As `ModernCustomObject`: every property stored under another column name.
final class CCNObject: Object {
    @Persisted(primaryKey: true) var pk: ObjectId
    @Persisted var intCol: Int
    @Persisted var anyCol: AnyRealmValue
    @Persisted var intEnumCol: CCNIntEnum
    @Persisted var objectCol: CCNObject?
    @Persisted var arrayCol: List<CCNObject>
    @Persisted var setCol: MutableSet<CCNObject>
    @Persisted var mapCol: Map<String, CCNObject?>
    @Persisted var embeddedObject: CCNEmbedded?
    @Persisted var arrayIntCol: List<Int>
    @Persisted var setIntCol: MutableSet<Int>
    @Persisted var mapIntCol: Map<String, Int>

    override class func propertiesMapping() -> [String: String] { ccnObjectColumns }

    /// As realm-swift's factory: an object with an embedded object, linking `nested` (when given) from its link,
    /// list, set, map (under "key") and mixed value.
    static func make(pk: ObjectId, nested: CCNObject?) -> CCNObject {
        let object = CCNObject()
        object.pk = pk
        object.embeddedObject = CCNEmbedded()
        if let nested {
            object.anyCol = .object(nested)
            object.objectCol = nested
            object.arrayCol.append(nested)
            object.setCol.insert(nested)
            object.mapCol["key"] = nested
        }
        return object
    }
}

/// As `EmbeddedModernCustomObject`: one `Int` stored as `custom_intCol`.
final class CCNEmbedded: EmbeddedObject {
    @Persisted var intCol: Int

    override class func propertiesMapping() -> [String: String] { ["intCol": "custom_intCol"] }
}

/// As `ModernAllTypesObject`: a property of every type, optional or not, and of every collection of them.
final class CCNAllTypes: Object {
    @Persisted(primaryKey: true) var pk: ObjectId

    @Persisted var boolCol: Bool
    @Persisted var intCol: Int
    @Persisted var int8Col: Int8 = 1
    @Persisted var int16Col: Int16 = 2
    @Persisted var int32Col: Int32 = 3
    @Persisted var int64Col: Int64 = 4
    @Persisted var floatCol: Float = 5
    @Persisted var doubleCol: Double = 6
    @Persisted var stringCol: String
    @Persisted var binaryCol: Data
    @Persisted var dateCol: Date
    @Persisted var decimalCol: Decimal128
    @Persisted var objectIdCol: ObjectId
    @Persisted var objectCol: CCNAllTypes?
    @Persisted var arrayCol: List<CCNAllTypes>
    @Persisted var setCol: MutableSet<CCNAllTypes>
    @Persisted var mapCol: Map<String, CCNAllTypes?>
    @Persisted var anyCol: AnyRealmValue
    @Persisted var uuidCol: UUID
    @Persisted var intEnumCol: CCNIntEnum
    @Persisted var stringEnumCol: CCNStringEnum

    @Persisted var optIntCol: Int?
    @Persisted var optInt8Col: Int8?
    @Persisted var optInt16Col: Int16?
    @Persisted var optInt32Col: Int32?
    @Persisted var optInt64Col: Int64?
    @Persisted var optFloatCol: Float?
    @Persisted var optDoubleCol: Double?
    @Persisted var optBoolCol: Bool?
    @Persisted var optStringCol: String?
    @Persisted var optBinaryCol: Data?
    @Persisted var optDateCol: Date?
    @Persisted var optDecimalCol: Decimal128?
    @Persisted var optObjectIdCol: ObjectId?
    @Persisted var optUuidCol: UUID?
    @Persisted var optIntEnumCol: CCNIntEnum?
    @Persisted var optStringEnumCol: CCNStringEnum?

    @Persisted var arrayBool: List<Bool>
    @Persisted var arrayInt: List<Int>
    @Persisted var arrayInt8: List<Int8>
    @Persisted var arrayInt16: List<Int16>
    @Persisted var arrayInt32: List<Int32>
    @Persisted var arrayInt64: List<Int64>
    @Persisted var arrayFloat: List<Float>
    @Persisted var arrayDouble: List<Double>
    @Persisted var arrayString: List<String>
    @Persisted var arrayBinary: List<Data>
    @Persisted var arrayDate: List<Date>
    @Persisted var arrayDecimal: List<Decimal128>
    @Persisted var arrayObjectId: List<ObjectId>
    @Persisted var arrayAny: List<AnyRealmValue>
    @Persisted var arrayUuid: List<UUID>

    @Persisted var arrayOptBool: List<Bool?>
    @Persisted var arrayOptInt: List<Int?>
    @Persisted var arrayOptInt8: List<Int8?>
    @Persisted var arrayOptInt16: List<Int16?>
    @Persisted var arrayOptInt32: List<Int32?>
    @Persisted var arrayOptInt64: List<Int64?>
    @Persisted var arrayOptFloat: List<Float?>
    @Persisted var arrayOptDouble: List<Double?>
    @Persisted var arrayOptString: List<String?>
    @Persisted var arrayOptBinary: List<Data?>
    @Persisted var arrayOptDate: List<Date?>
    @Persisted var arrayOptDecimal: List<Decimal128?>
    @Persisted var arrayOptObjectId: List<ObjectId?>
    @Persisted var arrayOptUuid: List<UUID?>

    @Persisted var setBool: MutableSet<Bool>
    @Persisted var setInt: MutableSet<Int>
    @Persisted var setInt8: MutableSet<Int8>
    @Persisted var setInt16: MutableSet<Int16>
    @Persisted var setInt32: MutableSet<Int32>
    @Persisted var setInt64: MutableSet<Int64>
    @Persisted var setFloat: MutableSet<Float>
    @Persisted var setDouble: MutableSet<Double>
    @Persisted var setString: MutableSet<String>
    @Persisted var setBinary: MutableSet<Data>
    @Persisted var setDate: MutableSet<Date>
    @Persisted var setDecimal: MutableSet<Decimal128>
    @Persisted var setObjectId: MutableSet<ObjectId>
    @Persisted var setAny: MutableSet<AnyRealmValue>
    @Persisted var setUuid: MutableSet<UUID>

    @Persisted var setOptBool: MutableSet<Bool?>
    @Persisted var setOptInt: MutableSet<Int?>
    @Persisted var setOptInt8: MutableSet<Int8?>
    @Persisted var setOptInt16: MutableSet<Int16?>
    @Persisted var setOptInt32: MutableSet<Int32?>
    @Persisted var setOptInt64: MutableSet<Int64?>
    @Persisted var setOptFloat: MutableSet<Float?>
    @Persisted var setOptDouble: MutableSet<Double?>
    @Persisted var setOptString: MutableSet<String?>
    @Persisted var setOptBinary: MutableSet<Data?>
    @Persisted var setOptDate: MutableSet<Date?>
    @Persisted var setOptDecimal: MutableSet<Decimal128?>
    @Persisted var setOptObjectId: MutableSet<ObjectId?>
    @Persisted var setOptUuid: MutableSet<UUID?>

    @Persisted var mapBool: Map<String, Bool>
    @Persisted var mapInt: Map<String, Int>
    @Persisted var mapInt8: Map<String, Int8>
    @Persisted var mapInt16: Map<String, Int16>
    @Persisted var mapInt32: Map<String, Int32>
    @Persisted var mapInt64: Map<String, Int64>
    @Persisted var mapFloat: Map<String, Float>
    @Persisted var mapDouble: Map<String, Double>
    @Persisted var mapString: Map<String, String>
    @Persisted var mapBinary: Map<String, Data>
    @Persisted var mapDate: Map<String, Date>
    @Persisted var mapDecimal: Map<String, Decimal128>
    @Persisted var mapObjectId: Map<String, ObjectId>
    @Persisted var mapAny: Map<String, AnyRealmValue>
    @Persisted var mapUuid: Map<String, UUID>

    @Persisted var mapOptBool: Map<String, Bool?>
    @Persisted var mapOptInt: Map<String, Int?>
    @Persisted var mapOptInt8: Map<String, Int8?>
    @Persisted var mapOptInt16: Map<String, Int16?>
    @Persisted var mapOptInt32: Map<String, Int32?>
    @Persisted var mapOptInt64: Map<String, Int64?>
    @Persisted var mapOptFloat: Map<String, Float?>
    @Persisted var mapOptDouble: Map<String, Double?>
    @Persisted var mapOptString: Map<String, String?>
    @Persisted var mapOptBinary: Map<String, Data?>
    @Persisted var mapOptDate: Map<String, Date?>
    @Persisted var mapOptDecimal: Map<String, Decimal128?>
    @Persisted var mapOptObjectId: Map<String, ObjectId?>
    @Persisted var mapOptUuid: Map<String, UUID?>

    @Persisted(originProperty: "objectCol") var linkingObjects: LinkingObjects<CCNAllTypes>
}

/// As `ModernKeyPathObject`: an embedded object, and lists, a set and maps of ``CCNAllTypes``.
final class CCNKeyPathObject: Object {
    @Persisted var embeddedCol: CCNAllTypesEmbedded?
    @Persisted var list: List<CCNAllTypes>
    @Persisted var listEmbedded: List<CCNAllTypes>
    @Persisted var set: MutableSet<CCNAllTypes>
    @Persisted var map: Map<String, CCNAllTypes?>
    @Persisted var mapEmbedded: Map<String, CCNAllTypes?>
}

/// As `ModernAllTypesEmbeddedObject`: an embedded object of many types, with embedded objects of its own.
final class CCNAllTypesEmbedded: EmbeddedObject {
    @Persisted var boolCol = false
    @Persisted var intCol = 123
    @Persisted var int8Col: Int8 = 123
    @Persisted var int16Col: Int16 = 123
    @Persisted var int32Col: Int32 = 123
    @Persisted var int64Col: Int64 = 123
    @Persisted var intEnumCol: CCNIntEnum
    @Persisted var floatCol: Float = 1.23
    @Persisted var doubleCol = 12.3
    @Persisted var stringCol = "a"
    @Persisted var binaryCol = Data("a".utf8)
    @Persisted var dateCol = Date(timeIntervalSince1970: 1)
    @Persisted var decimalCol: Decimal128
    @Persisted var objectIdCol: ObjectId
    @Persisted var uuidCol: UUID
    @Persisted var anyCol: AnyRealmValue
    @Persisted var embeddedCol: CCNTreeMiddle?
    @Persisted var arrayCol: List<Int>
    @Persisted var setCol: MutableSet<Int>
    @Persisted var mapCol: Map<String, Int>
    @Persisted var arrayEmbeddedCol: List<CCNTreeMiddle>
    @Persisted var mapEmbeddedCol: Map<String, CCNTreeMiddle?>
}

/// As `ModernEmbeddedTreeObject2`: a value and a child.
final class CCNTreeMiddle: EmbeddedObject {
    @Persisted var value = 0
    @Persisted var child: CCNTreeLeaf?
    @Persisted var children: List<CCNTreeLeaf>
}

/// As `ModernEmbeddedTreeObject3`: a value.
final class CCNTreeLeaf: EmbeddedObject {
    @Persisted var value = 0
}

/// A custom persistable type stored as its one value, as realm-swift's wrappers of `AllCustomPersistableTypes`.
struct CCNWrap<Value: _Persistable & Hashable>: CustomPersistable, Hashable {
    var value: Value
    init(persistedValue: Value) { value = persistedValue }
    var persistableValue: Value { value }
}

/// The embedded object ``CCNEmbeddedWrap`` is stored as.
final class CCNWrapBox: EmbeddedObject {
    @Persisted var value = 0
}

/// A custom persistable type stored as an embedded object, as realm-swift's `EmbeddedObjectWrapper`.
struct CCNEmbeddedWrap: CustomPersistable, Hashable {
    var value: Int
    init(persistedValue: CCNWrapBox) { value = persistedValue.value }
    var persistableValue: CCNWrapBox { CCNWrapBox(value: ["value": value]) }
}

/// As `AllCustomPersistableTypes` and part of `CustomPersistableCollections`: custom types, optional or not, and
/// lists, sets and maps of them.
final class CCNCustomTypes: Object {
    @Persisted var bool: CCNWrap<Bool>
    @Persisted var int: CCNWrap<Int>
    @Persisted var int8: CCNWrap<Int8>
    @Persisted var int16: CCNWrap<Int16>
    @Persisted var int32: CCNWrap<Int32>
    @Persisted var int64: CCNWrap<Int64>
    @Persisted var float: CCNWrap<Float>
    @Persisted var double: CCNWrap<Double>
    @Persisted var string: CCNWrap<String>
    @Persisted var binary: CCNWrap<Data>
    @Persisted var date: CCNWrap<Date>
    @Persisted var decimal: CCNWrap<Decimal128>
    @Persisted var objectId: CCNWrap<ObjectId>
    @Persisted var uuid: CCNWrap<UUID>
    @Persisted var object: CCNEmbeddedWrap
    @Persisted var optBool: CCNWrap<Bool>?
    @Persisted var optInt: CCNWrap<Int>?
    @Persisted var optInt8: CCNWrap<Int8>?
    @Persisted var optInt16: CCNWrap<Int16>?
    @Persisted var optInt32: CCNWrap<Int32>?
    @Persisted var optInt64: CCNWrap<Int64>?
    @Persisted var optFloat: CCNWrap<Float>?
    @Persisted var optDouble: CCNWrap<Double>?
    @Persisted var optString: CCNWrap<String>?
    @Persisted var optBinary: CCNWrap<Data>?
    @Persisted var optDate: CCNWrap<Date>?
    @Persisted var optDecimal: CCNWrap<Decimal128>?
    @Persisted var optObjectId: CCNWrap<ObjectId>?
    @Persisted var optUuid: CCNWrap<UUID>?
    @Persisted var optObject: CCNEmbeddedWrap?
    @Persisted var listInt: List<CCNWrap<Int>>
    @Persisted var listString: List<CCNWrap<String>>
    @Persisted var listUuid: List<CCNWrap<UUID>>
    @Persisted var listOptInt: List<CCNWrap<Int>?>
    @Persisted var listOptString: List<CCNWrap<String>?>
    @Persisted var listOptUuid: List<CCNWrap<UUID>?>
    @Persisted var setInt: MutableSet<CCNWrap<Int>>
    @Persisted var setString: MutableSet<CCNWrap<String>>
    @Persisted var setUuid: MutableSet<CCNWrap<UUID>>
    @Persisted var setOptInt: MutableSet<CCNWrap<Int>?>
    @Persisted var setOptString: MutableSet<CCNWrap<String>?>
    @Persisted var setOptUuid: MutableSet<CCNWrap<UUID>?>
    @Persisted var mapInt: Map<String, CCNWrap<Int>>
    @Persisted var mapString: Map<String, CCNWrap<String>>
    @Persisted var mapUuid: Map<String, CCNWrap<UUID>>
    @Persisted var mapOptInt: Map<String, CCNWrap<Int>?>
    @Persisted var mapOptString: Map<String, CCNWrap<String>?>
    @Persisted var mapOptUuid: Map<String, CCNWrap<UUID>?>
}

/// A new unmanaged list of `values`.
private func ccnList(_ values: [Int]) -> List<Int> {
    let list = List<Int>()
    list.append(objectsIn: values)
    return list
}

/// A new unmanaged set of `values`.
private func ccnSet(_ values: [Int]) -> MutableSet<Int> {
    let set = MutableSet<Int>()
    set.insert(objectsIn: values)
    return set
}

/// A new unmanaged map given `entries` in order (a later entry for a key replaces an earlier one).
private func ccnMap(_ entries: [(String, Int)]) -> Map<String, Int> {
    let map = Map<String, Int>()
    for (key, value) in entries { map[key] = value }
    return map
}

/// A property value as the tests compare it: a number, a list's elements in order, a set's elements sorted, a map's
/// entries by key.
private func ccnDescribe(_ value: Any?) -> String {
    guard let value else { return "nil" }
    switch value {
    case let number as Int: return "\(number)"
    case let list as List<Int>: return "\(Array(list))"
    case let set as MutableSet<Int>: return "\(Array(set).sorted())"
    case let map as Map<String, Int>:
        return "[" + map.keys.map { "\($0): \(map[$0] ?? -1)" }.joined(separator: ", ") + "]"
    default: return "\(value)"
    }
}

/// The facts of realm-swift's `RealmSwift/Tests/CustomColumnNameTests.swift` and `RealmSwift/Tests/KeyPathTests.swift`:
/// the name a Swift key path gives a property path (read here through ``SortDescriptor/init(keyPath:ascending:)``,
/// since Strata has no public `_name(for:)`), and the column names `propertiesMapping()` gives, which the schema
/// shows and which queries, sorting, distinct, key-value coding, aggregates, sections and observation never see:
/// they all name properties by their Swift names.
@Suite("Custom column names and key path names, as realm-swift's CustomColumnNameTests and KeyPathTests")
struct ColumnNameAndKeyPathPortTests {
    // MARK: Key path names (KeyPathTests)

    /// A property of ``CCNAllTypes``: its name, and the names of the key paths to it and to it through `objectCol`.
    struct PropertyRow: Sendable, CustomTestStringConvertible {
        let name: String
        let topLevel: @Sendable () -> String
        let throughLink: @Sendable () -> String
        var testDescription: String { name }

        static func of<Value>(_ keyPath: KeyPath<CCNAllTypes, Value> & Sendable, _ name: String) -> PropertyRow {
            PropertyRow(
                name: name,
                topLevel: { Strata.SortDescriptor(keyPath: keyPath).keyPath },
                throughLink: {
                    let link: KeyPath<CCNAllTypes, CCNAllTypes> = \CCNAllTypes.objectCol!
                    return Strata.SortDescriptor(keyPath: link.appending(path: keyPath)).keyPath
                }
            )
        }
    }

    static let scalarProperties: [PropertyRow] = [
        .of(\.pk, "pk"),
        .of(\.boolCol, "boolCol"),
        .of(\.intCol, "intCol"),
        .of(\.int8Col, "int8Col"),
        .of(\.int16Col, "int16Col"),
        .of(\.int32Col, "int32Col"),
        .of(\.int64Col, "int64Col"),
        .of(\.floatCol, "floatCol"),
        .of(\.doubleCol, "doubleCol"),
        .of(\.stringCol, "stringCol"),
        .of(\.binaryCol, "binaryCol"),
        .of(\.dateCol, "dateCol"),
        .of(\.decimalCol, "decimalCol"),
        .of(\.objectIdCol, "objectIdCol"),
        .of(\.objectCol, "objectCol"),
        .of(\.arrayCol, "arrayCol"),
        .of(\.setCol, "setCol"),
        .of(\.anyCol, "anyCol"),
        .of(\.uuidCol, "uuidCol"),
        .of(\.intEnumCol, "intEnumCol"),
        .of(\.stringEnumCol, "stringEnumCol"),
    ]

    static let optionalProperties: [PropertyRow] = [
        .of(\.optIntCol, "optIntCol"),
        .of(\.optInt8Col, "optInt8Col"),
        .of(\.optInt16Col, "optInt16Col"),
        .of(\.optInt32Col, "optInt32Col"),
        .of(\.optInt64Col, "optInt64Col"),
        .of(\.optFloatCol, "optFloatCol"),
        .of(\.optDoubleCol, "optDoubleCol"),
        .of(\.optStringCol, "optStringCol"),
        .of(\.optBinaryCol, "optBinaryCol"),
        .of(\.optDateCol, "optDateCol"),
        .of(\.optDecimalCol, "optDecimalCol"),
        .of(\.optObjectIdCol, "optObjectIdCol"),
        .of(\.optUuidCol, "optUuidCol"),
        .of(\.optIntEnumCol, "optIntEnumCol"),
        .of(\.optStringEnumCol, "optStringEnumCol"),
    ]

    static let listProperties: [PropertyRow] = [
        .of(\.arrayBool, "arrayBool"),
        .of(\.arrayInt, "arrayInt"),
        .of(\.arrayInt8, "arrayInt8"),
        .of(\.arrayInt16, "arrayInt16"),
        .of(\.arrayInt32, "arrayInt32"),
        .of(\.arrayInt64, "arrayInt64"),
        .of(\.arrayFloat, "arrayFloat"),
        .of(\.arrayDouble, "arrayDouble"),
        .of(\.arrayString, "arrayString"),
        .of(\.arrayBinary, "arrayBinary"),
        .of(\.arrayDate, "arrayDate"),
        .of(\.arrayDecimal, "arrayDecimal"),
        .of(\.arrayObjectId, "arrayObjectId"),
        .of(\.arrayAny, "arrayAny"),
        .of(\.arrayUuid, "arrayUuid"),
        .of(\.arrayOptBool, "arrayOptBool"),
        .of(\.arrayOptInt, "arrayOptInt"),
        .of(\.arrayOptInt8, "arrayOptInt8"),
        .of(\.arrayOptInt16, "arrayOptInt16"),
        .of(\.arrayOptInt32, "arrayOptInt32"),
        .of(\.arrayOptInt64, "arrayOptInt64"),
        .of(\.arrayOptFloat, "arrayOptFloat"),
        .of(\.arrayOptDouble, "arrayOptDouble"),
        .of(\.arrayOptString, "arrayOptString"),
        .of(\.arrayOptBinary, "arrayOptBinary"),
        .of(\.arrayOptDate, "arrayOptDate"),
        .of(\.arrayOptDecimal, "arrayOptDecimal"),
        .of(\.arrayOptObjectId, "arrayOptObjectId"),
        .of(\.arrayOptUuid, "arrayOptUuid"),
    ]

    static let setProperties: [PropertyRow] = [
        .of(\.setBool, "setBool"),
        .of(\.setInt, "setInt"),
        .of(\.setInt8, "setInt8"),
        .of(\.setInt16, "setInt16"),
        .of(\.setInt32, "setInt32"),
        .of(\.setInt64, "setInt64"),
        .of(\.setFloat, "setFloat"),
        .of(\.setDouble, "setDouble"),
        .of(\.setString, "setString"),
        .of(\.setBinary, "setBinary"),
        .of(\.setDate, "setDate"),
        .of(\.setDecimal, "setDecimal"),
        .of(\.setObjectId, "setObjectId"),
        .of(\.setAny, "setAny"),
        .of(\.setUuid, "setUuid"),
        .of(\.setOptBool, "setOptBool"),
        .of(\.setOptInt, "setOptInt"),
        .of(\.setOptInt8, "setOptInt8"),
        .of(\.setOptInt16, "setOptInt16"),
        .of(\.setOptInt32, "setOptInt32"),
        .of(\.setOptInt64, "setOptInt64"),
        .of(\.setOptFloat, "setOptFloat"),
        .of(\.setOptDouble, "setOptDouble"),
        .of(\.setOptString, "setOptString"),
        .of(\.setOptBinary, "setOptBinary"),
        .of(\.setOptDate, "setOptDate"),
        .of(\.setOptDecimal, "setOptDecimal"),
        .of(\.setOptObjectId, "setOptObjectId"),
        .of(\.setOptUuid, "setOptUuid"),
    ]

    static let mapProperties: [PropertyRow] = [
        .of(\.mapBool, "mapBool"),
        .of(\.mapInt, "mapInt"),
        .of(\.mapInt8, "mapInt8"),
        .of(\.mapInt16, "mapInt16"),
        .of(\.mapInt32, "mapInt32"),
        .of(\.mapInt64, "mapInt64"),
        .of(\.mapFloat, "mapFloat"),
        .of(\.mapDouble, "mapDouble"),
        .of(\.mapString, "mapString"),
        .of(\.mapBinary, "mapBinary"),
        .of(\.mapDate, "mapDate"),
        .of(\.mapDecimal, "mapDecimal"),
        .of(\.mapObjectId, "mapObjectId"),
        .of(\.mapAny, "mapAny"),
        .of(\.mapUuid, "mapUuid"),
        .of(\.mapOptBool, "mapOptBool"),
        .of(\.mapOptInt, "mapOptInt"),
        .of(\.mapOptInt8, "mapOptInt8"),
        .of(\.mapOptInt16, "mapOptInt16"),
        .of(\.mapOptInt32, "mapOptInt32"),
        .of(\.mapOptInt64, "mapOptInt64"),
        .of(\.mapOptFloat, "mapOptFloat"),
        .of(\.mapOptDouble, "mapOptDouble"),
        .of(\.mapOptString, "mapOptString"),
        .of(\.mapOptBinary, "mapOptBinary"),
        .of(\.mapOptDate, "mapOptDate"),
        .of(\.mapOptDecimal, "mapOptDecimal"),
        .of(\.mapOptObjectId, "mapOptObjectId"),
        .of(\.mapOptUuid, "mapOptUuid"),
    ]

    static let allTypesProperties =
        scalarProperties + optionalProperties + listProperties + setProperties + mapProperties

    @Test(
        "A key path to a property names it; through the link objectCol it is 'objectCol.' and the name",
        arguments: Self.allTypesProperties
    )
    func propertyName(_ row: PropertyRow) {
        #expect(row.topLevel() == row.name)
        #expect(row.throughLink() == "objectCol.\(row.name)")
    }

    /// A key path and the name realm-swift gives it.
    struct KeyPathRow: Sendable, CustomTestStringConvertible {
        let expected: String
        let root: String
        let name: @Sendable () -> String
        var testDescription: String { "\(root): \(expected)" }

        static func of<Root, Value>(_ keyPath: KeyPath<Root, Value> & Sendable, _ expected: String) -> KeyPathRow {
            KeyPathRow(expected: expected, root: "\(Root.self)") { Strata.SortDescriptor(keyPath: keyPath).keyPath }
        }
    }

    /// Key paths through optional links, LinkingObjects, embedded objects and maps, as KeyPathTests names them.
    static let linkedKeyPaths: [KeyPathRow] = [
        .of(\CCNAllTypes.objectCol?.pk, "objectCol.pk"),
        .of(\CCNAllTypes.objectCol?.boolCol, "objectCol.boolCol"),
        .of(\CCNAllTypes.objectCol?.objectCol, "objectCol.objectCol"),
        .of(\CCNAllTypes.objectCol?.optStringEnumCol, "objectCol.optStringEnumCol"),
        .of(\CCNAllTypes.objectCol?.arrayAny, "objectCol.arrayAny"),
        .of(\CCNAllTypes.objectCol?.setOptUuid, "objectCol.setOptUuid"),
        .of(\CCNAllTypes.objectCol?.mapOptDecimal, "objectCol.mapOptDecimal"),
        .of(\CCNAllTypes.linkingObjects, "linkingObjects"),
        .of(\CCNAllTypes.objectCol?.linkingObjects, "objectCol.linkingObjects"),
        .of(\CCNKeyPathObject.embeddedCol, "embeddedCol"),
        .of(\CCNKeyPathObject.list, "list"),
        .of(\CCNKeyPathObject.set, "set"),
        .of(\CCNKeyPathObject.map, "map"),
        .of(\CCNKeyPathObject.map[""]??.boolCol, "map.boolCol"),
        .of(\CCNKeyPathObject.map[""]??.objectCol, "map.objectCol"),
        .of(\CCNKeyPathObject.map[""]??.objectCol?.linkingObjects, "map.objectCol.linkingObjects"),
        .of(\CCNKeyPathObject.map[""]??.objectCol?.linkingObjects[0].boolCol, "map.objectCol.linkingObjects.boolCol"),
    ]

    /// Key paths of an embedded object, as KeyPathTests' `testEmbeddedObject` names them.
    static let embeddedKeyPaths: [KeyPathRow] = [
        .of(\CCNAllTypesEmbedded.boolCol, "boolCol"),
        .of(\CCNAllTypesEmbedded.intCol, "intCol"),
        .of(\CCNAllTypesEmbedded.int8Col, "int8Col"),
        .of(\CCNAllTypesEmbedded.int16Col, "int16Col"),
        .of(\CCNAllTypesEmbedded.int32Col, "int32Col"),
        .of(\CCNAllTypesEmbedded.int64Col, "int64Col"),
        .of(\CCNAllTypesEmbedded.intEnumCol, "intEnumCol"),
        .of(\CCNAllTypesEmbedded.floatCol, "floatCol"),
        .of(\CCNAllTypesEmbedded.doubleCol, "doubleCol"),
        .of(\CCNAllTypesEmbedded.stringCol, "stringCol"),
        .of(\CCNAllTypesEmbedded.binaryCol, "binaryCol"),
        .of(\CCNAllTypesEmbedded.dateCol, "dateCol"),
        .of(\CCNAllTypesEmbedded.decimalCol, "decimalCol"),
        .of(\CCNAllTypesEmbedded.objectIdCol, "objectIdCol"),
        .of(\CCNAllTypesEmbedded.uuidCol, "uuidCol"),
        .of(\CCNAllTypesEmbedded.anyCol, "anyCol"),
        .of(\CCNAllTypesEmbedded.arrayCol, "arrayCol"),
        .of(\CCNAllTypesEmbedded.setCol, "setCol"),
        .of(\CCNAllTypesEmbedded.mapCol, "mapCol"),
        .of(\CCNAllTypesEmbedded.arrayEmbeddedCol, "arrayEmbeddedCol"),
        .of(\CCNAllTypesEmbedded.mapEmbeddedCol, "mapEmbeddedCol"),
        .of(\CCNAllTypesEmbedded.embeddedCol, "embeddedCol"),
        .of(\CCNAllTypesEmbedded.embeddedCol?.child, "embeddedCol.child"),
        .of(\CCNAllTypesEmbedded.embeddedCol?.child?.value, "embeddedCol.child.value"),
        .of(\CCNAllTypesEmbedded.mapEmbeddedCol[""]??.value, "mapEmbeddedCol.value"),
        .of(\CCNAllTypesEmbedded.mapEmbeddedCol[""]??.child, "mapEmbeddedCol.child"),
        .of(\CCNAllTypesEmbedded.mapEmbeddedCol[""]??.child?.value, "mapEmbeddedCol.child.value"),
    ]

    /// Key paths to properties of custom persistable types, as KeyPathTests' `testCustomTypes` names them (the
    /// optional custom type stored as an embedded object is in ``elementKeyPaths``).
    static let customTypeKeyPaths: [KeyPathRow] = [
        .of(\CCNCustomTypes.bool, "bool"),
        .of(\CCNCustomTypes.int, "int"),
        .of(\CCNCustomTypes.int8, "int8"),
        .of(\CCNCustomTypes.int16, "int16"),
        .of(\CCNCustomTypes.int32, "int32"),
        .of(\CCNCustomTypes.int64, "int64"),
        .of(\CCNCustomTypes.float, "float"),
        .of(\CCNCustomTypes.double, "double"),
        .of(\CCNCustomTypes.string, "string"),
        .of(\CCNCustomTypes.binary, "binary"),
        .of(\CCNCustomTypes.date, "date"),
        .of(\CCNCustomTypes.decimal, "decimal"),
        .of(\CCNCustomTypes.objectId, "objectId"),
        .of(\CCNCustomTypes.uuid, "uuid"),
        .of(\CCNCustomTypes.object, "object"),
        .of(\CCNCustomTypes.optBool, "optBool"),
        .of(\CCNCustomTypes.optInt, "optInt"),
        .of(\CCNCustomTypes.optInt8, "optInt8"),
        .of(\CCNCustomTypes.optInt16, "optInt16"),
        .of(\CCNCustomTypes.optInt32, "optInt32"),
        .of(\CCNCustomTypes.optInt64, "optInt64"),
        .of(\CCNCustomTypes.optFloat, "optFloat"),
        .of(\CCNCustomTypes.optDouble, "optDouble"),
        .of(\CCNCustomTypes.optString, "optString"),
        .of(\CCNCustomTypes.optBinary, "optBinary"),
        .of(\CCNCustomTypes.optDate, "optDate"),
        .of(\CCNCustomTypes.optDecimal, "optDecimal"),
        .of(\CCNCustomTypes.optObjectId, "optObjectId"),
        .of(\CCNCustomTypes.optUuid, "optUuid"),
        .of(\CCNCustomTypes.listInt, "listInt"),
        .of(\CCNCustomTypes.listString, "listString"),
        .of(\CCNCustomTypes.listUuid, "listUuid"),
        .of(\CCNCustomTypes.listOptInt, "listOptInt"),
        .of(\CCNCustomTypes.listOptString, "listOptString"),
        .of(\CCNCustomTypes.listOptUuid, "listOptUuid"),
        .of(\CCNCustomTypes.setInt, "setInt"),
        .of(\CCNCustomTypes.setString, "setString"),
        .of(\CCNCustomTypes.setUuid, "setUuid"),
        .of(\CCNCustomTypes.setOptInt, "setOptInt"),
        .of(\CCNCustomTypes.setOptString, "setOptString"),
        .of(\CCNCustomTypes.setOptUuid, "setOptUuid"),
        .of(\CCNCustomTypes.mapInt, "mapInt"),
        .of(\CCNCustomTypes.mapString, "mapString"),
        .of(\CCNCustomTypes.mapUuid, "mapUuid"),
        .of(\CCNCustomTypes.mapOptInt, "mapOptInt"),
        .of(\CCNCustomTypes.mapOptString, "mapOptString"),
        .of(\CCNCustomTypes.mapOptUuid, "mapOptUuid"),
    ]

    @Test(
        "A key path through links, LinkingObjects and maps names each property it reads",
        arguments: Self.linkedKeyPaths
    )
    func linkedKeyPath(_ row: KeyPathRow) {
        #expect(row.name() == row.expected)
    }

    @Test("A key path of an embedded object names each property it reads", arguments: Self.embeddedKeyPaths)
    func embeddedKeyPath(_ row: KeyPathRow) {
        #expect(row.name() == row.expected)
    }

    @Test(
        "A key path to a property of a custom persistable type names the property",
        arguments: Self.customTypeKeyPaths
    )
    func customTypeKeyPath(_ row: KeyPathRow) {
        #expect(row.name() == row.expected)
    }

    /// Key paths through a list, set or LinkingObjects element (`list[0].boolCol`), and to an optional custom type
    /// stored as an embedded object. (These once stopped the process: a probe's collections were empty, and an
    /// optional custom type's probe was force-cast from the embedded object.)
    static let elementKeyPaths: [KeyPathRow] = [
        .of(\CCNAllTypes.linkingObjects[0].boolCol, "linkingObjects.boolCol"),
        .of(\CCNAllTypes.objectCol?.linkingObjects[0].boolCol, "objectCol.linkingObjects.boolCol"),
        .of(
            \CCNAllTypes.objectCol?.linkingObjects[0].objectCol?.linkingObjects[0].boolCol,
            "objectCol.linkingObjects.objectCol.linkingObjects.boolCol"
        ),
        .of(\CCNKeyPathObject.list[0].boolCol, "list.boolCol"),
        .of(\CCNKeyPathObject.list[0].objectCol, "list.objectCol"),
        .of(\CCNKeyPathObject.list[0].objectCol?.linkingObjects, "list.objectCol.linkingObjects"),
        .of(\CCNKeyPathObject.list[0].objectCol?.linkingObjects[0].boolCol, "list.objectCol.linkingObjects.boolCol"),
        .of(\CCNKeyPathObject.set[0].boolCol, "set.boolCol"),
        .of(\CCNKeyPathObject.set[0].objectCol, "set.objectCol"),
        .of(\CCNKeyPathObject.set[0].objectCol?.linkingObjects, "set.objectCol.linkingObjects"),
        .of(\CCNKeyPathObject.set[0].objectCol?.linkingObjects[0].boolCol, "set.objectCol.linkingObjects.boolCol"),
        .of(\CCNAllTypesEmbedded.arrayEmbeddedCol[0].value, "arrayEmbeddedCol.value"),
        .of(\CCNAllTypesEmbedded.arrayEmbeddedCol[0].child?.value, "arrayEmbeddedCol.child.value"),
        .of(\CCNCustomTypes.optObject, "optObject"),
    ]

    @Test(
        "A key path through a collection's element, or to an optional custom object type, names its properties",
        arguments: Self.elementKeyPaths
    )
    func elementKeyPath(_ row: KeyPathRow) {
        #expect(row.name() == row.expected)
    }

    // MARK: Column names in the schema (CustomColumnNamesSchemaTest)

    /// A class with mapped properties and each property's `name=columnName`, in declaration order.
    struct ColumnRow: Sendable, CustomTestStringConvertible {
        let className: String
        let columns: [String]
        let schema: @Sendable () -> ObjectSchema
        var testDescription: String { className }
    }

    static let columnRows: [ColumnRow] = [
        ColumnRow(
            className: "CCNObject",
            columns: [
                "pk=custom_pk", "intCol=custom_intCol", "anyCol=custom_anyCol", "intEnumCol=custom_intEnumCol",
                "objectCol=custom_objectCol", "arrayCol=custom_arrayCol", "setCol=custom_setCol",
                "mapCol=custom_mapCol", "embeddedObject=custom_embeddedObject", "arrayIntCol=custom_arrayIntCol",
                "setIntCol=custom_setIntCol", "mapIntCol=custom_mapIntCol",
            ],
            schema: { CCNObject().objectSchema }
        ),
        ColumnRow(className: "CCNEmbedded", columns: ["intCol=custom_intCol"], schema: { CCNEmbedded().objectSchema }),
    ]

    @Test(
        "Every property's columnName is the one propertiesMapping() gives, unmanaged and in a realm",
        arguments: Self.columnRows
    )
    func columnNames(_ row: ColumnRow) async throws {
        #expect(row.schema().properties.map { "\($0.name)=\($0.columnName)" } == row.columns)
        let realm = try await Realm(configuration: memoryConfiguration([CCNObject.self, CCNEmbedded.self]))
        let managed = await realm.schema[row.className]?.properties.map { "\($0.name)=\($0.columnName)" }
        #expect(managed == row.columns)
    }

    @Test("An object schema's description shows each property's column name")
    func descriptionWithColumnNames() {
        let expected = """
            CCNObject {
                pk {
                    type = object id;
                    columnName = custom_pk;
                    indexed = YES;
                    isPrimary = YES;
                    array = NO;
                    set = NO;
                    dictionary = NO;
                    optional = NO;
                }
                intCol {
                    type = int;
                    columnName = custom_intCol;
                    indexed = NO;
                    isPrimary = NO;
                    array = NO;
                    set = NO;
                    dictionary = NO;
                    optional = NO;
                }
                anyCol {
                    type = mixed;
                    columnName = custom_anyCol;
                    indexed = NO;
                    isPrimary = NO;
                    array = NO;
                    set = NO;
                    dictionary = NO;
                    optional = NO;
                }
                intEnumCol {
                    type = int;
                    columnName = custom_intEnumCol;
                    indexed = NO;
                    isPrimary = NO;
                    array = NO;
                    set = NO;
                    dictionary = NO;
                    optional = NO;
                }
                objectCol {
                    type = object;
                    objectClassName = CCNObject;
                    linkOriginPropertyName = (null);
                    columnName = custom_objectCol;
                    indexed = NO;
                    isPrimary = NO;
                    array = NO;
                    set = NO;
                    dictionary = NO;
                    optional = YES;
                }
                arrayCol {
                    type = object;
                    objectClassName = CCNObject;
                    linkOriginPropertyName = (null);
                    columnName = custom_arrayCol;
                    indexed = NO;
                    isPrimary = NO;
                    array = YES;
                    set = NO;
                    dictionary = NO;
                    optional = NO;
                }
                setCol {
                    type = object;
                    objectClassName = CCNObject;
                    linkOriginPropertyName = (null);
                    columnName = custom_setCol;
                    indexed = NO;
                    isPrimary = NO;
                    array = NO;
                    set = YES;
                    dictionary = NO;
                    optional = NO;
                }
                mapCol {
                    type = object;
                    objectClassName = CCNObject;
                    linkOriginPropertyName = (null);
                    columnName = custom_mapCol;
                    indexed = NO;
                    isPrimary = NO;
                    array = NO;
                    set = NO;
                    dictionary = YES;
                    optional = YES;
                }
                embeddedObject {
                    type = object;
                    objectClassName = CCNEmbedded;
                    linkOriginPropertyName = (null);
                    columnName = custom_embeddedObject;
                    indexed = NO;
                    isPrimary = NO;
                    array = NO;
                    set = NO;
                    dictionary = NO;
                    optional = YES;
                }
                arrayIntCol {
                    type = int;
                    columnName = custom_arrayIntCol;
                    indexed = NO;
                    isPrimary = NO;
                    array = YES;
                    set = NO;
                    dictionary = NO;
                    optional = NO;
                }
                setIntCol {
                    type = int;
                    columnName = custom_setIntCol;
                    indexed = NO;
                    isPrimary = NO;
                    array = NO;
                    set = YES;
                    dictionary = NO;
                    optional = NO;
                }
                mapIntCol {
                    type = int;
                    columnName = custom_mapIntCol;
                    indexed = NO;
                    isPrimary = NO;
                    array = NO;
                    set = NO;
                    dictionary = YES;
                    optional = NO;
                }
            }
            """
        #expect(CCNObject().objectSchema.description == expected.replacingOccurrences(of: "    ", with: "\t"))
    }

    // MARK: The realm of CustomColumnTestsBase

    static let rootKey = ObjectId("61184062c1d8f096a3695045")

    /// realm-swift's fixture: a root object (``rootKey``) linking a nested one from every link property; intCol 123
    /// on the root and 345 on the nested object, their embedded objects' intCol 567 and 789; the root's list and
    /// set of Ints 123, 345, 567, 789, 901, and its map of Ints key 123, key1 345, key3 879.
    static func makeRealm() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration([CCNObject.self, CCNEmbedded.self]))
        try await realm.write { realm in
            let nested = CCNObject.make(pk: .generate(), nested: nil)
            let root = CCNObject.make(pk: Self.rootKey, nested: nested)
            root.intCol = 123
            nested.intCol = 345
            root.embeddedObject?.intCol = 567
            nested.embeddedObject?.intCol = 789
            root.arrayIntCol.append(objectsIn: [123, 345, 567, 789, 901])
            root.setIntCol.insert(objectsIn: [123, 345, 567, 789, 901])
            for (key, value) in [("key", 123), ("key1", 345), ("key3", 567), ("key3", 879)] {
                root.mapIntCol[key] = value
            }
            try realm.add(root)
        }
        return realm
    }

    /// ``makeRealm()`` with the root's map of objects replaced by key0, key1 and key2: new objects (each linking a
    /// nested one) whose intCol are 938, 588 and 610.
    static func makeMapRealm() async throws -> Realm {
        let realm = try await makeRealm()
        try await realm.write { realm in
            let root = realm.object(ofType: CCNObject.self, forPrimaryKey: Self.rootKey)!
            root.mapCol.removeAll()
            for (key, value) in [("key0", 938), ("key1", 588), ("key2", 610)] {
                let object = CCNObject.make(pk: .generate(), nested: CCNObject.make(pk: .generate(), nested: nil))
                object["intCol"] = value
                root.mapCol[key] = object
            }
        }
        return realm
    }

    // MARK: Queries (CustomColumnResultsTest)

    /// A query by Swift names, as a type-safe query and as a predicate string.
    struct QueryRow: Sendable, CustomTestStringConvertible {
        let format: String
        let query: @Sendable (Query<CCNObject>) -> Query<Bool>
        var testDescription: String { format }
    }

    static let queryRows: [QueryRow] = [
        QueryRow(format: "intCol == 123") { $0.intCol == 123 },
        QueryRow(format: "objectCol.intCol == 345") { $0.objectCol.intCol == 345 },
        QueryRow(format: "embeddedObject.intCol == 567") { $0.embeddedObject.intCol == 567 },
        QueryRow(format: "objectCol.embeddedObject.intCol == 789") { $0.objectCol.embeddedObject.intCol == 789 },
        QueryRow(format: "ANY arrayIntCol == 123") { $0.arrayIntCol.contains(123) },
        QueryRow(format: "ANY setIntCol == 123") { $0.setIntCol.contains(123) },
        QueryRow(format: "ANY mapIntCol.@allKeys CONTAINS 'key'") { $0.mapIntCol.keys.contains("key") },
    ]

    @Test("A query of a mapped property matches one object, the first", arguments: Self.queryRows)
    func query(_ row: QueryRow) async throws {
        let realm = try await Self.makeRealm()
        let found = await realm.read { realm in
            let results = realm.objects(CCNObject.self)
            return [
                results.where(row.query).count,
                results.filter(row.format).count,
                results.index(matching: row.query) ?? -1,
                results.index(matching: row.format) ?? -1,
            ]
        }
        #expect(found == [1, 1, 0, 0])
    }

    // MARK: Distinct, sorting and key-value coding by key path (CustomColumnResultsTest)

    /// A path to an `Int`: the number of objects distinct by it, its values for the root and the nested object,
    /// and how to read it and set it to 0.
    struct IntPathRow: Sendable, CustomTestStringConvertible {
        let path: String
        let distinctCount: Int
        let values: [Int?]
        let read: @Sendable (CCNObject) -> Int?
        let setToZero: @Sendable (CCNObject) -> Void
        var testDescription: String { path }
    }

    static let intPathRows: [IntPathRow] = [
        IntPathRow(
            path: "intCol",
            distinctCount: 2,
            values: [123, 345],
            read: { $0.intCol },
            setToZero: { $0.intCol = 0 }
        ),
        IntPathRow(
            path: "objectCol.intCol",
            distinctCount: 1,
            values: [345, nil],
            read: { $0.objectCol?.intCol },
            setToZero: { $0.objectCol?.intCol = 0 }
        ),
        IntPathRow(
            path: "embeddedObject.intCol",
            distinctCount: 2,
            values: [567, 789],
            read: { $0.embeddedObject?.intCol },
            setToZero: { $0.embeddedObject?.intCol = 0 }
        ),
        IntPathRow(
            path: "objectCol.embeddedObject.intCol",
            distinctCount: 1,
            values: [789, nil],
            read: { $0.objectCol?.embeddedObject?.intCol },
            setToZero: { $0.objectCol?.embeddedObject?.intCol = 0 }
        ),
    ]

    @Test("distinct(by:) a mapped path: an object whose link is nil is left out", arguments: Self.intPathRows)
    func distinct(_ row: IntPathRow) async throws {
        let realm = try await Self.makeRealm()
        let count = await realm.read { realm in realm.objects(CCNObject.self).distinct(by: [row.path]).count }
        #expect(count == row.distinctCount)
    }

    @Test("Sorting ascending by a mapped path puts the object whose value is 0 first", arguments: Self.intPathRows)
    func sortedAscending(_ row: IntPathRow) async throws {
        let realm = try await Self.makeRealm()
        try await realm.write { realm in
            let second = CCNObject.make(pk: .generate(), nested: CCNObject.make(pk: .generate(), nested: nil))
            try realm.add(second)
            row.setToZero(second)
        }
        let first = await realm.read { realm in
            let sorted = realm.objects(CCNObject.self).sorted(by: [Strata.SortDescriptor(keyPath: row.path)])
            return sorted.first.flatMap(row.read)
        }
        #expect(first == 0)
    }

    @Test("value(forKeyPath:) of results gives each object's value at a mapped path", arguments: Self.intPathRows)
    func valuesForKeyPath(_ row: IntPathRow) async throws {
        let realm = try await Self.makeRealm()
        let values = await realm.read { realm in
            (realm.objects(CCNObject.self).value(forKeyPath: row.path) as? [Any])?.map { $0 as? Int }
        }
        #expect(values == row.values)
    }

    // MARK: Aggregates (CustomColumnResultsAggregatesTest, CustomColumnAggregatesMapTest)

    /// An aggregate of intCol, by Swift key path and by name, over the results (root 123, nested 345) and over the
    /// map of ``makeMapRealm()`` (938, 588, 610).
    struct AggregateRow: Sendable, CustomTestStringConvertible {
        let name: String
        let ofResults: @Sendable (Results<CCNObject>) -> [Int?]
        let resultsValue: Int
        let ofMap: @Sendable (Map<String, CCNObject?>) -> [Int?]
        let mapValue: Int
        var testDescription: String { name }
    }

    static let aggregateRows: [AggregateRow] = [
        AggregateRow(
            name: "average",
            ofResults: { [$0.average(of: \.intCol), $0.average(ofProperty: "intCol") as Int?] },
            resultsValue: 234,
            ofMap: { [$0.average(of: \CCNObject.intCol), $0.average(ofProperty: "intCol") as Int?] },
            mapValue: 712
        ),
        AggregateRow(
            name: "sum",
            ofResults: { [$0.sum(of: \.intCol), $0.sum(ofProperty: "intCol") as Int] },
            resultsValue: 468,
            ofMap: { [$0.sum(of: \CCNObject.intCol), $0.sum(ofProperty: "intCol") as Int] },
            mapValue: 2_136
        ),
        AggregateRow(
            name: "max",
            ofResults: { [$0.max(of: \.intCol), $0.max(ofProperty: "intCol") as Int?] },
            resultsValue: 345,
            ofMap: { [$0.max(of: \CCNObject.intCol), $0.max(ofProperty: "intCol") as Int?] },
            mapValue: 938
        ),
        AggregateRow(
            name: "min",
            ofResults: { [$0.min(of: \.intCol), $0.min(ofProperty: "intCol") as Int?] },
            resultsValue: 123,
            ofMap: { [$0.min(of: \CCNObject.intCol), $0.min(ofProperty: "intCol") as Int?] },
            mapValue: 588
        ),
    ]

    @Test("Aggregates of a mapped property over results, by key path and by name", arguments: Self.aggregateRows)
    func resultsAggregate(_ row: AggregateRow) async throws {
        let realm = try await Self.makeRealm()
        let values = await realm.read { realm in row.ofResults(realm.objects(CCNObject.self)) }
        #expect(values == [row.resultsValue, row.resultsValue])
    }

    @Test(
        "Aggregates of a mapped property over a map of objects, by key path and by name",
        arguments: Self.aggregateRows
    )
    func mapAggregate(_ row: AggregateRow) async throws {
        let realm = try await Self.makeMapRealm()
        let values = await realm.read { realm in
            row.ofMap(realm.object(ofType: CCNObject.self, forPrimaryKey: Self.rootKey)!.mapCol)
        }
        #expect(values == [row.mapValue, row.mapValue])
    }

    // MARK: Sections, creation and lookup (CustomColumnResultsSectionedTest, CustomColumnResultsTest)

    @Test("Sectioning by a mapped property gives a section of one object per value")
    func sectioned() async throws {
        let realm = try await Self.makeRealm()
        let (keys, counts) = await realm.read { realm in
            let sections = realm.objects(CCNObject.self).sectioned(by: \CCNObject.intCol, ascending: true)
            return (sections.allKeys, sections.map(\.count))
        }
        #expect(keys == [123, 345])
        #expect(counts == [1, 1])
    }

    @Test("create(_:value:) takes a dictionary by Swift names; object(ofType:forPrimaryKey:) finds objects")
    func createAndFindByPrimaryKey() async throws {
        let realm = try await Self.makeRealm()
        let key = ObjectId.generate()
        try await realm.write { realm in
            let value: [String: Any] = [
                "pk": key, "intCol": 123, "anyCol": AnyRealmValue.int(345), "intEnumCol": CCNIntEnum.value2,
                "objectCol": CCNObject(), "arrayCol": [CCNObject()], "setCol": [CCNObject()],
                "mapCol": ["key": CCNObject()], "embeddedObject": CCNEmbedded(), "arrayIntCol": [123],
                "setIntCol": [345], "mapIntCol": ["key": 123],
            ]
            try realm.create(CCNObject.self, value: value)
        }
        let found = await realm.read { realm -> [String] in
            guard let object = realm.object(ofType: CCNObject.self, forPrimaryKey: key),
                let root = realm.object(ofType: CCNObject.self, forPrimaryKey: Self.rootKey)
            else { return [] }
            return [
                "\(object.intCol)", "\(object.anyCol.intValue ?? -1)", "\(object.intEnumCol.rawValue)",
                "\(object.objectCol != nil)", "\(object.arrayCol.count)", "\(object.setCol.count)",
                "\(object.mapCol.count)", "\(object.embeddedObject != nil)", "\(Array(object.arrayIntCol))",
                "\(Array(object.setIntCol))", ccnDescribe(object.mapIntCol), "\(root.pk == Self.rootKey)",
                "\(root.intCol)",
            ]
        }
        #expect(
            found == ["123", "345", "3", "true", "1", "1", "1", "true", "[123]", "[345]", "[key: 123]", "true", "123"]
        )
    }

    // MARK: Key-value coding (CustomColumnResultsTest, CustomColumnObjectTest)

    /// A property name, a value to set it to, and the value as ``ccnDescribe(_:)`` gives it back.
    struct KVCRow: Sendable, CustomTestStringConvertible {
        let key: String
        let value: @Sendable () -> Any
        let expected: String
        var testDescription: String { key }
    }

    /// realm-swift's `values`: what the results' objects are set to.
    static let resultsKVCRows: [KVCRow] = [
        KVCRow(key: "intCol", value: { 256 }, expected: "256"),
        KVCRow(key: "arrayIntCol", value: { ccnList([987, 765, 543, 321]) }, expected: "[987, 765, 543, 321]"),
        KVCRow(key: "setIntCol", value: { ccnSet([987, 765, 543, 321]) }, expected: "[321, 543, 765, 987]"),
        KVCRow(
            key: "mapIntCol",
            value: { ccnMap([("key", 123), ("key1", 345), ("key3", 567), ("key3", 879)]) },
            expected: "[key: 123, key1: 345, key3: 879]"
        ),
    ]

    /// realm-swift's `propertyValues`: what an object is set to.
    static let objectKVCRows: [KVCRow] = [
        KVCRow(key: "intCol", value: { 111 }, expected: "111"),
        KVCRow(key: "arrayIntCol", value: { ccnList([111, 222, 333, 444]) }, expected: "[111, 222, 333, 444]"),
        KVCRow(key: "setIntCol", value: { ccnSet([111, 222, 333, 444]) }, expected: "[111, 222, 333, 444]"),
        KVCRow(
            key: "mapIntCol",
            value: { ccnMap([("key", 111), ("key1", 222), ("key3", 333), ("key3", 444)]) },
            expected: "[key: 111, key1: 222, key3: 444]"
        ),
    ]

    @Test(
        "setValue(_:forKey:) on results sets a mapped property of every object; value(forKey:) reads it",
        arguments: Self.resultsKVCRows
    )
    func resultsKeyValueCoding(_ row: KVCRow) async throws {
        let realm = try await Self.makeRealm()
        try await realm.write { realm in realm.objects(CCNObject.self).setValue(row.value(), forKey: row.key) }
        let values = await realm.read { realm in
            (realm.objects(CCNObject.self).value(forKey: row.key) as? [Any])?.map { ccnDescribe($0) }
        }
        #expect(values == [row.expected, row.expected])
    }

    @Test("An object's subscript sets and reads a mapped property by its Swift name", arguments: Self.objectKVCRows)
    func objectSubscript(_ row: KVCRow) async throws {
        let realm = try await Self.makeRealm()
        try await realm.write { realm in
            let root = realm.object(ofType: CCNObject.self, forPrimaryKey: Self.rootKey)!
            root[row.key] = row.value()
        }
        let value = await realm.read { realm in
            ccnDescribe(realm.object(ofType: CCNObject.self, forPrimaryKey: Self.rootKey)![row.key])
        }
        #expect(value == row.expected)
    }

    // MARK: Lists, sets and maps of objects (CustomColumnListTest, CustomColumnSetTest, CustomColumnMapTest)

    /// ``makeRealm()`` with the root's list or set of objects replaced by three new objects (each linking a nested
    /// one) whose intCol is `intCol`.
    static func makeCollectionRealm(set: Bool, intCol: Int) async throws -> Realm {
        let realm = try await makeRealm()
        try await realm.write { realm in
            let root = realm.object(ofType: CCNObject.self, forPrimaryKey: Self.rootKey)!
            root.arrayCol.removeAll()
            root.setCol.removeAll()
            for _ in 0..<3 {
                let object = CCNObject.make(pk: .generate(), nested: CCNObject.make(pk: .generate(), nested: nil))
                object["intCol"] = intCol
                if set { root.setCol.insert(object) } else { root.arrayCol.append(object) }
            }
        }
        return realm
    }

    @Test("A list of objects: value(forKey:) and value(forKeyPath:) give every object's mapped property")
    func listValueForKey() async throws {
        let realm = try await Self.makeCollectionRealm(set: false, intCol: 102)
        let values = await realm.read { realm in
            let list = realm.object(ofType: CCNObject.self, forPrimaryKey: Self.rootKey)!.arrayCol
            return [list.value(forKey: "intCol"), list.value(forKeyPath: "intCol")].map {
                ($0 as? [Any])?.map { ccnDescribe($0) } ?? []
            }
        }
        #expect(values == [["102", "102", "102"], ["102", "102", "102"]])
    }

    @Test("A set of objects: value(forKey:) gives the distinct values of a mapped property")
    func setValueForKey() async throws {
        let realm = try await Self.makeCollectionRealm(set: true, intCol: 938)
        let values = await realm.read { realm in
            let set = realm.object(ofType: CCNObject.self, forPrimaryKey: Self.rootKey)!.setCol
            return (set.value(forKey: "intCol") as? [Any])?.map { ccnDescribe($0) }
        }
        #expect(values == ["938"])
    }

    @Test("A map of objects: value(forKey:), setValue(_:forKey:) and sorted(byKeyPath:) by a mapped property")
    func mapKeyValueCoding() async throws {
        let realm = try await Self.makeMapRealm()
        let before = await realm.read { realm in
            let map = realm.object(ofType: CCNObject.self, forPrimaryKey: Self.rootKey)!.mapCol
            return [
                (map.value(forKey: "key0") as? CCNObject)?.intCol,
                map.sorted(byKeyPath: "intCol", ascending: true).first??.intCol,
            ]
        }
        #expect(before == [938, 588])
        try await realm.write { realm in
            let object = CCNObject.make(pk: .generate(), nested: CCNObject.make(pk: .generate(), nested: nil))
            object["intCol"] = 1_234
            realm.object(ofType: CCNObject.self, forPrimaryKey: Self.rootKey)!.mapCol.setValue(object, forKey: "key0")
        }
        let after = await realm.read { realm in
            let map = realm.object(ofType: CCNObject.self, forPrimaryKey: Self.rootKey)!.mapCol
            return (map.value(forKeyPath: "key0") as? CCNObject)?.intCol
        }
        #expect(after == 1_234)
    }

    // MARK: Observation (CustomColumnResultsTest, CustomColumnObjectTest, CustomColumnMapTest)

    /// A key path to observe, a write to the root object (or, for a path through objectCol, to the nested one), and
    /// the properties an observer of the root object is told changed.
    struct ObservationRow: Sendable, CustomTestStringConvertible {
        let label: String
        let keyPath: @Sendable () -> PartialKeyPath<CCNObject>
        let write: @Sendable (CCNObject) -> Void
        let changed: [String]
        var testDescription: String { label }

        static func of<Value>(
            _ keyPath: KeyPath<CCNObject, Value> & Sendable,
            _ label: String,
            changed: [String],
            write: @escaping @Sendable (CCNObject) -> Void
        ) -> ObservationRow {
            ObservationRow(label: label, keyPath: { keyPath }, write: write, changed: changed)
        }
    }

    /// realm-swift's `values`, written for an observer of the results.
    static let resultsObservationRows: [ObservationRow] = [
        .of(\CCNObject.intCol, "intCol", changed: ["intCol"]) { $0["intCol"] = 256 },
        .of(\CCNObject.arrayIntCol, "arrayIntCol", changed: ["arrayIntCol"]) {
            $0["arrayIntCol"] = ccnList([987, 765, 543, 321])
        },
        .of(\CCNObject.setIntCol, "setIntCol", changed: ["setIntCol"]) {
            $0["setIntCol"] = ccnSet([987, 765, 543, 321])
        },
        .of(\CCNObject.mapIntCol, "mapIntCol", changed: ["mapIntCol"]) {
            $0["mapIntCol"] = ccnMap([("key", 123), ("key1", 345), ("key3", 567), ("key3", 879)])
        },
    ]

    /// realm-swift's `propertyValues`, written for an observer of the root object.
    static let objectObservationRows: [ObservationRow] = [
        .of(\CCNObject.intCol, "intCol", changed: ["intCol"]) { $0["intCol"] = 111 },
        .of(\CCNObject.objectCol?.intCol, "objectCol.intCol", changed: ["objectCol"]) { root in
            let nested = root.objectCol!
            nested["intCol"] = 999
        },
        .of(\CCNObject.arrayIntCol, "arrayIntCol", changed: ["arrayIntCol"]) {
            $0["arrayIntCol"] = ccnList([111, 222, 333, 444])
        },
        .of(\CCNObject.setIntCol, "setIntCol", changed: ["setIntCol"]) {
            $0["setIntCol"] = ccnSet([111, 222, 333, 444])
        },
        .of(\CCNObject.mapIntCol, "mapIntCol", changed: ["mapIntCol"]) {
            $0["mapIntCol"] = ccnMap([("key", 111), ("key1", 222), ("key3", 333), ("key3", 444)])
        },
    ]

    @Test(
        "Observing results by a key path to a mapped property reports the written object modified",
        arguments: Self.resultsObservationRows
    )
    func resultsObservation(_ row: ObservationRow) async throws {
        let realm = try await Self.makeRealm()
        try await withTimeout(60) {
            let stream = await realm.read { realm in realm.objects(CCNObject.self).changes(keyPaths: [row.keyPath()]) }
            var changes = stream.makeAsyncIterator()
            #expect(changeText(await changes.next()) == "initial 2")
            try await realm.write { realm in
                row.write(realm.object(ofType: CCNObject.self, forPrimaryKey: Self.rootKey)!)
            }
            #expect(changeText(await changes.next()) == "update -[] +[] ~[0]")
        }
    }

    @Test(
        "Observing an object by a key path to a mapped property reports the property changed",
        arguments: Self.objectObservationRows
    )
    func objectObservation(_ row: ObservationRow) async throws {
        let realm = try await Self.makeRealm()
        try await withTimeout(60) {
            let stream = await realm.read { realm in
                realm.object(ofType: CCNObject.self, forPrimaryKey: Self.rootKey)!.changes(keyPaths: [row.keyPath()])
            }
            var changes = stream.makeAsyncIterator()
            try await realm.write { realm in
                row.write(realm.object(ofType: CCNObject.self, forPrimaryKey: Self.rootKey)!)
            }
            guard case .change(_, let properties)? = await changes.next() else {
                Issue.record("no change reported for \(row.label)")
                return
            }
            #expect(properties.map(\.name) == row.changed)
        }
    }

    @Test("Observing a map of objects by a mapped property's name reports the entry whose object changed")
    func mapObservation() async throws {
        let realm = try await Self.makeMapRealm()
        try await withTimeout(60) {
            let stream = await realm.read { realm in
                realm.object(ofType: CCNObject.self, forPrimaryKey: Self.rootKey)!.mapCol.changes(keyPaths: ["intCol"])
            }
            var changes = stream.makeAsyncIterator()
            guard case .initial? = await changes.next() else {
                Issue.record("no initial map change")
                return
            }
            try await realm.write { realm in
                let object = realm.object(ofType: CCNObject.self, forPrimaryKey: Self.rootKey)!.mapCol["key0"]!!
                object["intCol"] = 1_234
            }
            guard case .update(_, let deletions, let insertions, let modifications)? = await changes.next() else {
                Issue.record("no map update")
                return
            }
            #expect(deletions.isEmpty)
            #expect(insertions.isEmpty)
            #expect(modifications == ["key0"])
        }
    }

    // MARK: Dynamic objects (CustomColumnModernDynamicObjectTest)

    @Test("Dynamic objects of a class with mapped columns: counted, read and written by Swift names, column names")
    func dynamicObjects() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([CCNObject.self, CCNEmbedded.self]))
        let key = ObjectId("6058f12682b2fbb1f334ef1d")
        try await realm.write { realm in
            let object = CCNObject.make(pk: key, nested: nil)
            object.anyCol = .object(CCNObject())
            try realm.add(object)
        }
        let (count, columns) = await realm.read { realm in
            let objects = realm.dynamicObjects("CCNObject")
            return (objects.count, objects.first?.objectSchema.properties.map { "\($0.name)=\($0.columnName)" })
        }
        #expect(count == 2)
        #expect(columns == Self.columnRows[0].columns)

        // The object of the mixed value, as a dynamic object, by subscript.
        try await realm.write { realm in
            let root = realm.dynamicObject(ofType: "CCNObject", forPrimaryKey: key)
            let held = root?["anyCol"] as? DynamicObject
            held?["intCol"] = 56_789
        }
        let held = await realm.read { realm in
            (realm.dynamicObject(ofType: "CCNObject", forPrimaryKey: key)?["anyCol"] as? DynamicObject)?["intCol"]
                as? Int
        }
        #expect(held == 56_789)

        // The first dynamic object, by subscript.
        try await realm.write { realm in
            let first = realm.dynamicObjects("CCNObject").first
            first?["intCol"] = 45_678
        }
        let first = await realm.read { realm in realm.dynamicObjects("CCNObject").first?["intCol"] as? Int }
        #expect(first == 45_678)
    }
}
