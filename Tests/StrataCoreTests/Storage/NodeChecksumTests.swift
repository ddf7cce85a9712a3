import Foundation
import StrataCore
import StrataTestSupport
import Testing

/// The two checksum functions (Checksum.swift) and the schemes files use them under (NodeChecksum.swift): a file made by
/// this build is format 6 with four-lane node checksums; a file made before keeps format 4 and one-lane checksums.
@Suite("Node checksums: the four-lane scheme of format 6 and the one-lane scheme before it")
struct NodeChecksumTests {
    /// Bytes 0, 1, 2, … (mod 251) of `count`.
    static func counting(_ count: Int) -> [UInt8] { (0..<count).map { UInt8($0 % 251) } }

    /// Both functions' values for a few lengths (below, at and past one lane step of 32 bytes and one word of 8) and
    /// seeds. Files store them (Checksum.swift invariant 1): a change here is a format change.
    static let pinned: [(count: Int, seed: UInt64, serial: UInt64, lanes: UInt64)] = [
        (0, 0, 0x0C63_996A_5332_6930, 0xAFA9_3142_FFAD_2922),
        (7, 0, 0xA248_F6C3_F853_ABAB, 0xCAB7_7554_6743_4183),
        (8, 0x5354_5241, 0xD206_5DE7_75D3_B193, 0x5362_2AB3_3A43_3785),
        (31, 0, 0xA3A4_94AE_F6F9_89CE, 0x1B60_470D_2E06_4546),
        (32, 0, 0xB170_4A41_37AD_E9B0, 0x4E1A_052A_A792_2AD6),
        (33, 0x4641_454C << 32 ^ 57, 0x4E88_FF86_C2FF_F34C, 0x12B9_1623_A299_6EF6),
        (100, 1, 0x1B38_C62D_9875_7E28, 0xD574_561A_B7AA_1ADA),
        (4_096, 0, 0x3E76_21D4_09E9_0499, 0x6B52_6BC7_01D5_3D00),
    ]

    @Test("both functions keep their stored values", arguments: 0..<pinned.count)
    func storedValues(_ index: Int) {
        let row = Self.pinned[index]
        let bytes = Self.counting(row.count)
        let (serial, lanes) = bytes.withUnsafeBytes {
            (Checksum.hash($0, seed: row.seed), Checksum.laneHash($0, seed: row.seed))
        }
        #expect(serial == row.serial, "one lane, \(row.count) bytes")
        #expect(lanes == row.lanes, "four lanes, \(row.count) bytes")
    }

    @Test("every flipped bit and every changed length or seed changes the four-lane hash")
    func sensitivity() {
        var (seed, random) = seededGenerator("NodeChecksumTests.sensitivity")
        for _ in 0..<200 {
            let count = Int.random(in: 0...300, using: &random)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            let start = UInt64.random(in: 0...UInt64.max, using: &random)
            let original = bytes.withUnsafeBytes { Checksum.laneHash($0, seed: start) }
            for bit in 0..<count * 8 {
                bytes[bit / 8] ^= 1 << (bit % 8)
                let flipped = bytes.withUnsafeBytes { Checksum.laneHash($0, seed: start) }
                bytes[bit / 8] ^= 1 << (bit % 8)
                #expect(flipped != original, "seed \(seed): bit \(bit) of \(count) bytes")
            }
            let longer = (bytes + [0]).withUnsafeBytes { Checksum.laneHash($0, seed: start) }
            let reseeded = bytes.withUnsafeBytes { Checksum.laneHash($0, seed: start ^ 1) }
            #expect(longer != original && reseeded != original, "seed \(seed): \(count) bytes")
        }
    }

    @Test("a node names its scheme, and its check follows the name")
    func nodeNamesItsScheme() {
        for scheme in [NodeChecksum.serial, .lanes] {
            var node = [UInt8](repeating: 0, count: NodeHeader.size) + Self.counting(200)
            NodeHeader.seal(&node, kind: .blob, scheme: scheme)
            #expect(node[4..<8] == [UInt8(scheme.rawValue), 0, 0, 0])
            for word in [UInt8(0), 1, 2, 255] {
                var named = node
                named[4] = word
                let holds = named.withUnsafeBytes {
                    NodeView(ref: Ref(8192), kind: .blob, bytes: $0).checksumHolds()
                }
                #expect(holds == (UInt32(word) == scheme.rawValue), "sealed \(scheme), named \(word)")
            }
            // A higher byte of the word set is no scheme either.
            var high = node
            high[5] = 1
            #expect(!high.withUnsafeBytes { NodeView(ref: Ref(8192), kind: .blob, bytes: $0).checksumHolds() })
        }
    }

    /// The format of each header page of `bytes`.
    static func slotFormats(_ bytes: [UInt8]) -> [UInt8] {
        [bytes[8], bytes[FileHeader.pageSize + 8]]
    }

    /// The scheme word of the top node the current slot of `bytes` names.
    static func topScheme(_ bytes: [UInt8]) throws -> UInt8 {
        let header = try FileHeader.decode(Array(bytes.prefix(FileHeader.size)), path: "file")
        let top = Int(try #require(header.current).slot.topRef.offset)
        return bytes[top + 4]
    }

    static func bytes(of path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Makes the database at `path` with `options` and `commits` transactions of the crash schema, and closes it.
    static func made(at path: String, commits: Int64, options: DatabaseOptions) async throws -> CrashSchema {
        let database = try Database.open(path: path, options: options)
        defer { database.close() }
        let schema = try await CrashSchema.prepare(database)
        for number in Int64(1)...commits { try await schema.commitTransaction(number, to: database) }
        return schema
    }

    /// Opens a copy of the file `bytes` whose header `pages` hold `slot`, saved as `rewritten.strata` in `directory`;
    /// returns it and its path.
    static func reopen(
        _ bytes: [UInt8],
        with slot: FileHeader.Slot,
        on pages: [Int],
        in directory: TemporaryDirectory,
        options: DatabaseOptions
    ) throws -> (Database, String) {
        var bytes = bytes
        for index in pages {
            bytes.replaceSubrange(
                index * FileHeader.pageSize..<(index + 1) * FileHeader.pageSize,
                with: FileHeader.encode(slot, index: index)
            )
        }
        let rewritten = directory.file("rewritten.strata")
        try Data(bytes).write(to: URL(fileURLWithPath: rewritten))
        return (try Database.open(path: rewritten, options: options), rewritten)
    }

    /// Default options with the redo log off, whatever `STRATA_REDO_LOG` says, and new files of `scheme`.
    static func withoutLog(newFiles scheme: NodeChecksum = .lanes) -> DatabaseOptions {
        var options = DatabaseOptions()
        options.redoLog = false
        options.newFileChecksum = scheme
        return options
    }

    @Test("a new file is format 6 in both slots, with four-lane nodes and manifests, and stays so")
    func newFile() async throws {
        let directory = TemporaryDirectory()
        let path = directory.file("new.strata")
        let options = Self.withoutLog()
        let schema = try await Self.made(at: path, commits: 10, options: options)
        var bytes = try Self.bytes(of: path)
        #expect(Self.slotFormats(bytes) == [6, 6])
        #expect(try Self.topScheme(bytes) == 1)
        let header = try FileHeader.decode(Array(bytes.prefix(FileHeader.size)), path: path)
        #expect(header.slots.allSatisfy { $0?.checksum == .lanes })
        #expect(try #require(header.current).slot.manifest != nil, "the last small commit named its runs")

        let database = try Database.open(path: path, options: options)
        #expect(try schema.check(database) == 10)
        _ = try database.verify()
        database.close()
        bytes = try Self.bytes(of: path)
        #expect(Self.slotFormats(bytes) == [6, 6])
    }

    @Test("a file made before format 6 keeps format 4 and one-lane nodes while this build reads and writes it")
    func earlierFile() async throws {
        let directory = TemporaryDirectory()
        let path = directory.file("earlier.strata")
        var options = Self.withoutLog(newFiles: .serial)
        let schema = try await Self.made(at: path, commits: 10, options: options)
        var bytes = try Self.bytes(of: path)
        #expect(Self.slotFormats(bytes) == [4, 4])
        #expect(try Self.topScheme(bytes) == 0)

        // Opened as every open is (a new file would be format 6), it stays format 4.
        options.newFileChecksum = .lanes
        let database = try Database.open(path: path, options: options)
        #expect(try schema.check(database) == 10)
        for number in Int64(11)...20 { try await schema.commitTransaction(number, to: database) }
        #expect(try schema.check(database) == 20)
        _ = try database.verify()
        // Compacted in place it keeps its format; a copy made to be another file is a new file, format 6.
        for (name, another, format) in [("compacted", false, UInt8(4)), ("copy", true, 6)] {
            let destination = directory.file("\(name).strata")
            try database.writeCompactedCopyNow(to: destination, droppingReplicationState: another)
            let copied = try Self.bytes(of: destination)
            #expect(Self.slotFormats(copied) == [format, format], "\(name)")
            #expect(try Self.topScheme(copied) == (another ? 1 : 0), "\(name)")
            let copy = try Database.open(path: destination)
            #expect(try schema.check(copy) == 20, "\(name)")
            copy.close()
        }
        database.close()
        bytes = try Self.bytes(of: path)
        #expect(Self.slotFormats(bytes) == [4, 4])
        #expect(try Self.topScheme(bytes) == 0)
        let header = try FileHeader.decode(Array(bytes.prefix(FileHeader.size)), path: path)
        #expect(header.slots.allSatisfy { $0?.checksum == .serial })
        #expect(try #require(header.current).slot.manifest != nil, "the last small commit named its runs")
    }

    @Test("verify refuses a four-lane node in a format 4 file: the builds that may open it cannot check that node")
    func verifyFlagsLanesInEarlierFile() async throws {
        let directory = TemporaryDirectory()
        let path = directory.file("mixed.strata")
        let options = Self.withoutLog()
        let schema = try await Self.made(at: path, commits: 3, options: options)
        let bytes = try Self.bytes(of: path)
        let header = try FileHeader.decode(Array(bytes.prefix(FileHeader.size)), path: path)
        var newest = try #require(header.current).slot
        // Both pages name the newest version as a format 4 slot without a manifest: the four-lane nodes it reaches
        // read as before (a node names its own scheme), and only the verification knows they do not belong.
        newest.manifest = nil
        newest.checksum = .serial
        let (reopened, rewritten) = try Self.reopen(bytes, with: newest, on: [0, 1], in: directory, options: options)
        defer { reopened.close() }
        #expect(Self.slotFormats(try Self.bytes(of: rewritten)) == [4, 4])
        #expect(try schema.check(reopened) == 3)
        do {
            try reopened.verify()
            Issue.record("verify passed four-lane nodes in a format 4 file")
        } catch StorageError.corrupt(let detail) {
            #expect(detail.contains("four lanes") && detail.contains("format 4 or 5"), "\(detail)")
        }
    }

    @Test("a manifest is checked with its slot's scheme: a format 6 slot rewritten as 4 no longer proves its commit")
    func manifestScheme() async throws {
        let directory = TemporaryDirectory()
        let path = directory.file("manifest.strata")
        let options = Self.withoutLog()
        let schema = try await Self.made(at: path, commits: 5, options: options)
        let bytes = try Self.bytes(of: path)
        let header = try FileHeader.decode(Array(bytes.prefix(FileHeader.size)), path: path)
        var (index, newest) = try #require(header.current)
        let older = try #require(header.slots[1 - index])
        #expect(newest.manifest != nil, "the last small commit named its runs")
        newest.checksum = .serial
        let (reopened, _) = try Self.reopen(bytes, with: newest, on: [index], in: directory, options: options)
        defer { reopened.close() }
        #expect(reopened.latestVersion == older.version)
        #expect(try schema.check(reopened) == 4)
    }

    @Test(
        "with the redo log a file keeps its family: its ring's slots are 5 or 7, its recovery's 4 or 6",
        arguments: [NodeChecksum.serial, .lanes]
    )
    func redoLog(_ scheme: NodeChecksum) async throws {
        let directory = TemporaryDirectory()
        let path = directory.file("log.strata")
        let fs = FaultInjectingFileSystem()
        var options = DatabaseOptions.testing(fs, redoLog: true)
        options.newFileChecksum = scheme
        let (plain, ringed): (UInt8, UInt8) = scheme == .lanes ? (6, 7) : (4, 5)
        let database = try Database.open(path: path, options: options)
        let schema = try await CrashSchema.prepare(database)
        for number in Int64(1)...20 { try await schema.commitTransaction(number, to: database) }
        #expect(Self.slotFormats(try Self.bytes(of: path)) == [ringed, ringed], "the ring starts on both pages")
        let crashed = directory.file("crashed.strata")
        try fs.copyAfterKill(of: path, to: crashed)
        database.close()

        let recovered = try Database.openUnshared(path: crashed, options: Self.withoutLog())
        #expect(try schema.check(recovered) == 20)
        _ = try recovered.verify()
        try await schema.commitTransaction(21, to: recovered)
        recovered.close()
        let bytes = try Self.bytes(of: crashed)
        #expect(Self.slotFormats(bytes).allSatisfy { $0 == plain || $0 == ringed }, "\(Self.slotFormats(bytes))")
        let header = try FileHeader.decode(Array(bytes.prefix(FileHeader.size)), path: crashed)
        let current = try #require(header.current)
        #expect(bytes[current.index * FileHeader.pageSize + 8] == plain, "the replay's slot, then a commit's")
        #expect(current.slot.checksum == scheme)
        #expect(try Self.topScheme(bytes) == UInt8(scheme.rawValue))
    }

    @Test("a header whose slots are of a later format is refused as unsupported, naming the format")
    func laterFormat() async throws {
        let directory = TemporaryDirectory()
        let path = directory.file("later.strata")
        let database = try Database.open(path: path)
        database.close()
        var bytes = try Self.bytes(of: path)
        for page in 0..<2 { bytes[page * FileHeader.pageSize + 8] = 8 }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try Database.open(path: path)
        } throws: { error in
            guard case StorageError.unsupportedFormat(_, let version) = error else { return false }
            return version == 8
        }
    }

    @Test("a slot of a later format beside a valid one is passed over: the valid one opens")
    func laterFormatBesideValid() async throws {
        let directory = TemporaryDirectory()
        let path = directory.file("beside.strata")
        let schema = try await Self.made(at: path, commits: 3, options: Self.withoutLog())
        var bytes = try Self.bytes(of: path)
        let header = try FileHeader.decode(Array(bytes.prefix(FileHeader.size)), path: path)
        let (index, _) = try #require(header.current)
        let older = try #require(header.slots[1 - index])
        bytes[index * FileHeader.pageSize + 8] = 8
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let database = try Database.open(path: path, options: Self.withoutLog())
        defer { database.close() }
        #expect(database.latestVersion == older.version)
        #expect(try schema.check(database) == 2)
    }
}
