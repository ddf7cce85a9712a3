import StrataCore
import Testing

/// Writing a value in place at a row location found earlier: taken only while the location is good and the
/// column needs no bookkeeping beyond the change log; otherwise refused with nothing changed.
@Suite("In-place writes")
struct InPlaceWriteTests {
    @Test("An in-place write changes the value and the change log; stale, committed or indexed rows are refused")
    func inPlaceWritesAreTakenOnlyWhenSafe() async throws {
        let directory = TemporaryDirectory()
        var (database, write, tableKey, columns) = try await openWithTable(
            in: directory,
            columns: [ColumnSpec(name: "score", type: .double), ColumnSpec(name: "code", type: .int, indexed: true)]
        )
        defer { database.close() }
        let (score, code) = (columns[0], columns[1])
        let keys = try (0..<600).map { try write.createObject(in: tableKey, values: [score: .double(Double($0))]) }
        try write.commit()

        write = try await database.beginWrite()
        let table = try write.table(tableKey)
        let first = keys[10]
        // A committed leaf is copied by the general path first.
        let committed = try #require(try table.locate(first))
        #expect(try !write.setInPlace(.double(1), of: score, in: table, object: first, at: committed))
        #expect(try table.value(first, score) == .double(10))
        try write.set(.double(1), of: score, in: tableKey, object: first)

        // Now the leaf is the transaction's own: a neighbour's row is written in place.
        let neighbour = keys[11]
        let location = try #require(try table.locate(neighbour))
        #expect(try write.setInPlace(.double(-5), of: score, in: table, object: neighbour, at: location))
        #expect(try table.value(neighbour, score) == .double(-5))
        // Not for an indexed column, nor for a location of another object, nor with a value of the wrong type.
        #expect(try !write.setInPlace(.int(3), of: code, in: table, object: neighbour, at: location))
        #expect(try !write.setInPlace(.double(7), of: score, in: table, object: keys[12], at: location))
        #expect(throws: StorageError.self) {
            try write.setInPlace(.string("x"), of: score, in: table, object: neighbour, at: location)
        }
        // A change of shape (a new object) makes every location handed out before stale.
        _ = try write.createObject(in: tableKey, values: [score: .double(0)])
        #expect(try !write.setInPlace(.double(9), of: score, in: table, object: neighbour, at: location))
        #expect(try table.value(neighbour, score) == .double(-5))

        let result = try write.commit()
        let changes = try #require(result.changes.tables[tableKey])
        #expect(changes.modifications[first] == [score])
        #expect(changes.modifications[neighbour] == [score])
        #expect(changes.insertions.count == 1)
        let read = try database.beginRead()
        #expect(try read.table(tableKey).value(neighbour, score) == .double(-5))
        try database.verify()
    }
}
