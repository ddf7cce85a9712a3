import Foundation
import Strata
import Testing

// The models and helpers of the ports of realm-swift's `Realm/Tests/ArrayPropertyTests.m`,
// `Realm/Tests/LinkingObjectsTests.mm` and `Realm/Tests/LinkTests.m` (ArrayPropertyPortTests*.swift and
// LinkingObjectsPortTests.swift), shaped as that suite's Objective-C models.

/// An employee, as realm-swift's `EmployeeObject`.
final class APTEmployee: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var hired = false
}

/// A company with a list of employees, as realm-swift's `CompanyObject`.
final class APTCompany: Object {
    @Persisted var name = ""
    @Persisted var employees: List<APTEmployee>
}

/// One row of aggregable values, as realm-swift's `AggregateObject`.
final class APTAggregate: Object {
    @Persisted var intCol = 0
    @Persisted var floatCol: Float = 0
    @Persisted var doubleCol = 0.0
    @Persisted var boolCol = false
    @Persisted var dateCol = Date(timeIntervalSince1970: 0)
}

/// A list of ``APTAggregate``, as realm-swift's `AggregateArrayObject`.
final class APTAggregateList: Object {
    @Persisted var array: List<APTAggregate>
}

/// A dog, as realm-swift's `DogObject`.
final class APTDog: Object {
    @Persisted var dogName = ""
    @Persisted var age = 0
}

/// A list of dogs, as realm-swift's `DogArrayObject`.
final class APTDogList: Object {
    @Persisted var dogs: List<APTDog>
}

/// A person with children and the parents linking to them, as realm-swift's `PersonObject`.
final class APTPerson: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var children: List<APTPerson>
    @Persisted(originProperty: "children") var parents: LinkingObjects<APTPerson>
}

/// A dog with its owners, as realm-swift's `DogObject` seen from `OwnerObject`.
final class APTPet: Object {
    @Persisted var dogName = ""
    @Persisted var age = 0
    @Persisted(originProperty: "dog") var owners: LinkingObjects<APTOwner>
}

/// An owner of one dog, as realm-swift's `OwnerObject`.
final class APTOwner: Object {
    @Persisted var name = ""
    @Persisted var dog: APTPet?
}

/// A string object, as realm-swift's `StringObject`.
final class APTString: Object {
    @Persisted var stringCol = ""
}

/// A link to itself or another of its kind, as realm-swift's `CircleObject`.
final class APTCircle: Object {
    @Persisted var data = ""
    @Persisted var next: APTCircle?
}

/// A list of its own kind, as realm-swift's `CircularArrayObject`.
final class APTCircularList: Object {
    @Persisted var array: List<APTCircularList>
}

/// Properties stored under other names, as realm-swift's `RenamedProperties1`.
final class APTRenamedProps: Object {
    @Persisted var propA = 0
    @Persisted var propB = ""
    @Persisted(originProperty: "linkA") var linking: LinkingObjects<APTRenamedPropsLink>

    override class func propertiesMapping() -> [String: String] { ["propA": "prop 1", "propB": "prop 2"] }
}

/// A renamed link and a renamed list, as realm-swift's `LinkToRenamedProperties1`.
final class APTRenamedPropsLink: Object {
    @Persisted var linkA: APTRenamedProps?
    @Persisted var array: List<APTRenamedProps>

    override class func propertiesMapping() -> [String: String] { ["linkA": "link 1", "array": "array 1"] }
}

/// The object types of these ports.
let aptObjectTypes: [ObjectBase.Type] = [
    APTEmployee.self, APTCompany.self, APTAggregate.self, APTAggregateList.self, APTDog.self, APTDogList.self,
    APTPerson.self, APTPet.self, APTOwner.self, APTString.self, APTCircle.self, APTCircularList.self,
    APTRenamedProps.self, APTRenamedPropsLink.self,
]

/// A fresh in-memory realm with the port's object types.
func aptRealm() async throws -> Realm {
    try await Realm(configuration: memoryConfiguration(aptObjectTypes))
}

/// A position as text: the number, or `nil`.
func aptText(_ position: Int?) -> String { position.map(String.init) ?? "nil" }

/// The message `body` throws, or `no error`.
func aptFailure(_ body: () throws -> Any?) -> String {
    do {
        _ = try body()
        return "no error"
    } catch {
        return "\(error)"
    }
}

/// A collection change as text: `initial n`, `update -[…] +[…] ~[…]` or `error`.
func aptDescribe<C: RealmCollection>(_ change: RealmCollectionChange<C>?) -> String {
    switch change {
    case .initial(let collection)?: "initial \(collection.count)"
    case .update(_, let deletions, let insertions, let modifications)?:
        "update -\(deletions) +\(insertions) ~\(modifications)"
    case .error(let error)?: "error \(error)"
    case nil: "end"
    }
}
