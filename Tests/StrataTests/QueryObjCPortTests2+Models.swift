import Foundation
import Strata
import Testing

// The models of realm-swift's Objective-C test objects (Realm/TestUtils/include/RLMTestObjects.h and the classes
// declared in Realm/Tests/QueryTests.m) that the second half of Realm/Tests/QueryTests.m queries, as Strata models
// (prefix QOB), and the helpers that count a query's matches or return its error. The Objective-C properties that
// are not listed among a class's required properties are optional here.

/// Realm's `StringObject`.
final class QOBString: Object {
    @Persisted var stringCol: String?
}

/// Realm's `IndexedStringObject`.
final class QOBIndexedString: Object {
    @Persisted(indexed: true) var stringCol: String?
}

/// Realm's `LinkStringObject`.
final class QOBLinkString: Object {
    @Persisted var objectCol: QOBString?
}

/// Realm's `LinkIndexedStringObject`.
final class QOBLinkIndexedString: Object {
    @Persisted var objectCol: QOBIndexedString?
}

/// Realm's `IntObject`.
final class QOBInt: Object {
    @Persisted var intCol = 0
}

/// Realm's `AllTypesObject`, without its mixed-object link and linking objects.
final class QOBAllTypes: Object {
    @Persisted var boolCol = false
    @Persisted var intCol = 0
    @Persisted var floatCol: Float = 0
    @Persisted var doubleCol = 0.0
    @Persisted var stringCol = ""
    @Persisted var binaryCol = Data()
    @Persisted var dateCol = Date(timeIntervalSince1970: 0)
    @Persisted var cBoolCol = false
    @Persisted var longCol: Int64 = 0
    @Persisted var decimalCol = Decimal128(0)
    @Persisted var objectIdCol = ObjectId.generate()
    @Persisted var uuidCol = UUID()
    @Persisted var objectCol: QOBString?
    @Persisted var anyCol: AnyRealmValue

    /// Realm's `+[AllTypesObject values:stringObject:]`: the values of object number `i` (1 to 5).
    static func values(_ i: Int, _ string: QOBString?) -> [String: Any] {
        let letter = String(UnicodeScalar(UInt8(96 + i)))
        var values: [String: Any] = [
            "boolCol": i % 2 == 1, "cBoolCol": i % 2 == 1, "intCol": i, "floatCol": Float(1.1) * Float(i),
            "doubleCol": 1.11 * Double(i), "stringCol": letter, "binaryCol": Data(letter.utf8),
            "dateCol": Date(timeIntervalSince1970: Double(i)), "longCol": Int64(i) * Int64(Int32.max) + 1,
            "decimalCol": Decimal128(number: NSNumber(value: i)), "anyCol": AnyRealmValue.int(i + 1),
        ]
        if let string { values["objectCol"] = string }
        return values
    }
}

/// Realm's `ArrayOfAllTypesObject`.
final class QOBArrayOfAllTypes: Object {
    @Persisted var array: List<QOBAllTypes>
}

/// Realm's `SetOfAllTypesObject`.
final class QOBSetOfAllTypes: Object {
    @Persisted var set: MutableSet<QOBAllTypes>
}

/// Realm's `DictionaryOfAllTypesObject`.
final class QOBDictionaryOfAllTypes: Object {
    @Persisted var dictionary: Map<String, QOBAllTypes?>
}

/// Realm's `PersonObject`: a person, their children, and the people whose children list holds them.
final class QOBPerson: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var children: List<QOBPerson>
    @Persisted(originProperty: "children") var parents: LinkingObjects<QOBPerson>
}

/// Realm's `EmployeeObject`.
final class QOBEmployee: Object {
    @Persisted var name: String?
    @Persisted var age = 0
    @Persisted var hired = false
}

/// Realm's `CompanyObject`.
final class QOBCompany: Object {
    @Persisted var name: String?
    @Persisted var employees: List<QOBEmployee>
    @Persisted var employeeSet: MutableSet<QOBEmployee>
    @Persisted var employeeDict: Map<String, QOBEmployee?>
}

/// Realm's `LinkToCompanyObject`.
final class QOBLinkToCompany: Object {
    @Persisted var company: QOBCompany?
}

/// Realm's `DogObject`.
final class QOBDog: Object {
    @Persisted var dogName: String?
    @Persisted var age = 0
}

/// Realm's `OwnerObject`.
final class QOBOwner: Object {
    @Persisted var name: String?
    @Persisted var dog: QOBDog?
}

/// Realm's `ArrayPropertyObject`.
final class QOBArrayProperty: Object {
    @Persisted var name: String?
    @Persisted var array: List<QOBString>
    @Persisted var intArray: List<QOBInt>
}

/// Realm's `SetPropertyObject`.
final class QOBSetProperty: Object {
    @Persisted var name: String?
    @Persisted var set: MutableSet<QOBString>
    @Persisted var intSet: MutableSet<QOBInt>
}

/// Realm's `DictionaryPropertyObject`, with the maps these tests use.
final class QOBDictionaryProperty: Object {
    @Persisted var stringDictionary: Map<String, QOBString?>
    @Persisted var intObjDictionary: Map<String, QOBInt?>
}

/// Realm's `IntegerArrayPropertyObject`.
final class QOBIntegerArray: Object {
    @Persisted var number = 0
    @Persisted var array: List<QOBInt>
}

/// Realm's `IntegerSetPropertyObject`.
final class QOBIntegerSet: Object {
    @Persisted var number = 0
    @Persisted var set: MutableSet<QOBInt>
}

/// Realm's `IntegerDictionaryPropertyObject`.
final class QOBIntegerDictionary: Object {
    @Persisted var number = 0
    @Persisted var dictionary: Map<String, QOBInt?>
}

/// Realm's `AllDictionariesObject`.
final class QOBAllDictionaries: Object {
    @Persisted var intDict: Map<String, Int?>
    @Persisted var floatDict: Map<String, Float?>
    @Persisted var doubleDict: Map<String, Double?>
    @Persisted var boolDict: Map<String, Bool?>
    @Persisted var stringDict: Map<String, String?>
    @Persisted var dateDict: Map<String, Date?>
    @Persisted var dataDict: Map<String, Data?>
    @Persisted var decimalDict: Map<String, Decimal128?>
    @Persisted var objectIdDict: Map<String, ObjectId?>
    @Persisted var uuidDict: Map<String, UUID?>
    @Persisted var stringObjDict: Map<String, QOBString?>
}

/// The `DictionaryParentObject` of QueryTests.m.
final class QOBDictionaryParent: Object {
    @Persisted var objectCol: QOBAllDictionaries?
}

/// Realm's `NumberObject`.
final class QOBNumber: Object {
    @Persisted var intObj: Int?
    @Persisted var floatObj: Float?
    @Persisted var doubleObj: Double?
    @Persisted var boolObj: Bool?
}

/// Realm's `DateObject`.
final class QOBDate: Object {
    @Persisted var dateCol: Date?
}

/// Realm's `AllOptionalTypes`.
final class QOBAllOptionalTypes: Object {
    @Persisted var intObj: Int?
    @Persisted var floatObj: Float?
    @Persisted var doubleObj: Double?
    @Persisted var boolObj: Bool?
    @Persisted var string: String?
    @Persisted var data: Data?
    @Persisted var date: Date?
    @Persisted var decimal: Decimal128?
    @Persisted var objectId: ObjectId?
    @Persisted var uuidCol: UUID?
}

/// The `QueryObject` of QueryTests.m, the properties testComparisonsWithKeyPathOnRHS reads.
final class QOBQueryObject: Object {
    @Persisted var bool1 = false
    @Persisted var bool2 = false
    @Persisted var int1 = 0
    @Persisted var int2 = 0
    @Persisted var float1: Float = 0
    @Persisted var float2: Float = 0
    @Persisted var double1 = 0.0
    @Persisted var double2 = 0.0
    @Persisted var string1 = ""
    @Persisted var string2 = ""
    @Persisted var data1 = Data()
    @Persisted var data2 = Data()
    @Persisted var decimal1 = Decimal128(0)
    @Persisted var decimal2 = Decimal128(0)
    @Persisted var objectId1 = ObjectId.generate()
    @Persisted var objectId2 = ObjectId.generate()
    @Persisted var any1: AnyRealmValue
    @Persisted var any2: AnyRealmValue
}

/// The `NullQueryObject` of QueryTests.m: the same properties, every one optional.
final class QOBNullQueryObject: Object {
    @Persisted var bool1: Bool?
    @Persisted var bool2: Bool?
    @Persisted var int1: Int?
    @Persisted var int2: Int?
    @Persisted var float1: Float?
    @Persisted var float2: Float?
    @Persisted var double1: Double?
    @Persisted var double2: Double?
    @Persisted var string1: String?
    @Persisted var string2: String?
    @Persisted var data1: Data?
    @Persisted var data2: Data?
    @Persisted var decimal1: Decimal128?
    @Persisted var decimal2: Decimal128?
    @Persisted var objectId1: ObjectId?
    @Persisted var objectId2: ObjectId?
    @Persisted var any1: AnyRealmValue
    @Persisted var any2: AnyRealmValue
}

/// Realm's `RenamedProperties1`: its properties stored as columns named "prop 1" and "prop 2".
final class QOBRenamed1: Object {
    @Persisted var propA = 0
    @Persisted var propB: String?
    @Persisted(originProperty: "linkA") var linking1: LinkingObjects<QOBLinkToRenamed1>
    override class func propertiesMapping() -> [String: String] { ["propA": "prop 1", "propB": "prop 2"] }
}

/// Realm's `RenamedProperties2`: other Swift names for the same column names.
final class QOBRenamed2: Object {
    @Persisted var propC = 0
    @Persisted var propD: String?
    override class func propertiesMapping() -> [String: String] { ["propC": "prop 1", "propD": "prop 2"] }
}

/// Realm's `LinkToRenamedProperties1`.
final class QOBLinkToRenamed1: Object {
    @Persisted var linkA: QOBRenamed1?
    @Persisted var linkB: QOBRenamed2?
    @Persisted var array: List<QOBRenamed1>
    @Persisted var set: MutableSet<QOBRenamed1>
    override class func propertiesMapping() -> [String: String] { ["linkA": "Link A", "linkB": "Link B"] }
}

/// Realm's `LinkToRenamedProperties2`.
final class QOBLinkToRenamed2: Object {
    @Persisted var linkC: QOBRenamed2?
    @Persisted var linkD: QOBRenamed1?
    @Persisted var array: List<QOBRenamed2>
    @Persisted var set: MutableSet<QOBRenamed2>
    override class func propertiesMapping() -> [String: String] { ["linkC": "Link A", "linkD": "Link B"] }
}

// MARK: Helpers

/// A fresh in-memory realm holding `types`.
func qobRealm(_ types: [ObjectBase.Type]) async throws -> Realm {
    try await Realm(configuration: memoryConfiguration(types))
}

/// How many elements of `collection` match `query` with `args`; -1, with the error recorded, if it throws.
func qobCount<C: RealmCollection>(
    _ collection: C,
    _ query: String,
    _ args: [Any] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) -> Int {
    do {
        return try collection.filter(RealmPredicate(format: query, argumentArray: args)).count
    } catch {
        Issue.record("'\(query)' threw: \(error)", sourceLocation: sourceLocation)
        return -1
    }
}

/// Expects `query` to match `expected` elements of `collection`; a known issue when `issue` names one.
func qobExpect<C: RealmCollection>(
    _ collection: C,
    _ query: String,
    _ args: [Any] = [],
    _ expected: Int,
    issue: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let check = {
        let count = qobCount(collection, query, args, sourceLocation: sourceLocation)
        #expect(count == expected, "'\(query)'", sourceLocation: sourceLocation)
    }
    if let issue {
        withKnownIssue(Comment(rawValue: issue), sourceLocation: sourceLocation) { check() }
    } else {
        check()
    }
}

/// The error `query` gives on `collection`, or "no error".
func qobError<C: RealmCollection>(_ collection: C, _ query: String, _ args: [Any] = []) -> String {
    do {
        _ = try collection.filter(RealmPredicate(format: query, argumentArray: args))
        return "no error"
    } catch {
        return "\(error)"
    }
}

/// Expects `query` to fail on `collection` with an error containing Realm's `reason` (any error when `reason` is
/// nil); a known issue when `issue` names one.
func qobExpectError<C: RealmCollection>(
    _ collection: C,
    _ query: String,
    _ args: [Any] = [],
    _ reason: String?,
    issue: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let error = qobError(collection, query, args)
    let check = {
        #expect(error != "no error", "'\(query)' was accepted", sourceLocation: sourceLocation)
        if let reason {
            #expect(error.contains(reason), "'\(query)': \(error)", sourceLocation: sourceLocation)
        }
    }
    if let issue {
        withKnownIssue(Comment(rawValue: issue), sourceLocation: sourceLocation) { check() }
    } else {
        check()
    }
}
