import Foundation
import Strata
import Testing

// What a server feeds from a request must not stop the process: every string-keyed call has a throwing form (Realm's
// call with `checked` before its first label), which throws the message Realm's spelling stops with. Each case is a
// malformed sort key path, aggregate property, query or key from a "request", applied to one shared realm that must
// answer the next request as if nothing had happened.

/// A call a request fills with a string, and the message Realm gives for the string in it.
enum RequestCall: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sortUnknownKeyPath, sortDescriptorUnknown, sortThroughList, sortCollectionOperator, distinctUnknown
    case minUnknown, maxOfUUID, sumOfString, sumOfBool, sumOfDate, averageOfOptionalString, sumOfList
    case sumThroughLinkUnknown, kvcUnknownKey, kvcUnknownOperator, kvcSumOfString, queryUnknownProperty
    case querySyntax, objectUnknownKey, objectWrongValue

    var testDescription: String { rawValue }

    /// Realm's message (realm-core's for sorting and aggregates, Foundation's for key-value coding), or the start
    /// of it where Realm's tests match a prefix.
    var message: String {
        switch self {
        case .sortUnknownKeyPath, .sortDescriptorUnknown:
            "Cannot sort on key path 'noSuchCol': property 'AllTypes.noSuchCol' does not exist."
        case .sortThroughList:
            "Cannot sort on key path 'intList': property 'AllTypes.intList' is of unsupported type 'array'."
        case .sortCollectionOperator:
            "Cannot sort on key path 'intList.@count': KVC collection operators are not supported."
        case .distinctUnknown: "Cannot sort on key path 'noSuchCol': property 'AllTypes.noSuchCol' does not exist."
        case .minUnknown: "Invalid property name: Property 'noSuchCol' not found in object of type 'AllTypes'"
        case .maxOfUUID: "Operation 'max' not supported for uuid property 'AllTypes.uuid'"
        case .sumOfString: "Operation 'sum' not supported for string property 'AllTypes.string'"
        case .sumOfBool: "Operation 'sum' not supported for bool property 'AllTypes.bool'"
        case .sumOfDate: "Operation 'sum' not supported for date property 'AllTypes.date'"
        case .averageOfOptionalString:
            "Operation 'average' not supported for string? property 'AllTypes.optionalString'"
        case .sumOfList: "Operation 'sum' not supported for int list 'AllTypes.intList'"
        case .sumThroughLinkUnknown: "Invalid property name: Property 'weight' not found in object of type 'Dog'"
        case .kvcUnknownKey: "this class is not key value coding-compliant for the key noSuchCol."
        case .kvcUnknownOperator: "Unsupported KVC collection operator found in key path '@median.int'"
        case .kvcSumOfString: "Operation 'sum' not supported for string property 'AllTypes.string'"
        case .queryUnknownProperty: "noSuchCol"
        case .querySyntax: "=="
        case .objectUnknownKey: "AllTypes has no property named 'noSuchCol'"
        case .objectWrongValue: "int"
        }
    }

    /// Makes the call with the throwing form; it must throw.
    func run(_ all: Results<AllTypes>) throws {
        switch self {
        case .sortUnknownKeyPath: _ = try all.sorted(checkedByKeyPath: "noSuchCol", ascending: false)
        case .sortDescriptorUnknown:
            _ = try all.sorted(checkedBy: [SortDescriptor(keyPath: "int"), SortDescriptor(keyPath: "noSuchCol")])
        case .sortThroughList: _ = try all.sorted(checkedByKeyPath: "intList")
        case .sortCollectionOperator: _ = try all.sorted(checkedByKeyPath: "intList.@count")
        case .distinctUnknown: _ = try all.distinct(checkedBy: ["noSuchCol"])
        case .minUnknown: let _: Int? = try all.min(checkedOfProperty: "noSuchCol")
        case .maxOfUUID: let _: UUID? = try all.max(checkedOfProperty: "uuid")
        case .sumOfString: let _: Int = try all.sum(checkedOfProperty: "string")
        case .sumOfBool: let _: Int = try all.sum(checkedOfProperty: "bool")
        case .sumOfDate: let _: Double = try all.sum(checkedOfProperty: "date")
        case .averageOfOptionalString: let _: Double? = try all.average(checkedOfProperty: "optionalString")
        case .sumOfList: let _: Int = try all.sum(checkedOfProperty: "intList")
        case .sumThroughLinkUnknown: let _: Int = try all.sum(checkedOfProperty: "link.weight")
        case .kvcUnknownKey: _ = try all.value(checkedForKey: "noSuchCol")
        case .kvcUnknownOperator: _ = try all.value(checkedForKeyPath: "@median.int")
        case .kvcSumOfString: _ = try all.value(checkedForKeyPath: "@sum.string")
        case .queryUnknownProperty: _ = try all.filter(RealmPredicate(format: "noSuchCol == %@", "x"))
        case .querySyntax: _ = try all.filter(RealmPredicate(format: "int == == 3"))
        case .objectUnknownKey: _ = try all[0].value(checkedForKey: "noSuchCol")
        case .objectWrongValue: try all[0].setValue("not a number", checkedForKey: "int")
        }
    }
}

@Suite("Strings from a request: the checked forms throw Realm's message and the realm stays usable")
struct CheckedCallTests {
    /// A realm of three `AllTypes` objects (`int` 1, 2, 3, each linking a dog).
    private static func seeded() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            for value in 1...3 {
                try realm.add(
                    AllTypes(value: ["int": value, "string": "s\(value)", "link": ["name": "d\(value)", "age": value]])
                )
            }
        }
        return realm
    }

    @Test("A malformed string from a request throws through the checked form", arguments: RequestCall.allCases)
    func malformedRequestThrows(call: RequestCall) async throws {
        let realm = try await Self.seeded()
        let message: String? = try await realm.write { realm in
            let all = realm.objects(AllTypes.self)
            do {
                try call.run(all)
                return nil
            } catch let error as RealmError {
                return error.description
            }
        }
        let thrown = try #require(message, "\(call) did not throw")
        #expect(thrown.contains(call.message), "\(call): \(thrown)")

        // The next request on the same realm is answered: a write commits and the aggregates read it.
        try await realm.write { realm in try realm.add(AllTypes(value: ["int": 10])) }
        let (count, sum, firstName) = await realm.read { realm in
            let all = realm.objects(AllTypes.self)
            let sum: Int = all.sum(ofProperty: "int")
            return (all.count, sum, all.sorted(byKeyPath: "int")[0].link?.name)
        }
        #expect(count == 4)
        #expect(sum == 16)
        #expect(firstName == "d1")
    }

    @Test("The checked forms give what Realm's spellings give for good strings")
    func checkedFormsAgreeWithRealmSpellings() async throws {
        let realm = try await Self.seeded()
        try await realm.read { realm in
            let all = realm.objects(AllTypes.self)
            #expect(try all.sorted(checkedByKeyPath: "int", ascending: false).map(\.int) == [3, 2, 1])
            #expect(
                try all.sorted(checkedBy: [SortDescriptor(keyPath: "link.name", ascending: false)]).map(\.int)
                    == all.sorted(by: [SortDescriptor(keyPath: "link.name", ascending: false)]).map(\.int)
            )
            #expect(try all.distinct(checkedBy: ["bool"]).count == 1)
            let minimum: Int? = try all.min(checkedOfProperty: "int")
            let maximum: Int? = try all.max(checkedOfProperty: "link.age")
            let sum: Double = try all.sum(checkedOfProperty: "int")
            let average: Double? = try all.average(checkedOfProperty: "int")
            let latest: Date? = try all.max(checkedOfProperty: "date")
            #expect(minimum == 1)
            #expect(maximum == 3)
            #expect(sum == 6)
            #expect(average == 2)
            #expect(latest == Date(timeIntervalSince1970: 0))
            #expect(try all.value(checkedForKey: "int") as? [Int] == [1, 2, 3])
            #expect(try all.value(checkedForKeyPath: "@sum.int") as? Int == 6)
            #expect(try all[0].value(checkedForKey: "string") as? String == "s1")
            let dogs = all.compactMap(\.link)
            #expect(dogs.count == 3)
        }
    }

    @Test("An unmanaged object and list answer the checked forms as managed ones do")
    func unmanagedCheckedForms() throws {
        let object = AllTypes()
        try object.setValue(5, checkedForKey: "int")
        #expect(object.int == 5)
        #expect(try object.value(checkedForKey: "int") as? Int == 5)
        #expect(throws: RealmError.self) { try object.setValue("five", checkedForKey: "int") }
        #expect(object.int == 5)
        let people = List<Person>()
        people.append(Person(value: ["id": 1, "name": "Ada", "age": 36]))
        people.append(Person(value: ["id": 2, "name": "Bo"]))
        let sum: Int = try people.sum(checkedOfProperty: "age")
        #expect(sum == 36)
        #expect(throws: RealmError.invalidQuery("Operation 'sum' not supported for string property 'Person.name'")) {
            let _: Int = try people.sum(checkedOfProperty: "name")
        }
        #expect(
            throws: RealmError.invalidQuery(
                "Invalid property name: Property 'height' not found in object of type 'Person'"
            )
        ) {
            let _: Int? = try people.max(checkedOfProperty: "height")
        }
    }

    @Test("A map of objects answers the checked aggregates over its values")
    func mapCheckedForms() async throws {
        final class Kennel: Object {
            @Persisted var dogs: Map<String, Dog?>
        }
        let realm = try await Realm(
            configuration: memoryConfiguration([Kennel.self, Dog.self, Person.self, AllTypes.self])
        )
        try await realm.write { realm in
            let kennel = Kennel()
            kennel.dogs["a"] = Dog(value: ["name": "a", "age": 2])
            kennel.dogs["b"] = Dog(value: ["name": "b", "age": 5])
            try realm.add(kennel)
        }
        try await realm.read { realm in
            let dogs = realm.objects(Kennel.self)[0].dogs
            let sum: Int = try dogs.sum(checkedOfProperty: "age")
            #expect(sum == 7)
            #expect(try dogs.sorted(checkedByKeyPath: "age", ascending: false).map { $0?.name } == ["b", "a"])
            #expect(throws: RealmError.self) { let _: Int = try dogs.sum(checkedOfProperty: "name") }
            #expect(throws: RealmError.self) { _ = try dogs.sorted(checkedByKeyPath: "weight") }
        }
    }
}
