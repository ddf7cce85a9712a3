import Foundation
import Strata
import StrataCore
import Testing

/// An object with one mixed property, for nested collections in `AnyRealmValue`.
final class MixedBox: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var value: AnyRealmValue
}

/// A mixed value as text, collections included, for exact comparisons: lists `[a, b]`, dictionaries
/// `{key: value}` in key order, strings quoted, objects as `Dog(name)`.
func render(_ value: AnyRealmValue) -> String {
    switch value {
    case .list(let list): return "[" + list.map(render).joined(separator: ", ") + "]"
    case .dictionary(let map):
        return "{" + map.asKeyValueSequence().map { "\($0.key): \(render($0.value))" }.joined(separator: ", ") + "}"
    case .string(let text): return "'\(text)'"
    case .object(let object):
        if let dog = object as? Dog { return "Dog(\(dog.name))" }
        return "\(type(of: object))"
    default: return value.description
    }
}

// Realm Swift 10.51's nested collections in mixed properties (RealmSwift/Tests/MixedCollectionTest.swift):
// `.list(List<AnyRealmValue>)` and `.dictionary(Map<String, AnyRealmValue>)`, made with `fromArray` and
// `fromDictionary`; read from a managed object, managed and written through; queried by realm-core's rules
// (test/test_parser.cpp, Parser_NestedMixedDictionaryList and Parser_NestedListDictionary).

@Suite("AnyRealmValue: nested lists and dictionaries")
struct AnyRealmValueCollectionTests {
    static func nested() -> AnyRealmValue {
        .fromDictionary([
            "name": .string("Paul"),
            "instruments": .fromArray([
                .fromDictionary(["brand": .string("höfner"), "strings": .int(4)]),
                .fromDictionary(["brand": .string("gibson"), "strings": .int(6), "color": .string("red")]),
            ]),
            "scores": .fromArray([.int(1), .double(2.5), .none]),
        ])
    }

    static let nestedText =
        "{instruments: [{brand: 'höfner', strings: 4}, {brand: 'gibson', color: 'red', strings: 6}], "
        + "name: 'Paul', scores: [1, 2.5, none]}"

    @Test("An unmanaged list or dictionary is stored, and reads back managed, nested two levels")
    func storeAndRead() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([MixedBox.self, Dog.self]))
        let unmanaged = MixedBox(value: ["id": 1])
        unmanaged.value = Self.nested()
        #expect(render(unmanaged.value) == Self.nestedText)
        try await realm.write { realm in
            try realm.add(MixedBox(value: ["id": 1, "value": Self.nested()]))
            try realm.add(
                MixedBox(value: ["id": 2, "value": AnyRealmValue.fromArray([.int(1), .fromArray([.bool(true)])])])
            )
            // Realm's convenience: Swift arrays and dictionaries of values in `create(_:value:)`.
            try realm.create(MixedBox.self, value: ["id": 3, "value": [AnyRealmValue.int(7), .string("x")]])
            try realm.create(MixedBox.self, value: ["id": 4, "value": ["k": AnyRealmValue.int(8)]])
        }
        let answers = await realm.read { realm -> [String] in
            let boxes = (1...4).map { realm.object(ofType: MixedBox.self, forPrimaryKey: $0)! }
            let list = boxes[1].value.listValue!
            return boxes.map { render($0.value) } + [
                "\(list.realm != nil) \(list.isFrozen) \(list.count)",
                render(boxes[0].value.dictionaryValue!["instruments"]!.listValue![1].dictionaryValue!["color"]!),
                "\(boxes[0].value.dictionaryValue!["missing"] == nil) \(boxes[0].value.listValue == nil)",
            ]
        }
        #expect(
            answers == [
                Self.nestedText, "[1, [true]]", "[7, 'x']", "{k: 8}", "true false 2", "'red'", "true true",
            ]
        )
    }

    @Test("AllTypes.any: assigned on a managed object, mutated unmanaged before add, and queried")
    func allTypesAny() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        let answers = try await realm.write { realm -> [String] in
            let first = AllTypes()
            first.any = .fromArray([.string("a"), .int(1)])
            first.any.listValue![1] = .int(2)  // an unmanaged list is mutated in place
            try realm.add(first)
            let second = AllTypes()
            try realm.add(second)
            second.any = .fromDictionary(["k": .fromArray([])])
            second.any.dictionaryValue!["k"]!.listValue!.append(.string("a"))
            let all = realm.objects(AllTypes.self)
            return [
                render(first.any), render(second.any), "\(all.filter("any[0] == 'a'").count)",
                "\(all.filter("any.k[0] == 'a'").count)", "\(all.filter("any.@type == 'collection'").count)",
            ]
        }
        #expect(answers == ["['a', 2]", "{k: ['a']}", "1", "1", "2"])
    }

    @Test("Mutations of a managed nested collection write through, two levels down")
    func mutateInPlace() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([MixedBox.self, Dog.self]))
        try await realm.write { realm in try realm.add(MixedBox(value: ["id": 1, "value": Self.nested()])) }
        try await realm.write { realm in
            let box = realm.object(ofType: MixedBox.self, forPrimaryKey: 1)!
            let root = box.value.dictionaryValue!
            let instruments = root["instruments"]!.listValue!
            instruments[0].dictionaryValue!["strings"] = .int(5)
            instruments.append(.fromDictionary(["brand": .string("martin")]))
            instruments[2].dictionaryValue!["strings"] = .int(12)
            root["scores"]!.listValue!.remove(at: 1)
            root["scores"]!.listValue![0] = .string("one")
            root["name"] = nil
            root["extra"] = .fromArray([.fromArray([.int(1)])])
            root["extra"]!.listValue![0].listValue!.insert(.int(0), at: 0)
        }
        let text = await realm.read { render($0.object(ofType: MixedBox.self, forPrimaryKey: 1)!.value) }
        #expect(
            text
                == "{extra: [[0, 1]], instruments: [{brand: 'höfner', strings: 5}, "
                + "{brand: 'gibson', color: 'red', strings: 6}, {brand: 'martin', strings: 12}], scores: ['one', none]}"
        )
        // Emptied, a nested list stays a list and a nested dictionary a dictionary.
        let emptied = try await realm.write { realm -> String in
            let root = realm.object(ofType: MixedBox.self, forPrimaryKey: 1)!.value.dictionaryValue!
            root["extra"]!.listValue!.removeAll()
            root["instruments"]!.listValue![2].dictionaryValue!.removeAll()
            return render(root["extra"]!) + " " + render(root["instruments"]!.listValue![2])
        }
        #expect(emptied == "[] {}")
        // Replacing the whole value drops the nested collections; a nested collection read before then reads as
        // empty, since its place no longer holds a list.
        let count = try await realm.write { realm -> Int in
            let box = realm.object(ofType: MixedBox.self, forPrimaryKey: 1)!
            let scores = box.value.dictionaryValue!["scores"]!.listValue!
            box.value = .int(3)
            return scores.count
        }
        #expect(count == 0)
        #expect(await realm.read { render($0.object(ofType: MixedBox.self, forPrimaryKey: 1)!.value) } == "3")
    }

    @Test("Objects inside nested collections are added with them and read back")
    func objectsInside() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([MixedBox.self, Dog.self, Person.self]))
        try await realm.write { realm in
            let rex = Dog(value: ["name": "Rex"])
            try realm.add(
                MixedBox(value: [
                    "id": 1,
                    "value": AnyRealmValue.fromArray([
                        .object(rex), .fromDictionary(["pet": .object(Dog(value: ["name": "Fido"]))]),
                    ]),
                ])
            )
        }
        try await realm.write { realm in
            let box = realm.object(ofType: MixedBox.self, forPrimaryKey: 1)!
            box.value.listValue!.append(.object(Dog(value: ["name": "Spot"])))
        }
        let (text, dogs) = await realm.read { realm in
            (render(realm.object(ofType: MixedBox.self, forPrimaryKey: 1)!.value), realm.objects(Dog.self).count)
        }
        #expect(text == "[Dog(Rex), {pet: Dog(Fido)}, Dog(Spot)]")
        #expect(dogs == 3)
    }

    @Test("Equality: managed collections by identity, unmanaged ones by their elements")
    func equality() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([MixedBox.self, Dog.self]))
        try await realm.write { realm in try realm.add(MixedBox(value: ["id": 1, "value": Self.nested()])) }
        #expect(AnyRealmValue.fromArray([.int(1), .string("a")]) == .fromArray([.int(1), .string("a")]))
        #expect(AnyRealmValue.fromArray([.int(1)]) != .fromArray([.int(2)]))
        #expect(AnyRealmValue.fromArray([]) != .fromDictionary([:]))
        #expect(AnyRealmValue.fromDictionary(["a": .int(1)]) == .fromDictionary(["a": .int(1)]))
        #expect(AnyRealmValue.fromArray([.int(1)]).hashValue == AnyRealmValue.fromArray([.int(2)]).hashValue)
        let answers = await realm.read { realm -> [Bool] in
            let box = realm.object(ofType: MixedBox.self, forPrimaryKey: 1)!
            let again = realm.object(ofType: MixedBox.self, forPrimaryKey: 1)!
            let scores = box.value.dictionaryValue!["scores"]!
            return [
                box.value == again.value,
                scores == again.value.dictionaryValue!["scores"]!,
                scores == box.value.dictionaryValue!["instruments"]!,
                scores == .fromArray([.int(1), .double(2.5), .none]),
            ]
        }
        #expect(answers == [true, true, false, false])
    }

    @Test("A frozen object's nested collections are frozen and read from a detached task")
    func frozenRead() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([MixedBox.self, Dog.self]))
        try await realm.write { realm in try realm.add(MixedBox(value: ["id": 1, "value": Self.nested()])) }
        let frozen = try await realm.read { realm in
            try realm.object(ofType: MixedBox.self, forPrimaryKey: 1)!.value.dictionaryValue!.freeze()
        }
        try await realm.write { realm in
            realm.object(ofType: MixedBox.self, forPrimaryKey: 1)!.value.dictionaryValue!["name"] = .string("John")
        }
        let (text, isFrozen, innerFrozen) = await Task.detached {
            (render(.dictionary(frozen)), frozen.isFrozen, frozen["instruments"]!.listValue!.isFrozen)
        }.value
        #expect(text == Self.nestedText)
        #expect(isFrozen && innerFrozen)
        let live = await realm.read { render($0.object(ofType: MixedBox.self, forPrimaryKey: 1)!.value) }
        #expect(live == Self.nestedText.replacingOccurrences(of: "'Paul'", with: "'John'"))
    }

    @Test("Nested collections persist across reopening a file, and verify() passes")
    func persistence() async throws {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration([MixedBox.self, Dog.self])
        do {
            let realm = try await Realm(configuration: configuration)
            try await realm.write { realm in
                try realm.add(MixedBox(value: ["id": 1, "value": Self.nested()]))
                try realm.add(
                    MixedBox(value: ["id": 2, "value": AnyRealmValue.fromArray([.object(Dog(value: ["name": "Rex"]))])])
                )
            }
            try await realm.write { realm in
                realm.object(ofType: MixedBox.self, forPrimaryKey: 1)!.value.dictionaryValue!["scores"]!.listValue!
                    .append(.int(9))
            }
            await realm.close()
        }
        let database = try Database.open(path: configuration.fileURL!.path)
        try database.verify()
        database.close()
        let realm = try await Realm(configuration: configuration)
        let texts = await realm.read { realm in
            realm.objects(MixedBox.self).sorted(byKeyPath: "id").map { render($0.value) }
        }
        #expect(texts == [Self.nestedText.replacingOccurrences(of: "none]", with: "none, 9]"), "[Dog(Rex)]"])
    }
}
