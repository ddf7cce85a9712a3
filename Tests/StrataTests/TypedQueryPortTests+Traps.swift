import Foundation
import Strata
import Testing

// RealmSwift/Tests/QueryTests.swift: testInvalidMemberwiseEquality (a programmer error: Realm raises an exception,
// which stops a Swift program), and the typed forms of testNumericContains, testStringOperations and
// testEqualMappedToEmbeddedObject that reach through `rawValue` and `persistableValue`. Each runs in a child
// process, so that a trap fails one test instead of the whole run.

extension TypedQueryPortTests {
    /// Realm's `rawValue` and `persistableValue` queries on its data set (the wrapper `object` holding 2), with
    /// Realm's counts.
    static let rawValueCounts: [String: Int] = [
        "intEnumCol.rawValue in 1..<5": 1,
        "intEnumCol.rawValue in 1..<3": 0,
        "intEnumCol.rawValue in 1...3": 1,
        "stringEnumCol.rawValue CONTAINS Foó": 0,
        "stringEnumCol.rawValue LIKE *o*": 0,
        "int.persistableValue in 1..<5": 1,
        "int.persistableValue in 1..<3": 0,
        "object.persistableValue.value == 2": 1,
        "object.persistableValue.value == 3": 0,
    ]

    /// Counts the query `label` names and prints "count=N" to standard error, for the parent to read.
    static func printRawValueCount(_ label: String) async throws {
        let realm = try await makeRealm()
        try await realm.write { realm in
            realm.objects(TQPCustomTypes.self).first!.object = TQPEmbeddedWrap(value: 2)
        }
        let count = await realm.read { realm -> Int in
            let all = realm.objects(TQPAllTypes.self)
            let custom = realm.objects(TQPCustomTypes.self)
            switch label {
            case "intEnumCol.rawValue in 1..<5": return all.where { $0.intEnumCol.rawValue.contains(1..<5) }.count
            case "intEnumCol.rawValue in 1..<3": return all.where { $0.intEnumCol.rawValue.contains(1..<3) }.count
            case "intEnumCol.rawValue in 1...3": return all.where { $0.intEnumCol.rawValue.contains(1...3) }.count
            case "stringEnumCol.rawValue CONTAINS Foó":
                return all.where { $0.stringEnumCol.rawValue.contains("Foó") }.count
            case "stringEnumCol.rawValue LIKE *o*": return all.where { $0.stringEnumCol.rawValue.like("*o*") }.count
            case "int.persistableValue in 1..<5": return custom.where { $0.int.persistableValue.contains(1..<5) }.count
            case "int.persistableValue in 1..<3": return custom.where { $0.int.persistableValue.contains(1..<3) }.count
            case "object.persistableValue.value == 2":
                return custom.where { $0.object.persistableValue.value == 2 }.count
            case "object.persistableValue.value == 3":
                return custom.where { $0.object.persistableValue.value == 3 }.count
            default: return -1
            }
        }
        FileHandle.standardError.write(Data("count=\(count)\n".utf8))
    }

    @Test(
        "$0.enumProperty.rawValue and $0.wrapper.persistableValue query the stored value, as in Realm",
        arguments: rawValueCounts.keys.sorted()
    )
    func rawAndPersistableValues(_ label: String) async throws {
        await withKnownIssue("Strata differs: a key path through rawValue or persistableValue traps") {
            let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
                [label = label as String] in
                try await TypedQueryPortTests.printRawValueCount(label)
            }
            let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            let count = output.split(separator: "\n").last { $0.hasPrefix("count=") }.flatMap { Int($0.dropFirst(6)) }
            #expect(count == Self.rawValueCounts[label], "\(output.suffix(300))")
        }
    }

    @Test("Comparing with a custom type whose embedded object holds a link stops the program, as Realm's exception")
    func invalidMemberwiseEqualityWithLink() async {
        await withKnownIssue("Strata differs: the comparison is accepted instead of stopping the program") {
            await #expect(processExitsWith: .failure) {
                // A realm that cannot open exits normally, failing the expectation rather than passing it.
                guard let realm = try? await Realm(configuration: memoryConfiguration(TypedQueryPortTests.modelTypes))
                else { exit(EXIT_SUCCESS) }
                _ = await realm.read { realm in
                    realm.objects(TQPLinkToObjectLinkWrap.self).where { $0.link == TQPObjectLinkWrap() }.count
                }
            }
        }
    }

    @Test("Comparing with a custom type whose embedded object holds a list stops the program, as Realm's exception")
    func invalidMemberwiseEqualityWithCollection() async {
        await withKnownIssue("Strata differs: the comparison is accepted instead of stopping the program") {
            await #expect(processExitsWith: .failure) {
                // A realm that cannot open exits normally, failing the expectation rather than passing it.
                guard let realm = try? await Realm(configuration: memoryConfiguration(TypedQueryPortTests.modelTypes))
                else { exit(EXIT_SUCCESS) }
                _ = await realm.read { realm in
                    realm.objects(TQPLinkToCollectionWrap.self).where { $0.link == TQPCollectionWrap() }.count
                }
            }
        }
    }
}
