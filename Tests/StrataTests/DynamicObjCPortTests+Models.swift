import Foundation
import Strata

// The models of DynamicObjCPortTests.swift, after the Objective-C test models of realm-swift's
// Realm/Tests/DynamicTests.m (declared in its RLMTestObjects.h), with `@Persisted` properties and a `DOC` prefix.

/// As `DynamicTestObject`: a string and an integer.
final class DOCDynamicTest: Object {
    @Persisted var stringCol = ""
    @Persisted var intCol = 0
}

/// As `PrimaryStringObject`: a string primary key.
final class DOCPrimaryString: Object {
    @Persisted(primaryKey: true) var stringCol = ""
    @Persisted var intCol = 0
}

/// As `StringObject`: one optional string.
final class DOCString: Object {
    @Persisted var stringCol: String?
}

/// As `IntObject`.
final class DOCInt: Object {
    @Persisted var intCol = 0
}

/// As `AllTypesObject`: a required property of every plain type, then a link.
final class DOCAllTypes: Object {
    @Persisted var boolCol = false
    @Persisted var intCol = 0
    @Persisted var floatCol: Float = 0
    @Persisted var doubleCol = 0.0
    @Persisted var stringCol = ""
    @Persisted var binaryCol = Data()
    @Persisted var dateCol = Date(timeIntervalSince1970: 0)
    @Persisted var cBoolCol = false
    @Persisted var longCol: Int64 = 0
    @Persisted var decimalCol: Decimal128 = 0
    @Persisted var objectIdCol = ObjectId("000000000000000000000000")
    @Persisted var uuidCol = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
    @Persisted var objectCol: DOCString?
}

/// As `ArrayPropertyObject`: a name and two lists of objects.
final class DOCArrayProperty: Object {
    @Persisted var name = ""
    @Persisted var array: List<DOCString>
    @Persisted var intArray: List<DOCInt>
}

/// As `SetPropertyObject`: a name and two sets of objects.
final class DOCSetProperty: Object {
    @Persisted var name = ""
    @Persisted var set: MutableSet<DOCString>
    @Persisted var intSet: MutableSet<DOCInt>
}

/// As `IntObject`, embedded: `EmbeddedIntObject`.
final class DOCEmbeddedInt: EmbeddedObject {
    @Persisted var intCol = 0
}

/// As `DictionaryPropertyObject`: maps of objects, of strings and of embedded objects.
final class DOCDictionaryProperty: Object {
    @Persisted var stringDictionary: Map<String, DOCString?>
    @Persisted var intObjDictionary: Map<String, DOCInt?>
    @Persisted var primitiveStringDictionary: Map<String, String>
    @Persisted var embeddedDictionary: Map<String, DOCEmbeddedInt?>
}

/// As `AllOptionalTypes`: an optional property of each type the dynamic test sets.
final class DOCAllOptional: Object {
    @Persisted var intObj: Int?
    @Persisted var floatObj: Float?
    @Persisted var doubleObj: Double?
    @Persisted var boolObj: Bool?
    @Persisted var string: String?
    @Persisted var data: Data?
    @Persisted var date: Date?
    @Persisted var uuidCol: UUID?
}

/// As `PersonObject`: children, and the parents that list this person as a child.
final class DOCPerson: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var children: List<DOCPerson>
    @Persisted(originProperty: "children") var parents: LinkingObjects<DOCPerson>
}

/// As `EmbeddedIntParentObject`: a primary key, an embedded object and a list of them.
final class DOCEmbeddedIntParent: Object {
    @Persisted(primaryKey: true) var pk = 0
    @Persisted var object: DOCEmbeddedInt?
    @Persisted var array: List<DOCEmbeddedInt>
}

/// Every model of the suite.
let docTypes: [ObjectBase.Type] = [
    DOCDynamicTest.self, DOCPrimaryString.self, DOCString.self, DOCInt.self, DOCAllTypes.self,
    DOCArrayProperty.self, DOCSetProperty.self, DOCEmbeddedInt.self, DOCDictionaryProperty.self,
    DOCAllOptional.self, DOCPerson.self, DOCEmbeddedIntParent.self,
]

/// The values of `DOCAllTypes` number `index` (0 or 1, as `[AllTypesObject values:stringObject:]`), with `object`
/// as its link.
func docAllTypesValues(_ index: Int, object: Any?) -> [String: Any] {
    [
        "boolCol": index % 2 == 1,
        "intCol": index + 1,
        "floatCol": Float(index) + 1.1,
        "doubleCol": Double(index) + 11.1,
        "stringCol": "a\(index)",
        "binaryCol": Data("b\(index)".utf8),
        "dateCol": Date(timeIntervalSince1970: Double(index) + 1),
        "cBoolCol": index % 2 == 1,
        "longCol": Int64(index) * 1_000_000_000_000,
        "decimalCol": Decimal128(integerLiteral: Int64(index) + 1),
        "objectIdCol": ObjectId(bytes: Array(repeating: UInt8(index + 1), count: 12)),
        "uuidCol": UUID(uuidString: "137DECC8-B300-4954-A233-F89909F4FD8\(index)")!,
        "objectCol": object ?? NSNull(),
    ]
}

/// The twelve plain properties of `DOCAllTypes`, in declaration order.
let docPlainProperties = [
    "boolCol", "intCol", "floatCol", "doubleCol", "stringCol", "binaryCol", "dateCol", "cBoolCol", "longCol",
    "decimalCol", "objectIdCol", "uuidCol",
]
