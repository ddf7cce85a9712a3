import StrataCore
import Testing

/// A private mapping holds this process's copies of nodes not yet written to the file, and follows the file
/// everywhere else (MemoryMapping.swift): the facts the redo ring's in-memory tip stands on.
@Suite("A private mapping keeps unwritten nodes and follows the file elsewhere")
struct PrivateMappingTests {
    static let page = 4096

    /// Three pages of "A", "B" and "C", and a private mapping of them.
    static func sample(_ directory: TemporaryDirectory) throws -> (any StorageFile, MemoryMapping) {
        let file = try PosixFileSystem().open(directory.file(), mode: .createNew(permissions: .ownerReadWrite))
        for (index, letter) in "ABC".utf8.enumerated() {
            try [UInt8](repeating: letter, count: page).withUnsafeBytes {
                try file.write($0, at: UInt64(index * page))
            }
        }
        return (file, try file.mapPrivately(length: 3 * page))
    }

    static func read(_ file: any StorageFile, _ range: Range<Int>) throws -> String {
        var bytes = [UInt8](repeating: 0, count: range.count)
        _ = try bytes.withUnsafeMutableBytes { try file.read(into: $0, at: UInt64(range.lowerBound)) }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func text(_ mapping: MemoryMapping, _ range: Range<Int>) -> String {
        String(decoding: mapping.bytes[range], as: UTF8.self)
    }

    static func write(_ file: any StorageFile, _ text: String, at offset: Int) throws {
        try Array(text.utf8).withUnsafeBytes { try file.write($0, at: UInt64(offset)) }
    }

    @Test("a copy is seen through the mapping only, until it is written and its page discarded")
    func copyThenCheckpoint() throws {
        let directory = TemporaryDirectory()
        let (file, mapping) = try Self.sample(directory)
        defer { file.close() }
        let tip = Self.page + 100..<Self.page + 103
        Array("tip".utf8).withUnsafeBytes { mapping.copy($0, to: tip.lowerBound) }
        #expect(Self.text(mapping, tip) == "tip")
        #expect(try Self.read(file, tip) == "BBB")

        // Another writer of the file (another process, or this one through pwrite): seen in pages this process
        // never copied into, not in the page it did.
        let other = try PosixFileSystem().open(directory.file(), mode: .readWrite)
        defer { other.close() }
        try Self.write(other, "zz", at: 2 * Self.page + 10)
        try Self.write(other, "yy", at: Self.page + 10)
        #expect(Self.text(mapping, 2 * Self.page + 10..<2 * Self.page + 12) == "zz")
        #expect(Self.text(mapping, Self.page + 10..<Self.page + 12) == "BB")

        // The checkpoint: the copy is written to the file, then its page follows the file again.
        try Self.write(file, "tip", at: tip.lowerBound)
        try mapping.discardPrivateCopies(of: [tip])
        #expect(Self.text(mapping, tip) == "tip")
        #expect(Self.text(mapping, Self.page + 10..<Self.page + 12) == "yy")
        #expect(Self.text(mapping, 0..<3) == "AAA")
    }

    @Test("a shared mapping takes no copies and sees every write")
    func sharedMapping() throws {
        let directory = TemporaryDirectory()
        let (file, _) = try Self.sample(directory)
        defer { file.close() }
        let shared = try file.map(length: 3 * Self.page)
        #expect(!shared.isPrivate)
        try Self.write(file, "new", at: Self.page)
        #expect(Self.text(shared, Self.page..<Self.page + 3) == "new")
    }
}
