import Foundation
import Strata
import Testing

// Facts of realm-swift's Realm/Tests/ObjectCreationTests.mm, its add, addOrUpdate and createOrUpdate half (the
// create-from-value half is in ObjectCreationObjCPortTests.swift), for what ObjectCreationSemanticsTests,
// CreateAndAddSemanticsTests, RealmTransactionSemanticsTests, RealmLevelPortTests and RealmTests do not already
// assert: testCreateOrUpdateUpdatesExistingItemWithSamePK, testCreateOrUpdateWithNullPrimaryKey,
// testCreateOrUpdateReusesExistingLinkedObjectsWithPrimaryKeys,
// testCreateOrUpdateOnManagedObjectInSameRealmReturnsExistingObjectInstance,
// testCreatingObjectWithoutAnyPropertiesWorks,
// testAddInvalidated, testAddDuplicatePrimaryKey, testAddingObjectWithoutAnyPropertiesWorks,
// testAddToDifferentRealmThrows and testAddOrUpdateOnManagedObjectInDifferentRealmThrows (the unmanaged parent left
// managed), testAddToCurrentRealmChecksForWrite, testAddOrUpdateUpdatesExistingItemWithSamePK,
// testAddOrUpdateWithNullPrimaryKey, testAddOrUpdateDoesNotHaveAnyConceptOfKeysNotPresentThatShouldBeLeftAlone,
// testAddOrUpdateWithDuplicateConflictingValuesForPrimaryKeyInArrayProperty,
// testAddOrUpdateReplacesExistingArrayPropertiesAndDoesNotMergeThem,
// testAddOrUpdateReusesExistingLinkedObjectsWithPrimaryKeys,
// testAddOrUpdateAddsNewLinkedObjectsWithoutPrimaryKeys and testAddOrUpdateWithNilValues. Realm's createOrUpdate and
// addOrUpdate are `create(_:value:update: .all)` and `add(_:update: .all)`. Another realm's managed object is passed
// frozen: a live object stays on its realm's actor.

/// Realm's `PrimaryNullableStringObject`: an optional string primary key.
final class OCBPrimaryNullableString: Object {
    @Persisted(primaryKey: true) var stringCol: String?
    @Persisted var intCol = 0
}

/// Realm's `PrimaryNullableIntObject`: an optional integer primary key.
final class OCBPrimaryNullableInt: Object {
    @Persisted(primaryKey: true) var optIntCol: Int?
    @Persisted var value = 0
}

/// Realm's `AbstractObject`: a model without properties.
final class OCBAbstract: Object {}

/// Realm's `PrimaryEmployeeObject`: an employee keyed by name.
final class OCBPrimaryEmployee: Object {
    @Persisted(primaryKey: true) var name = ""
    @Persisted var age = 0
    @Persisted var hired = false
}

/// Realm's `PrimaryCompanyObject`, without the properties these tests do not use.
final class OCBPrimaryCompany: Object {
    @Persisted(primaryKey: true) var name: String?
    @Persisted var employees: List<OCBPrimaryEmployee>
    @Persisted var employeeSet: MutableSet<OCBPrimaryEmployee>
}

private let ocbTypes: [ObjectBase.Type] =
    octTypes + [
        OCBPrimaryNullableString.self, OCBPrimaryNullableInt.self, OCBAbstract.self, OCBPrimaryEmployee.self,
        OCBPrimaryCompany.self,
    ]

/// One write and what it answers.
private struct OCBRow: CustomTestStringConvertible, Sendable {
    let name: String
    let write: @Sendable (isolated Realm) throws -> [String]
    let expected: [String]

    var testDescription: String { name }
}

@Suite("add, add(update:) and create(update:) as realm-swift's Objective-C ObjectCreationTests has them")
struct ObjectCreationAddObjCPortTests {
    private static func realm() async throws -> Realm {
        try await Realm(configuration: memoryConfiguration(ocbTypes))
    }

    // MARK: create(update: .all)

    private static let createOrUpdateRows: [OCBRow] = [
        OCBRow(
            name: "one key twice: one object, updated, the same object returned",
            write: { realm in
                let first = try realm.create(OCTPrimaryString.self, value: ["pk", 2], update: .all)
                let before = "\(realm.objects(OCTPrimaryString.self).count) \(first.intCol)"
                let second = try realm.create(OCTPrimaryString.self, value: ["pk", 3], update: .all)
                let count = realm.objects(OCTPrimaryString.self).count
                return [before, "\(count) \(first.intCol) \(first.isSameObject(as: second))"]
            },
            expected: ["1 2", "1 3 true"]
        ),
        OCBRow(
            name: "an omitted optional string key is nil, and NSNull names the same object",
            write: { realm in
                try realm.create(OCBPrimaryNullableString.self, value: ["intCol": 5], update: .all)
                try realm.create(OCBPrimaryNullableString.self, value: ["intCol": 7], update: .all)
                let seven = realm.object(ofType: OCBPrimaryNullableString.self, forPrimaryKey: NSNull())?.intCol
                try realm.create(
                    OCBPrimaryNullableString.self,
                    value: ["stringCol": NSNull(), "intCol": 11],
                    update: .all
                )
                let eleven = realm.object(ofType: OCBPrimaryNullableString.self, forPrimaryKey: String?.none)?.intCol
                return ["\(seven ?? -1)", "\(eleven ?? -1)", "\(realm.objects(OCBPrimaryNullableString.self).count)"]
            },
            expected: ["7", "11", "1"]
        ),
        OCBRow(
            name: "an omitted optional integer key is nil, and NSNull names the same object",
            write: { realm in
                try realm.create(OCBPrimaryNullableInt.self, value: ["value": 5], update: .all)
                try realm.create(OCBPrimaryNullableInt.self, value: ["value": 7], update: .all)
                let seven = realm.object(ofType: OCBPrimaryNullableInt.self, forPrimaryKey: NSNull())?.value
                try realm.create(OCBPrimaryNullableInt.self, value: ["optIntCol": NSNull(), "value": 11], update: .all)
                let eleven = realm.object(ofType: OCBPrimaryNullableInt.self, forPrimaryKey: Int?.none)?.value
                return ["\(seven ?? -1)", "\(eleven ?? -1)", "\(realm.objects(OCBPrimaryNullableInt.self).count)"]
            },
            expected: ["7", "11", "1"]
        ),
        OCBRow(
            name: "a linked object named by its key alone is the existing one",
            write: { realm in
                try realm.create(OCTAllLinksWithPrimary.self, value: ["pk", NSNull(), ["str pk", 5]])
                try realm.create(
                    OCTAllLinksWithPrimary.self,
                    value: ["pk", NSNull(), ["stringCol": "str pk"]],
                    update: .all
                )
                return ["\(realm.objects(OCTPrimaryString.self).count)"]
            },
            expected: ["1"]
        ),
        OCBRow(
            name: "a managed object of this realm gives back that same instance",
            write: { realm in
                let object = try realm.create(OCTPrimaryString.self, value: ["pk", 2], update: .all)
                let again = try realm.create(OCTPrimaryString.self, value: object, update: .all)
                return ["\(again === object)", "\(realm.objects(OCTPrimaryString.self).count)"]
            },
            expected: ["true", "1"]
        ),
    ]

    @Test("create(update: .all) finds the existing object by its primary key", arguments: createOrUpdateRows)
    fileprivate func createOrUpdate(row: OCBRow) async throws {
        let realm = try await Self.realm()
        let answer = try await realm.write(row.write)
        #expect(answer == row.expected)
    }

    // MARK: add

    @Test("A model without properties can be created and added; the objects are kept")
    func modelWithoutProperties() async throws {
        let realm = try await Self.realm()
        try await realm.write { realm in
            try realm.create(OCBAbstract.self, value: [Any]())
            try realm.add(OCBAbstract(value: [Any]()))
        }
        #expect(await realm.read { $0.objects(OCBAbstract.self).count } == 2)
    }

    @Test("add refuses a deleted object, through the instance deleted and through another accessor of it")
    func addDeletedObject() async throws {
        let realm = try await Self.realm()
        let outcomes = try await realm.write { realm in
            let dog = try realm.create(OCTDog.self, value: ["name", 1])
            let alias = realm.objects(OCTDog.self).first!
            try realm.delete(dog)
            return [thrownCase { try realm.add(dog) }, thrownCase { try realm.add(alias) }]
        }
        #expect(outcomes == ["objectInvalidated", "objectInvalidated"])
    }

    @Test("add of a second unmanaged object with an existing string key names the key")
    func addDuplicateStringKey() async throws {
        let realm = try await Self.realm()
        await expectError(RealmError.primaryKeyExists(type: "OCTPrimaryString", value: "pk")) {
            try await realm.write { realm in
                try realm.add(OCTPrimaryString(value: ["pk", 1]))
                try realm.add(OCTPrimaryString(value: ["pk", 1]))
            }
        }
    }

    @Test("Adding an object the realm already manages still needs a write transaction")
    func addManagedOutsideWrite() async throws {
        let realm = try await Self.realm()
        try await realm.write { realm in try realm.add(OCTDog()) }
        let outcome = await realm.read { realm in
            thrownCase { try realm.add(realm.objects(OCTDog.self)[0]) }
        }
        #expect(outcome == "notInWriteTransaction")
    }

    @Test(
        "An unmanaged parent listing another realm's object is refused, and is left managed by the realm it went to",
        arguments: [Realm.UpdatePolicy.error, .all]
    )
    func parentOfAnotherRealmsObject(policy: Realm.UpdatePolicy) async throws {
        let owner = try await Self.realm()
        try await owner.write { realm in try realm.add(OCBPrimaryEmployee()) }
        let employees = try await owner.read { realm in try realm.objects(OCBPrimaryEmployee.self).freeze() }
        let realm = try await Self.realm()
        let answer = try await realm.write { realm in
            let single = thrownCase { try realm.add(employees[0], update: policy) }
            let company = OCBPrimaryCompany()
            company.employees.append(employees[0])
            let parent = thrownCase { try realm.add(company, update: policy) }
            let managed = company.realm != nil
            realm.cancelWrite()
            return [single, parent, "\(managed)"]
        }
        #expect(answer == ["wrongRealm", "wrongRealm", "true"])
    }

    // MARK: add(update: .all)

    @Test("add(update: .all) of a second object with the key updates the first, and the second becomes it")
    func addOrUpdateSameKey() async throws {
        let realm = try await Self.realm()
        let answer = try await realm.write { realm in
            let first = OCTPrimaryString(value: ["pk", 2])
            let second = OCTPrimaryString(value: ["pk", 3])
            try realm.add(first, update: .all)
            let before = "\(realm.objects(OCTPrimaryString.self).count) \(first.intCol)"
            try realm.add(second, update: .all)
            let count = realm.objects(OCTPrimaryString.self).count
            return [before, "\(count) \(first.intCol) \(first.isSameObject(as: second))"]
        }
        #expect(answer == ["1 2", "1 3 true"])
    }

    /// The `intCol` of the string-keyed object with a nil key, looked up by `NSNull()` and by `nil`.
    private static func strings(_ realm: isolated Realm) -> String {
        let byNull = realm.object(ofType: OCBPrimaryNullableString.self, forPrimaryKey: NSNull())
        let byNil = realm.object(ofType: OCBPrimaryNullableString.self, forPrimaryKey: String?.none)
        return "\(byNull.map { "\($0.intCol)" } ?? "none") \(byNil.map { "\($0.intCol)" } ?? "none")"
    }

    /// The `value` of the integer-keyed object with a nil key, looked up by `NSNull()` and by `nil`.
    private static func ints(_ realm: isolated Realm) -> String {
        let byNull = realm.object(ofType: OCBPrimaryNullableInt.self, forPrimaryKey: NSNull())
        let byNil = realm.object(ofType: OCBPrimaryNullableInt.self, forPrimaryKey: Int?.none)
        return "\(byNull.map { "\($0.value)" } ?? "none") \(byNil.map { "\($0.value)" } ?? "none")"
    }

    @Test("add(update: .all) with a nil optional key finds the object by nil and by NSNull")
    func addOrUpdateNilKey() async throws {
        let realm = try await Self.realm()
        let answer = try await realm.write { realm in
            var states = [Self.strings(realm), Self.ints(realm)]
            try realm.add(OCBPrimaryNullableString(value: ["intCol": 5]), update: .all)
            states.append(Self.strings(realm))
            try realm.add(OCBPrimaryNullableString(value: ["intCol": 7]), update: .all)
            states.append(Self.strings(realm))
            try realm.add(OCBPrimaryNullableInt(value: ["value": 5]), update: .all)
            states.append(Self.ints(realm))
            try realm.add(OCBPrimaryNullableInt(value: ["value": 7]), update: .all)
            states.append(Self.ints(realm))
            return states
        }
        #expect(answer == ["none none", "none none", "5 5", "7 7", "5 5", "7 7"])
    }

    @Test("add(update: .all) writes every property of the object, a default included")
    func addOrUpdateWritesDefaults() async throws {
        let realm = try await Self.realm()
        let value = try await realm.write { realm in
            let first = OCTPrimaryKeyWithDefault(value: ["pk", 2])
            try realm.add(first, update: .all)
            try realm.add(OCTPrimaryKeyWithDefault(value: ["pk"]), update: .all)
            return first.intCol
        }
        #expect(value == 10)
    }

    @Test("add(update: .all) of one key listed twice in a list and a set makes one object, the last one's values")
    func addOrUpdateRepeatedKeyInCollections() async throws {
        let realm = try await Self.realm()
        let answer = try await realm.write { realm in
            let company = OCBPrimaryCompany()
            company.employees.append(OCBPrimaryEmployee(value: ["a", 1, false]))
            company.employees.append(OCBPrimaryEmployee(value: ["a", 2, false]))
            company.employeeSet.insert(OCBPrimaryEmployee(value: ["a", 1, false]))
            company.employeeSet.insert(OCBPrimaryEmployee(value: ["a", 2, false]))
            try realm.add(company, update: .all)
            return [
                "\(realm.objects(OCBPrimaryEmployee.self).count)",
                "\(company.employees.map(\.age))",
                "\(company.employees[0].isSameObject(as: company.employees[1]))",
                "\(company.employeeSet.count) \(company.employeeSet.map(\.age))",
            ]
        }
        #expect(answer == ["1", "[2, 2]", "true", "1 [2]"])
    }

    @Test("add(update: .all) replaces lists and sets instead of merging them, and updates a linked key object")
    func addOrUpdateReplacesCollections() async throws {
        let realm = try await Self.realm()
        let answer = try await realm.write { realm in
            let first = OCTAllLinksWithPrimary(
                value: ["pk", ["str"], ["str pk", 5], [[1], [2], [3]], [Any](), [[1], [2], [3]]]
            )
            let second = OCTAllLinksWithPrimary(value: ["pk", ["str"], ["str pk", 6], [[4]], [Any](), [[4]]])
            try realm.add(first, update: .all)
            try realm.add(second, update: .all)
            return [
                first.intArray.count, first.intArray[0].intCol, first.intSet.count, first.intSet.first?.intCol ?? -1,
                first.primaryString?.intCol ?? -1,
            ]
        }
        #expect(answer == [1, 4, 1, 4, 6])
    }

    @Test("add(update: .all) reuses a linked object with a primary key, and adds a new one without")
    func addOrUpdateLinkedObjects() async throws {
        let realm = try await Self.realm()
        let answer = try await realm.write { realm in
            try realm.add(OCTAllLinksWithPrimary(value: ["pk", NSNull(), ["str pk", 5]]), update: .all)
            try realm.add(OCTAllLinksWithPrimary(value: ["pk", NSNull(), ["stringCol": "str pk"]]), update: .all)
            let keyed = realm.objects(OCTPrimaryString.self).count
            let first = OCTAllLinksWithPrimary(value: ["pk", ["str"]])
            try realm.add(first, update: .all)
            try realm.add(OCTAllLinksWithPrimary(value: ["pk", ["str"]]), update: .all)
            let strings = realm.objects(OCTString.self)
            return [
                "\(keyed)", "\(strings.count)", "\(first.string!.isSameObject(as: strings[0]))",
                "\(first.string!.isSameObject(as: strings[1]))",
            ]
        }
        #expect(answer == ["1", "2", "false", "true"])
    }

    @Test("add(update: .all) of an object with nil optionals sets the existing object's optionals to nil")
    func addOrUpdateNilValues() async throws {
        let realm = try await Self.realm()
        let now = Date()
        let bytes = Data("a".utf8)
        let answer = try await realm.write { realm in
            let object = try realm.create(
                OCTOptionalTypesPK.self,
                value: OCTOptionalTypesPK(value: [0, 1, Float(2.2), 3.3, true, "a", bytes, now])
            )
            let before = octDescribe(object)
            try realm.add(OCTOptionalTypesPK(value: OCTOptionalTypesPK(value: [0])), update: .all)
            return [before, octDescribe(object)]
        }
        #expect(answer == ["+++++++", "-------"])
    }
}
