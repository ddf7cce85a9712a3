import Foundation
import Strata
import StrataCore
import StrataTestSupport
import Testing

/// An object of the damaged realm: 100 of them fill one leaf of the table's tree.
final class DamageItem: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    @Persisted var score = 0
}

/// An object of another table, written after the items so that the newest commits do not name the items' leaf.
final class DamageNote: Object {
    @Persisted var text = ""
}

/// A realm whose file has one damaged leaf, read through the public API: every read that reaches the leaf reports
/// the damage as DESIGN.md section 2 ("Failures tell the truth") says. A throwing call throws ``RealmError`` naming
/// the file and the node, a non-throwing accessor stops with "the database file is damaged", a change stream
/// delivers `.error` and ends. Never 0, nil or "deleted or invalidated".
@Suite("A damaged realm file tells the truth")
struct DamagedRealmTests {
    /// The node a test damages.
    enum Target {
        /// The leaf holding every `DamageItem`.
        case leaf
        /// The blob holding item 5's long name.
        case blob
    }

    /// Item 5's name: long enough to be stored in a blob of its own.
    static let longName = String(repeating: "the long name of item 5 ", count: 200)

    /// A copy of a realm of 100 `DamageItem`s (id i, name "item i" but ``longName`` for 5, score 3i), opened after
    /// flipping the last byte of `target`; its path, and the damaged node's offset in the file.
    static func damagedRealm(
        _ target: Target,
        in directory: TemporaryDirectory
    ) async throws -> (realm: Realm, path: String, node: UInt64) {
        let types = [DamageItem.self, DamageNote.self]
        let source = try await Realm(configuration: directory.configuration(types))
        try await source.write { realm in
            for id in 0..<100 {
                let name = id == 5 ? longName : "item \(id)"
                try realm.add(DamageItem(value: ["id": id, "name": name, "score": 3 * id]))
            }
        }
        for text in ["one", "two"] {
            try await source.write { realm in try realm.add(DamageNote(value: ["text": text])) }
        }
        var bytes = [UInt8](try Data(contentsOf: directory.configuration().fileURL!))
        let node: Int
        switch target {
        case .leaf:
            // Found through the engine, in a private copy of the file.
            let probe = directory.url.appendingPathComponent("probe.realm").path
            try Data(bytes).write(to: URL(fileURLWithPath: probe))
            let database = try Database.open(path: probe)
            let spec = try #require(database.beginRead().tableSpecs.first { $0.name.hasSuffix("DamageItem") })
            database.close()
            node = Int(spec.root.offset)
        case .blob:
            // The one blob node ("BLOB" at an 8-byte boundary) that holds the long name.
            let marker = Array(longName.utf8.prefix(64))
            node = try #require(
                stride(from: 0, to: bytes.count - 64, by: 8).first { offset in
                    bytes[offset..<offset + 4].elementsEqual("BLOB".utf8)
                        && bytes[offset + 24..<min(bytes.count, offset + 24 + 4096)].firstRange(of: marker) != nil
                }
            )
        }
        let length = bytes[node + 8..<node + 16].reversed().reduce(0) { $0 << 8 | Int($1) }
        bytes[node + length - 1] ^= 0x01
        let url = directory.url.appendingPathComponent("damaged.realm")
        try Data(bytes).write(to: url)
        let realm = try await Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: types))
        return (realm, url.path, UInt64(node))
    }

    /// The damage as the engine words it.
    static func damage(_ path: String, _ kind: String, _ node: UInt64) -> String {
        "the database file is damaged: \(path): \(kind) node @\(node) fails its checksum"
    }

    @Test("The leaf is a leaf: the test damages what it means to")
    func leafIsDamaged() async throws {
        let directory = TemporaryDirectory()
        let (realm, path, leaf) = try await Self.damagedRealm(.leaf, in: directory)
        // The object count lives in the version's catalog (checked when the file was opened), not in the leaf: it is
        // the right answer.
        #expect(await realm.read { realm in realm.objects(DamageItem.self).count } == 100)
        #expect(await realm.read { realm in realm.objects(DamageNote.self).map(\.text) } == ["one", "two"])
        let database = try Database.open(path: path)
        #expect(throws: StorageError.corrupt("\(path): leaf node @\(leaf) fails its checksum")) {
            try database.verify()
        }
    }

    @Test("A throwing call throws RealmError naming the file and the damaged node")
    func throwingCallThrows() async throws {
        let directory = TemporaryDirectory()
        let (realm, path, leaf) = try await Self.damagedRealm(.leaf, in: directory)
        let copy = directory.url.appendingPathComponent("copy.realm")
        await #expect(throws: RealmError.fileError(Self.damage(path, "leaf", leaf))) {
            try await realm.writeCopy(toFile: copy)
        }
    }

    @Test("A change stream delivers .error naming the damage, then ends")
    func streamDeliversError() async throws {
        let directory = TemporaryDirectory()
        let (realm, path, leaf) = try await Self.damagedRealm(.leaf, in: directory)
        let changes = await realm.read { realm in realm.objects(DamageItem.self).where { $0.score > 10 }.changes() }
        var iterator = changes.makeAsyncIterator()
        let first = await iterator.next()
        guard case .error(let error)? = first else {
            Issue.record("expected .error, got \(String(describing: first))")
            return
        }
        #expect(error as? RealmError == .fileError(Self.damage(path, "leaf", leaf)))
        #expect(await iterator.next() == nil, "the stream ends after its error")
        #expect(await realm.read { realm in realm.objects(DamageNote.self).count } == 2, "the realm stays usable")
    }

    @Test("An object's change stream delivers .error naming the damaged blob, then ends")
    func objectStreamDeliversError() async throws {
        let directory = TemporaryDirectory()
        let (realm, path, blob) = try await Self.damagedRealm(.blob, in: directory)
        let changes = await realm.read { realm in realm.objects(DamageItem.self)[5].changes() }
        var iterator = changes.makeAsyncIterator()
        let first = await iterator.next()
        guard case .error(let error)? = first else {
            Issue.record("expected .error, got \(String(describing: first))")
            return
        }
        #expect(error as? RealmError == .fileError(Self.damage(path, "blob", blob)))
        #expect(await iterator.next() == nil, "the stream ends after its error")
        #expect(await realm.read { realm in realm.objects(DamageItem.self)[4].name } == "item 4")
    }

    @Test("A filtered count stops with the damage, not 0")
    func filteredCountStops() async throws {
        let directory = TemporaryDirectory()
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [path = directory.url.path as String] in
            let directory = TemporaryDirectory(existing: path)
            let (realm, _, _) = try await DamagedRealmTests.damagedRealm(.leaf, in: directory)
            let count = await realm.read { realm in realm.objects(DamageItem.self).where { $0.score > 10 }.count }
            print("count: \(count)")
        }
        Self.expectDamageMessage(result.standardErrorContent)
    }

    @Test("A property read stops with the damage, not \"deleted or invalidated\"")
    func propertyReadStops() async throws {
        let directory = TemporaryDirectory()
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [path = directory.url.path as String] in
            let directory = TemporaryDirectory(existing: path)
            let (realm, _, _) = try await DamagedRealmTests.damagedRealm(.blob, in: directory)
            let name = await realm.read { realm in realm.objects(DamageItem.self)[5].name }
            print("name: \(name)")
        }
        Self.expectDamageMessage(result.standardErrorContent)
    }

    @Test("A primary-key lookup stops with the damage, not nil")
    func primaryKeyLookupStops() async throws {
        let directory = TemporaryDirectory()
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [path = directory.url.path as String] in
            let directory = TemporaryDirectory(existing: path)
            let (realm, _, _) = try await DamagedRealmTests.damagedRealm(.leaf, in: directory)
            let found = await realm.read { realm in realm.object(ofType: DamageItem.self, forPrimaryKey: 5)?.score }
            print("found: \(String(describing: found))")
        }
        Self.expectDamageMessage(result.standardErrorContent)
    }

    /// A new, empty realm `damaged.realm` of `DamageItem` and `DamageNote` in `directory`, for a test that damages
    /// what another writer commits to it; the realm and its file's URL.
    static func undamagedRealm(in directory: TemporaryDirectory) async throws -> (Realm, URL) {
        let url = directory.url.appendingPathComponent("damaged.realm")
        let types = [DamageItem.self, DamageNote.self]
        return (try await Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: types)), url)
    }

    @Test("A live object's read after another process's damaged commit stops with the damage")
    func liveObjectAfterDamagedCommitStops() async throws {
        let directory = TemporaryDirectory()
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [path = directory.url.path as String] in
            let directory = TemporaryDirectory(existing: path)
            let (realm, url) = try await DamagedRealmTests.undamagedRealm(in: directory)
            try await realm.write { realm in
                for id in 0..<100 { try realm.add(DamageItem(value: ["id": id, "name": "item \(id)", "score": id])) }
            }
            try await DamagedRealmTests.readAcrossDamagedCommit(realm, directory: directory, path: url.path)
        }
        Self.expectDamageMessage(result.standardErrorContent)
    }

    /// Reads item 5 of `realm` (so that it finds its row), lets another writer of the file (as another process is)
    /// add an item, which rewrites the items' one leaf, damages that leaf, refreshes and reads item 5 again: the
    /// object looks for its row in the damaged leaf (the typed read's path, ObjectBinding.swift `locateForReads`).
    static func readAcrossDamagedCommit(_ realm: isolated Realm, directory: TemporaryDirectory, path: String)
        async throws
    {
        let found = realm.object(ofType: DamageItem.self, forPrimaryKey: 5)
        let item = try #require(found)
        let score = item.score
        #expect(score == 5)
        let other = try Database.openUnshared(path: path, options: DatabaseOptions())
        let write = try await other.beginWrite()
        let items = try #require(write.tableSpecs.first { $0.name.hasSuffix("DamageItem") })
        var values: [ColumnKey: StrataCore.Value] = [:]
        for (name, value) in [("id", StrataCore.Value.int(100)), ("name", .string("item 100")), ("score", .int(0))] {
            values[try #require(items.columns.first { $0.name == name }).key] = value
        }
        _ = try write.createObject(in: items.key, values: values)
        // A commit larger than 64 KiB: its header slot has no manifest, so a reader takes it up after checking its top
        // node only, and reads the leaf when it needs it.
        let notes = try #require(write.tableSpecs.first { $0.name.hasSuffix("DamageNote") })
        let text = try #require(notes.columns.first { $0.name == "text" })
        _ = try write.createObject(in: notes.key, values: [text.key: .string(String(repeating: "x", count: 100_000))])
        try write.commit()
        other.close()

        // The leaf the commit wrote, found in a private copy of the file, then damaged in the file itself.
        let probe = directory.url.appendingPathComponent("probe.realm").path
        try Data(contentsOf: URL(fileURLWithPath: path)).write(to: URL(fileURLWithPath: probe))
        let database = try Database.open(path: probe)
        let leaf = try #require(database.beginRead().tableSpecs.first { $0.name.hasSuffix("DamageItem") }).root.offset
        database.close()
        let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try file.seek(toOffset: leaf + 8)
        let length = try #require(try file.read(upToCount: 8)).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        try file.seek(toOffset: leaf + length - 1)
        let last = try #require(try file.read(upToCount: 1))
        try file.seek(toOffset: leaf + length - 1)
        try file.write(contentsOf: [last[last.startIndex] ^ 0x01])
        try file.close()

        let moved = realm.refresh()
        #expect(moved, "the realm takes up the other writer's version")
        print("score after: \(item.score)")
    }

    @Test(
        "Another process's damaged commit ends a stream with .error, not silence at the older version",
        .timeLimit(.minutes(10))
    )
    func otherProcessDamageEndsStream() async throws {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration([DamageItem.self, DamageNote.self])
        let path = try #require(configuration.fileURL).path
        let realm = try await Realm(configuration: configuration)
        try await realm.write { realm in
            for id in 0..<10 { try realm.add(DamageItem(value: ["id": id, "name": "item \(id)", "score": id])) }
        }
        let changes = await realm.read { realm in realm.objects(DamageItem.self).changes() }
        var iterator = changes.makeAsyncIterator()
        guard case .initial(let items)? = await iterator.next() else {
            Issue.record("expected the stream's first element")
            return
        }
        #expect(items.count == 10)

        // Another writer of the file, as another process is, commits a version whose top node is damaged.
        try await Self.commitDamagedTop(path)

        // The file's watcher meets the damage when it takes up the other process's version.
        let next = await iterator.next()
        guard case .error(let error)? = next, case .fileError(let detail)? = error as? RealmError else {
            Issue.record("expected .error naming the damage, got \(String(describing: next))")
            return
        }
        #expect(detail.contains("the database file is damaged"), "\(detail)")
        #expect(detail.contains("fails its checksum"), "\(detail)")
        #expect(await iterator.next() == nil, "the stream ends after its error")
    }

    /// Commits, as another writer of the file at `path` (as another process is), a note larger than 64 KiB whose
    /// header slot therefore has no manifest: a reader takes it up and reads its top node, which the file system
    /// damages as soon as the slot naming it is written (before the slot is synced and the commit signalled, so no
    /// realm ever sees the version whole).
    static func commitDamagedTop(_ path: String) async throws {
        let files = FaultInjectingFileSystem()
        files.afterEachWrite { file, offset, _ in
            guard offset < UInt64(FileHeader.size) else { return }
            func read(_ count: Int, at offset: UInt64) throws -> [UInt8] {
                var bytes = [UInt8](repeating: 0, count: count)
                _ = try bytes.withUnsafeMutableBytes { try file.read(into: $0, at: offset) }
                return bytes
            }
            let header = try FileHeader.decode(try read(FileHeader.size, at: 0), path: path)
            guard let top = header.current?.slot.topRef.offset else { return }
            let length = try read(8, at: top + 8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let last = try read(1, at: top + length - 1)
            try [last[0] ^ 0x01].withUnsafeBytes { try file.write($0, at: top + length - 1) }
        }
        let other = try Database.openUnshared(path: path, options: DatabaseOptions(fileSystem: files))
        let write = try await other.beginWrite()
        let notes = try #require(write.tableSpecs.first { $0.name.hasSuffix("DamageNote") })
        let text = try #require(notes.columns.first { $0.name == "text" })
        _ = try write.createObject(in: notes.key, values: [text.key: .string(String(repeating: "x", count: 100_000))])
        try write.commit()
        other.close()
    }

    @Test("A read block after another process's damaged commit stops with the damage, not the older version")
    func readAfterDamagedCommitStops() async throws {
        let directory = TemporaryDirectory()
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [path = directory.url.path as String] in
            let directory = TemporaryDirectory(existing: path)
            let (realm, url) = try await DamagedRealmTests.undamagedRealm(in: directory)
            try await realm.write { realm in try realm.add(DamageNote(value: ["text": "one"])) }
            try await DamagedRealmTests.commitDamagedTop(url.path)
            let count = await realm.read { realm in realm.objects(DamageNote.self).count }
            print("count: \(count)")
        }
        Self.expectDamageMessage(result.standardErrorContent)
    }

    @Test("A sum over the table stops with the damage, not \"Invalid property\"")
    func sumStops() async throws {
        let directory = TemporaryDirectory()
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [path = directory.url.path as String] in
            let directory = TemporaryDirectory(existing: path)
            let (realm, _, _) = try await DamagedRealmTests.damagedRealm(.leaf, in: directory)
            let sum = await realm.read { realm in realm.objects(DamageItem.self).sum(ofProperty: "score") as Int }
            print("sum: \(sum)")
        }
        Self.expectDamageMessage(result.standardErrorContent)
        #expect(!String(decoding: result.standardErrorContent, as: UTF8.self).contains("Invalid property"))
    }

    static func expectDamageMessage(_ standardError: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let message = String(decoding: standardError, as: UTF8.self)
        #expect(message.contains("the database file is damaged: "), "\(message)", sourceLocation: sourceLocation)
        #expect(message.contains("damaged.realm: "), "\(message)", sourceLocation: sourceLocation)
        #expect(message.contains(" node @"), "\(message)", sourceLocation: sourceLocation)
        #expect(message.contains(" fails its checksum"), "\(message)", sourceLocation: sourceLocation)
        #expect(!message.contains("deleted or invalidated"), "\(message)", sourceLocation: sourceLocation)
    }
}
