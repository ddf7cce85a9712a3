import Foundation
import Strata

/// The string rows of issue 36 ("String predicates and sorts"), beside raw SQLite, over the benchmark objects'
/// `name` ("person N", every name distinct):
/// - a case-insensitive substring count: Strata's `name CONTAINS[c] 'SON 12'` against SQLite's
///   `name LIKE '%SON 12%'` (SQLite's LIKE folds ASCII case, and every name is ASCII, so both count the same);
/// - a sort by the string with every object's string read: Strata's `sorted(byKeyPath: "name")` iterated reading
///   `name`, against `SELECT name FROM person ORDER BY name` (Realm's collation and SQLite's byte order agree on
///   these names: one shared prefix, then digits).
@BenchActor
protocol StringWorkloads {
    /// How many objects' names contain `needle`, ignoring ASCII case.
    func countNamesContaining(_ needle: String) async throws -> Int
    /// Every name in ascending order, each read as a `String`: (rows, a checksum of the names in order).
    func namesSorted() async throws -> (Int, Int)
}

/// The answers of the string rows, checked between the engines.
struct StringAnswers: Equatable {
    /// The needle of the substring count (upper case, so that the case-insensitive comparison is exercised).
    static let needle = "SON 12"

    var containsCount: Int?
    var sortedRows: Int?
    var sortedChecksum: Int?

    /// Both engines must have computed the same answers for the rows that ran.
    static func check(_ strata: StringAnswers, _ sqlite: StringAnswers) throws {
        guard strata == sqlite else {
            throw BenchmarkError.mismatch("the string rows disagree:\nStrata \(strata)\nSQLite \(sqlite)")
        }
    }

    /// The running checksum of names in order: each name's bytes hashed (FNV-1a), weighted by its position.
    static func add(_ name: String, at row: Int, to checksum: inout Int) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        checksum &+= Int(truncatingIfNeeded: hash) &* (row + 1)
    }
}

extension Report {
    static let stringContains = "string CONTAINS[c] count (name CONTAINS[c] '\(StringAnswers.needle)')"
    static let stringSorted = "string sort + read every string (sorted by name)"
}

extension StrataEngine: StringWorkloads {
    func countNamesContaining(_ needle: String) async throws -> Int {
        try await open().read { realm in realm.objects(BenchPerson.self).filter("name CONTAINS[c] %@", needle).count }
    }

    func namesSorted() async throws -> (Int, Int) {
        try await open().read { realm in
            var rows = 0
            var checksum = 0
            for person in realm.objects(BenchPerson.self).sorted(byKeyPath: "name") {
                StringAnswers.add(person.name, at: rows, to: &checksum)
                rows += 1
            }
            return (rows, checksum)
        }
    }
}

extension SQLiteEngine: StringWorkloads {
    func countNamesContaining(_ needle: String) async throws -> Int {
        let statement = try open().prepare("SELECT count(*) FROM person WHERE name LIKE ?")
        statement.bind(1, "%" + needle + "%")
        _ = try statement.step()
        return statement.int(0)
    }

    func namesSorted() async throws -> (Int, Int) {
        let statement = try open().prepare("SELECT name FROM person ORDER BY name")
        var rows = 0
        var checksum = 0
        while try statement.step() {
            StringAnswers.add(statement.string(0), at: rows, to: &checksum)
            rows += 1
        }
        return (rows, checksum)
    }
}
