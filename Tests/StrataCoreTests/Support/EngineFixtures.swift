import StrataCore
import StrataTestSupport

/// A generator for a randomized test, seeded by ``testSeed(default:)``; the seed is printed under `name`
/// so that a failure can be replayed with STRATA_SEED.
func seededGenerator(_ name: String) -> (seed: UInt64, random: SeededGenerator) {
    let seed = testSeed()
    print("\(name) seed: \(seed)")
    return (seed, SeededGenerator(seed: seed))
}

/// Opens a database in `directory` and begins a write that creates table "Row" with `columns`; the
/// caller closes the database.
func openWithTable(
    in directory: TemporaryDirectory,
    columns: [ColumnSpec]
) async throws -> (database: Database, write: WriteTransaction, table: TableKey, columns: [ColumnKey]) {
    let database = try Database.open(path: directory.file())
    let write = try await database.beginWrite()
    let table = try write.createTable(named: "Row")
    let keys = try columns.map { try write.addColumn($0, to: table) }
    return (database, write, table, keys)
}
