import Foundation

/// SQLite through its C API: prepared statements, WAL, synchronous=FULL.
@BenchActor
final class SQLiteEngine: BenchmarkEngine {
    let name = "SQLite"
    private let path: String
    private var connection: SQLiteConnection?

    init(directory: String) { path = directory + "/bench.sqlite" }

    func open() throws -> SQLiteConnection {
        if let connection { return connection }
        let opened = try SQLiteConnection(path: path)
        try opened.execute(
            """
            CREATE TABLE IF NOT EXISTS person(id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER NOT NULL,
            score REAL NOT NULL, active INTEGER NOT NULL)
            """
        )
        try opened.execute(
            "CREATE TABLE IF NOT EXISTS message(id BLOB PRIMARY KEY, room INTEGER NOT NULL, text TEXT NOT NULL, sent REAL NOT NULL)"
        )
        try opened.execute("CREATE TABLE IF NOT EXISTS tick(id INTEGER PRIMARY KEY, count INTEGER NOT NULL)")
        connection = opened
        return opened
    }

    func reset() async throws {
        connection = nil
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    func bulkInsert(_ count: Int) async throws {
        let db = try open()
        let insert = try db.prepare("INSERT INTO person(id, name, age, score, active) VALUES (?, ?, ?, ?, ?)")
        try db.execute("BEGIN")
        for i in 0..<count {
            let row = PersonRow(i, of: count)
            insert.bind(1, row.id)
            insert.bind(2, row.name)
            insert.bind(3, row.age)
            insert.bind(4, row.score)
            insert.bind(5, row.active ? 1 : 0)
            _ = try insert.step()
            insert.reset()
        }
        try db.execute("COMMIT")
    }

    func bulkInsertMessages(_ count: Int) async throws {
        let db = try open()
        let insert = try db.prepare("INSERT INTO message(id, room, text, sent) VALUES (?, ?, ?, ?)")
        // Keys made as an ObjectId is: 4 bytes of time, 5 random bytes per process, a 3-byte counter.
        let process = UInt64.random(in: 0..<(1 << 40))
        try db.execute("BEGIN")
        for i in 0..<count {
            let row = MessageRow(i)
            // The values Strata's defaults make: a new 12-byte key and the current time.
            var key = (
                (process << 24 | UInt64(i & 0xFF_FFFF)).bigEndian, UInt32(Date().timeIntervalSince1970).bigEndian
            )
            withUnsafeBytes(of: &key) { insert.bind(1, bytes: UnsafeRawBufferPointer(rebasing: $0[0..<12])) }
            insert.bind(2, row.room)
            insert.bind(3, row.text)
            insert.bind(4, Date().timeIntervalSince1970)
            _ = try insert.step()
            insert.reset()
        }
        try db.execute("COMMIT")
    }

    func deleteMessages() async throws { try open().execute("DELETE FROM message") }

    func countAgeOver50() async throws -> Int {
        let statement = try open().prepare("SELECT count(*) FROM person WHERE age > 50")
        _ = try statement.step()
        return statement.int(0)
    }

    func sortedMaterialization() async throws -> (Int, Int) {
        let statement = try open().prepare(
            "SELECT id, name, age, score, active FROM person WHERE age BETWEEN 20 AND 30 ORDER BY name"
        )
        var rows = 0
        var checksum = 0
        while try statement.step() {
            let id = statement.int(0)
            let name = statement.string(1)
            let age = statement.int(2)
            let score = statement.double(3)
            let active = statement.int(4)
            rows += 1
            checksum &+= (id &* rows) &+ name.utf8.count &+ age &+ Int(score) &+ active
        }
        return (rows, checksum)
    }

    func primaryKeyLookups(_ keys: [Int]) async throws -> Double {
        let statement = try open().prepare("SELECT score FROM person WHERE id = ?")
        var sum = 0.0
        for key in keys {
            statement.bind(1, key)
            guard try statement.step() else { throw BenchmarkError.mismatch("SQLite: no object \(key)") }
            sum += statement.double(0)
            statement.reset()
        }
        return sum
    }

    func updateAll() async throws {
        try open().execute("UPDATE person SET score = score + 1")
    }

    func updateAllSetBased() async throws { try await updateAll() }

    func setAllScores(_ score: Double) async throws {
        let update = try open().prepare("UPDATE person SET score = ?")
        update.bind(1, score)
        _ = try update.step()
    }

    func sumOfScores() async throws -> Double {
        let statement = try open().prepare("SELECT sum(score) FROM person")
        _ = try statement.step()
        return statement.double(0)
    }

    func touchUnrelated() async throws {
        try open().execute("INSERT INTO tick(id, count) VALUES (0, 0) ON CONFLICT(id) DO UPDATE SET count = count + 1")
    }

    /// The database's file, for a ``SQLiteWriterThread`` of its own (its table made first).
    func writerThread() throws -> SQLiteWriterThread {
        _ = try open()
        return SQLiteWriterThread(path: path)
    }

    /// The 8-writer workload with every transaction funnelled through one writer thread (one connection): the
    /// writers are tasks on the pool, each awaiting its transactions there in turn.
    func concurrentSmallTransactionsThroughOneQueue(_ ids: [[Int]]) async throws {
        let writer = try writerThread()
        defer { writer.stop() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writerIDs in ids {
                group.addTask { for id in writerIDs { try await writer.addToScore(of: id) } }
            }
            try await group.waitForAll()
        }
    }

    func smallTransactions(_ ids: [Int]) async throws {
        let db = try open()
        let update = try db.prepare("UPDATE person SET score = score + 1 WHERE id = ?")
        for id in ids {
            try db.execute("BEGIN")
            update.bind(1, id)
            _ = try update.step()
            update.reset()
            try db.execute("COMMIT")
        }
    }

    func concurrentSmallTransactions(_ ids: [[Int]]) async throws -> Double? {
        _ = try open()
        let path = self.path
        // One thread per writer, each on its own connection, waiting for the write lock with busy_timeout.
        let failures = Failures()
        let done = DispatchGroup()
        for writerIDs in ids {
            done.enter()
            let thread = Thread {
                defer { done.leave() }
                do {
                    let db = try SQLiteConnection(path: path)
                    try db.execute("PRAGMA busy_timeout=10000")
                    let update = try db.prepare("UPDATE person SET score = score + 1 WHERE id = ?")
                    for id in writerIDs {
                        try db.execute("BEGIN IMMEDIATE")
                        update.bind(1, id)
                        _ = try update.step()
                        update.reset()
                        try db.execute("COMMIT")
                    }
                } catch {
                    failures.record("\(error)")
                }
            }
            thread.start()
        }
        await withCheckedContinuation { continuation in
            done.notify(queue: .global()) { continuation.resume() }
        }
        if let failure = failures.first { throw BenchmarkError.sqlite(failure) }
        return nil
    }

    func aggregates() async throws -> [Double] {
        let statement = try open().prepare("SELECT sum(score), avg(score), min(age), max(age) FROM person")
        _ = try statement.step()
        return [statement.double(0), statement.double(1), statement.double(2), statement.double(3)]
    }

    func deleteAll() async throws {
        try open().execute("DELETE FROM person")
    }

    func openAndCount() async throws -> Int {
        let fresh = try SQLiteConnection(path: path)
        let statement = try fresh.prepare("SELECT count(*) FROM person")
        _ = try statement.step()
        return statement.int(0)
    }

    func iterationPeakMemory() async throws -> MemoryUse {
        let baseline = Measurement.memory()
        var peak = baseline
        let statement = try open().prepare("SELECT id, name, age, score, active FROM person")
        var rows = 0
        var total = 0.0
        while try statement.step() {
            total += statement.double(3)
            rows += 1
            if rows % 50_000 == 0 { peak = peak.peak(with: Measurement.memory()) }
        }
        precondition(total >= 0)
        return peak.peak(with: Measurement.memory()).growth(since: baseline)
    }

    func close() async { connection = nil }
}

/// The first error any writer thread met.
final class Failures: @unchecked Sendable {
    // Guarded by `lock`.
    private var messages: [String] = []
    private let lock = NSLock()

    func record(_ message: String) { lock.withLock { messages.append(message) } }
    var first: String? { lock.withLock { messages.first } }
}
