import Foundation
import StrataCore
import Testing

@Suite("strata on damaged files")
struct DamagedFileTests {
    /// A copy of the sample file with eight bytes flipped inside the Person table's root node. A later commit
    /// changes only Dog, so the damage lies outside the newest commit's own nodes: were it inside them, the
    /// engine would take it for a commit cut short by power loss and open the version before (which is right).
    static func damagedCopy(in directory: TemporaryDirectory) async throws -> String {
        let sample = try await SampleFile(path: directory.file())
        let write = try await sample.database.beginWrite()
        try write.set(.int(4), of: sample.columns["Dog.age"]!, in: sample.dog, object: ObjectKey(0))
        try write.commit()
        let read = try sample.database.beginRead()
        let root = try #require(read.tableSpecs.first { $0.name == "Person" }).root
        sample.close()
        let damaged = directory.file("damaged.strata")
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: sample.path)))
        let offset = Int(root.offset) + 40
        for index in offset..<offset + 8 { bytes[index] ^= 0xA5 }
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        return damaged
    }

    static let commands: [[String]] = [
        ["info"], ["schema"], ["verify"], ["query", "Person"], ["query", "Person", "age > 3", "--json"], ["export"],
        ["watch", "Person"], ["compact", "OUTPUT"],
    ]

    @Test("Every command refuses a damaged file with exit 1 and says it is damaged", arguments: 0..<8)
    func refusesDamagedFile(_ index: Int) async throws {
        let directory = TemporaryDirectory()
        let damaged = try await Self.damagedCopy(in: directory)
        var arguments = Self.commands[index]
        arguments.insert(damaged, at: 1)
        arguments = arguments.map { $0 == "OUTPUT" ? directory.file("compacted.strata") : $0 }
        let run = try Tool.run(arguments)
        #expect(run.status == 1, "\(arguments)")
        #expect(run.stdout.isEmpty, "\(arguments)")
        #expect(
            run.stderr.hasPrefix("strata \(arguments[0]): the database file is damaged: "),
            "\(arguments): \(run.stderr)"
        )
        #expect(run.stderr.hasSuffix("\n") && run.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: directory.file("compacted.strata")))
    }

    @Test("import refuses to fill a damaged file")
    func importRefusesDamagedTarget() async throws {
        let directory = TemporaryDirectory()
        let damaged = try await Self.damagedCopy(in: directory)
        let before = try Data(contentsOf: URL(fileURLWithPath: damaged))
        let run = try Tool.run(["import", damaged], input: #"{"strata":"export","format":1,"classes":[]}"# + "\n")
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("strata import: the database file is damaged: "))
        #expect(try Data(contentsOf: URL(fileURLWithPath: damaged)) == before)
    }

    @Test("A file that is not a Strata file, and a missing file, exit 1 with a message naming them")
    func refusesForeignAndMissingFiles() async throws {
        let directory = TemporaryDirectory()
        let foreign = directory.file("notes.txt")
        try Data(String(repeating: "not a database\n", count: 1000).utf8).write(to: URL(fileURLWithPath: foreign))
        let run = try Tool.run(["info", foreign])
        #expect(run.status == 1)
        #expect(run.stderr == "strata info: \(foreign) is not a Strata database (bad magic number)\n")
        let missing = try Tool.run(["export", directory.file("nothing.strata")])
        #expect(missing.status == 1)
        #expect(missing.stderr == "strata export: \(directory.file("nothing.strata")): no such file\n")
    }
}
