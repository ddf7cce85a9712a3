import Foundation
import Strata
import Testing

// Facts of realm-swift's Realm/Tests/ObjectCreationTests.mm (the Objective-C ObjectCreationTests), for what
// ObjectCreationSemanticsTests, CreateAndAddSemanticsTests and the ObjectCreationPortTests files do not already
// assert: testInitWithArray, testInitWithSet, testCreateWithArray, testInitWithDictionary, testCreateWithDictionary,
// testInitWithObject, testCreateWithObject, testInitWithArrayUsesDefaultValuesForMissingFields,
// testInitWithDictionaryUsesDefaultValuesForMissingFields, testCreateUsesDefaultValuesForMissingDictionaryKeys,
// testCreateWithInvalidArray, testCreateWithInvalidDictionary, testCreateWithInvalidObject,
// testInitPrimitiveArraysWithInvalidValues, testInitPrimitiveSetsWithInvalidValues,
// testCreateOptionalPrimitiveArraysWithInvalidValues, testCreateWithNonEnumerableValueForArrayProperty,
// testCreateRequiredPrimitiveArrays, testCreateRequiredPrimitiveSets, testCreatePrimitiveArraysWithNSNull,
// testCreatePrimitiveSetsWithMissingKeys, testCreateOptionalPrimitiveArrays, testCreateOptionalPrimitiveSets,
// testCreateOnManagedObjectInSameRealmShallowCopies, testCreateOnManagedObjectInDifferentRealmDeepCopies,
// testCreateOnManagedObjectInDifferentRealmDoesntReallyWorkUsefullyWithLinkedPKs, testCreateWithInvalidatedObject,
// testCreateOrUpdateDoesNotReplaceExistingValuesWithDefaults,
// testCreateOrUpdateReplacesExistingArrayPropertiesAndDoesNotMergeThem,
// testCreateOrUpdateCreatesNewLinkedObjectsWithoutPrimaryKeys, testCreateOrUpdateWithMissingValuesAndNoExistingObject,
// testCreateOrUpdateOnManagedObjectInDifferentRealmDeepCopies and testCreateOrUpdateWithNilValues.
// A managed object of another realm is passed frozen: a live object stays on its realm's actor.

/// How an object is made from a value: unmanaged by `init(value:)`, or by `create` in a write.
enum OCTPath: String, CaseIterable, Sendable {
    case initValue = "init(value:)"
    case create
}

/// A value for a company and the text the company must read as.
struct OCTCompanyRow: CustomTestStringConvertible, Sendable {
    let name: String
    let value: @Sendable () -> Any
    let expected: String

    var testDescription: String { name }
}

/// A create that Realm refuses.
struct OCTRefusal: CustomTestStringConvertible, Sendable {
    let name: String
    let write: @Sendable (isolated Realm) throws -> Void

    var testDescription: String { name }
}

@Suite("Object creation from values as realm-swift's Objective-C ObjectCreationTests")
struct ObjectCreationObjCPortTests {
    // MARK: arrays and dictionaries, nested lists and sets

    static let companyRows: [OCTCompanyRow] = [
        OCTCompanyRow(name: "an empty array", value: { [Any]() }, expected: "nil [] {}"),
        OCTCompanyRow(name: "an array of the name", value: { ["empty company"] }, expected: "empty company [] {}"),
        OCTCompanyRow(
            name: "an array with NSNull collections",
            value: { ["empty company", NSNull(), NSNull()] },
            expected: "empty company [] {}"
        ),
        OCTCompanyRow(
            name: "an array with empty collections",
            value: { ["empty company", [Any](), [Any]()] },
            expected: "empty company [] {}"
        ),
        OCTCompanyRow(
            name: "an array with employees as arrays",
            value: { ["one employee", [["name", 2, true]], [["name", 2, true]]] },
            expected: "one employee [name/2/true] {name/2/true}"
        ),
        OCTCompanyRow(name: "an empty dictionary", value: { [String: Any]() }, expected: "nil [] {}"),
        OCTCompanyRow(name: "NSNull for the optional name", value: { ["name": NSNull()] }, expected: "nil [] {}"),
        OCTCompanyRow(
            name: "a dictionary with NSNull collections",
            value: { ["name": "empty company", "employees": NSNull(), "employeeSet": NSNull()] },
            expected: "empty company [] {}"
        ),
        OCTCompanyRow(
            name: "a dictionary with empty collections",
            value: { ["name": "empty company", "employees": [Any](), "employeeSet": [Any]()] },
            expected: "empty company [] {}"
        ),
        OCTCompanyRow(
            name: "a dictionary with employees as arrays",
            value: {
                ["name": "one employee", "employees": [["name", 2, true]], "employeeSet": [["name", 2, true]]]
            },
            expected: "one employee [name/2/true] {name/2/true}"
        ),
        OCTCompanyRow(
            name: "a dictionary with employees as dictionaries",
            value: {
                [
                    "name": "one employee", "employees": [["name": "name", "age": 2, "hired": true]],
                    "employeeSet": [["name": "name", "age": 2, "hired": true]],
                ]
            },
            expected: "one employee [name/2/true] {name/2/true}"
        ),
        OCTCompanyRow(
            name: "two employees, in the order given",
            value: {
                [
                    "one employee", [["name 2", 3, false], ["name", 2, true]],
                    [["name 2", 3, false], ["name", 2, true]],
                ]
            },
            expected: "one employee [name 2/3/false,name/2/true] {name 2/3/false,name/2/true}"
        ),
    ]

    @Test(
        "An array in property order or a dictionary makes a company and its employees",
        arguments: companyRows,
        OCTPath.allCases
    )
    func companyFromValue(row: OCTCompanyRow, path: OCTPath) async throws {
        switch path {
        case .initValue:
            #expect(octDescribe(OCTCompany(value: row.value())) == row.expected)
        case .create:
            let realm = try await octRealm()
            let text = try await realm.write { realm in
                octDescribe(try realm.create(OCTCompany.self, value: row.value()))
            }
            #expect(text == row.expected)
        }
    }

    @Test("init(value:) keeps the unmanaged employee it is given; the same employee twice in a set is one")
    func initValueKeepsNestedObjects() {
        let employee = OCTEmployee(value: ["name", 2, true])
        let company = OCTCompany(value: ["one employee", [employee], [employee, employee]])
        #expect(company.employees.count == 1)
        #expect(company.employees[0] === employee)
        #expect(company.employeeSet.count == 1)
        #expect(octDescribe(company) == "one employee [name/2/true] {name/2/true}")

        let copy = OCTCompany(value: company)
        #expect(copy.name == "one employee")
        #expect(copy.employees[0] === employee)
    }

    @Test("create copies the unmanaged employees of an object value; each stays unmanaged")
    func createCopiesNestedObjects() async throws {
        let realm = try await octRealm()
        let answer = try await realm.write { realm in
            let employee = OCTEmployee(value: ["employee name", 1, false])
            let company = OCTCompany(value: ["name", [employee], [employee]])
            let created = try realm.create(OCTCompany.self, value: company)
            return [
                "\(created.employees[0] === employee)", "\(employee.realm == nil)", created.employees[0].name,
                created.employeeSet.first?.name ?? "none", created.name ?? "nil",
            ]
        }
        #expect(answer == ["false", "true", "employee name", "employee name", "name"])
    }

    @Test(
        "An object of another class with all the properties of the model is read by name",
        arguments: OCTPath.allCases
    )
    func objectOfAnotherClass(path: OCTPath) async throws {
        switch path {
        case .initValue:
            let dog = OCTDog(value: OCTDogExtra(value: ["Fido", 12, "Poodle"]))
            #expect("\(dog.dogName) \(dog.age)" == "Fido 12")
        case .create:
            let realm = try await octRealm()
            let text = try await realm.write { realm in
                let extra = try realm.create(OCTDogExtra.self, value: ["Fido", 12, "Poodle"])
                let dog = try realm.create(OCTDog.self, value: extra)
                return "\(dog.dogName) \(dog.age)"
            }
            #expect(text == "Fido 12")
        }
    }

    @Test("Lists of an object value are copied by init(value:), primitives included")
    func initValueOfObjectWithPrimitiveCollections() {
        let lists = OCTPrimitiveLists()
        lists.intObj.append(2)
        let sets = OCTPrimitiveSets()
        sets.intObj.insert(2)
        #expect(Array(OCTPrimitiveLists(value: lists).intObj) == [2])
        #expect(Array(OCTPrimitiveSets(value: sets).intObj) == [2])
    }

    // MARK: defaults for what the value leaves out

    static let defaultRows: [(String, @Sendable () -> Any, String)] = [
        ("an empty array", { [Any]() }, "1 2.2 3.3 false"),
        ("an array of the first two", { [10, Float(22.2)] as [Any] }, "10 22.2 3.3 false"),
        ("an empty dictionary", { [String: Any]() }, "1 2.2 3.3 false"),
        ("a dictionary of one", { ["intObj": 10] }, "10 2.2 3.3 false"),
    ]

    @Test("Properties the value leaves out take the model's defaults", arguments: OCTPath.allCases)
    func defaultsForMissingValues(path: OCTPath) async throws {
        let realm = try await octRealm()
        for (name, value, expected) in Self.defaultRows {
            let text: String
            switch path {
            case .initValue: text = octDescribe(OCTNumberDefaults(value: value()))
            case .create:
                text = try await realm.write { realm in
                    octDescribe(try realm.create(OCTNumberDefaults.self, value: value()))
                }
            }
            #expect(text == expected, "\(name)")
        }
    }

    @Test("create(update:) does not reset a property the value omits to its default")
    func updateKeepsValueOverDefault() async throws {
        let realm = try await octRealm()
        let value = try await realm.write { realm in
            let object = try realm.create(OCTPrimaryKeyWithDefault.self, value: ["pk", 2])
            try realm.create(OCTPrimaryKeyWithDefault.self, value: ["stringCol": "pk"], update: .all)
            return object.intCol
        }
        #expect(value == 2)
    }

    // MARK: values of the wrong kind

    static let refusals: [OCTRefusal] = [
        OCTRefusal(name: "a string for an Int, in an array") { try $0.create(OCTDog.self, value: ["name", "age"]) },
        OCTRefusal(name: "NSNull for a required Int, in an array") {
            try $0.create(OCTDog.self, value: ["name", NSNull()])
        },
        OCTRefusal(name: "NSNull for a required Int, in a dictionary") {
            try $0.create(OCTDog.self, value: ["dogName": "a", "age": NSNull()])
        },
        OCTRefusal(name: "a date for an Int") { try $0.create(OCTDog.self, value: ["dogName": "a", "age": Date()]) },
        OCTRefusal(name: "NSNull as the whole value") { try $0.create(OCTDog.self, value: NSNull()) },
        OCTRefusal(name: "a string as the whole value") { try $0.create(OCTDog.self, value: "") },
        OCTRefusal(name: "NSNull in a list of Int") {
            try $0.create(OCTPrimitiveLists.self, value: ["intObj": [NSNull()]])
        },
        OCTRefusal(name: "1.1 in a list of Int") { try $0.create(OCTPrimitiveLists.self, value: ["intObj": [1.1]]) },
        OCTRefusal(name: "\"0\" in a list of Int") { try $0.create(OCTPrimitiveLists.self, value: ["intObj": ["0"]]) },
        OCTRefusal(name: "a number for a list of Int") { try $0.create(OCTPrimitiveLists.self, value: ["intObj": 1]) },
        OCTRefusal(name: "NSNull in a set of Int") {
            try $0.create(OCTPrimitiveSets.self, value: ["intObj": [NSNull()]])
        },
        OCTRefusal(name: "1.1 in a set of Int") { try $0.create(OCTPrimitiveSets.self, value: ["intObj": [1.1]]) },
        OCTRefusal(name: "\"0\" in a set of Int") { try $0.create(OCTPrimitiveSets.self, value: ["intObj": ["0"]]) },
        OCTRefusal(name: "a number for a set of Int") { try $0.create(OCTPrimitiveSets.self, value: ["intObj": 1]) },
        OCTRefusal(name: "1.1 in a list of Int?") {
            try $0.create(OCTOptionalPrimitives.self, value: ["intObj": [1.1]])
        },
        OCTRefusal(name: "\"0\" in a list of Int?") {
            try $0.create(OCTOptionalPrimitives.self, value: ["intObj": ["0"]])
        },
        OCTRefusal(name: "a number for a list of Int?") {
            try $0.create(OCTOptionalPrimitives.self, value: ["intObj": 1])
        },
        OCTRefusal(name: "1.1 in a set of Int?") {
            try $0.create(OCTOptionalPrimitives.self, value: ["intSet": [1.1]])
        },
        OCTRefusal(name: "a number for a list of objects") {
            try $0.create(OCTCompany.self, value: ["one employee", 1])
        },
        OCTRefusal(name: "a number for a set of objects") {
            try $0.create(OCTCompany.self, value: ["one employee", [Any](), 1])
        },
        OCTRefusal(name: "an object of a class without the property") { realm in
            try realm.create(OCTInt.self, value: try realm.create(OCTString.self, value: ["str"]))
        },
        OCTRefusal(name: "an object of a class with some of the properties") { realm in
            try realm.create(OCTDogExtra.self, value: try realm.create(OCTDog.self, value: ["Fido", 10]))
        },
        OCTRefusal(name: "an object whose same-named property has another type") { realm in
            try realm.create(OCTBizzaroDog.self, value: try realm.create(OCTDog.self, value: ["Fido", 10]))
        },
        OCTRefusal(name: "NSNull for a required Int under update .all, no object existing") {
            try $0.create(OCTPrimaryString.self, value: ["stringCol": "pk", "intCol": NSNull()], update: .all)
        },
    ]

    @Test("create refuses a value of the wrong kind with RealmError.invalidValue", arguments: refusals)
    func createRefusesWrongValues(row: OCTRefusal) async throws {
        let realm = try await octRealm()
        do {
            try await realm.write { realm in try row.write(realm) }
            Issue.record("nothing was thrown")
        } catch let error as RealmError {
            guard case .invalidValue = error else {
                Issue.record("expected invalidValue, got \(error)")
                return
            }
        }
    }

    @Test("The refusal of another class's object names the missing key")
    func missingKeyMessage() async throws {
        let realm = try await octRealm()
        await expectError(
            RealmError.invalidValue(
                "Invalid value 'OCTDog' object to initialize object of type 'OCTDogExtra': missing key 'breed'"
            )
        ) {
            try await realm.write { realm in
                try realm.create(OCTDogExtra.self, value: try realm.create(OCTDog.self, value: ["Fido", 10]))
            }
        }
    }

    // MARK: lists and sets of primitives

    @Test("create fills lists and sets of every primitive type, a set without duplicates")
    func primitiveCollections() async throws {
        let realm = try await octRealm()
        let now = Date(timeIntervalSince1970: 1)
        let bytes = Data("a".utf8)
        let answer = try await realm.write { realm in
            let values: [String: Any] = [
                "intObj": [1, 2, 3, 2], "boolObj": [true, false], "floatObj": [Float(1.1), Float(2.2)],
                "doubleObj": [3.3, 4.4], "stringObj": ["a", "b"], "dateObj": [now], "dataObj": [bytes],
            ]
            let lists = try realm.create(OCTPrimitiveLists.self, value: values)
            let sets = try realm.create(OCTPrimitiveSets.self, value: values)
            return [
                "\(Array(lists.intObj)) \(Array(lists.boolObj)) \(Array(lists.floatObj)) \(Array(lists.doubleObj))",
                "\(Array(lists.stringObj)) \(lists.dateObj[0] == now) \(lists.dataObj[0] == bytes)",
                "\(Array(sets.intObj).sorted()) \(sets.boolObj.count) \(Array(sets.floatObj).sorted()) \(Array(sets.doubleObj).sorted())",
                "\(Array(sets.stringObj).sorted()) \(Array(sets.dateObj) == [now]) \(Array(sets.dataObj) == [bytes])",
            ]
        }
        #expect(
            answer == [
                "[1, 2, 3, 2] [true, false] [1.1, 2.2] [3.3, 4.4]", "[\"a\", \"b\"] true true",
                "[1, 2, 3] 2 [1.1, 2.2] [3.3, 4.4]", "[\"a\", \"b\"] true true",
            ]
        )
    }

    @Test("NSNull or a missing key gives an empty list or set", arguments: [true, false])
    func primitiveCollectionsNullOrMissing(allNull: Bool) async throws {
        let realm = try await octRealm()
        let counts = try await realm.write { realm in
            let names = ["intObj", "boolObj", "floatObj", "doubleObj", "stringObj", "dateObj", "dataObj"]
            var value: [String: Any] = ["dataObj": NSNull()]
            if allNull { for name in names { value[name] = NSNull() } } else { value["intObj"] = [1, 2, 2] }
            let lists = try realm.create(OCTPrimitiveLists.self, value: value)
            let sets = try realm.create(OCTPrimitiveSets.self, value: value)
            return [
                lists.intObj.count, lists.boolObj.count, lists.floatObj.count, lists.doubleObj.count,
                lists.stringObj.count, lists.dateObj.count, lists.dataObj.count, sets.intObj.count, sets.boolObj.count,
                sets.stringObj.count, sets.dataObj.count,
            ]
        }
        #expect(counts == (allNull ? [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] : [3, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0]))
    }

    @Test("Lists and sets of optionals keep NSNull elements as nil")
    func optionalPrimitiveCollections() async throws {
        let realm = try await octRealm()
        let bytes = Data("a".utf8)
        let answer = try await realm.write { realm in
            let object = try realm.create(
                OCTOptionalPrimitives.self,
                value: [
                    "intObj": [1, 2, 3, NSNull()], "stringObj": ["a", "b", NSNull()], "dataObj": [bytes, NSNull()],
                    "intSet": [1, 2, 3, NSNull()], "stringSet": ["a", "b", NSNull(), NSNull()],
                ]
            )
            return [
                "\(Array(object.intObj))", "\(Array(object.stringObj))", "\(Array(object.dataObj).map { $0 == nil })",
                "\(object.intSet.count) \(object.intSet.contains(nil))",
                "\(object.stringSet.count) \(object.stringSet.contains(nil))",
            ]
        }
        #expect(
            answer == [
                "[Optional(1), Optional(2), Optional(3), nil]", "[Optional(\"a\"), Optional(\"b\"), nil]",
                "[false, true]", "4 true", "3 true",
            ]
        )
    }

    // MARK: copying managed objects

    @Test("create of a managed object of the same realm links the objects it links to, copying none of them")
    func createFromManagedObjectOfSameRealm() async throws {
        let realm = try await octRealm()
        let answer = try await realm.write { realm in
            let string = try realm.create(OCTString.self, value: ["str"])
            let primaryString = try realm.create(OCTPrimaryString.self, value: ["pk", 1])
            let int = try realm.create(OCTInt.self, value: [2])
            let primaryInt = try realm.create(OCTPrimaryInt.self, value: [3])
            let links = try realm.create(
                OCTAllLinks.self,
                value: [string, primaryString, [int, int], [primaryInt, primaryInt]]
            )
            let copy = try realm.create(OCTAllLinks.self, value: links)
            let counts = [
                realm.objects(OCTAllLinks.self).count, realm.objects(OCTString.self).count,
                realm.objects(OCTPrimaryString.self).count, realm.objects(OCTInt.self).count,
                realm.objects(OCTPrimaryInt.self).count,
            ]
            return
                "\(counts) \(copy.string!.isSameObject(as: string)) \(copy.primaryString!.isSameObject(as: primaryString))"
        }
        #expect(answer == "[2, 1, 1, 1, 1] true true")
    }

    /// A realm holding one `OCTAllLinks` (and one `OCTAllLinksWithPrimary` "pk") made of one string, one primary
    /// string, one int listed twice and one primary int listed `primaryIntTimes` times; the links objects frozen.
    private static func frozenLinks(primaryIntTimes: Int) async throws -> (
        Results<OCTAllLinks>, Results<OCTAllLinksWithPrimary>
    ) {
        let source = try await octRealm()
        try await source.write { realm in
            let string = try realm.create(OCTString.self, value: ["str"])
            let primaryString = try realm.create(OCTPrimaryString.self, value: ["pk", 1])
            let int = try realm.create(OCTInt.self, value: [2])
            let primaryInt = try realm.create(OCTPrimaryInt.self, value: [3])
            let primaryInts = Array(repeating: primaryInt, count: primaryIntTimes)
            try realm.create(OCTAllLinks.self, value: [string, primaryString, [int, int], primaryInts])
            try realm.create(
                OCTAllLinksWithPrimary.self,
                value: ["pk", string, primaryString, [int, int], primaryInts]
            )
        }
        return try await source.read { realm in
            (try realm.objects(OCTAllLinks.self).freeze(), try realm.objects(OCTAllLinksWithPrimary.self).freeze())
        }
    }

    /// The counts of the linked models in `realm`: string, primary string, int, primary int.
    private static func linkedCounts(_ realm: isolated Realm) -> [Int] {
        [
            realm.objects(OCTString.self).count, realm.objects(OCTPrimaryString.self).count,
            realm.objects(OCTInt.self).count, realm.objects(OCTPrimaryInt.self).count,
        ]
    }

    @Test("create of an object of another realm copies what it links to, an object listed twice twice")
    func createFromObjectOfAnotherRealm() async throws {
        let (links, _) = try await Self.frozenLinks(primaryIntTimes: 1)
        let realm = try await octRealm()
        let counts = try await realm.write { realm in
            try realm.create(OCTAllLinks.self, value: links[0])
            return [realm.objects(OCTAllLinks.self).count] + Self.linkedCounts(realm)
        }
        #expect(counts == [1, 1, 1, 2, 1])
    }

    @Test("create of an object of another realm that lists one primary key twice is refused")
    func createFromObjectOfAnotherRealmWithRepeatedKey() async throws {
        let (links, _) = try await Self.frozenLinks(primaryIntTimes: 2)
        let realm = try await octRealm()
        await expectError(RealmError.primaryKeyExists(type: "OCTPrimaryInt", value: "3")) {
            try await realm.write { realm in try realm.create(OCTAllLinks.self, value: links[0]) }
        }
    }

    @Test("create(update: .all) of an object of another realm copies it, a repeated primary key once")
    func createOrUpdateFromObjectOfAnotherRealm() async throws {
        let (_, primaryLinks) = try await Self.frozenLinks(primaryIntTimes: 2)
        let realm = try await octRealm()
        let answer = try await realm.write { realm in
            let copy = try realm.create(OCTAllLinksWithPrimary.self, value: primaryLinks[0], update: .all)
            return [realm.objects(OCTAllLinksWithPrimary.self).count] + Self.linkedCounts(realm) + [
                copy.intArray.count, copy.primaryIntArray.count, copy.primaryString?.intCol ?? -1,
            ]
        }
        #expect(answer == [1, 1, 1, 2, 1, 2, 2, 1])
    }

    @Test("create refuses a deleted object given as the value, through any accessor of it")
    func createRefusesDeletedValue() async throws {
        let realm = try await octRealm()
        let thrown = try await realm.write { realm in
            let first = try realm.create(OCTInt.self, value: [0])
            try realm.create(OCTInt.self, value: [1])
            let alias = realm.objects(OCTInt.self).first!
            try realm.delete(first)
            return [first, alias].map { object in
                do {
                    try realm.create(OCTInt.self, value: object)
                    return "no error"
                } catch let error as RealmError {
                    if case .objectInvalidated = error { return "invalidated" }
                    return "\(error)"
                } catch {
                    return "\(error)"
                }
            }
        }
        #expect(thrown == ["invalidated", "invalidated"])
    }

    // MARK: create(update:)

    @Test("create(update: .all) replaces a list instead of merging, and updates a linked primary key object")
    func updateReplacesLists() async throws {
        let realm = try await octRealm()
        let answer = try await realm.write { realm in
            let object = try realm.create(
                OCTAllLinksWithPrimary.self,
                value: ["pk", ["str"], ["str pk", 5], [[1], [2], [3]], [Any](), [[1], [2]]]
            )
            try realm.create(
                OCTAllLinksWithPrimary.self,
                value: ["pk", ["str"], ["str pk", 6], [[4]], [Any](), [[4]]],
                update: .all
            )
            return [
                object.intArray.count, object.intArray[0].intCol, object.intSet.count,
                object.intSet.first?.intCol ?? -1,
                object.primaryString?.intCol ?? -1, realm.objects(OCTPrimaryString.self).count,
                realm.objects(OCTString.self).count,
            ]
        }
        // The string link has no primary key: each write makes a new one.
        #expect(answer == [1, 4, 1, 4, 6, 1, 2])
    }

    @Test("create(update: .all) sets what the value gives, nil included, and keeps what it omits")
    func updateWithNilValues() async throws {
        let realm = try await octRealm()
        let now = Date()
        let bytes = Data("a".utf8)
        let answer = try await realm.write { realm in
            let nonNull = OCTOptionalTypesPK(value: [0, 1, Float(2.2), 3.3, true, "a", bytes, now])
            let null = OCTOptionalTypesPK(value: [0])
            let object = try realm.create(OCTOptionalTypesPK.self, value: nonNull)
            var states = [octDescribe(object)]
            try realm.create(OCTOptionalTypesPK.self, value: null, update: .all)
            states.append(octDescribe(object))
            try realm.create(OCTOptionalTypesPK.self, value: nonNull, update: .all)
            try realm.create(OCTOptionalTypesPK.self, value: [0], update: .all)
            states.append(octDescribe(object))
            try realm.create(OCTOptionalTypesPK.self, value: ["pk": 0], update: .all)
            states.append(octDescribe(object))
            let nulls = ["intObj", "floatObj", "doubleObj", "boolObj", "string", "data", "date"]
            var value: [String: Any] = ["pk": 0]
            for name in nulls { value[name] = NSNull() }
            try realm.create(OCTOptionalTypesPK.self, value: value, update: .all)
            states.append(octDescribe(object))
            return states
        }
        #expect(answer == ["+++++++", "-------", "+++++++", "+++++++", "-------"])
    }
}
