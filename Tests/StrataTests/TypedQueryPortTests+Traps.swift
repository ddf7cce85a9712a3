import Foundation
import Strata
import Testing

// RealmSwift/Tests/QueryTests.swift: testInvalidMemberwiseEquality (a programmer error: Realm raises an exception,
// which stops a Swift program). Each runs in a child process, so that the trap fails one test instead of the whole
// run.

extension TypedQueryPortTests {
    @Test("Comparing with a custom type whose embedded object holds a link stops the program, as Realm's exception")
    func invalidMemberwiseEqualityWithLink() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // A realm that cannot open exits normally, failing the expectation rather than passing it.
            guard let realm = try? await Realm(configuration: memoryConfiguration(TypedQueryPortTests.modelTypes))
            else { exit(EXIT_SUCCESS) }
            _ = await realm.read { realm in
                realm.objects(TQPLinkToObjectLinkWrap.self).where { $0.link == TQPObjectLinkWrap() }.count
            }
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let reason =
            "Unsupported property 'TQPObjectLinkHolder.value' for memberwise equality query: "
            + "object links are not implemented."
        #expect(output.contains(reason), "\(output.suffix(300))")
    }

    @Test("Comparing with a custom type whose embedded object holds a list stops the program, as Realm's exception")
    func invalidMemberwiseEqualityWithCollection() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // A realm that cannot open exits normally, failing the expectation rather than passing it.
            guard let realm = try? await Realm(configuration: memoryConfiguration(TypedQueryPortTests.modelTypes))
            else { exit(EXIT_SUCCESS) }
            _ = await realm.read { realm in
                realm.objects(TQPLinkToCollectionWrap.self).where { $0.link == TQPCollectionWrap() }.count
            }
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let reason =
            "Unsupported property 'TQPCollectionHolder.list' for memberwise equality query: "
            + "equality on collections is not implemented."
        #expect(output.contains(reason), "\(output.suffix(300))")
    }
}
