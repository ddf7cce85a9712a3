import Foundation
import StrataTestSupport
import Testing

@testable import Strata

// Observing sectioned results and sections against a model: random writes on the data set of
// SectionedObservationTests.swift; after each write, every change delivered takes the observer's last payload to
// the new one, a section's change names only its own positions, and an observer that stays silent still holds what
// the realm holds.

/// A section of sectioned results, as the model holds it.
private typealias ModelSection = (key: String, names: [String])

extension SectionedObservationTests {
    /// The sections a sectioned payload holds: each key and its dogs' names.
    private static func model(_ sections: SectionedResults<String, Dog>) -> [ModelSection] {
        sections.map { ($0.key, $0.map(\.name)) }
    }

    /// A section's payload as the model sees it: its position among its sections and its names; nil when no dog
    /// has its key.
    private static func model(_ section: ResultsSection<String, Dog>) -> (position: Int, names: [String])? {
        guard let position = section.parent.layout.section(of: section.sectionKey) else { return nil }
        return (position, section.map(\.name))
    }

    /// Applies a sectioned change to the sections it was computed from, as a table view applies a batch update:
    /// deletions and deleted sections (old positions), then inserted sections and insertions (new positions). The
    /// problems found: none when that gives `new`.
    private static func apply(
        _ change: (deletions: [IndexPath], insertions: [IndexPath], modifications: [IndexPath]),
        sectionsToInsert: IndexSet,
        sectionsToDelete: IndexSet,
        from old: [ModelSection],
        to new: [ModelSection]
    ) -> [String] {
        var sections = old.map(\.names)
        for path in change.deletions.reversed() {
            guard path.section < sections.count, !sectionsToDelete.contains(path.section),
                path.item < sections[path.section].count
            else { return ["deletion \(path) from \(old)"] }
            sections[path.section].remove(at: path.item)
        }
        for path in change.modifications where path.section >= old.count || path.item >= old[path.section].names.count {
            return ["modification \(path) of \(old)"]
        }
        for index in sectionsToDelete.reversed() where index < sections.count { sections.remove(at: index) }
        for index in sectionsToInsert { sections.insert([], at: min(index, sections.count)) }
        for path in change.insertions {
            guard path.section < new.count, path.section < sections.count, path.item <= sections[path.section].count,
                path.item < new[path.section].names.count
            else { return ["insertion \(path) into \(sections) for \(new)"] }
            sections[path.section].insert(new[path.section].names[path.item], at: path.item)
        }
        // A modified object keeps its position in its section: its new value is read there.
        for path in change.modifications {
            guard let section = new.firstIndex(where: { $0.key == old[path.section].key }),
                path.item < sections[section].count, path.item < new[section].names.count
            else { return ["modification \(path) of \(old) is not in \(new)"] }
            sections[section][path.item] = new[section].names[path.item]
        }
        return sections == new.map(\.names) ? [] : ["\(old) gave \(sections), not \(new)"]
    }

    /// Applies a section's change to its last payload; the problems found, none when that gives `new`.
    private static func apply(
        _ change: (deletions: [IndexPath], insertions: [IndexPath], modifications: [IndexPath]),
        sectionsToInsert: IndexSet,
        sectionsToDelete: IndexSet,
        from old: (position: Int, names: [String])?,
        to new: (position: Int, names: [String])?
    ) -> [String] {
        var problems: [String] = []
        // Only the observed section: its old position in deletions and modifications, its new one in insertions.
        if !(change.deletions + change.modifications).allSatisfy({ $0.section == old?.position }) {
            problems.append("deletions or modifications outside \(String(describing: old))")
        }
        if !change.insertions.allSatisfy({ $0.section == new?.position }) {
            problems.append("insertions outside \(String(describing: new))")
        }
        if Array(sectionsToDelete) != (new == nil ? old.map { [$0.position] } ?? [] : []) {
            problems.append("sections deleted \(Array(sectionsToDelete)), from \(String(describing: old))")
        }
        if Array(sectionsToInsert) != (old == nil ? new.map { [$0.position] } ?? [] : []) {
            problems.append("sections inserted \(Array(sectionsToInsert)), to \(String(describing: new))")
        }
        guard let new else {
            if !change.deletions.isEmpty || !change.insertions.isEmpty || !change.modifications.isEmpty {
                problems.append("index paths for a deleted section")
            }
            return problems
        }
        var names = old?.names ?? []
        for path in change.deletions.reversed() where path.item < names.count { names.remove(at: path.item) }
        for path in change.insertions where path.item <= names.count && path.item < new.names.count {
            names.insert(new.names[path.item], at: path.item)
        }
        for path in change.modifications where path.item < names.count && path.item < new.names.count {
            names[path.item] = new.names[path.item]
        }
        if names != new.names { problems.append("\(String(describing: old)) gave \(names), not \(new.names)") }
        return problems
    }

    @Test("Random writes: each change takes the observer's last payload to the new one", arguments: [1, 2, 3, 4])
    func randomWrites(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let realm = try await Self.makeRealm()
        let keys = ["a", "b", "c"]
        let (whole, sectionStreams) = await realm.read { realm in
            let sections = Self.byFirstLetter(realm)
            return (sections.changes(), keys.map { sections[key: $0].changes() })
        }
        var wholeChanges = whole.makeAsyncIterator()
        var sectionChanges = sectionStreams.map { $0.makeAsyncIterator() }
        guard case .initial(let first)? = await wholeChanges.next() else {
            Issue.record("no initial")
            return
        }
        var sections = Self.model(first)
        var lastSections: [(position: Int, names: [String])?] = []
        for index in keys.indices {
            guard case .initial(let section)? = await sectionChanges[index].next() else {
                Issue.record("no initial")
                return
            }
            lastSections.append(Self.model(section))
        }
        let letters = Array("abcd")
        for step in 0..<60 {
            let operation = Int.random(in: 0..<4, using: &random)
            let pick = Int.random(in: 0..<1000, using: &random)
            let name = String((0..<3).map { _ in letters[Int.random(in: 0..<letters.count, using: &random)] })
            let age = Int.random(in: 0..<10, using: &random)
            try await realm.write { realm in
                let dogs = realm.objects(Dog.self).sorted(byKeyPath: "name")
                if dogs.isEmpty || (operation == 0 && dogs.count < 12) {
                    try realm.add(Dog(value: ["name": name, "age": age]))
                } else if operation <= 1 {
                    try realm.delete(dogs[pick % dogs.count])
                } else if operation == 2 {
                    dogs[pick % dogs.count].name = name
                } else {
                    dogs[pick % dogs.count].age = age
                }
            }
            let label = "seed \(seed), step \(step)"
            let (current, currentSections) = await realm.read { realm in
                let live = Self.byFirstLetter(realm)
                return (
                    Self.model(live).map { "\($0.key): \($0.names)" },
                    keys.map { key in
                        live.allKeys.firstIndex(of: key).map { (position: $0, names: live[$0].map(\.name)) }
                    }
                )
            }
            // Every observer was offered the write before `write` returned: nothing waiting means silence.
            if whole.mailbox.hasPending {
                guard
                    case .update(let payload, let d, let i, let m, let added, let removed)? = await wholeChanges.next()
                else {
                    Issue.record("no update, \(label)")
                    return
                }
                let new = Self.model(payload)
                let problems = Self.apply(
                    (d, i, m),
                    sectionsToInsert: added,
                    sectionsToDelete: removed,
                    from: sections,
                    to: new
                )
                #expect(problems == [], "\(label)")
                sections = new
            }
            #expect(sections.map { "\($0.key): \($0.names)" } == current, "\(label)")
            for index in keys.indices {
                if sectionStreams[index].mailbox.hasPending {
                    guard
                        case .update(let payload, let d, let i, let m, let added, let removed)? =
                            await sectionChanges[index].next()
                    else {
                        Issue.record("no update, \(label)")
                        return
                    }
                    let new = Self.model(payload)
                    let problems = Self.apply(
                        (d, i, m),
                        sectionsToInsert: added,
                        sectionsToDelete: removed,
                        from: lastSections[index],
                        to: new
                    )
                    #expect(problems == [], "\(label), section \(keys[index])")
                    #expect(new?.names == currentSections[index]?.names, "\(label), section \(keys[index])")
                    lastSections[index] = new
                } else {
                    // Silent: the section holds what it held, wherever it moved; the next change starts here.
                    #expect(
                        lastSections[index]?.names == currentSections[index]?.names,
                        "\(label), section \(keys[index])"
                    )
                    lastSections[index] = currentSections[index]
                }
            }
        }
        await realm.close()
    }
}
