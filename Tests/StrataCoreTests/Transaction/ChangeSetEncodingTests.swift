import Foundation
import StrataTestSupport
import Testing

@testable import StrataCore

/// The change feed's codec (ChangeSet+Encoding.swift) and its ring (ChangeFeed.swift), directly: every event and list
/// edit kind comes back in order, damaged bytes are refused, and a group of versions fed at once reads back for every
/// range it covers. `ChangeFeedTests` covers the same path end to end, through two database instances.
@Suite("Change sets as the change feed's records")
struct ChangeSetEncodingTests {
    /// Decodes `changes.encoded()` as version `changes.version`.
    static func roundTrip(_ changes: ChangeSet) throws -> ChangeSet {
        try changes.encoded().withUnsafeBytes { try ChangeSet.decode($0, version: changes.version) }
    }

    /// Expects `got` to hold exactly what `expected` holds: flags, tables, and every table's events and list edits in
    /// order (`==` on change sets compares only what they replay to).
    static func expectIdentical(
        _ got: ChangeSet,
        _ expected: ChangeSet,
        _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(got.version == expected.version, comment, sourceLocation: sourceLocation)
        #expect(got.schemaChanged == expected.schemaChanged, comment, sourceLocation: sourceLocation)
        #expect(got.appliedBySync == expected.appliedBySync, comment, sourceLocation: sourceLocation)
        #expect(Set(got.tables.keys) == Set(expected.tables.keys), comment, sourceLocation: sourceLocation)
        for (key, table) in expected.tables {
            let decoded = got.tables[key]
            #expect(decoded?.isWholesale == table.isWholesale, comment, sourceLocation: sourceLocation)
            #expect(decoded?.events == table.events, comment, sourceLocation: sourceLocation)
            #expect(decoded?.listEditLog == table.listEditLog, comment, sourceLocation: sourceLocation)
        }
    }

    /// Every kind of event (deletions with primary keys of each kind) and of list edit, one wholesale table, both flags.
    static func everyKind(version: Version = 7) -> ChangeSet {
        var changes = ChangeSet(version: version)
        changes.schemaChanged = true
        changes.appliedBySync = true
        var table = TableChanges()
        table.insert(ObjectKey(10))
        table.insert(ObjectKey(11))
        table.modify([ObjectKey(3), ObjectKey(4), ObjectKey(5)], ColumnKey(2))
        table.modify(ObjectKey(-9), ColumnKey(UInt32.max))
        table.delete(ObjectKey(1))
        table.delete(ObjectKey(2), primaryKey: .int(-42))
        table.delete(ObjectKey(6), primaryKey: .string("ünïcode ✓"))
        table.delete(ObjectKey(7), primaryKey: .objectId(Array(0..<12)))
        table.delete(ObjectKey(8), primaryKey: .uuid(Array(100..<116)))
        table.delete(ObjectKey(9), primaryKey: .null)
        let edits: [ListEdit] = [
            .insert(0, count: 3), .erase(2), .set(1), .move(from: 0, to: 1), .clear(count: 2),
            .assign(oldCount: 0, newCount: 5), .assign(oldCount: 5, newCount: 0), .insert(1_000_000, count: 1),
        ]
        for edit in edits { table.editList(ObjectKey(3), ColumnKey(4), edit) }
        table.editList(ObjectKey(Int64.max), ColumnKey(0), .set(Int(Int32.max)))
        changes.tables[TableKey(1)] = table
        var wholesale = TableChanges()
        wholesale.insert(ObjectKey(1))
        wholesale.markWholesale()
        changes.tables[TableKey(UInt32.max - 1)] = wholesale
        changes.tables[TableKey(0)] = TableChanges()
        return changes
    }

    @Test("Every event and list edit kind, a wholesale table and both flags come back as they were, in order")
    func everyKindRoundTrips() throws {
        let changes = Self.everyKind()
        #expect(changes.tables[TableKey(1)]?.listEditLog.count == 9)
        Self.expectIdentical(try Self.roundTrip(changes), changes)
        for (schema, sync) in [(false, false), (true, false), (false, true)] {
            var flags = ChangeSet(version: 1)
            flags.schemaChanged = schema
            flags.appliedBySync = sync
            Self.expectIdentical(try Self.roundTrip(flags), flags, "flags \(schema) \(sync)")
        }
    }

    @Test("Random change sets come back as they were")
    func randomRoundTrips() throws {
        let seed = testSeed()
        print("ChangeSetEncodingTests seed: \(seed)")
        var random = SeededGenerator(seed: seed)
        for round in 0..<2_000 {
            let changes = Self.randomChanges(version: Version(round + 1), using: &random)
            Self.expectIdentical(try Self.roundTrip(changes), changes, "seed \(seed), round \(round)")
        }
    }

    @Test("A record cut short, or with an unknown tag or flag, is refused as corrupt")
    func damagedBytesAreRefused() throws {
        let bytes = Self.everyKind().encoded()
        for length in 0..<bytes.count {
            #expect(throws: StorageError.self, "cut to \(length) of \(bytes.count) bytes") {
                try Array(bytes.prefix(length)).withUnsafeBytes { _ = try ChangeSet.decode($0, version: 7) }
            }
        }
        #expect(throws: StorageError.self, "a byte after the change set") {
            try (bytes + [0]).withUnsafeBytes { _ = try ChangeSet.decode($0, version: 7) }
        }
        var flags = bytes
        flags[0] = 4
        #expect(throws: StorageError.self, "an unknown flag") {
            try flags.withUnsafeBytes { _ = try ChangeSet.decode($0, version: 7) }
        }
        // One table with one event of an unknown kind.
        var single = ChangeSet(version: 1)
        var table = TableChanges()
        table.insert(ObjectKey(1))
        single.tables[TableKey(1)] = table
        var event = single.encoded()
        // flags, table count, u32 table key, wholesale, event count, then the event's tag.
        let tagOffset = 1 + 1 + 4 + 1 + 1
        #expect(event[tagOffset] == 0)
        event[tagOffset] = 3
        #expect(throws: StorageError.self, "an event of kind 3") {
            try event.withUnsafeBytes { _ = try ChangeSet.decode($0, version: 1) }
        }
    }

    /// The stored top-node checksum standing for version `version` in the feed tests.
    static func top(_ version: Version) -> UInt64 { 0x9E37_79B9_7F4A_7C15 &* (version + 1) }

    /// A feed entry for `changes`, chained to the version before by `top`.
    static func entry(_ changes: ChangeSet) -> ChangeFeed.Entry {
        ChangeFeed.Entry(
            version: changes.version,
            baseTop: top(changes.version - 1),
            top: top(changes.version),
            changes: changes
        )
    }

    @Test("A group of versions fed at once reads back for every range it covers; a passed-over version breaks the walk")
    func groupFedAtOnce() throws {
        let seed = testSeed()
        print("ChangeSetEncodingTests feed seed: \(seed)")
        var random = SeededGenerator(seed: seed)
        let directory = TemporaryDirectory()
        let lock = try FileLock(path: directory.file("feed.lock"), mapsSignal: false)
        var fed: [Version: ChangeSet] = [:]
        func group(_ versions: ClosedRange<Version>) -> [ChangeFeed.Entry] {
            versions.map { version in
                let changes =
                    version == 12 ? Self.everyKind(version: 12) : Self.randomChanges(version: version, using: &random)
                fed[version] = changes
                return Self.entry(changes)
            }
        }
        /// Expects the feed to give every range from `old` to `new` (both within `versions`) exactly when `readable`
        /// says so, and then the change sets fed.
        func expectRanges(_ versions: ClosedRange<Version>, readable: (Version, Version) -> Bool) throws {
            for old in versions.lowerBound..<versions.upperBound {
                for new in (old + 1)...versions.upperBound {
                    let read = ChangeFeed.changes(
                        of: lock,
                        after: old,
                        oldTop: Self.top(old),
                        through: new,
                        newTop: Self.top(new)
                    )
                    guard readable(old, new) else {
                        #expect(read == nil, "\(old)-\(new) (seed \(seed))")
                        continue
                    }
                    let changes = try #require(read, "\(old)-\(new) (seed \(seed))")
                    #expect(changes.map { $0.version } == Array((old + 1)...new))
                    for got in changes { Self.expectIdentical(got, try #require(fed[got.version]), "seed \(seed)") }
                }
            }
        }
        // Versions 11-16 in one group: every range from 10 on reads back.
        try ChangeFeed.append(group(11...16), to: lock)
        #expect(ChangeFeed.headVersion(of: lock) == 16)
        try expectRanges(10...16) { _, _ in true }
        // Out of chain: another base, another end, a range past the head, an empty range.
        #expect(ChangeFeed.changes(of: lock, after: 12, oldTop: Self.top(99), through: 14, newTop: Self.top(14)) == nil)
        #expect(ChangeFeed.changes(of: lock, after: 12, oldTop: Self.top(12), through: 14, newTop: Self.top(15)) == nil)
        #expect(ChangeFeed.changes(of: lock, after: 15, oldTop: Self.top(15), through: 17, newTop: Self.top(17)) == nil)
        #expect(ChangeFeed.changes(of: lock, after: 14, oldTop: Self.top(14), through: 14, newTop: Self.top(14)) == nil)

        // Versions 17-20 in another group, whose version 18 is too large to feed: the head names 20, and the walk
        // back from it stops at 18, so only observers at 18 or later read from the feed; the others diff.
        var second = group(17...20)
        var large = ChangeSet(version: 18)
        var edits = TableChanges()
        for index in 0..<30_000 { edits.editList(ObjectKey(1), ColumnKey(1), .set(index)) }
        large.tables[TableKey(1)] = edits
        second[1] = Self.entry(large)
        fed[18] = nil
        try ChangeFeed.append(second, to: lock)
        #expect(ChangeFeed.headVersion(of: lock) == 20)
        try expectRanges(10...20) { old, _ in old >= 18 }
    }

    /// A change set of one to three tables with random events and list edits (made through the same mutators a write
    /// transaction uses), sometimes wholesale, sometimes with flags.
    static func randomChanges(version: Version, using random: inout SeededGenerator) -> ChangeSet {
        var changes = ChangeSet(version: version)
        changes.schemaChanged = Int.random(in: 0..<10, using: &random) == 0
        changes.appliedBySync = Int.random(in: 0..<10, using: &random) == 0
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            var table = TableChanges()
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                let key = ObjectKey(Int64.random(in: -5...40, using: &random))
                let column = ColumnKey(UInt32.random(in: 0...6, using: &random))
                let index = Int.random(in: 0...300, using: &random)
                switch Int.random(in: 0..<11, using: &random) {
                case 0: table.insert(key)
                case 1: table.modify(key, column)
                case 2:
                    let count = Int.random(in: 1...4, using: &random)
                    table.modify((0..<count).map { ObjectKey(key.rawValue + Int64($0)) }, column)
                case 3:
                    let primaryKeys: [Value?] = [
                        nil, .int(Int64.random(in: .min ... .max, using: &random)), .string("k\(index)"),
                        .objectId((0..<12).map { _ in UInt8.random(in: 0...255, using: &random) }), .null,
                    ]
                    table.delete(key, primaryKey: primaryKeys.randomElement(using: &random)!)
                case 4: table.editList(key, column, .insert(index, count: Int.random(in: 1...9, using: &random)))
                case 5: table.editList(key, column, .erase(index))
                case 6: table.editList(key, column, .set(index))
                case 7: table.editList(key, column, .move(from: index, to: index + 1))
                case 8: table.editList(key, column, .clear(count: index + 1))
                case 9:
                    let newCount = Int.random(in: 0...20, using: &random)
                    table.editList(key, column, .assign(oldCount: index, newCount: newCount))
                default: table.insert(ObjectKey(key.rawValue + 100))
                }
            }
            if Int.random(in: 0..<8, using: &random) == 0 { table.markWholesale() }
            changes.tables[TableKey(UInt32.random(in: 0...5, using: &random))] = table
        }
        return changes
    }
}
