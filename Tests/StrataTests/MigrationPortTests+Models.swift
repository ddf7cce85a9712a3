import Foundation
import Strata

// The models of MigrationPortTests.swift and its extensions. Each `enum` is one schema version of a file: its
// classes share their unqualified names with the other versions' (a class is stored under its unqualified name).

/// An `Int`-backed enum stored in a migrated file.
enum MPTIntEnum: Int, PersistableEnum {
    case value1 = 1
    case value2 = 2
    case value3 = 3
}

/// A `String`-backed enum given to `Migration.create`.
enum MPTStringEnum: String, PersistableEnum {
    case value1 = "one"
    case value2 = "two"
}

/// A custom persistable type stored as a `String`, given to `Migration.create`.
struct MPTStringWrapper: CustomPersistable {
    var text: String
    init(persistedValue: String) { text = persistedValue }
    var persistableValue: String { text }
}

/// A file whose `MPTHolder.stringCol` is an `Int`, then a `String` next to a new class (testMigrationProperties).
enum MPTHolderV1 {
    final class MPTHolder: Object {
        @Persisted var stringCol = 0
    }
}

enum MPTHolderV2 {
    final class MPTHolder: Object {
        @Persisted var stringCol = ""
    }

    final class MPTExtra: Object {
        @Persisted var flag = false
    }
}

/// Integers of other widths, enums, a mixed value and an optional of each value type, read in a migration.
final class MPTTyped: Object {
    @Persisted var int16Col: Int16 = 123
    @Persisted var int64Col: Int64 = 123
    @Persisted var intEnumCol = MPTIntEnum.value1
    @Persisted var stringEnumCol = MPTStringEnum.value2
    @Persisted var anyCol: AnyRealmValue
    @Persisted var optBool: Bool?
    @Persisted var optInt: Int?
    @Persisted var optInt8: Int8?
    @Persisted var optInt16: Int16?
    @Persisted var optInt32: Int32?
    @Persisted var optInt64: Int64?
    @Persisted var optFloat: Float?
    @Persisted var optDouble: Double?
    @Persisted var optString: String?
    @Persisted var optData: Data?
    @Persisted var optDate: Date?
    @Persisted var optDecimal: Decimal128?
    @Persisted var optObjectId: ObjectId?
    @Persisted var optUUID: UUID?
}

/// An empty list, set and map of each value type, plain and optional (testCollectionAccess).
final class MPTCollections: Object {
    @Persisted var listBool: List<Bool>
    @Persisted var listOptBool: List<Bool?>
    @Persisted var setBool: MutableSet<Bool>
    @Persisted var setOptBool: MutableSet<Bool?>
    @Persisted var mapBool: Map<String, Bool>
    @Persisted var mapOptBool: Map<String, Bool?>
    @Persisted var listInt8: List<Int8>
    @Persisted var listOptInt8: List<Int8?>
    @Persisted var setInt8: MutableSet<Int8>
    @Persisted var setOptInt8: MutableSet<Int8?>
    @Persisted var mapInt8: Map<String, Int8>
    @Persisted var mapOptInt8: Map<String, Int8?>
    @Persisted var listInt16: List<Int16>
    @Persisted var listOptInt16: List<Int16?>
    @Persisted var setInt16: MutableSet<Int16>
    @Persisted var setOptInt16: MutableSet<Int16?>
    @Persisted var mapInt16: Map<String, Int16>
    @Persisted var mapOptInt16: Map<String, Int16?>
    @Persisted var listInt32: List<Int32>
    @Persisted var listOptInt32: List<Int32?>
    @Persisted var setInt32: MutableSet<Int32>
    @Persisted var setOptInt32: MutableSet<Int32?>
    @Persisted var mapInt32: Map<String, Int32>
    @Persisted var mapOptInt32: Map<String, Int32?>
    @Persisted var listInt64: List<Int64>
    @Persisted var listOptInt64: List<Int64?>
    @Persisted var setInt64: MutableSet<Int64>
    @Persisted var setOptInt64: MutableSet<Int64?>
    @Persisted var mapInt64: Map<String, Int64>
    @Persisted var mapOptInt64: Map<String, Int64?>
    @Persisted var listFloat: List<Float>
    @Persisted var listOptFloat: List<Float?>
    @Persisted var setFloat: MutableSet<Float>
    @Persisted var setOptFloat: MutableSet<Float?>
    @Persisted var mapFloat: Map<String, Float>
    @Persisted var mapOptFloat: Map<String, Float?>
    @Persisted var listDouble: List<Double>
    @Persisted var listOptDouble: List<Double?>
    @Persisted var setDouble: MutableSet<Double>
    @Persisted var setOptDouble: MutableSet<Double?>
    @Persisted var mapDouble: Map<String, Double>
    @Persisted var mapOptDouble: Map<String, Double?>
    @Persisted var listString: List<String>
    @Persisted var listOptString: List<String?>
    @Persisted var setString: MutableSet<String>
    @Persisted var setOptString: MutableSet<String?>
    @Persisted var mapString: Map<String, String>
    @Persisted var mapOptString: Map<String, String?>
    @Persisted var listData: List<Data>
    @Persisted var listOptData: List<Data?>
    @Persisted var setData: MutableSet<Data>
    @Persisted var setOptData: MutableSet<Data?>
    @Persisted var mapData: Map<String, Data>
    @Persisted var mapOptData: Map<String, Data?>
    @Persisted var listDate: List<Date>
    @Persisted var listOptDate: List<Date?>
    @Persisted var setDate: MutableSet<Date>
    @Persisted var setOptDate: MutableSet<Date?>
    @Persisted var mapDate: Map<String, Date>
    @Persisted var mapOptDate: Map<String, Date?>
    @Persisted var listDecimal: List<Decimal128>
    @Persisted var listOptDecimal: List<Decimal128?>
    @Persisted var setDecimal: MutableSet<Decimal128>
    @Persisted var setOptDecimal: MutableSet<Decimal128?>
    @Persisted var mapDecimal: Map<String, Decimal128>
    @Persisted var mapOptDecimal: Map<String, Decimal128?>
    @Persisted var listObjectId: List<ObjectId>
    @Persisted var listOptObjectId: List<ObjectId?>
    @Persisted var setObjectId: MutableSet<ObjectId>
    @Persisted var setOptObjectId: MutableSet<ObjectId?>
    @Persisted var mapObjectId: Map<String, ObjectId>
    @Persisted var mapOptObjectId: Map<String, ObjectId?>
    @Persisted var listUUID: List<UUID>
    @Persisted var listOptUUID: List<UUID?>
    @Persisted var setUUID: MutableSet<UUID>
    @Persisted var setOptUUID: MutableSet<UUID?>
    @Persisted var mapUUID: Map<String, UUID>
    @Persisted var mapOptUUID: Map<String, UUID?>
    @Persisted var listAny: List<AnyRealmValue>
    @Persisted var setAny: MutableSet<AnyRealmValue>
    @Persisted var mapAny: Map<String, AnyRealmValue>
}

/// A class changed in one way each (see `MPTShapeChange`), from `MPTShapeV0.MPTShape`.
enum MPTShapeV0 {
    final class MPTShape: Object {
        @Persisted var name = ""
        @Persisted var count = 0
    }
}

enum MPTShapeAdded {
    final class MPTShape: Object {
        @Persisted var name = ""
        @Persisted var count = 0
        @Persisted var extra = ""
    }
}

enum MPTShapeRemoved {
    final class MPTShape: Object {
        @Persisted var name = ""
    }
}

enum MPTShapeRetyped {
    final class MPTShape: Object {
        @Persisted var name = ""
        @Persisted var count = ""
    }
}

enum MPTShapeOptional {
    final class MPTShape: Object {
        @Persisted var name = ""
        @Persisted var count: Int?
    }
}

enum MPTShapeKeyed {
    final class MPTShape: Object {
        @Persisted(primaryKey: true) var name = ""
        @Persisted var count = 0
    }
}

/// A class that objects are created in during a migration, and one the next version of the models drops.
enum MPTCreateV1 {
    final class MPTCreated: Object {
        @Persisted var stringCol = ""
    }

    final class MPTDoomed: Object {
        @Persisted var id = 0
    }
}

/// A property stored under a column name of its own, renamed by that name (testCustomColumnRenamePropertyToCustom).
enum MPTColumnV1 {
    final class MPTColumns: Object {
        @Persisted var before = 0
        override class func propertiesMapping() -> [String: String] { ["before": "custom_before"] }
    }
}

enum MPTColumnV2 {
    final class MPTColumns: Object {
        @Persisted var intCol = 0
        override class func propertiesMapping() -> [String: String] { ["intCol": "custom_intCol"] }
    }
}

/// An object stored under custom column names in every property kind (testObjectWithCustomColumnNames).
final class MPTMapped: Object {
    @Persisted var intCol = 0
    @Persisted var anyCol: AnyRealmValue
    @Persisted var intEnumCol = MPTIntEnum.value1
    @Persisted var objectCol: MPTMapped?
    @Persisted var arrayCol: List<MPTMapped>
    @Persisted var setCol: MutableSet<MPTMapped>
    @Persisted var mapCol: Map<String, MPTMapped?>
    @Persisted var embeddedObject: MPTMappedEmbedded?

    override class func propertiesMapping() -> [String: String] {
        [
            "intCol": "custom_intCol", "anyCol": "custom_anyCol", "intEnumCol": "custom_intEnumCol",
            "objectCol": "custom_objectCol", "arrayCol": "custom_arrayCol", "setCol": "custom_setCol",
            "mapCol": "custom_mapCol", "embeddedObject": "custom_embeddedObject",
        ]
    }
}

/// The embedded object of `MPTMapped`, its one property under a custom column name too.
final class MPTMappedEmbedded: EmbeddedObject {
    @Persisted var intCol = 0
    override class func propertiesMapping() -> [String: String] { ["intCol": "custom_intCol"] }
}

/// A class that gains properties with declared defaults.
enum MPTGrowV1 {
    final class MPTGrow: Object {
        @Persisted var name = ""
    }
}

enum MPTGrowV2 {
    final class MPTGrow: Object {
        @Persisted var name = ""
        @Persisted var count = 7
        @Persisted var label = "fresh"
        @Persisted var ratio: Double? = 0.5
        @Persisted var tags: List<String>
    }
}
