import Dispatch
import Foundation
import StrataTestSupport
import Synchronization
import Testing

@testable import Strata

// Observing sectioned results and one of their sections: `changes(keyPaths:)` and the `observe` block forms of
// `SectionedResults` and `ResultsSection`. The expected changes are realm-core's (SectionedResultsNotificationHandler
// and the "notifications on section" cases of test/object-store/sectioned_results.cpp) and Realm Swift's
// (testObservationOnSection, testObserveOnQueue and testObserveWithKeyPathFilterOnSection in
// RealmSwift/Tests/SectionedResultsTests.swift), on their data set: dogs named, in table order,
//
//   name     age   section (first letter; sorted by name)
//   banana   1     b
//   box      2     b
//   apple    3     a
//   chalk    4     c
//
// so the sections are a: apple (0), b: banana box (1), c: chalk (2). A change is written as its payload's rows, then
// `-` deletions, `+` insertions, `~` modifications as `section.item`, `+S`/`-S` the sections inserted and deleted.

/// One write of a case, and what each observer reports for it (nil: nothing, the observer stays silent).
struct SectionedObservationStep: Sendable {
    let write: @Sendable (isolated Realm) throws -> Void
    /// The sectioned results' change.
    let sections: String?
    /// The change of the section keyed "a" (at position 0 when observed).
    let a: String?
    /// The change of the section keyed "b" (at position 1 when observed).
    let b: String?
}

/// A table of writes made one after another on the data set, with the key paths every observer is given.
struct SectionedObservationCase: Sendable, CustomTestStringConvertible {
    let name: String
    let keyPaths: [String]?
    let steps: [SectionedObservationStep]
    var testDescription: String { name }
}

/// What an observer block received, taken one at a time by a test that awaits it.
final class Inbox<Element: Sendable>: Sendable {
    private let state = Mutex<(items: [Element], waiter: CheckedContinuation<Element, Never>?)>(([], nil))

    func post(_ element: Element) {
        let waiter = state.withLock { state -> CheckedContinuation<Element, Never>? in
            guard let waiter = state.waiter else {
                state.items.append(element)
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: element)
    }

    /// The next element received, waiting for it.
    func next() async -> Element {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Element? in
                guard state.items.isEmpty else { return state.items.removeFirst() }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// The elements received and not taken yet.
    var waiting: Int { state.withLock { $0.items.count } }
}

/// An actor observer blocks run isolated to: it records each change it is given.
actor SectionDashboard {
    let inbox = Inbox<String>()
    private(set) var calls = 0

    func show(_ text: String) {
        calls += 1
        inbox.post(text)
    }
}

@Suite("Observing sectioned results and sections")
struct SectionedObservationTests {
    // MARK: The data set and how changes read

    static func makeRealm() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            for (name, age) in [("banana", 1), ("box", 2), ("apple", 3), ("chalk", 4)] {
                try realm.add(Dog(value: ["name": name, "age": age]))
            }
        }
        return realm
    }

    /// The dogs sectioned by the first letter of their names, sorted by name.
    static func byFirstLetter(_ realm: isolated Realm) -> SectionedResults<String, Dog> {
        realm.objects(Dog.self).sectioned(by: { String($0.name.prefix(1)) }, sortDescriptors: ["name"])
    }

    static func rows(_ sections: SectionedResults<String, Dog>) -> String {
        sections.map(rows).joined(separator: " | ")
    }

    static func rows(_ section: ResultsSection<String, Dog>) -> String {
        section.isInvalidated ? "invalidated" : "\(section.key): " + section.map(\.name).joined(separator: " ")
    }

    static func text<C>(_ change: SectionedResultsChange<C>?, _ rows: (C) -> String) -> String {
        func paths(_ paths: [IndexPath]) -> String {
            "[" + paths.map { "\($0.section).\($0.item)" }.joined(separator: ", ") + "]"
        }
        switch change {
        case .initial(let collection)?:
            return "initial " + rows(collection)
        case .update(let collection, let deletions, let insertions, let modifications, let added, let removed)?:
            var parts = [rows(collection)]
            if !deletions.isEmpty { parts.append("-" + paths(deletions)) }
            if !insertions.isEmpty { parts.append("+" + paths(insertions)) }
            if !modifications.isEmpty { parts.append("~" + paths(modifications)) }
            if !added.isEmpty { parts.append("+S\(Array(added))") }
            if !removed.isEmpty { parts.append("-S\(Array(removed))") }
            return parts.joined(separator: " ")
        case nil:
            return "end"
        }
    }

    // MARK: Writes

    typealias Write = @Sendable (isolated Realm) throws -> Void

    static func dog(_ realm: isolated Realm, _ name: String) -> Dog {
        realm.objects(Dog.self).where { $0.name == name }.first!
    }

    static func add(_ names: String...) -> Write {
        { realm in for name in names { try realm.add(Dog(value: ["name": name])) } }
    }

    static func delete(_ names: String...) -> Write {
        { realm in for name in names { try realm.delete(dog(realm, name)) } }
    }

    static func rename(_ name: String, _ newName: String) -> Write {
        { realm in dog(realm, name).name = newName }
    }

    static func age(_ name: String, _ age: Int) -> Write {
        { realm in dog(realm, name).age = age }
    }

    static func all(_ writes: Write...) -> Write {
        { realm in for write in writes { try write(realm) } }
    }

    static func step(_ write: @escaping Write, _ sections: String?, a: String?, b: String?) -> SectionedObservationStep
    {
        SectionedObservationStep(write: write, sections: sections, a: a, b: b)
    }

    // MARK: Exact change sets

    static let cases: [SectionedObservationCase] = [
        SectionedObservationCase(
            name: "insertions, a modification, a move to another section (realm-core: notifications on section)",
            keyPaths: nil,
            steps: [
                step(add("any"), "a: any apple | b: banana box | c: chalk +[0.0]", a: "a: any apple +[0.0]", b: nil),
                step(
                    add("bat"),
                    "a: any apple | b: banana bat box | c: chalk +[1.1]",
                    a: nil,
                    b: "b: banana bat box +[1.1]"
                ),
                step(
                    rename("any", "anyyy"),
                    "a: anyyy apple | b: banana bat box | c: chalk ~[0.0]",
                    a: "a: anyyy apple ~[0.0]",
                    b: nil
                ),
                step(
                    rename("anyyy", "zebra"),
                    "a: apple | b: banana bat box | c: chalk | z: zebra -[0.0] +[3.0] +S[3]",
                    a: "a: apple -[0.0]",
                    b: nil
                ),
                step(
                    delete("bat"),
                    "a: apple | b: banana box | c: chalk | z: zebra -[1.1]",
                    a: nil,
                    b: "b: banana box -[1.1]"
                ),
                step(delete("zebra"), "a: apple | b: banana box | c: chalk -S[3]", a: nil, b: nil),
            ]
        ),
        SectionedObservationCase(
            name:
                "a section that disappears and comes back (realm-core: notifications on section where section is deleted)",
            keyPaths: nil,
            steps: [
                // b moves from position 1 to 0 without changing: silent; its next change names position 0.
                step(delete("apple"), "b: banana box | c: chalk -S[0]", a: "invalidated -S[0]", b: nil),
                step(delete("banana"), "b: box | c: chalk -[0.0]", a: nil, b: "b: box -[0.0]"),
                step(add("book"), "b: book box | c: chalk +[0.0]", a: nil, b: "b: book box +[0.0]"),
                step(
                    add("apple"),
                    "a: apple | b: book box | c: chalk +[0.0] +S[0]",
                    a: "a: apple +[0.0] +S[0]",
                    b: nil
                ),
                step(
                    rename("book", "boo"),
                    "a: apple | b: boo box | c: chalk ~[1.0]",
                    a: nil,
                    b: "b: boo box ~[1.0]"
                ),
            ]
        ),
        SectionedObservationCase(
            name: "Realm Swift's testObservationOnSection",
            keyPaths: nil,
            steps: [
                step(
                    delete("banana", "apple"),
                    "b: box | c: chalk -[1.0] -S[0]",
                    a: "invalidated -S[0]",
                    b: "b: box -[1.0]"
                ),
                // box, modified, moves from item 0 to item 1: a deletion plus an insertion, as Realm reports it.
                step(
                    all(rename("box", "bog"), add("bag")),
                    "b: bag bog | c: chalk -[0.0] +[0.0, 0.1]",
                    a: nil,
                    b: "b: bag bog -[0.0] +[0.0, 0.1]"
                ),
                step(
                    add("app"),
                    "a: app | b: bag bog | c: chalk +[0.0] +S[0]",
                    a: "a: app +[0.0] +S[0]",
                    b: nil
                ),
            ]
        ),
        SectionedObservationCase(
            name: "Realm Swift's testObserveOnQueue",
            keyPaths: ["name"],
            steps: [
                step(
                    all(delete("banana", "apple"), rename("box", "bog"), add("zebra")),
                    "b: bog | c: chalk | z: zebra -[1.0, 1.1] +[0.0, 2.0] +S[2] -S[0]",
                    a: "invalidated -S[0]",
                    b: "b: bog -[1.0, 1.1] +[0.0]"
                ),
                step(
                    all(rename("bog", "bogg"), age("chalk", 9)),
                    "b: bogg | c: chalk | z: zebra ~[0.0]",
                    a: nil,
                    b: "b: bogg ~[0.0]"
                ),
            ]
        ),
        SectionedObservationCase(
            name: "moves within a section, and sections shifted by a new one",
            keyPaths: nil,
            steps: [
                step(
                    add("bat"),
                    "a: apple | b: banana bat box | c: chalk +[1.1]",
                    a: nil,
                    b: "b: banana bat box +[1.1]"
                ),
                step(
                    rename("banana", "bz"),
                    "a: apple | b: bat box bz | c: chalk -[1.0] +[1.2]",
                    a: nil,
                    b: "b: bat box bz -[1.0] +[1.2]"
                ),
                step(age("box", 7), "a: apple | b: bat box bz | c: chalk ~[1.1]", a: nil, b: "b: bat box bz ~[1.1]"),
                // "7up" opens a section before the others: a and b move without changing, silently.
                step(add("7up"), "7: 7up | a: apple | b: bat box bz | c: chalk +[0.0] +S[0]", a: nil, b: nil),
                step(
                    age("bat", 5),
                    "7: 7up | a: apple | b: bat box bz | c: chalk ~[2.0]",
                    a: nil,
                    b: "b: bat box bz ~[2.0]"
                ),
            ]
        ),
        SectionedObservationCase(
            name: "key paths [age] (Realm Swift: testObserveWithKeyPathFilterOnSection)",
            keyPaths: ["age"],
            steps: [
                step(rename("apple", "apples"), nil, a: nil, b: nil),
                step(age("apples", 9), "a: apples | b: banana box | c: chalk ~[0.0]", a: "a: apples ~[0.0]", b: nil),
                // Changing sections is always reported, whatever the key paths.
                step(
                    rename("banana", "apricot"),
                    "a: apples apricot | b: box | c: chalk -[1.0] +[0.1]",
                    a: "a: apples apricot +[0.1]",
                    b: "b: box -[1.0]"
                ),
                step(rename("box", "boy"), nil, a: nil, b: nil),
            ]
        ),
        SectionedObservationCase(
            name: "key paths [name]",
            keyPaths: ["name"],
            steps: [
                step(age("banana", 8), nil, a: nil, b: nil),
                step(
                    rename("box", "boy"),
                    "a: apple | b: banana boy | c: chalk ~[1.1]",
                    a: nil,
                    b: "b: banana boy ~[1.1]"
                ),
            ]
        ),
    ]

    @Test("Each write reports Realm's change to the sectioned results and to each observed section", arguments: cases)
    func exactChanges(_ table: SectionedObservationCase) async throws {
        let realm = try await Self.makeRealm()
        let (whole, a, b) = await realm.read { realm in
            let sections = Self.byFirstLetter(realm)
            return (
                sections.changes(keyPaths: table.keyPaths),
                sections[key: "a"].changes(keyPaths: table.keyPaths),
                sections[key: "b"].changes(keyPaths: table.keyPaths)
            )
        }
        var wholeChanges = whole.makeAsyncIterator()
        var aChanges = a.makeAsyncIterator()
        var bChanges = b.makeAsyncIterator()
        #expect(Self.text(await wholeChanges.next(), Self.rows) == "initial a: apple | b: banana box | c: chalk")
        #expect(Self.text(await aChanges.next(), Self.rows) == "initial a: apple")
        #expect(Self.text(await bChanges.next(), Self.rows) == "initial b: banana box")

        /// Takes the element `expected` describes, or checks that there is none.
        func check<C>(
            _ stream: ChangeStream<SectionedResultsChange<C>>,
            _ iterator: inout ChangeStream<SectionedResultsChange<C>>.Iterator,
            _ expected: String?,
            _ rows: (C) -> String,
            _ label: String
        ) async {
            guard let expected else {
                // A write delivers to every observer before `write` returns: nothing waiting means silence.
                #expect(!stream.mailbox.hasPending, "\(label) should stay silent")
                return
            }
            #expect(Self.text(await iterator.next(), rows) == expected, "\(label)")
        }
        for (number, step) in table.steps.enumerated() {
            try await realm.write(step.write)
            await check(whole, &wholeChanges, step.sections, Self.rows, "step \(number + 1), sectioned results")
            await check(a, &aChanges, step.a, Self.rows, "step \(number + 1), section a")
            await check(b, &bChanges, step.b, Self.rows, "step \(number + 1), section b")
        }
        await realm.close()
    }

    @Test("Swift key paths filter as their names do, on sectioned results and on a section")
    func swiftKeyPaths() async throws {
        let realm = try await Self.makeRealm()
        let (whole, section) = await realm.read { realm in
            let sections = Self.byFirstLetter(realm)
            return (sections.changes(keyPaths: [\Dog.age]), sections[key: "a"].changes(keyPaths: [\Dog.age]))
        }
        var wholeChanges = whole.makeAsyncIterator()
        var sectionChanges = section.makeAsyncIterator()
        _ = await wholeChanges.next()
        _ = await sectionChanges.next()
        try await realm.write(Self.rename("apple", "apples"))
        #expect(!whole.mailbox.hasPending && !section.mailbox.hasPending)
        try await realm.write(Self.age("apples", 9))
        #expect(Self.text(await wholeChanges.next(), Self.rows) == "a: apples | b: banana box | c: chalk ~[0.0]")
        #expect(Self.text(await sectionChanges.next(), Self.rows) == "a: apples ~[0.0]")
        await realm.close()
    }

    @Test(".initial carries the section frozen; a section observed after its key emptied starts invalidated")
    func initialSection() async throws {
        let realm = try await Self.makeRealm()
        let (stream, section) = await realm.read { realm in
            let section = Self.byFirstLetter(realm)[key: "a"]
            return (section.changes(), section)
        }
        var changes = stream.makeAsyncIterator()
        guard case .initial(let initial)? = await changes.next() else {
            Issue.record("no initial")
            return
        }
        // Read off the realm's actor: the payload is frozen.
        #expect(initial.isFrozen && initial.key == "a" && initial.map(\.name) == ["apple"])
        try await realm.write(Self.delete("apple"))
        #expect(Self.text(await changes.next(), Self.rows) == "invalidated -S[0]")
        // The live section, carried out of its block, is observed again now that no dog's name starts with "a".
        let late = await realm.read { _ in section.changes() }
        var lateChanges = late.makeAsyncIterator()
        #expect(Self.text(await lateChanges.next(), Self.rows) == "initial invalidated")
        try await realm.write(Self.add("ant"))
        #expect(Self.text(await lateChanges.next(), Self.rows) == "a: ant +[0.0] +S[0]")
        #expect(Self.text(await changes.next(), Self.rows) == "a: ant +[0.0] +S[0]")
        await realm.close()
    }

    @Test("A slow consumer of a section gets one change for several writes, exact against the element it took")
    func coalescedSection() async throws {
        let realm = try await Self.makeRealm()
        let stream = await realm.read { realm in Self.byFirstLetter(realm)[key: "a"].changes() }
        var changes = stream.makeAsyncIterator()
        _ = await changes.next()
        try await realm.write(Self.add("any"))
        try await realm.write(Self.delete("apple"))
        try await realm.write(Self.add("bat"))  // another section only
        #expect(Self.text(await changes.next(), Self.rows) == "a: any -[0.0] +[0.0]")
        try await realm.write(Self.add("ant"))
        try await realm.write(Self.delete("ant"))
        #expect(!stream.mailbox.hasPending, "a write and its undoing cancel out")
        await realm.close()
    }
}
