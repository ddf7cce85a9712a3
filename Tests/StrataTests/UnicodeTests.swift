import Foundation
import Strata
import Testing

/// A model whose property name is not ASCII (realm-swift's SwiftUnicodeTests.swift uses one).
final class UnicodeNamed: Object {
    // swift-format-ignore: IdentifiersMustBeASCII
    @Persisted var 柱колоéнǢкƱаم👍 = ""
}

/// A model with one string property.
final class PlainString: Object {
    @Persisted var stringCol = ""
}

// Facts from realm-swift's SwiftUnicodeTests.swift: UTF-8 text and a non-ASCII property name are stored, read,
// compared and named in queries exactly.
@Suite("Unicode: UTF-8 values and property names")
struct UnicodeTests {
    static let text = "值значен™👍☞⎠‱௹♣︎☐▼❒∑⨌⧭иеمرحبا"

    @Test("a UTF-8 string reads back equal, matches == and fails !=")
    func utf8Contents() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([PlainString.self]))
        let text = Self.text
        try await realm.write { realm in _ = try realm.create(PlainString.self, value: [text]) }
        try await realm.read { realm in
            let first = try #require(realm.objects(PlainString.self).first)
            #expect(first.stringCol == text)
            let matched = try #require(realm.objects(PlainString.self).filter("stringCol == %@", text).first)
            #expect(matched == first || matched.stringCol == first.stringCol)
            #expect(realm.objects(PlainString.self).filter("stringCol != %@", text).count == 0)
        }
    }

    @Test("a non-ASCII property name is stored, read and named with %K")
    func utf8PropertyName() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([UnicodeNamed.self]))
        let text = Self.text
        try await realm.write { realm in _ = try realm.create(UnicodeNamed.self, value: [text]) }
        try await realm.read { realm in
            let first = try #require(realm.objects(UnicodeNamed.self).first)
            #expect(first.柱колоéнǢкƱаم👍 == text)
            let matched = realm.objects(UnicodeNamed.self).filter("%K == %@", "柱колоéнǢкƱаم👍", text)
            #expect(matched.count == 1)
            #expect(realm.objects(UnicodeNamed.self).filter("柱колоéнǢкƱаم👍 == %@", text).count == 1)
        }
    }
}
