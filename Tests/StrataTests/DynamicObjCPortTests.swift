import Foundation
import Strata
import Synchronization
import Testing

// Facts of realm-swift's Realm/Tests/DynamicTests.m, for Strata's dynamic API (`dynamicObjects(_:)`,
// `dynamicObject(ofType:forPrimaryKey:)`, `dynamicCreate(_:value:)`, a `DynamicObject`'s subscript and its
// `List`/`MutableSet`/`Map` of dynamic objects, a migration's old objects and old schema):
//   testDynamicRealmExists, testDynamicProperties, testDynamicObjectRetrieval, testDynamicTypes, testDynamicAdd,
//   testDynamicArray, testDynamicSet, testDynamicDictionary, testOptionalProperties, testLinkingObjects,
//   testDynamicSetEmbeddedLink, and testDynamicSchemaMatchesRegularSchema.
// Strata has no realm opened without its classes (Realm's `dynamic` configuration, `realmWithTestPathAndSchema:nil`):
// the objects are read by class name from a realm that lists the classes, and, where the file alone is read (the
// schema, values of every type), from a migration's old schema and old objects. testDynamicSchema (a realm opened
// with a schema built by hand) has no Strata equivalent. Misuse that Strata stops on instead of throwing (a link to
// an object of another class, a link to an existing embedded object, setting a LinkingObjects property) is left out.

/// A value as a type and a description, so that values of one type compare exactly (a `Data` by its bytes).
private func docKey(_ value: Any?) -> String {
    switch value {
    case nil: "nil"
    case let data as Data: "Data \(Array(data))"
    case let object as DynamicObject: "DynamicObject \(object.objectSchema.className)"
    case let value?: "\(type(of: value)) \(value)"
    }
}

/// The `stringCol` of each object, comma-separated.
private func docStrings(_ objects: some Sequence<DynamicObject>) -> String {
    objects.map { $0["stringCol"] as? String ?? "nil" }.joined(separator: ",")
}

/// The elements of a collection read by name (a `LinkingObjects` of whichever element type), as `Any`.
private func docElements(_ value: Any?) -> [Any] {
    guard let collection = value as? any Collection else { return [] }
    return elements(collection)
}

private func elements(_ collection: some Collection) -> [Any] { collection.map { $0 } }

/// The description of the `RealmError` `body` throws, or `"accepted"`.
private func docMessage(_ body: () throws -> Void) -> String {
    do {
        try body()
        return "accepted"
    } catch {
        return error is RealmError ? "\(error)" : "not a RealmError: \(error)"
    }
}

/// Whether `body` throws a `RealmError`, as `"thrown"`, or `"accepted"`.
private func docOutcome(_ body: () throws -> Void) -> String {
    do {
        try body()
        return "accepted"
    } catch is RealmError {
        return "thrown"
    } catch {
        return "threw \(error)"
    }
}

@Suite("Dynamic objects: the facts of realm-swift's Objective-C DynamicTests")
struct DynamicObjCPortTests {
    /// A file holding two `DOCAllTypes` (the second linking to a `DOCString` "string"), and the configuration that
    /// wrote it.
    private static func allTypesFile() async throws -> (TemporaryDirectory, Realm.Configuration) {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration(docTypes)
        let realm = try await Realm(configuration: configuration)
        try await realm.write { realm in
            try realm.create(DOCAllTypes.self, value: docAllTypesValues(0, object: nil))
            try realm.create(DOCAllTypes.self, value: docAllTypesValues(1, object: DOCString(value: ["string"])))
        }
        await realm.close()
        return (directory, configuration)
    }

    @Test("Objects a realm wrote read back by class name in a later opening: schema, count, classes and values")
    func fileReadsByClassName() async throws {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration(docTypes)
        let writer = try await Realm(configuration: configuration)
        try await writer.write { realm in
            try realm.create(DOCDynamicTest.self, value: ["column1", 1])
            try realm.create(DOCDynamicTest.self, value: ["column2", 2])
            try realm.create(DOCPrimaryString.self, value: ["key", 1])
        }
        await writer.close()

        let realm = try await Realm(configuration: configuration)
        let schema = await realm.schema["DOCDynamicTest"]
        #expect(schema?.properties.map(\.name) == ["stringCol", "intCol"])
        #expect(schema?.properties.map(\.type) == [.string, .int])
        let read = await realm.read { realm -> [String] in
            let results = realm.dynamicObjects("DOCDynamicTest")
            let byKey = realm.dynamicObject(ofType: "DOCPrimaryString", forPrimaryKey: "key")
            return [
                "\(results.count)", results.map { docKey($0) }.joined(separator: ","),
                "\(docKey(results[0]["intCol"])) \(docKey(results[1]["stringCol"]))",
                "\(docKey(byKey)) \(docKey(byKey?["stringCol"]))",
            ]
        }
        #expect(
            read == [
                "2", "DynamicObject DOCDynamicTest,DynamicObject DOCDynamicTest", "Int 1 String column2",
                "DynamicObject DOCPrimaryString String key",
            ]
        )
    }

    // Realm raises "Invalid property name" for both; Strata's subscript reads nil for an unknown name (ObjectBase's
    // documentation), and the checked forms throw.
    @Test("An unknown property name: the subscript reads nil, the checked read and write throw")
    func unknownPropertyName() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(docTypes))
        let outcomes = try await realm.write { realm -> [String] in
            try realm.create(DOCDynamicTest.self, value: ["column1", 1])
            let object = realm.dynamicObjects("DOCDynamicTest")[0]
            return [
                docKey(object["invalid"]), docOutcome { _ = try object.value(checkedForKey: "invalid") },
                docOutcome { try object.setValue(nil, checkedForKey: "invalid") },
            ]
        }
        #expect(outcomes == ["nil", "thrown", "thrown"])
    }

    @Test(
        "Every type reads back by name as it was written, from dynamic objects and a migration's old objects",
        arguments: ["dynamic objects", "migration old objects"]
    )
    func everyTypeReadsBack(reader: String) async throws {
        let (directory, configuration) = try await Self.allTypesFile()
        let read = Mutex<[[String]]>([])
        let linkClass = Mutex<String?>(nil)
        /// The plain values of `object` and its link, as keys.
        @Sendable func values(_ object: DynamicObject) -> [String] {
            docPlainProperties.map { docKey(object[$0]) }
                + [docKey((object["objectCol"] as? DynamicObject)?["stringCol"])]
        }
        if reader == "dynamic objects" {
            let realm = try await Realm(configuration: configuration)
            let rows = await realm.read { realm in realm.dynamicObjects("DOCAllTypes").map(values) }
            let className = await realm.schema["DOCAllTypes"]?["objectCol"]?.objectClassName
            read.withLock { $0 = rows }
            linkClass.withLock { $0 = className }
        } else {
            var migrating = configuration
            migrating.schemaVersion = 1
            migrating.migrationBlock = { migration, _ in
                linkClass.withLock { $0 = migration.oldSchema["DOCAllTypes"]?["objectCol"]?.objectClassName }
                migration.enumerateObjects(ofType: "DOCAllTypes") { old, _ in
                    if let old { read.withLock { $0.append(values(old)) } }
                }
            }
            _ = try await Realm(configuration: migrating)
        }
        withExtendedLifetime(directory) {}
        // The file stores an integer of any width as an integer, as Realm's schema has it: read without the model (an
        // old object), the `Int64` property reads as `Int`; through the model it keeps its Swift type.
        func expectedKey(_ value: Any?) -> String {
            guard reader != "dynamic objects", let wide = value as? Int64 else { return docKey(value) }
            return docKey(Int(wide))
        }
        let expected = [
            docPlainProperties.map { expectedKey(docAllTypesValues(0, object: nil)[$0]) } + ["nil"],
            docPlainProperties.map { expectedKey(docAllTypesValues(1, object: nil)[$0]) } + ["String string"],
        ]
        #expect(read.withLock { $0 } == expected)
        #expect(linkClass.withLock { $0 } == "DOCString")
    }

    @Test("The schema a migration reads from the file is the models' schema, class by class")
    func fileSchemaMatchesModels() async throws {
        let (directory, configuration) = try await Self.allTypesFile()
        let old = Mutex<Schema?>(nil)
        var migrating = configuration
        migrating.schemaVersion = 1
        migrating.migrationBlock = { migration, _ in old.withLock { $0 = migration.oldSchema } }
        let realm = try await Realm(configuration: migrating)
        let models = await realm.schema
        let fromFile = try #require(old.withLock { $0 })
        withExtendedLifetime(directory) {}
        // A LinkingObjects property is computed, not stored: Realm's dynamic schema lists it apart.
        func stored(_ schema: ObjectSchema?) -> [Property] {
            schema?.properties.filter { $0.type != .linkingObjects } ?? []
        }
        for type in docTypes {
            let name = type.className()
            #expect(stored(fromFile[name]) == stored(models[name]), "\(name)")
        }
    }

    @Test(
        "A required property refuses a value of another type, NSNull and nil set by name, and keeps its value",
        arguments: docPlainProperties
    )
    func requiredPropertyRefusesWrongValues(property: String) async throws {
        let realm = try await Realm(configuration: memoryConfiguration(docTypes))
        let (messages, after) = try await realm.write { realm -> ([String], String) in
            try realm.create(DOCAllTypes.self, value: docAllTypesValues(0, object: nil))
            let object = realm.dynamicObjects("DOCAllTypes")[0]
            let wrong: Any = property == "stringCol" ? 1 : ""
            let messages = [wrong, NSNull(), nil].map { value in
                docMessage { try object.setValue(value, checkedForKey: property) }
            }
            return (messages, docKey(object[property]))
        }
        #expect(after == docKey(docAllTypesValues(0, object: nil)[property]))
        // Realm's messages begin so, then name the value's Objective-C class and the property.
        #expect(messages[1].hasPrefix("Invalid value '<null>' of type"), "\(messages[1])")
        #expect(messages[2].hasPrefix("Invalid value '"), "\(messages[2])")
        #expect(messages[1...].allSatisfy { $0.contains("'\(property)'") }, "\(messages)")
        #expect(messages[0].hasPrefix("Invalid value '"), "\(messages[0])")
        #expect(messages[0].contains("'\(property)'"), "\(messages[0])")
    }

    @Test("A link set by name refuses a string and takes nil and NSNull")
    func linkSetByName() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(docTypes))
        let outcomes = try await realm.write { realm -> [String] in
            try realm.create(DOCAllTypes.self, value: docAllTypesValues(1, object: DOCString(value: ["string"])))
            let object = realm.dynamicObjects("DOCAllTypes")[0]
            return [
                docOutcome { try object.setValue("str", checkedForKey: "objectCol") }, docKey(object["objectCol"]),
                docOutcome { try object.setValue(nil, checkedForKey: "objectCol") }, docKey(object["objectCol"]),
                docOutcome { try object.setValue(NSNull(), checkedForKey: "objectCol") }, docKey(object["objectCol"]),
            ]
        }
        #expect(
            outcomes == [
                "thrown", "DynamicObject DOCString", "accepted", "nil", "accepted", "nil",
            ]
        )
    }

    @Test("dynamicCreate takes an array of values, and a dynamic object as a link")
    func dynamicCreateWithArraysAndLinks() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(docTypes))
        let read = try await realm.write { realm -> [String] in
            let string = try realm.dynamicCreate("DOCString", value: ["string"])
            let all = try realm.dynamicCreate("DOCAllTypes", value: docAllTypesValues(0, object: string))
            return [
                "\(realm.dynamicObjects("DOCString").count) \(realm.dynamicObjects("DOCAllTypes").count)",
                docKey((all["objectCol"] as? DynamicObject)?["stringCol"]),
            ]
        }
        #expect(read == ["1 1", "String string"])
    }

    @Test("A dynamic list is live: edits, and assigning NSNull, nil or an array to the property, show in it")
    func dynamicListEdits() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(docTypes))
        let trace = try await realm.write { realm -> [String] in
            let first = try realm.dynamicCreate("DOCString", value: ["string"])
            let second = try realm.dynamicCreate("DOCString", value: ["string1"])
            try realm.dynamicCreate("DOCArrayProperty", value: ["name", [first, second], []])
            let results = realm.dynamicObjects("DOCArrayProperty")
            let owner = results[0]
            let list = owner["array"] as! List<DynamicObject>
            var trace = ["\(results.count) \(list.count) \(docStrings(list))"]
            list.remove(at: 0)
            list.append(first)
            trace.append(docStrings(list))
            owner["array"] = NSNull()
            trace.append("\(list.count)")
            list.append(first)
            trace.append("\(list.count)")
            owner["array"] = nil
            trace.append("\(list.count)")
            owner["array"] = [first, second]
            trace.append(docStrings(list))
            return trace
        }
        #expect(trace == ["1 2 string,string1", "string1,string", "0", "1", "0", "string,string1"])
    }

    @Test("A dynamic set is live: inserting a member changes nothing; NSNull, nil or an array assigned show in it")
    func dynamicSetEdits() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(docTypes))
        let trace = try await realm.write { realm -> [String] in
            let first = try realm.dynamicCreate("DOCString", value: ["string"])
            let second = try realm.dynamicCreate("DOCString", value: ["string1"])
            try realm.dynamicCreate("DOCSetProperty", value: ["name", [first, second], []])
            let results = realm.dynamicObjects("DOCSetProperty")
            let owner = results[0]
            let set = owner["set"] as! MutableSet<DynamicObject>
            var trace = ["\(results.count) \(set.count) \(docStrings(set))"]
            set.insert(first)
            trace.append("\(set.count) \(docStrings(set))")
            owner["set"] = NSNull()
            trace.append("\(set.count)")
            set.insert(first)
            trace.append("\(set.count)")
            owner["set"] = nil
            trace.append("\(set.count)")
            owner["set"] = [first, second]
            trace.append(docStrings(set))
            return trace
        }
        #expect(trace == ["1 2 string,string1", "2 string,string1", "0", "1", "0", "string,string1"])
    }

    @Test("A dynamic map is live: removing a key, assigning an empty or a full dictionary show in it")
    func dynamicMapEdits() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(docTypes))
        let trace = try await realm.write { realm -> [String] in
            let first = try realm.dynamicCreate("DOCString", value: ["string"])
            let second = try realm.dynamicCreate("DOCString", value: ["string1"])
            try realm.dynamicCreate(
                "DOCDictionaryProperty",
                value: [
                    "stringDictionary": ["0": first, "1": second],
                    "intObjDictionary": ["0": ["intCol": 0], "1": ["intCol": 1]],
                    "primitiveStringDictionary": [String: String](), "embeddedDictionary": [String: Any](),
                ]
            )
            let results = realm.dynamicObjects("DOCDictionaryProperty")
            let owner = results[0]
            let map = owner["stringDictionary"] as! Map<String, DynamicObject?>
            func entries() -> String {
                map.keys.sorted().map { "\($0)=\(map[$0]??["stringCol"] as? String ?? "nil")" }.joined(separator: ",")
            }
            var trace = ["\(results.count) \(map.count) \(entries())"]
            let ints = owner["intObjDictionary"] as! Map<String, DynamicObject?>
            let intValues = ints.keys.sorted().map { "\(ints[$0]??["intCol"] as? Int ?? -1)" }
            trace.append("\(realm.dynamicObjects("DOCInt").count) \(intValues)")
            (owner["stringDictionary"] as! Map<String, DynamicObject?>)["0"] = nil
            trace.append("\(map.count) \(entries())")
            owner["stringDictionary"] = [String: Any]()
            trace.append("\(map.count)")
            owner["stringDictionary"] = ["0": first, "1": second]
            trace.append(entries())
            return trace
        }
        #expect(
            trace == ["1 2 0=string,1=string1", "2 [\"0\", \"1\"]", "1 1=string1", "0", "0=string,1=string1"]
        )
    }

    @Test(
        "An optional property set by name reads nil when created empty, its value once set, and nil after NSNull or nil",
        arguments: [
            ("intObj", 1 as any Sendable), ("floatObj", Float(2.2)), ("doubleObj", 3.3), ("boolObj", true),
            ("string", "str"), ("data", Data()), ("date", Date(timeIntervalSince1970: 1_234_567)),
            ("uuidCol", UUID(uuidString: "137DECC8-B300-4954-A233-F89909F4FD89")!),
        ]
    )
    func optionalPropertiesByName(property: String, value: any Sendable) async throws {
        let realm = try await Realm(configuration: memoryConfiguration(docTypes))
        let trace = try await realm.write { realm -> [String] in
            let object = try realm.dynamicCreate("DOCAllOptional", value: [Any]())
            var trace = [docKey(object[property])]
            object[property] = value
            trace.append(docKey(object[property]))
            object[property] = NSNull()
            trace.append(docKey(object[property]))
            object[property] = value
            object[property] = nil
            trace.append(docKey(object[property]))
            return trace
        }
        #expect(trace == ["nil", docKey(value), "nil", "nil"])
    }

    @Test("A LinkingObjects property read by name lists the objects that link here")
    func linkingObjectsByName() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(docTypes))
        let read = try await realm.write { realm -> [String] in
            let person = try realm.dynamicCreate("DOCPerson", value: ["parent", 10, [["child", 5, []]]])
            let parents = docElements(person["parents"])
            let child = (person["children"] as! List<DynamicObject>)[0]
            let childParents = docElements(child["parents"])
            return [
                "\(parents.count) \(childParents.count)",
                "\((childParents.first as? ObjectBase)?.isSameObject(as: person) ?? false)",
            ]
        }
        #expect(read == ["0 1", "true"])
    }

    @Test("An embedded link set by name: an array of values makes the embedded object; nil and NSNull clear it")
    func embeddedLinkByName() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(docTypes))
        let trace = try await realm.write { realm -> [String] in
            let parent = try realm.dynamicCreate("DOCEmbeddedIntParent", value: [1])
            var trace = ["\(docKey(parent["object"])) \((parent["array"] as! List<DynamicObject>).count)"]
            parent["object"] = [1]
            trace.append(docKey((parent["object"] as? DynamicObject)?["intCol"]))
            parent["object"] = nil
            trace.append(docKey(parent["object"]))
            parent["object"] = [1]
            parent["object"] = NSNull()
            trace.append(docKey(parent["object"]))
            trace.append("\(realm.dynamicObjects("DOCEmbeddedInt").count)")
            return trace
        }
        #expect(trace == ["nil 0", "Int 1", "nil", "nil", "0"])
    }
}
