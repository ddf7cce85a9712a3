import Foundation
import StrataCore
import StrataTestSupport
import Testing

@Suite("Damaged and foreign files")
struct DamagedFileTests {
    static func sample(in directory: TemporaryDirectory, newFiles scheme: NodeChecksum = .lanes) async throws -> (
        path: String, bytes: [UInt8]
    ) {
        let path = directory.file("sample.strata")
        var options = DatabaseOptions()
        options.newFileChecksum = scheme
        let database = try Database.open(path: path, options: options)
        let schema = try await CrashSchema.prepare(database)
        for number in Int64(1)...40 { try await schema.commitTransaction(number, to: database) }
        database.close()
        return (path, Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    static func open(_ bytes: [UInt8], in directory: TemporaryDirectory) throws -> Database {
        let path = directory.file("damaged-\(UUID().uuidString).strata")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try Database.open(path: path)
    }

    @Test("An empty file, garbage and another format are refused as not a Strata file")
    func foreignFiles() throws {
        let directory = TemporaryDirectory()
        var random = SeededGenerator(seed: 7)
        for bytes in [
            [], Array("SQLite format 3\0".utf8) + [UInt8](repeating: 0, count: 9000),
            (0..<20_000).map { _ in UInt8.random(in: 0...255, using: &random) },
        ] {
            #expect {
                try Self.open(bytes, in: directory)
            } throws: { error in
                guard case StorageError.notAStrataFile = error else { return false }
                return "\(error)".contains("is not a Strata database")
            }
        }
    }

    @Test("A newer format version is refused with a clear error")
    func newerFormat() async throws {
        let directory = TemporaryDirectory()
        var (_, bytes) = try await Self.sample(in: directory)
        for page in 0..<2 {
            bytes[page * FileHeader.pageSize + 8] = 9
        }
        #expect(throws: StorageError.self) { try Self.open(bytes, in: directory) }
    }

    @Test("A truncated file gives a clear error, never a crash", arguments: [10, 100, 4096, 8192, 9000])
    func truncated(length: Int) async throws {
        let directory = TemporaryDirectory()
        let (_, bytes) = try await Self.sample(in: directory)
        #expect(throws: StorageError.self) { try Self.open(Array(bytes.prefix(length)), in: directory) }
        let header = try FileHeader.decode(Array(bytes.prefix(FileHeader.size)), path: "sample")
        let fileEnd = Int(try #require(header.current).slot.fileEnd)
        let half = Array(bytes.prefix(fileEnd / 2 + length))
        #expect(throws: StorageError.self) {
            let database = try Self.open(half, in: directory)
            defer { database.close() }
            try database.verify()
        }
    }

    @Test("A flipped byte in the newest header slot falls back to the previous version")
    func headerSlotFallback() async throws {
        let directory = TemporaryDirectory()
        var (_, bytes) = try await Self.sample(in: directory)
        let header = try FileHeader.decode(Array(bytes.prefix(FileHeader.size)), path: "sample")
        let (current, slot) = try #require(header.current)
        bytes[current * FileHeader.pageSize + 20] ^= 0x40
        let database = try Self.open(bytes, in: directory)
        defer { database.close() }
        #expect(database.latestVersion == slot.version - 1)
        try database.verify()
        #expect(try CrashSchema.find(database.beginRead()).check(database) == 39)
    }

    @Test("Flipped bytes in both header slots give a clear error")
    func bothSlotsDamaged() async throws {
        let directory = TemporaryDirectory()
        var (_, bytes) = try await Self.sample(in: directory)
        bytes[20] ^= 1
        bytes[FileHeader.pageSize + 20] ^= 1
        #expect {
            try Self.open(bytes, in: directory)
        } throws: { error in
            "\(error)".contains("neither header slot")
        }
    }

    @Test("Random byte flips in the body are caught by verify() or reads, never crash")
    func randomFlips() async throws {
        let directory = TemporaryDirectory()
        let (_, bytes) = try await Self.sample(in: directory)
        let seed = testSeed()
        print("DamagedFileTests seed: \(seed)")
        var random = SeededGenerator(seed: seed)
        let header = try FileHeader.decode(Array(bytes.prefix(FileHeader.size)), path: "sample")
        let fileEnd = Int(try #require(header.current).slot.fileEnd)
        var detected = 0
        let cases = Int(ProcessInfo.processInfo.environment["STRATA_DAMAGE_CASES"] ?? "") ?? 150
        for _ in 0..<cases {
            var damaged = bytes
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                damaged[Int.random(in: FileHeader.size..<fileEnd, using: &random)] ^= UInt8.random(
                    in: 1...255,
                    using: &random
                )
            }
            do {
                let database = try Self.open(damaged, in: directory)
                defer { database.close() }
                do {
                    try database.verify()
                } catch let error as StorageError {
                    detected += 1
                    _ = error.description
                }
                // Reads without verification must also fail cleanly or succeed.
                _ = try? CrashSchema.find(database.beginRead()).check(database)
            } catch is StorageError {
                detected += 1
            }
        }
        // Free space holds stale bytes that no version reads, so some flips are harmless.
        #expect(detected > cases / 3)
        print(
            "RELIABILITY|damaged files (random byte flips)|\(cases)|\(detected) detected by verify() or reads, no crash"
        )
    }

    /// A format 2 slot page (no manifest; the checksum of bytes 0..<40 at 40) naming `slot`.
    static func formatTwoSlot(_ slot: FileHeader.Slot, index: Int) -> [UInt8] {
        var writer = ByteWriter(capacity: FileHeader.pageSize)
        writer.append(bytes: FileHeader.magic)
        writer.append(UInt32(2))
        writer.append(UInt32(index))
        writer.append(slot.topRef.offset)
        writer.append(slot.version)
        writer.append(slot.fileEnd)
        writer.append(writer.bytes.withUnsafeBytes { Checksum.hash($0, seed: 0x5354_5241) })
        writer.appendZeros(FileHeader.pageSize - writer.count)
        return writer.take()
    }

    @Test("A format 2 file opens, and its slots are rewritten in format 3 as commits land")
    func formatTwo() async throws {
        let directory = TemporaryDirectory()
        // One-lane nodes, as a build of format 2 wrote them (`verify` refuses four-lane nodes in such a file).
        var (_, bytes) = try await Self.sample(in: directory, newFiles: .serial)
        let header = try FileHeader.decode(Array(bytes.prefix(FileHeader.size)), path: "sample")
        for index in 0..<2 {
            guard var slot = header.slots[index] else { continue }
            slot.manifest = nil
            bytes.replaceSubrange(
                index * FileHeader.pageSize..<(index + 1) * FileHeader.pageSize,
                with: Self.formatTwoSlot(slot, index: index)
            )
        }
        let downgraded = try FileHeader.decode(Array(bytes.prefix(FileHeader.size)), path: "downgraded")
        #expect(downgraded.current?.slot.version == header.current?.slot.version)
        #expect(downgraded.slots.allSatisfy { $0?.manifest == nil })

        let database = try Self.open(bytes, in: directory)
        defer { database.close() }
        try database.verify()
        let schema = try CrashSchema.find(database.beginRead())
        #expect(try schema.check(database) == 40)
        try await schema.commitTransaction(41, to: database)
        try await schema.commitTransaction(42, to: database)
        #expect(try schema.check(database) == 42)
        try database.verify()
    }

    @Test("A one-sync slot whose runs no longer match its manifest is passed over for the other slot")
    func manifestMismatch() async throws {
        let directory = TemporaryDirectory()
        var (_, bytes) = try await Self.sample(in: directory)
        let header = try FileHeader.decode(Array(bytes.prefix(FileHeader.size)), path: "sample")
        let (index, newest) = try #require(header.current)
        let manifest = try #require(newest.manifest, "the last small commit named its runs")
        let older = try #require(header.slots[1 - index])
        #expect(older.version == newest.version - 1)
        // The slot round-trips through its page.
        let page = FileHeader.encode(newest, index: index)
        var pages = [UInt8](repeating: 0, count: FileHeader.size)
        pages.replaceSubrange(index * FileHeader.pageSize..<(index + 1) * FileHeader.pageSize, with: page)
        #expect(try FileHeader.decode(pages, path: "page").slots[index] == newest)

        // Lose one byte of the last run, as if the power failed before it reached the disk.
        let run = try #require(manifest.runs.last)
        bytes[Int(run.offset + run.length) - 1] ^= 0xFF
        let database = try Self.open(bytes, in: directory)
        defer { database.close() }
        #expect(database.latestVersion == older.version)
        try database.verify()
        #expect(try CrashSchema.find(database.beginRead()).check(database) == 39)
    }
}
