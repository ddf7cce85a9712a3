import Foundation
import Strata
import Testing

// Facts from realm-swift's RealmSwift/Tests/SwiftUnicodeTests.swift (testUTF8StringContents,
// testUTF8PropertyWithUTF8StringContents) beyond what UnicodeTests.swift asserts in memory: the realm is a file, as
// `realmWithTestPath()` makes it, and the object a query for the text finds is the very one read before; text of
// other shapes (combining marks, joined emoji, flags, a NUL, four-byte scalars) keeps its exact scalars in a property,
// a list and a map and is found by the string operators; and a class whose name, and properties whose names, are not
// ASCII are stored, reopened, read by key-value coding, queried (string, %K, key path through a link, typed query)
// and sorted by those names.

/// Text in a property, a list and a map.
final class UPTText: Object {
    @Persisted var text = ""
    @Persisted var texts: List<String>
    @Persisted var byKey: Map<String, String>
}

/// A class, and properties, named outside ASCII.
// swift-format-ignore: IdentifiersMustBeASCII
final class UPTÜbersicht: Object {
    @Persisted(primaryKey: true) var ключ = 0
    @Persisted(indexed: true) var 名前 = ""
    @Persisted var связь: UPTÜbersicht?
    @Persisted var リスト: List<String>
}

@Suite("Unicode port: text in files, non-ASCII class and property names")
struct UnicodePortTests {
    /// realm-swift's test string: CJK, Cyrillic, symbols, an emoji, Tamil, Arabic.
    static let text = "值значен™👍☞⎠‱௹♣︎☐▼❒∑⨌⧭иеمرحبا"
    /// A map key outside ASCII.
    static let key = "ключ👍"

    @Test("UTF-8 text is read back from the file, also after reopening; a query for it finds that same object")
    func textInAFile() async throws {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration([UPTText.self])
        let text = Self.text
        do {
            let realm = try await Realm(configuration: configuration)
            try await realm.write { realm in _ = try realm.create(UPTText.self, value: ["text": text]) }
            let seen = try await realm.read { realm -> [Bool] in
                let first = try #require(realm.objects(UPTText.self).first)
                let found = try #require(realm.objects(UPTText.self).filter("text == %@", text).first)
                return [
                    first.text == text, found.isSameObject(as: first),
                    realm.objects(UPTText.self).filter("text != %@", text).isEmpty,
                ]
            }
            #expect(seen == [true, true, true])
            await realm.close()
        }
        let reopened = try await Realm(configuration: configuration)
        let stored = await reopened.read { realm in realm.objects(UPTText.self).map(\.text) }
        #expect(stored == [text])
    }

    @Test(
        "text keeps its exact scalars in a property, a list and a map, and the string operators find it",
        arguments: [
            text, "e\u{301}t\u{E9}", "👨‍👩‍👧 family", "🇯🇵🇫🇷", "a\u{0}b", "\u{FEFF}bom", "𝄞𝕏 four bytes",
            "Ǣ\u{0301}\u{0323}",
        ]
    )
    func exactScalars(text: String) async throws {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration([UPTText.self])
        let key = Self.key
        do {
            let realm = try await Realm(configuration: configuration)
            try await realm.write { realm in
                let object = UPTText()
                object.text = text
                object.texts.append(objectsIn: [text, "other"])
                object.byKey[key] = text
                try realm.add(object)
                try realm.add(UPTText(value: ["text": "other"]))
            }
            await realm.close()
        }
        let realm = try await Realm(configuration: configuration)
        let (scalars, counts) = await realm.read { realm in
            let all = realm.objects(UPTText.self)
            let object = all.filter("text != 'other'").first
            let first = String(text.first!)
            let last = String(text.last!)
            return (
                [object?.text, object?.texts.first, object?.byKey[key]].map { $0.map { Array($0.unicodeScalars) } },
                [
                    all.filter("text == %@", text).count, all.filter("text BEGINSWITH %@", first).count,
                    all.filter("text ENDSWITH %@", last).count, all.filter("text CONTAINS %@", text).count,
                    all.filter("ANY texts == %@", text).count, all.filter("ANY byKey.@keys == %@", key).count,
                    all.filter("ANY byKey == %@", text).count, all.filter("text IN %@", [text, "x"]).count,
                ]
            )
        }
        #expect(scalars == Array(repeating: Array(text.unicodeScalars), count: 3))
        #expect(counts == Array(repeating: 1, count: 8))
    }

    @Test("a class and properties named outside ASCII are stored, reopened, read, queried and sorted by those names")
    func nonASCIINames() async throws {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration([UPTÜbersicht.self])
        do {
            let realm = try await Realm(configuration: configuration)
            try await realm.write { realm in
                let first = try realm.create(UPTÜbersicht.self, value: ["ключ": 1, "名前": "один", "リスト": ["a"]])
                _ = try realm.create(UPTÜbersicht.self, value: ["ключ": 2, "名前": "二", "связь": first])
                try realm.add(UPTÜbersicht(value: [3, "trois", nil, ["b", "c"]]))
            }
            await realm.close()
        }
        let realm = try await Realm(configuration: configuration)
        let schema = await realm.schema["UPTÜbersicht"]
        #expect(schema?.properties.map(\.name) == ["ключ", "名前", "связь", "リスト"])
        #expect(schema?.primaryKeyProperty?.name == "ключ")
        #expect(schema?["名前"]?.isIndexed == true)
        #expect(schema?["связь"]?.objectClassName == "UPTÜbersicht")
        try await realm.write { realm in
            realm.object(ofType: UPTÜbersicht.self, forPrimaryKey: 3)?.setValue("три", forKey: "名前")
        }
        let seen = await realm.read { realm -> [String] in
            let all = realm.objects(UPTÜbersicht.self)
            return [
                all.filter("名前 == %@", "один").map { "\($0.ключ)" }.joined(),
                all.filter("%K BEGINSWITH %@", "名前", "т").map { "\($0.ключ)" }.joined(),
                all.filter("связь.名前 == %@", "один").map { "\($0.ключ)" }.joined(),
                all.where { $0.名前 == "二" }.map { "\($0.ключ)" }.joined(),
                all.filter("リスト.@count == 2").map { "\($0.ключ)" }.joined(),
                all.sorted(byKeyPath: "ключ", ascending: false).map { "\($0.ключ)" }.joined(),
                all.sorted(byKeyPath: "名前").map(\.名前).joined(separator: ","),
                "\(realm.object(ofType: UPTÜbersicht.self, forPrimaryKey: 2)?.value(forKey: "名前") ?? "nil")",
                "\(realm.object(ofType: UPTÜbersicht.self, forPrimaryKey: 2)?["связь"].map { _ in "linked" } ?? "nil")",
                "\(realm.dynamicObjects("UPTÜbersicht").count)",
            ]
        }
        #expect(seen == ["1", "3", "2", "2", "3", "321", "один,три,二", "二", "linked", "3"])
    }
}
