/// What each engine answers, so the two can be checked against each other.
struct Answers: Equatable {
    var countOver50 = 0
    var sortedRows = 0
    var sortedChecksum = 0
    var lookupSum = 0.0
    var aggregates: [Double] = []
}

/// One engine under test. Every method does the same work in both engines.
@BenchActor
protocol BenchmarkEngine: Sendable {
    var name: String { get }
    /// Removes the database files.
    func reset() async throws
    func bulkInsert(_ count: Int) async throws
    /// Inserts `count` messages in one transaction, each leaving its key and its time at their defaults (Strata: a
    /// new `ObjectId` and `Date()`; SQLite: the same values made by the benchmark).
    func bulkInsertMessages(_ count: Int) async throws
    /// Removes every message (untimed, before each run of the row above).
    func deleteMessages() async throws
    func countAgeOver50() async throws -> Int
    /// age BETWEEN 20 AND 30 sorted by name, every property of every object read; (rows, checksum).
    func sortedMaterialization() async throws -> (Int, Int)
    func primaryKeyLookups(_ keys: [Int]) async throws -> Double
    func updateAll() async throws
    /// score += 1 on every object, set-based (Strata: `update(\\.score) { $0 + 1 }` on the results, a Strata addition;
    /// SQLite: the same `UPDATE` as ``updateAll()``).
    func updateAllSetBased() async throws
    /// Sets every object's score to `score`, set-based (Strata: `setValue(_:forKey:)` on the results; SQLite: one
    /// `UPDATE` without `WHERE`).
    func setAllScores(_ score: Double) async throws
    /// sum(score) over every object.
    func sumOfScores() async throws -> Double
    /// One small durable commit that changes an object of another type (table): a new version, `BenchPerson`
    /// untouched.
    func touchUnrelated() async throws
    /// One durable transaction per update: score += 1 on object `id`.
    func smallTransactions(_ ids: [Int]) async throws
    /// `ids.count` writers at once (tasks, or threads each on its own connection), writer `w` committing one
    /// durable transaction per id of `ids[w]` (score += 1); returns the syncs per commit when the engine
    /// counts them.
    func concurrentSmallTransactions(_ ids: [[Int]]) async throws -> Double?
    /// sum(score), avg(score), min(age), max(age).
    func aggregates() async throws -> [Double]
    func deleteAll() async throws
    /// Opens the database afresh and counts the objects.
    func openAndCount() async throws -> Int
    /// Iterates every object reading one property; the peak growth of resident and heap memory.
    func iterationPeakMemory() async throws -> MemoryUse
    /// Closes whatever the engine holds open.
    func close() async
}
