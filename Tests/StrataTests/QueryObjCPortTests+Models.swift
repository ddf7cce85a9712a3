import Foundation
import Strata
import Testing

// The models of QueryObjCPortTests: the Objective-C test objects that realm-swift's Realm/Tests/QueryTests.m queries
// (declared in Realm/TestUtils/include/RLMTestObjects.h and at the top of QueryTests.m), with the same property names,
// so that the query strings of Realm's tests run unchanged. Prefix QOA.

/// Realm's `StringObject`.
final class QOAString: Object {
    @Persisted var stringCol: String?
}

/// Realm's `MixedObject`.
final class QOAMixed: Object {
    @Persisted var anyCol: AnyRealmValue
}

/// Realm's `AllTypesObject`.
final class QOAAllTypes: Object {
    @Persisted var boolCol = false
    @Persisted var intCol = 0
    @Persisted var floatCol: Float = 0
    @Persisted var doubleCol: Double = 0
    @Persisted var stringCol = ""
    @Persisted var binaryCol = Data()
    @Persisted var dateCol = Date(timeIntervalSince1970: 0)
    @Persisted var cBoolCol = false
    @Persisted var longCol: Int64 = 0
    @Persisted var decimalCol: Decimal128 = 0
    @Persisted var objectIdCol = ObjectId.generate()
    @Persisted var uuidCol = UUID()
    @Persisted var objectCol: QOAString?
    @Persisted var mixedObjectCol: QOAMixed?
    @Persisted var anyCol: AnyRealmValue

    /// The values of Realm's `[AllTypesObject values:i stringObject:so]`: for i = 1, 2, 3, 4 the strings "a"…"d",
    /// floats 1.1·i, doubles 1.11·i, dates i seconds after 1970, longs i·Int32.max + 1, decimals i, any i + 1.
    convenience init(_ i: Int, _ stringObject: QOAString? = nil) {
        self.init()
        let letter = String(UnicodeScalar(UInt8(96 + i)))
        boolCol = i % 2 == 1
        cBoolCol = i % 2 == 1
        intCol = i
        floatCol = 1.1 * Float(i)
        doubleCol = 1.11 * Double(i)
        stringCol = letter
        binaryCol = Data(letter.utf8)
        dateCol = Date(timeIntervalSince1970: Double(i))
        longCol = Int64(i) * Int64(Int32.max) + 1
        decimalCol = Decimal128(number: NSNumber(value: i))
        uuidCol = i < 4 ? qoaUUIDs[i] : UUID(uuidString: "b9d325b0-3058-4838-8473-8f1aaae410db")!
        objectCol = stringObject
        anyCol = .int(i + 1)
    }
}

/// The UUIDs Realm's `values:stringObject:` gives objects 0…3.
let qoaUUIDs = [
    "85d4fbee-6ec6-47df-bfa1-615931903d7e", "00000000-0000-0000-0000-000000000000",
    "137DECC8-B300-4954-A233-F89909F4FD89", "b84e8912-a7c2-41cd-8385-86d200d7b31e",
]
.map { UUID(uuidString: $0)! }

/// Realm's `ArrayOfAllTypesObject`.
final class QOAArrayOfAllTypes: Object {
    @Persisted var array: List<QOAAllTypes>
}

/// Realm's `SetOfAllTypesObject`.
final class QOASetOfAllTypes: Object {
    @Persisted var set: MutableSet<QOAAllTypes>
}

/// Realm's `DictionaryOfAllTypesObject`.
final class QOADictionaryOfAllTypes: Object {
    @Persisted var dictionary: Map<String, QOAAllTypes?>
}

/// Realm's `LinkToAllTypesObject`.
final class QOALinkToAllTypes: Object {
    @Persisted var allTypesCol: QOAAllTypes?
}

/// Realm's `PersonObject`.
final class QOAPerson: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var children: List<QOAPerson>

    convenience init(_ name: String, _ age: Int) {
        self.init()
        self.name = name
        self.age = age
    }
}

/// Realm's `PersonLinkObject`.
final class QOAPersonLink: Object {
    @Persisted var person: QOAPerson?
}

/// Realm's `IntObject`.
final class QOAInt: Object {
    @Persisted var intCol = 0
}

/// Realm's `FloatObject`.
final class QOAFloat: Object {
    @Persisted var floatCol: Float = 0
}

/// Realm's `DoubleObject`.
final class QOADouble: Object {
    @Persisted var doubleCol: Double = 0
}

/// Realm's `DateObject`.
final class QOADate: Object {
    @Persisted var dateCol = Date(timeIntervalSince1970: 0)
}

/// Realm's `DecimalObject`.
final class QOADecimal: Object {
    @Persisted var decimalCol: Decimal128 = 0
}

/// Realm's `BinaryObject`.
final class QOABinary: Object {
    @Persisted var binaryCol = Data()
}

/// Realm's `BoolObject`.
final class QOABool: Object {
    @Persisted var boolCol = false
}

/// Realm's `UuidObject`.
final class QOAUuid: Object {
    @Persisted var uuidCol = UUID()
}

/// Realm's `DogObject`.
final class QOADog: Object {
    @Persisted var dogName = ""
    @Persisted var age = 0
    @Persisted(originProperty: "dog") var owners: LinkingObjects<QOAOwner>
}

/// Realm's `OwnerObject`.
final class QOAOwner: Object {
    @Persisted var name = ""
    @Persisted var dog: QOADog?
}

/// Realm's `ArrayPropertyObject`.
final class QOAArrayProperty: Object {
    @Persisted var name = ""
    @Persisted var array: List<QOAString>
    @Persisted var intArray: List<QOAInt>
}

/// Realm's `SetPropertyObject`.
final class QOASetProperty: Object {
    @Persisted var name = ""
    @Persisted var set: MutableSet<QOAString>
    @Persisted var intSet: MutableSet<QOAInt>
}

/// Realm's `DictionaryPropertyObject`, with the two maps of objects the queries use.
final class QOADictionaryProperty: Object {
    @Persisted var stringDictionary: Map<String, QOAString?>
    @Persisted var intObjDictionary: Map<String, QOAInt?>
}

/// Realm's `CircleObject`.
final class QOACircle: Object {
    @Persisted var data = ""
    @Persisted var next: QOACircle?
}

/// Realm's `CircleArrayObject`.
final class QOACircleArray: Object {
    @Persisted var circles: List<QOACircle>
}

/// Realm's `CircleSetObject`.
final class QOACircleSet: Object {
    @Persisted var circles: MutableSet<QOACircle>
}

/// Realm's `CircleDictionaryObject`.
final class QOACircleDictionary: Object {
    @Persisted var circles: Map<String, QOACircle?>
}

/// Realm's `EmbeddedIntObject`.
final class QOAEmbeddedInt: EmbeddedObject {
    @Persisted var intCol = 0
}

/// Realm's `EmbeddedIntParentObject`.
final class QOAEmbeddedIntParent: Object {
    @Persisted var pk = 0
    @Persisted var object: QOAEmbeddedInt?
    @Persisted var array: List<QOAEmbeddedInt>
}

/// Realm's `LinkChain1`.
final class QOALinkChain1: Object {
    @Persisted var value = 0
    @Persisted var next: QOALinkChain2?
}

/// Realm's `LinkChain2`.
final class QOALinkChain2: Object {
    @Persisted var next: QOALinkChain3?
    @Persisted(originProperty: "next") var prev: LinkingObjects<QOALinkChain1>
}

/// Realm's `LinkChain3`.
final class QOALinkChain3: Object {
    @Persisted(originProperty: "next") var prev: LinkingObjects<QOALinkChain2>
}

/// Realm's `EmployeeObject`.
final class QOAEmployee: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var hired = false
}

/// Realm's `CompanyObject`, with its list of employees.
final class QOACompany: Object {
    @Persisted var name = ""
    @Persisted var employees: List<QOAEmployee>
}

/// Realm's `LinkToCompanyObject`.
final class QOALinkToCompany: Object {
    @Persisted var company: QOACompany?
}

/// Realm's `AllPrimitiveArrays`, `AllPrimitiveSets` and `AllPrimitiveDictionaries`, with the `intObj` property the
/// queries use.
final class QOAPrimitiveArrays: Object {
    @Persisted var intObj: List<Int>
}

/// See ``QOAPrimitiveArrays``.
final class QOAPrimitiveSets: Object {
    @Persisted var intObj: MutableSet<Int>
}

/// See ``QOAPrimitiveArrays``.
final class QOAPrimitiveDictionaries: Object {
    @Persisted var intObj: Map<String, Int>
}

/// Realm's `QueryObject`: two properties of each type, for comparing one column with another.
final class QOAQuery: Object {
    @Persisted var bool1 = false
    @Persisted var bool2 = false
    @Persisted var int1 = 0
    @Persisted var int2 = 0
    @Persisted var float1: Float = 0
    @Persisted var float2: Float = 0
    @Persisted var double1: Double = 0
    @Persisted var double2: Double = 0
    @Persisted var string1 = ""
    @Persisted var string2 = ""
    @Persisted var data1 = Data()
    @Persisted var data2 = Data()
    @Persisted var decimal1: Decimal128 = 0
    @Persisted var decimal2: Decimal128 = 0
    @Persisted var objectId1 = ObjectId.generate()
    @Persisted var objectId2 = ObjectId.generate()
    @Persisted var any1: AnyRealmValue
    @Persisted var any2: AnyRealmValue
    @Persisted var object1: QOAQuery?
    @Persisted var object2: QOAQuery?
}

/// Every model above, for a configuration.
let qoaTypes: [ObjectBase.Type] = [
    QOAString.self, QOAMixed.self, QOAAllTypes.self, QOAArrayOfAllTypes.self, QOASetOfAllTypes.self,
    QOADictionaryOfAllTypes.self, QOALinkToAllTypes.self, QOAPerson.self, QOAPersonLink.self, QOAInt.self,
    QOAFloat.self, QOADouble.self, QOADate.self, QOADecimal.self, QOABinary.self, QOABool.self, QOAUuid.self,
    QOADog.self, QOAOwner.self, QOAArrayProperty.self, QOASetProperty.self, QOADictionaryProperty.self,
    QOACircle.self, QOACircleArray.self, QOACircleSet.self, QOACircleDictionary.self, QOAEmbeddedInt.self,
    QOAEmbeddedIntParent.self, QOALinkChain1.self, QOALinkChain2.self, QOALinkChain3.self, QOAEmployee.self,
    QOACompany.self, QOALinkToCompany.self, QOAPrimitiveArrays.self, QOAPrimitiveSets.self,
    QOAPrimitiveDictionaries.self, QOAQuery.self,
]

/// A fresh in-memory realm holding every QOA model.
func qoaRealm() async throws -> Realm {
    try await Realm(configuration: memoryConfiguration(qoaTypes))
}

/// What filtering `type`'s objects with `query` gives: "count N", or the error's description.
func qoaOutcome<T: Object>(_ realm: isolated Realm, _ type: T.Type, _ query: String, _ args: [Any] = []) -> String {
    do {
        return "count \(try realm.objects(type).filter(RealmPredicate(format: query, argumentArray: args)).count)"
    } catch {
        return "\(error)"
    }
}

/// The number of `type`'s objects `query` selects; -1 when it throws.
func qoaCount<T: Object>(_ realm: isolated Realm, _ type: T.Type, _ query: String, _ args: Any...) -> Int {
    (try? realm.objects(type).filter(RealmPredicate(format: query, argumentArray: args)).count) ?? -1
}
