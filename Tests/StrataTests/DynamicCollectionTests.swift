import Foundation
import Strata
import Testing

// Collections of dynamic objects, with the facts Realm Swift's tests assert about them:
//   - RealmTests.swift (testDynamicObjectListProperties, testDynamicObjectMutableSetProperties): a dynamic object's
//     list or set of objects reads as List<DynamicObject> or MutableSet<DynamicObject>, whose elements are read by
//     subscript; its list or set of values reads as the typed collection (DynamicObject's subscript in
//     RealmSwift/Object.swift).
//   - ObjectTests.swift (testDynamicList, testDynamicMutableSet, testFreezeDynamicObject): Object.dynamicList(_:) and
//     dynamicMutableSet(_:) give the stored collection of a managed object, an unknown name stops, and a frozen
//     object gives a frozen collection of frozen objects.
//   - ObjectTests.swift (dynamicSetAndTestAllTypes): a dynamic object's list, set or link property takes dynamic
//     objects: an array of them, the collection itself after removeAll(), or nil to empty it.
//   - ObjectAccessorTests.swift (testRenamedProperties): the elements are the stored objects (isSameObject).
//   - Realm's RLMArray.mm and RLMSet.mm: an object of another class does not match the collection's class.
// Where Realm Swift gives a list that cannot be read instead of stopping (dynamicList(_:) of a list of values, as
// CustomColumnNameTests.swift counts one, or of an unmanaged object), Strata stops with a message.

/// A list and set element.
final class DCDog: Object {
    @Persisted var name = ""
    @Persisted var age = 0
}

/// A class no property of `DCOwner` holds, to append where it does not belong.
final class DCCat: Object {
    @Persisted var name = ""
}

/// An element of a list of embedded objects.
final class DCStop: EmbeddedObject {
    @Persisted var city = ""
}

/// An embedded object with a list of objects, for `EmbeddedObject.dynamicList(_:)`.
final class DCRoute: EmbeddedObject {
    @Persisted var dogs: List<DCDog>
}

/// Every kind of collection property a dynamic object reads.
final class DCOwner: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var dogs: List<DCDog>
    @Persisted var favourites: MutableSet<DCDog>
    @Persisted var scores: List<Int>
    @Persisted var tags: MutableSet<String>
    @Persisted var stops: List<DCStop>
    @Persisted var route: DCRoute?
    @Persisted var best: DCDog?
}

private let dcTypes: [ObjectBase.Type] = [DCDog.self, DCCat.self, DCStop.self, DCRoute.self, DCOwner.self]

/// A realm holding, for each test:
///
///     DCOwner 1: dogs [Rex, Fido]   favourites {Rex}   scores [3, 1]   tags {a}   stops [Oslo, Rome]
///                route.dogs [Fido]  best nil
///     DCDog: Rex (age 3), Fido (age 1)      DCCat: Tom
private func seededRealm() async throws -> Realm {
    let realm = try await Realm(configuration: memoryConfiguration(dcTypes))
    try await realm.write { realm in
        let rex = DCDog(value: ["name": "Rex", "age": 3])
        let fido = DCDog(value: ["name": "Fido", "age": 1])
        try realm.add(
            DCOwner(value: [
                "id": 1, "dogs": [rex, fido], "favourites": [rex], "scores": [3, 1], "tags": ["a"],
                "stops": [["city": "Oslo"], ["city": "Rome"]], "route": ["dogs": [fido]],
            ])
        )
        try realm.add(DCCat(value: ["name": "Tom"]))
    }
    return realm
}

/// The name of a dynamic element: its `name`, or a stop's `city`.
private func label(_ object: DynamicObject) -> String {
    (object["name"] as? String) ?? (object["city"] as? String) ?? "?"
}

/// A value read from a dynamic object, as its type and elements: sets sorted, objects by `label(_:)`.
private func summary(_ value: Any?) -> String {
    switch value {
    case let list as List<DynamicObject>: "List<DynamicObject> \(list.map(label))"
    case let set as MutableSet<DynamicObject>: "MutableSet<DynamicObject> \(set.map(label).sorted())"
    case let list as List<Int>: "List<Int> \(Array(list))"
    case let set as MutableSet<String>: "MutableSet<String> \(Array(set).sorted())"
    case let value?: "\(type(of: value))"
    case nil: "nil"
    }
}

/// The typed owner's collections after a change through dynamic objects, as
/// `dogs | favourites (sorted) | best | stops | number of DCDog objects, of DCStop objects`.
private func stored(_ realm: isolated Realm) -> String {
    let owner = realm.object(ofType: DCOwner.self, forPrimaryKey: 1)!
    return [
        owner.dogs.map(\.name).joined(separator: ","), owner.favourites.map(\.name).sorted().joined(separator: ","),
        owner.best?.name ?? "-", owner.stops.map(\.city).joined(separator: ","),
        "\(realm.objects(DCDog.self).count) \(realm.dynamicObjects("DCStop").count)",
    ].joined(separator: " | ")
}

@Suite("Collections of dynamic objects, as Realm Swift's dynamic object and dynamicList tests have them")
struct DynamicCollectionTests {
    @Test(
        "A dynamic object reads a list or set of objects as dynamic objects, and one of values as its typed collection",
        arguments: [
            ("dogs", "List<DynamicObject> [\"Rex\", \"Fido\"]"),
            ("favourites", "MutableSet<DynamicObject> [\"Rex\"]"),
            ("stops", "List<DynamicObject> [\"Oslo\", \"Rome\"]"),
            ("scores", "List<Int> [3, 1]"),
            ("tags", "MutableSet<String> [\"a\"]"),
            ("noSuchProperty", "nil"),
        ]
    )
    func subscriptReads(property: String, expected: String) async throws {
        let realm = try await seededRealm()
        let read = await realm.read { realm -> [String] in
            let object = realm.dynamicObjects("DCOwner")[0]
            return [summary(object[property]), summary(object.value(forKey: property))]
        }
        #expect(read == [expected, expected])
    }

    @Test(
        "dynamicList and dynamicMutableSet give the stored collection of any managed object, as dynamic objects",
        arguments: [
            ("typed object", "List<DynamicObject> [\"Rex\", \"Fido\"], MutableSet<DynamicObject> [\"Rex\"]"),
            ("dynamic object", "List<DynamicObject> [\"Rex\", \"Fido\"], MutableSet<DynamicObject> [\"Rex\"]"),
            ("embedded object", "List<DynamicObject> [\"Fido\"]"),
            ("elements", "DynamicObject DCDog same: true true 3"),
            ("query", "[\"Rex\"] [\"Fido\", \"Rex\"] Results<DynamicObject> 2"),
            ("frozen typed object", "frozen: true true true true [\"Rex\", \"Fido\"]"),
            ("frozen dynamic object", "frozen: true true true true [\"Rex\", \"Fido\"]"),
        ]
    )
    func dynamicCollections(receiver: String, expected: String) async throws {
        let realm = try await seededRealm()
        let read = try await realm.read { realm -> String in
            let owner = realm.object(ofType: DCOwner.self, forPrimaryKey: 1)!
            let dynamic = realm.dynamicObjects("DCOwner")[0]
            func frozen(_ object: Object) -> String {
                let list = object.dynamicList("dogs")
                let set = object.dynamicMutableSet("favourites")
                return "frozen: \(list.isFrozen) \(list[0].isFrozen) \(set.isFrozen) \(set[0].isFrozen)"
                    + " \(list.map(label))"
            }
            switch receiver {
            case "typed object":
                return summary(owner.dynamicList("dogs")) + ", " + summary(owner.dynamicMutableSet("favourites"))
            case "dynamic object":
                return summary(dynamic.dynamicList("dogs")) + ", " + summary(dynamic.dynamicMutableSet("favourites"))
            case "embedded object":
                return summary(owner.route!.dynamicList("dogs"))
            case "elements":
                let rex = owner.dynamicList("dogs")[0]
                let favourite = owner.dynamicMutableSet("favourites")[0]
                return "\(type(of: rex)) \(rex.objectSchema.className) same:"
                    + " \(rex.isSameObject(as: owner.dogs[0])) \(favourite.isSameObject(as: owner.dogs[0]))"
                    + " \(rex["age"] as? Int ?? -1)"
            case "query":
                let list = dynamic.dynamicList("dogs")
                let sorted = list.sorted(byKeyPath: "name")
                return "\(list.filter("age > 2").map(label)) \(sorted.map(label)) \(type(of: sorted)) \(list.count)"
            case "frozen typed object": return try frozen(owner.freeze())
            case "frozen dynamic object": return try frozen(dynamic.freeze())
            default: return "unknown receiver"
            }
        }
        #expect(read == expected)
    }

    @Test(
        "Changing a dynamic list or set in a write changes the stored collection",
        arguments: [
            ("append", "Rex,Fido,Bella | Rex | - | Oslo,Rome | 3 2"),
            ("append an existing dog", "Rex,Fido,Fido | Rex | - | Oslo,Rome | 2 2"),
            ("insert", "Bella,Rex,Fido | Rex | - | Oslo,Rome | 3 2"),
            ("remove", "Fido | Rex | - | Oslo,Rome | 2 2"),
            ("move", "Fido,Rex | Rex | - | Oslo,Rome | 2 2"),
            ("swap", "Fido,Rex | Rex | - | Oslo,Rome | 2 2"),
            ("replace", "Rex,Rex | Rex | - | Oslo,Rome | 2 2"),
            ("removeAll", " | Rex | - | Oslo,Rome | 2 2"),
            ("set insert", "Rex,Fido | Fido,Rex | - | Oslo,Rome | 2 2"),
            ("set remove", "Rex,Fido |  | - | Oslo,Rome | 2 2"),
            ("set removeAll", "Rex,Fido |  | - | Oslo,Rome | 2 2"),
            // A list of embedded objects is rewritten whole; the stop it no longer holds is deleted.
            ("embedded remove", "Rex,Fido | Rex | - | Rome | 2 1"),
            ("embedded move", "Rex,Fido | Rex | - | Rome,Oslo | 2 2"),
            ("assign an array", "Fido | Fido | - | Oslo,Rome | 2 2"),
            ("assign the emptied list", " |  | - | Oslo,Rome | 2 2"),
            ("assign nil", " |  | - | Oslo,Rome | 2 2"),
            ("assign a link", "Rex,Fido | Rex | Fido | Oslo,Rome | 2 2"),
        ]
    )
    func changes(change: String, expected: String) async throws {
        let realm = try await seededRealm()
        let after = try await realm.write { realm -> String in
            let owner = realm.dynamicObjects("DCOwner")[0]
            let dogs = owner["dogs"] as! List<DynamicObject>
            let favourites = owner["favourites"] as! MutableSet<DynamicObject>
            let stops = owner["stops"] as! List<DynamicObject>
            let fido = realm.dynamicObjects("DCDog").filter("name == 'Fido'")[0]
            switch change {
            case "append": try dogs.append(realm.dynamicCreate("DCDog", value: ["name": "Bella"]))
            case "append an existing dog": dogs.append(fido)
            case "insert": try dogs.insert(realm.dynamicCreate("DCDog", value: ["name": "Bella"]), at: 0)
            case "remove": dogs.remove(at: 0)
            case "move": dogs.move(from: 0, to: 1)
            case "swap": dogs.swapAt(0, 1)
            case "replace": dogs.replace(index: 1, object: dogs[0])
            case "removeAll": dogs.removeAll()
            case "set insert": favourites.insert(fido)
            case "set remove": favourites.remove(favourites[0])
            case "set removeAll": favourites.removeAll()
            case "embedded remove": stops.remove(at: 0)
            case "embedded move": stops.move(from: 0, to: 1)
            case "assign an array":
                owner["dogs"] = [fido]
                owner["favourites"] = [fido]
            case "assign the emptied list":
                dogs.removeAll()
                owner["dogs"] = dogs
                favourites.removeAll()
                owner["favourites"] = favourites
            case "assign nil":
                owner["dogs"] = nil
                owner["favourites"] = nil
            case "assign a link": owner["best"] = fido
            default: break
            }
            return stored(realm)
        }
        #expect(after == expected)
    }

    @Test("A dynamic object given to create() or init(value:) is its stored object, of its model class")
    func dynamicObjectsAsValues() async throws {
        let realm = try await seededRealm()
        let read = try await realm.write { realm -> [String] in
            let fido = realm.dynamicObjects("DCDog").filter("name == 'Fido'")[0]
            let created = try realm.dynamicCreate("DCOwner", value: ["id": 2, "dogs": [fido], "best": fido])
            let unmanaged = DCOwner(value: ["id": 3, "dogs": [fido], "favourites": [fido]])
            return [
                summary(created["dogs"]), "\((created["best"] as? ObjectBase)?["name"] as? String ?? "nil")",
                "\(unmanaged.dogs.map(\.name)) \(unmanaged.favourites.map(\.name)) \(unmanaged.dogs[0].realm != nil)",
                "\(realm.objects(DCDog.self).count)",
            ]
        }
        #expect(read == ["List<DynamicObject> [\"Fido\"]", "Fido", "[\"Fido\"] [\"Fido\"] true", "2"])
    }

    @Test(
        "Misusing dynamicList, dynamicMutableSet or a dynamic collection stops with a message naming the problem",
        arguments: [
            ("unknown property", "Invalid property name 'noSuchList' for class 'DCOwner'."),
            ("list of values", "dynamicList(_:) reads a List of objects, and DCOwner.scores is a List<Int>"),
            ("set of values", "dynamicMutableSet(_:) reads a MutableSet of objects, and DCOwner.tags is a MutableSet<"),
            ("set as list", "dynamicList(_:) reads a List property, and DCOwner.favourites is a MutableSet<DCDog>"),
            ("unmanaged object", "dynamicList(_:) reads a managed object's List: the DCOwner.dogs of an unmanaged"),
            ("another class in a list", "Object of type 'DCCat' does not match List type 'DCDog'."),
            ("another class in a set", "Object of type 'DCCat' does not match MutableSet type 'DCDog'."),
            ("another class in a link", "Object of type 'DCCat' does not match 'best' type 'DCDog'."),
            ("an unmanaged dynamic object", "Object of type 'DynamicObject' does not match List type 'DCDog'."),
        ]
    )
    func misuseStops(misuse: String, message: String) async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [misuse = misuse as String] in
            let realm = try await seededRealm()
            try await realm.write { realm in
                let owner = realm.object(ofType: DCOwner.self, forPrimaryKey: 1)!
                let dynamic = realm.dynamicObjects("DCOwner")[0]
                let tom = realm.dynamicObjects("DCCat")[0]
                switch misuse {
                case "unknown property": _ = owner.dynamicList("noSuchList")
                case "list of values": _ = owner.dynamicList("scores")
                case "set of values": _ = dynamic.dynamicMutableSet("tags")
                case "set as list": _ = owner.dynamicList("favourites")
                case "unmanaged object": _ = DCOwner().dynamicList("dogs")
                case "another class in a list": owner.dynamicList("dogs").append(tom)
                case "another class in a set": (dynamic["favourites"] as! MutableSet<DynamicObject>).insert(tom)
                case "another class in a link": dynamic["best"] = tom
                case "an unmanaged dynamic object": dynamic.dynamicList("dogs").append(DynamicObject())
                default: break
                }
            }
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains(message), "\(output.suffix(300))")
    }
}
