import Foundation
import Strata
import Testing

// The change sets of realm-swift's `Realm/Tests/SectionedResultsTests.m`: testNotifications (strings sectioned by
// their first letter, each write observed by a new stream as Realm makes a new token per write),
// testNotificationsOnSection (a section observed with the key path `stringCol`) and testNotificationsPrimitive (a
// list of strings). Every write is made by the observing realm, so its stream's element is there when it returns.
// Realm reports the rows of a section that appears or goes away only as that section, not as insertions or
// deletions.

/// A write of a sequence, and the change Realm reports for it.
private typealias SOCStep = (write: @Sendable (isolated Realm) throws -> Void, change: String)

private func socString(_ realm: isolated Realm, _ name: String) -> SOCString {
    realm.objects(SOCString.self).where { $0.stringCol == name }.first!
}

private func socRows(_ sections: SectionedResults<String, SOCString>) -> String {
    sections.map { "\($0.key): " + $0.map(\.stringCol).joined(separator: " ") }.joined(separator: " | ")
}

private func socRows(_ section: ResultsSection<String, SOCString>) -> String {
    "\(section.key): " + section.map(\.stringCol).joined(separator: " ")
}

private func socRows(_ sections: SectionedResults<String, String>) -> String {
    sections.map { "\($0.key): " + $0.joined(separator: " ") }.joined(separator: " | ")
}

extension SectionedObjCPortTests {
    /// Strings sectioned by first letter, sorted by name.
    static func byFirstLetter(_ realm: isolated Realm) -> SectionedResults<String, SOCString> {
        realm.objects(SOCString.self)
            .sectioned(by: { String($0.stringCol.prefix(1)) }, sortDescriptors: [SortDescriptor(keyPath: "stringCol")])
    }

    @Test("Objects: insertions, a deletion, a modification, a move to another section and to a new one")
    func notifications() async throws {
        let realm = try await Self.makeRealm()
        let steps: [SOCStep] = [
            (
                { realm in
                    for name in ["any", "zebra", "apple", "zulu", "banana"] {
                        try realm.add(SOCString(value: ["stringCol": name]))
                    }
                },
                "a: any apple | b: banana | z: zebra zulu +[0.0, 0.1, 1.0, 2.0, 2.1] +S[0, 1, 2]"
            ),
            (
                { realm in try realm.add(SOCString(value: ["stringCol": "beans"])) },
                "a: any apple | b: banana beans | z: zebra zulu +[1.1]"
            ),
            (
                { realm in try realm.delete(socString(realm, "banana")) },
                "a: any apple | b: beans | z: zebra zulu -[1.0]"
            ),
            (
                { realm in socString(realm, "beans").stringCol = "breakfast" },
                "a: any apple | b: breakfast | z: zebra zulu ~[1.0]"
            ),
            (
                { realm in socString(realm, "breakfast").stringCol = "all" },
                "a: all any apple | z: zebra zulu +[0.0] -S[1]"
            ),
            (
                { realm in
                    for object in Array(realm.objects(SOCString.self).filter("stringCol BEGINSWITH 'a'")) {
                        object.stringCol = "max"
                    }
                },
                "m: max max max | z: zebra zulu +[0.0, 0.1, 0.2] +S[0] -S[0]"
            ),
        ]
        try await withTimeout {
            for (index, step) in steps.enumerated() {
                let stream = await realm.read { realm in Self.byFirstLetter(realm).changes() }
                var changes = stream.makeAsyncIterator()
                _ = await changes.next()
                try await realm.write { realm in try step.write(realm) }
                let change = SectionedObservationTests.text(await changes.next(), socRows)
                #expect(change == step.change, "step \(index)")
            }
        }
    }

    @Test("A section observed on stringCol: a string renamed into it from another section is an insertion")
    func notificationsOnSection() async throws {
        let realm = try await Self.makeRealm()
        try await realm.write { realm in try Self.createObjects(realm) }
        try await withTimeout {
            let stream = await realm.read { realm in Self.byFirstLetter(realm)[0].changes(keyPaths: ["stringCol"]) }
            var changes = stream.makeAsyncIterator()
            #expect(SectionedObservationTests.text(await changes.next(), socRows) == "initial a: apple apples apples")
            try await realm.write { realm in realm.objects(SOCString.self)[0].stringCol = "app" }
            #expect(
                SectionedObservationTests.text(await changes.next(), socRows) == "a: app apple apples apples +[0.0]"
            )
        }
    }

    @Test("A list of strings: appends open sections, removing a section's only value removes just the section")
    func notificationsPrimitive() async throws {
        let realm = try await Self.makeRealm()
        try await realm.write { realm in _ = try realm.create(SOCStrings.self) }
        let steps: [SOCStep] = [
            (
                { realm in realm.objects(SOCStrings.self)[0].strings.append(objectsIn: ["apple", "banana", "orange"]) },
                "a: apple | b: banana | o: orange +[0.0, 1.0, 2.0] +S[0, 1, 2]"
            ),
            ({ realm in realm.objects(SOCStrings.self)[0].strings.remove(at: 0) }, "b: banana | o: orange -S[0]"),
            ({ realm in realm.objects(SOCStrings.self)[0].strings[0] = "box" }, "b: box | o: orange ~[0.0]"),
            (
                { realm in realm.objects(SOCStrings.self)[0].strings[0] = "zebra" },
                "o: orange | z: zebra +[1.0] +S[1] -S[0]"
            ),
        ]
        try await withTimeout {
            for (index, step) in steps.enumerated() {
                let stream = await realm.read { realm in
                    realm.objects(SOCStrings.self)[0].strings.sectioned(by: { String($0.prefix(1)) }).changes()
                }
                var changes = stream.makeAsyncIterator()
                _ = await changes.next()
                try await realm.write { realm in try step.write(realm) }
                let change = SectionedObservationTests.text(await changes.next(), socRows)
                #expect(change == step.change, "step \(index)")
            }
        }
    }
}
