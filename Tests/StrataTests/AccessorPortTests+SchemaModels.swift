import Foundation
import Strata
import Testing

// The model classes of AccessorPortTests+Schema.swift: declarations from realm-swift's
// RealmSwift/Tests/ObjectSchemaInitializationTests.swift, each a property of a class.

/// Realm's wrapper types (`BoolWrapper` …) in lists, sets and maps, for the element types `CCNCustomTypes` lacks, and
/// its `EmbeddedObjectWrapper` in a list and maps.
final class APTCustomCollections: Object {
    @Persisted var listBool: List<CCNWrap<Bool>>
    @Persisted var listInt8: List<CCNWrap<Int8>>
    @Persisted var listInt16: List<CCNWrap<Int16>>
    @Persisted var listInt32: List<CCNWrap<Int32>>
    @Persisted var listInt64: List<CCNWrap<Int64>>
    @Persisted var listFloat: List<CCNWrap<Float>>
    @Persisted var listDouble: List<CCNWrap<Double>>
    @Persisted var listData: List<CCNWrap<Data>>
    @Persisted var listDate: List<CCNWrap<Date>>
    @Persisted var listDecimal: List<CCNWrap<Decimal128>>
    @Persisted var listObjectId: List<CCNWrap<ObjectId>>
    @Persisted var setBool: MutableSet<CCNWrap<Bool>?>
    @Persisted var setInt8: MutableSet<CCNWrap<Int8>?>
    @Persisted var setInt16: MutableSet<CCNWrap<Int16>?>
    @Persisted var setInt32: MutableSet<CCNWrap<Int32>?>
    @Persisted var setInt64: MutableSet<CCNWrap<Int64>?>
    @Persisted var setFloat: MutableSet<CCNWrap<Float>?>
    @Persisted var setDouble: MutableSet<CCNWrap<Double>?>
    @Persisted var setData: MutableSet<CCNWrap<Data>?>
    @Persisted var setDate: MutableSet<CCNWrap<Date>?>
    @Persisted var setDecimal: MutableSet<CCNWrap<Decimal128>?>
    @Persisted var setObjectId: MutableSet<CCNWrap<ObjectId>?>
    @Persisted var mapBool: Map<String, CCNWrap<Bool>>
    @Persisted var mapInt8: Map<String, CCNWrap<Int8>>
    @Persisted var mapInt16: Map<String, CCNWrap<Int16>>
    @Persisted var mapInt32: Map<String, CCNWrap<Int32>>
    @Persisted var mapInt64: Map<String, CCNWrap<Int64>>
    @Persisted var mapFloat: Map<String, CCNWrap<Float>>
    @Persisted var mapDouble: Map<String, CCNWrap<Double>>
    @Persisted var mapData: Map<String, CCNWrap<Data>>
    @Persisted var mapDate: Map<String, CCNWrap<Date>>
    @Persisted var mapDecimal: Map<String, CCNWrap<Decimal128>>
    @Persisted var mapObjectId: Map<String, CCNWrap<ObjectId>>
    @Persisted var listEmbedded: List<CCNEmbeddedWrap>
    @Persisted var mapEmbedded: Map<String, CCNEmbeddedWrap>
    @Persisted var mapOptEmbedded: Map<String, CCNEmbeddedWrap?>
}

/// Each form of declaration testModernIndexed reads, in its order.
final class APTIndexForms: Object {
    @Persisted var plain: Int
    @Persisted var withValue: Int = 1
    @Persisted(indexed: false) var notIndexed: Int
    @Persisted(wrappedValue: 1, indexed: false) var notIndexedWithValue: Int
    @Persisted(indexed: true) var indexed: Int
    @Persisted(wrappedValue: 1, indexed: true) var indexedWithValue: Int
}

/// The forms of testModernPrimary that declare no primary key.
final class APTNoPrimaryForms: Object {
    @Persisted var plain: Int
    @Persisted var withValue: Int = 1
    @Persisted(primaryKey: false) var notPrimary: Int
    @Persisted(wrappedValue: 1, primaryKey: false) var notPrimaryWithValue: Int
}

/// `@Persisted(primaryKey: true)` with the type's default.
final class APTPrimaryForm: Object {
    @Persisted(primaryKey: true) var key: Int
}

/// `@Persisted(wrappedValue:primaryKey:)`.
final class APTPrimaryWithValueForm: Object {
    @Persisted(wrappedValue: 1, primaryKey: true) var key: Int
}

/// testCustomIndexed's forms, of Realm's `IntWrapper`.
final class APTCustomIndexForms: Object {
    @Persisted var plain: CCNWrap<Int>
    @Persisted var withValue = CCNWrap<Int>(persistedValue: 1)
    @Persisted(indexed: false) var notIndexed: CCNWrap<Int>
    @Persisted(wrappedValue: CCNWrap(persistedValue: 1), indexed: false) var notIndexedWithValue: CCNWrap<Int>
    @Persisted(indexed: true) var indexed: CCNWrap<Int>
    @Persisted(wrappedValue: CCNWrap(persistedValue: 1), indexed: true) var indexedWithValue: CCNWrap<Int>
}

/// testCustomPrimary's forms that declare no primary key.
final class APTCustomNoPrimaryForms: Object {
    @Persisted var plain: CCNWrap<Int>
    @Persisted var withValue = CCNWrap<Int>(persistedValue: 1)
    @Persisted(primaryKey: false) var notPrimary: CCNWrap<Int>
    @Persisted(wrappedValue: CCNWrap(persistedValue: 1), primaryKey: false) var notPrimaryWithValue: CCNWrap<Int>
}

/// A custom type as the primary key, with its default.
final class APTCustomPrimaryForm: Object {
    @Persisted(primaryKey: true) var key: CCNWrap<Int>
}

/// A custom type as the primary key, with a declared value.
final class APTCustomPrimaryWithValueForm: Object {
    @Persisted(wrappedValue: CCNWrap(persistedValue: 1), primaryKey: true) var key: CCNWrap<Int>
}

/// A list of optional embedded objects (Realm: "must not be marked as optional").
final class APTOptionalEmbeddedList: Object {
    @Persisted var list: List<SVEmbedded?>
}

/// A set of optional embedded objects (Realm: "must not be marked as optional").
final class APTOptionalEmbeddedSet: Object {
    @Persisted var set: MutableSet<SVEmbedded?>
}

/// LinkingObjects of an embedded class without an origin property.
final class APTEmbeddedNoOrigin: Object {
    @Persisted var owners: LinkingObjects<SVEmbedded>
}

/// A type Realm cannot store, not persisted.
enum APTPlainEnum {
    case one, two
}

/// Realm's `SwiftIgnoredPropertiesObject`, `SwiftComputedPropertyNotIgnoredObject` and the unpersisted properties of
/// its `SwiftObjectWithEnum`, `SwiftObjectWithStruct` and `SwiftObjectWithManagedLazyProperty`: only `@Persisted`
/// properties are stored.
final class APTIgnored: Object {
    @Persisted var name = ""
    @Persisted var _urlBacking = ""
    var runtimeProperty: Int = 0
    var runtimeDefaultProperty = "property"
    var readOnlyProperty: Int { runtimeProperty + 1 }
    var url: URL? {
        get { URL(string: _urlBacking) }
        set { _urlBacking = newValue?.absoluteString ?? "" }
    }
    var swiftEnum = APTPlainEnum.one
    var swiftStruct = Strata.SortDescriptor(keyPath: "prop")
    lazy var foobar: String = "foo"
}

/// Realm's `SwiftFakeObject`, subclassed.
class APTBaseModel: Object {
    @Persisted var requiredProp: String?
}

/// Realm's `SwiftFakeObjectSubclass`: its own property after the one it inherits.
final class APTSubclassModel: APTBaseModel {
    @Persisted var dateCol = Date(timeIntervalSince1970: 0)
}

/// Realm's `SwiftImplicitlyUnwrappedOptionalObject`.
final class APTImplicitlyUnwrapped: Object {
    @Persisted var optObjectCol: SSDBoolObject!
    @Persisted var optStringCol: String!
    @Persisted var optBinaryCol: Data!
    @Persisted var optDateCol: Date!
    @Persisted var optDecimalCol: Decimal128!
    @Persisted var optObjectIdCol: ObjectId!
    @Persisted var optUuidCol: UUID!
}
