import Foundation
import StrataCore
import Testing

@Suite("strata info, schema, verify, compact")
struct InfoCommandTests {
    @Test("info reports space, classes, and the versions another process keeps pinned")
    func infoReportsPinnedVersions() async throws {
        let directory = TemporaryDirectory()
        let sample = try await SampleFile(path: directory.file())
        defer { sample.close() }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: sample.path)[.size] as? Int)
        let space = sample.database.spaceUsage
        let unpinned = try Tool.run(["info", sample.path])
        #expect(unpinned.status == 0)
        #expect(
            unpinned.stdout == """
                file: \(sample.path)
                version: 2
                schema version: none (not opened through Strata's API)
                file size: \(size) bytes
                used region: \(space.fileEnd) bytes, \(space.free) of them free
                free space: \(UInt64(size) - space.fileEnd + space.free) bytes (\(space.free) free inside the used region, \(UInt64(size) - space.fileEnd) reserved past it)
                pinned versions (other processes, from \(sample.path).lock): none
                class Address: 6 objects
                class Dog: 4 objects
                class Person: 6 objects
                Replication: none

                """
        )
        // This process reads version 2 and then commits version 3: the tool sees one process pinning version 2.
        let read = try sample.database.beginRead()
        let write = try await sample.database.beginWrite()
        try write.deleteObject(ObjectKey(3), in: sample.dog)
        try write.commit()
        let pinned = try Tool.run(["info", sample.path])
        #expect(pinned.status == 0)
        let lines = pinned.stdout.split(separator: "\n")
        #expect(lines[1] == "version: 3")
        #expect(
            lines[6]
                == "pinned versions (other processes, from \(sample.path).lock): 1 process(es), oldest version 2, 1 version(s) behind the newest"
        )
        #expect(lines[8] == "class Dog: 3 objects")
        _ = read
    }

    @Test("schema, verify and compact keep working")
    func schemaVerifyCompact() async throws {
        let directory = TemporaryDirectory()
        let sample = try await SampleFile(path: directory.file())
        sample.close()
        let schema = try Tool.run(["schema", sample.path])
        #expect(schema.status == 0)
        #expect(
            schema.stdout.hasPrefix("Address {\n    street: string\n    city: string\n    zip: string?\n}\nDog {\n")
        )
        #expect(schema.stdout.contains("    id: int  (primary key)\n    name: string  (indexed)\n"))
        #expect(schema.stdout.contains("    dogs: List<object<Dog>>\n"))
        let verify = try Tool.run(["verify", sample.path])
        #expect(verify.status == 0)
        #expect(verify.stdout.hasPrefix("ok: version 2: 3 tables, 16 objects, "))
        let output = directory.file("compacted.strata")
        let compact = try Tool.run(["compact", sample.path, output])
        #expect(compact.status == 0)
        #expect(try Tool.run(["export", output]).stdout == (try Tool.run(["export", sample.path]).stdout))
    }
}
