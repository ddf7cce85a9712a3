import Foundation
import Strata

// The models of the ObjectCreationObjCPortTests files, after the Objective-C models of realm-swift's
// Realm/Tests/ObjectCreationTests.mm and Realm/Tests/RLMTestObjects.h (CompanyObject, EmployeeObject, DogObject,
// DogExtraObject, BizzaroDog, StringObject, IntObject, PrimaryStringObject, PrimaryIntObject, AllLinks,
// AllLinksWithPrimary, NumberDefaultsObject, AllPrimitiveArrays, AllPrimitiveSets, AllOptionalPrimitiveArrays,
// AllOptionalTypesPK, PrimaryKeyWithDefault).

/// Realm's `EmployeeObject`.
final class OCTEmployee: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var hired = false
}

/// Realm's `CompanyObject`: an optional name, a list and a set of employees.
final class OCTCompany: Object {
    @Persisted var name: String?
    @Persisted var employees: List<OCTEmployee>
    @Persisted var employeeSet: MutableSet<OCTEmployee>
}

/// Realm's `DogObject`.
final class OCTDog: Object {
    @Persisted var dogName = ""
    @Persisted var age = 0
}

/// Realm's `DogExtraObject`: a dog's properties and one more.
final class OCTDogExtra: Object {
    @Persisted var dogName = ""
    @Persisted var age = 0
    @Persisted var breed = ""
}

/// Realm's `BizzaroDog`: a dog's property names with each other's types.
final class OCTBizzaroDog: Object {
    @Persisted var dogName = 0
    @Persisted var age = ""
}

/// Realm's `StringObject`.
final class OCTString: Object {
    @Persisted var stringCol = ""
}

/// Realm's `IntObject`.
final class OCTInt: Object {
    @Persisted var intCol = 0
}

/// Realm's `PrimaryStringObject`.
final class OCTPrimaryString: Object {
    @Persisted(primaryKey: true) var stringCol = ""
    @Persisted var intCol = 0
}

/// Realm's `PrimaryIntObject`.
final class OCTPrimaryInt: Object {
    @Persisted(primaryKey: true) var intCol = 0
}

/// Realm's `AllLinks`: links and collections of objects with and without primary keys.
final class OCTAllLinks: Object {
    @Persisted var string: OCTString?
    @Persisted var primaryString: OCTPrimaryString?
    @Persisted var intArray: List<OCTInt>
    @Persisted var primaryIntArray: List<OCTPrimaryInt>
    @Persisted var intSet: MutableSet<OCTInt>
    @Persisted var primaryIntSet: MutableSet<OCTPrimaryInt>
}

/// Realm's `AllLinksWithPrimary`: ``OCTAllLinks`` with a string primary key first.
final class OCTAllLinksWithPrimary: Object {
    @Persisted(primaryKey: true) var pk = ""
    @Persisted var string: OCTString?
    @Persisted var primaryString: OCTPrimaryString?
    @Persisted var intArray: List<OCTInt>
    @Persisted var primaryIntArray: List<OCTPrimaryInt>
    @Persisted var intSet: MutableSet<OCTInt>
    @Persisted var primaryIntSet: MutableSet<OCTPrimaryInt>
}

/// Realm's `NumberDefaultsObject`: optional numbers with defaults.
final class OCTNumberDefaults: Object {
    @Persisted var intObj: Int? = 1
    @Persisted var floatObj: Float? = 2.2
    @Persisted var doubleObj: Double? = 3.3
    @Persisted var boolObj: Bool? = false
}

/// Realm's `PrimaryKeyWithDefault`.
final class OCTPrimaryKeyWithDefault: Object {
    @Persisted(primaryKey: true) var stringCol = ""
    @Persisted var intCol = 10
}

/// Realm's `AllPrimitiveArrays`.
final class OCTPrimitiveLists: Object {
    @Persisted var intObj: List<Int>
    @Persisted var boolObj: List<Bool>
    @Persisted var floatObj: List<Float>
    @Persisted var doubleObj: List<Double>
    @Persisted var stringObj: List<String>
    @Persisted var dateObj: List<Date>
    @Persisted var dataObj: List<Data>
}

/// Realm's `AllPrimitiveSets`.
final class OCTPrimitiveSets: Object {
    @Persisted var intObj: MutableSet<Int>
    @Persisted var boolObj: MutableSet<Bool>
    @Persisted var floatObj: MutableSet<Float>
    @Persisted var doubleObj: MutableSet<Double>
    @Persisted var stringObj: MutableSet<String>
    @Persisted var dateObj: MutableSet<Date>
    @Persisted var dataObj: MutableSet<Data>
}

/// Realm's `AllOptionalPrimitiveArrays` and `AllOptionalPrimitiveSets`, in one model.
final class OCTOptionalPrimitives: Object {
    @Persisted var intObj: List<Int?>
    @Persisted var stringObj: List<String?>
    @Persisted var dataObj: List<Data?>
    @Persisted var intSet: MutableSet<Int?>
    @Persisted var stringSet: MutableSet<String?>
}

/// Realm's `AllOptionalTypesPK`.
final class OCTOptionalTypesPK: Object {
    @Persisted(primaryKey: true) var pk = 0
    @Persisted var intObj: Int?
    @Persisted var floatObj: Float?
    @Persisted var doubleObj: Double?
    @Persisted var boolObj: Bool?
    @Persisted var string: String?
    @Persisted var data: Data?
    @Persisted var date: Date?
}

/// Every model of the ObjectCreationObjCPortTests files.
let octTypes: [ObjectBase.Type] = [
    OCTEmployee.self, OCTCompany.self, OCTDog.self, OCTDogExtra.self, OCTBizzaroDog.self, OCTString.self,
    OCTInt.self, OCTPrimaryString.self, OCTPrimaryInt.self, OCTAllLinks.self, OCTAllLinksWithPrimary.self,
    OCTNumberDefaults.self, OCTPrimaryKeyWithDefault.self, OCTPrimitiveLists.self, OCTPrimitiveSets.self,
    OCTOptionalPrimitives.self, OCTOptionalTypesPK.self,
]

/// A fresh in-memory realm with every OCT model.
func octRealm() async throws -> Realm {
    try await Realm(configuration: memoryConfiguration(octTypes))
}

/// A company as text: `name [list] {set}`, each employee `name/age/hired`, the set sorted.
func octDescribe(_ company: OCTCompany) -> String {
    func employee(_ employee: OCTEmployee) -> String { "\(employee.name)/\(employee.age)/\(employee.hired)" }
    let list = company.employees.map(employee).joined(separator: ",")
    let set = company.employeeSet.map(employee).sorted().joined(separator: ",")
    return "\(company.name ?? "nil") [\(list)] {\(set)}"
}

/// The optional properties of an ``OCTNumberDefaults`` as text.
func octDescribe(_ numbers: OCTNumberDefaults) -> String {
    func text<T>(_ value: T?) -> String { value.map { "\($0)" } ?? "nil" }
    return [text(numbers.intObj), text(numbers.floatObj), text(numbers.doubleObj), text(numbers.boolObj)]
        .joined(separator: " ")
}

/// The optional properties of an ``OCTOptionalTypesPK`` as text: `-` for nil, `+` for a value.
func octDescribe(_ object: OCTOptionalTypesPK) -> String {
    let values: [Any?] = [
        object.intObj, object.floatObj, object.doubleObj, object.boolObj, object.string, object.data, object.date,
    ]
    return values.map { $0 == nil ? "-" : "+" }.joined()
}
