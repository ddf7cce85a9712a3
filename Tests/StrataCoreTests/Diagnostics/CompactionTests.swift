import Foundation
import StrataCore
import StrataTestSupport
import Testing

@Suite("Compaction")
struct CompactionTests {
    @Test("A compacted copy holds the same objects in a smaller, dense file")
    func compactedCopy() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        defer { database.close() }
        let schema = try await CrashSchema.prepare(database)
        for number in Int64(1)...200 { try await schema.commitTransaction(number, to: database) }
        let write = try await database.beginWrite()
        let counter = try write.table(schema.counter)
        for key in try counter.keys().prefix(100) { try write.deleteObject(key, in: schema.counter) }
        guard case .list(let entries) = try write.table(schema.log).value(ObjectKey(0), schema.entries) else { return }
        #expect(entries.count == counter.count)
        try write.commit()
        let destination = directory.file("compacted.strata")
        try await database.writeCompactedCopy(to: destination)
        let copy = try Database.open(path: destination)
        defer { copy.close() }
        try copy.verify()
        #expect(copy.spaceUsage.free < 1024, "only the empty creation-time top node is free")
        let original = try database.beginRead()
        let compacted = try copy.beginRead()
        #expect(original.tableSpecs.map(\.name) == compacted.tableSpecs.map(\.name))
        for spec in original.tableSpecs {
            let from = try original.table(spec.key)
            let to = try compacted.table(spec.key)
            #expect(try from.keys() == to.keys())
            for key in try from.keys() { #expect(try from.row(key) == to.row(key)) }
        }
        let originalSize = try FileManager.default.attributesOfItem(atPath: directory.file())[.size] as! Int
        let compactedSize = try FileManager.default.attributesOfItem(atPath: destination)[.size] as! Int
        #expect(compactedSize < originalSize)
        // The copy keeps working as a database.
        try await schema.commitTransaction(201, to: copy)
        try copy.verify()
    }
}
