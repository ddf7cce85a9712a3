import Foundation
import StrataCore
import Testing

// Deleting an object clears the mixed values that name it (WriteTransaction+MixedLinks.swift), with Realm's rules:
// a single value becomes null, a list loses the element, a set loses it, a dictionary keeps the key with a null
// value, at any depth of nested lists and dictionaries.
@Suite("Mixed values naming a deleted object are cleared, one scan per deletion batch")
struct MixedLinkTests {
    struct Fixture {
        let database: Database
        let target: TableKey
        let holder: TableKey
        let single: ColumnKey
        let list: ColumnKey
        let set: ColumnKey
        let dictionary: ColumnKey
    }

    /// A `Target` table (no link columns: nothing but typed links names its objects) with objects 0…4, and a
    /// `Holder` table with a mixed column of each kind.
    static func makeFixture(_ directory: TemporaryDirectory) async throws -> Fixture {
        let database = try Database.open(path: directory.file())
        let write = try await database.beginWrite()
        let target = try write.createTable(named: "Target")
        let value = try write.addColumn(ColumnSpec(name: "value", type: .int), to: target)
        for index in 0..<5 { try write.createObject(in: target, values: [value: .int(Int64(index))]) }
        let holder = try write.createTable(named: "Holder")
        let single = try write.addColumn(ColumnSpec(name: "any", type: .mixed), to: holder)
        let list = try write.addColumn(ColumnSpec(name: "anyList", type: .mixed, collection: .list), to: holder)
        let set = try write.addColumn(ColumnSpec(name: "anySet", type: .mixed, collection: .set), to: holder)
        let dictionary = try write.addColumn(
            ColumnSpec(name: "anyMap", type: .mixed, collection: .dictionary),
            to: holder
        )
        try write.commit()
        return Fixture(
            database: database,
            target: target,
            holder: holder,
            single: single,
            list: list,
            set: set,
            dictionary: dictionary
        )
    }

    static func link(_ fixture: Fixture, _ key: Int64) -> Value { .typedLink(fixture.target, ObjectKey(key)) }

    /// Creates a holder whose every column names targets 1 (deleted by the tests) and 2 (kept).
    static func fill(_ write: WriteTransaction, _ fixture: Fixture) throws -> ObjectKey {
        let (one, two) = (link(fixture, 1), link(fixture, 2))
        return try write.createObject(
            in: fixture.holder,
            values: [
                fixture.single: .list([one, .dictionary([DictionaryEntry(key: "k", value: .list([one, two]))])]),
                fixture.list: .list([.int(7), one, .dictionary([DictionaryEntry(key: "n", value: one)]), one, two]),
                fixture.set: .list([.int(7), one, two]),
                fixture.dictionary: .dictionary([
                    DictionaryEntry(key: "a", value: one), DictionaryEntry(key: "b", value: .list([one, two])),
                ]),
            ]
        )
    }

    /// What the holder's columns hold once target 1 is gone.
    static func cleared(_ fixture: Fixture) -> [Value] {
        let two = link(fixture, 2)
        return [
            .list([.dictionary([DictionaryEntry(key: "k", value: .list([two]))])]),
            .list([.int(7), .dictionary([DictionaryEntry(key: "n", value: .null)]), two]),
            .list([.int(7), two]),
            .dictionary([DictionaryEntry(key: "a", value: .null), DictionaryEntry(key: "b", value: .list([two]))]),
        ]
    }

    static func read(_ table: Table, _ key: ObjectKey, _ fixture: Fixture) throws -> [Value] {
        try table.values(key, [fixture.single, fixture.list, fixture.set, fixture.dictionary])
    }

    @Test("deleteObject clears each kind of column, nested values included, and logs the changes")
    func deleteOne() async throws {
        let directory = TemporaryDirectory()
        let fixture = try await Self.makeFixture(directory)
        let database = fixture.database
        defer { database.close() }
        let retention = database.retainHistory()
        defer { retention.release() }
        let setUp = try await database.beginWrite()
        let holder = try Self.fill(setUp, fixture)
        // A single value that is the link itself becomes null.
        let plain = try setUp.createObject(in: fixture.holder, values: [fixture.single: Self.link(fixture, 1)])
        try setUp.commit()
        let start = database.latestVersion

        let write = try await database.beginWrite()
        try write.deleteObject(ObjectKey(1), in: fixture.target)
        let table = try write.table(fixture.holder)
        #expect(try Self.read(table, holder, fixture) == Self.cleared(fixture))
        #expect(try table.value(plain, fixture.single) == .null)
        try write.commit()

        let entry = try #require(database.changes(after: start)?.first)
        let changes = try #require(entry.tables[fixture.holder])
        #expect(changes.modifications[holder] == [fixture.single, fixture.list, fixture.set, fixture.dictionary])
        #expect(changes.modifications[plain] == [fixture.single])
        // The list: its nested dictionary changed at 2, the links at 1 and 3 removed (the last first).
        #expect(changes.listEdits(of: holder, column: fixture.list) == [.set(2), .erase(3), .erase(1)])
    }

    @Test("deleteAllObjects of a table without link columns clears the values naming any of its objects")
    func deleteAll() async throws {
        let directory = TemporaryDirectory()
        let fixture = try await Self.makeFixture(directory)
        defer { fixture.database.close() }
        let write = try await fixture.database.beginWrite()
        let holder = try Self.fill(write, fixture)
        try write.deleteAllObjects(in: fixture.target)
        let values = try Self.read(try write.table(fixture.holder), holder, fixture)
        #expect(
            values == [
                .list([.dictionary([DictionaryEntry(key: "k", value: .list([]))])]),
                .list([.int(7), .dictionary([DictionaryEntry(key: "n", value: .null)])]),
                .list([.int(7)]),
                .dictionary([DictionaryEntry(key: "a", value: .null), DictionaryEntry(key: "b", value: .list([]))]),
            ]
        )
        try write.commit()
    }

    @Test("a batch clears once at its end, also when its body throws, and names the tables it changed")
    func batch() async throws {
        struct Stop: Error {}
        let directory = TemporaryDirectory()
        let fixture = try await Self.makeFixture(directory)
        defer { fixture.database.close() }
        let write = try await fixture.database.beginWrite()
        let holder = try Self.fill(write, fixture)
        let table = try write.table(fixture.holder)
        let changed = try write.deletingInBatch {
            try write.deleteObject(ObjectKey(1), in: fixture.target)
            try write.deleteObject(ObjectKey(3), in: fixture.target)
            // Nothing is cleared before the batch ends.
            #expect(
                try table.value(holder, fixture.set) == .list([.int(7), Self.link(fixture, 1), Self.link(fixture, 2)])
            )
        }
        #expect(changed == [fixture.holder])
        #expect(try Self.read(table, holder, fixture) == Self.cleared(fixture))
        // Nothing names the deleted objects: a second batch changes nothing.
        #expect(try write.deletingInBatch { try write.deleteObject(ObjectKey(4), in: fixture.target) } == [])

        let second = try write.createObject(
            in: fixture.holder,
            values: [fixture.set: .list([.int(7), Self.link(fixture, 2)])]
        )
        #expect(throws: Stop.self) {
            try write.deletingInBatch {
                try write.deleteObject(ObjectKey(2), in: fixture.target)
                throw Stop()
            }
        }
        // What was deleted before the error is cleared all the same.
        #expect(try table.value(second, fixture.set) == .list([.int(7)]))
        write.rollback()
    }
}
