// StrataEngineBenchmark: engine throughput figures from a release build.
//
//   swift run -c release StrataEngineBenchmark [ROWS]
//
// Prints: bulk insert of ROWS (default 1,000,000) objects of five columns in one transaction; a
// columnar scan (count where age > 50); point reads by object key; the first scan and the first point
// reads after an open (each node's checksum is verified the first time the process reads it) beside
// repeated ones; and open + first count for files of 10k and ROWS objects (median of 25 opens each).
// The SQLite comparison lives in Benchmarks/.

import Foundation
import StrataCore

@main
struct EngineBenchmark {
    static func main() async throws {
        let rows = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 1_000_000 : 1_000_000
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-bench-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }

        let large = "\(directory)/large.strata"
        let insertTime = try await build(path: large, rows: rows)
        print(
            String(
                format: "bulk insert:  %9d rows in %8.3f s  = %12.0f rows/s",
                rows,
                insertTime,
                Double(rows) / insertTime
            )
        )

        let database = try Database.open(path: large)
        let read = try database.beginRead()
        let table = try read.table(named: "Person")!
        let age = try table.column(named: "age").key
        var matches = 0
        let scanTime = try median(5) {
            matches = 0
            try table.scanColumn(age) { block in matches += countGreater(block, than: 50) }
        }
        print(
            String(
                format: "scan age>50:  %9d rows in %8.4f s  = %12.0f rows/s (%d matches)",
                rows,
                scanTime,
                Double(rows) / scanTime,
                matches
            )
        )

        var generator = SystemRandomNumberGenerator()
        let keys = (0..<100_000).map { _ in ObjectKey(Int64.random(in: 0..<Int64(rows), using: &generator)) }
        let score = try table.column(named: "score").key
        var sum = 0.0
        let readTime = try median(3) {
            for key in keys { if case .double(let value) = try table.value(key, score) { sum += value } }
        }
        print(
            String(
                format: "point reads:  %9d reads in %7.4f s  = %12.0f reads/s",
                keys.count,
                readTime,
                Double(keys.count) / readTime
            )
        )
        // Queries through the query engine.
        let person = table.key
        let countQuery = try QueryBinder(reading: read, root: person).bind(try QueryParser.parse("age > 50"))
        var counted = 0
        let countTime = try median(5) {
            counted = try QueryEvaluator(reading: read).count(countQuery.predicate, table: person)
        }
        print(
            String(
                format: "query count age > 50: %d rows in %.4f s = %12.0f rows/s (%d matches)",
                rows,
                countTime,
                Double(rows) / countTime,
                counted
            )
        )
        let rangeQuery = try QueryBinder(reading: read, root: person).bind(
            try QueryParser.parse("age BETWEEN {20, 30} SORT(name ASC)")
        )
        var materialized = 0
        let rangeTime = try median(3) { materialized = try QueryEvaluator(reading: read).run(rangeQuery).count }
        print(String(format: "query age BETWEEN 20,30 sorted by name: %d objects in %.4f s", materialized, rangeTime))
        database.close()
        try firstAndRepeatedReads(path: large, rows: rows, keys: keys)

        let small = "\(directory)/small.strata"
        _ = try await build(path: small, rows: 10_000)
        for (label, path, size) in [("10k", small, 10_000), ("\(rows / 1000)k", large, rows)] {
            let database = try Database.open(path: path)
            let read = try database.beginRead()
            let table = try read.table(named: "Person")!
            let id = try table.column(named: "id").key
            let ids = (0..<100_000).map { _ in Int64.random(in: 0..<Int64(size), using: &generator) }
            var found = 0
            let lookupTime = try median(3) {
                found = 0
                for value in ids { found += try table.find(id, equalTo: .int(value)).count }
            }
            precondition(found == ids.count)
            print(
                String(
                    format: "primary-key lookups on %@: %d in %.4f s = %10.0f lookups/s",
                    label,
                    ids.count,
                    lookupTime,
                    Double(ids.count) / lookupTime
                )
            )
            // Small durable transactions: one object's score per commit.
            let score = try table.column(named: "score").key
            let person = table.key
            var bytes = 0
            let commits = 200
            let start = ContinuousClock.now
            for number in 0..<commits {
                let write = try await database.beginWrite()
                let key = try write.table(person).key(atPosition: Int(ids[number]) % size)
                try write.set(.double(Double(number)), of: score, in: person, object: key)
                bytes += try write.commit().bytesWritten
            }
            let perCommit = seconds(ContinuousClock.now - start) / Double(commits)
            print(
                String(
                    format: "small durable commits on %@: %.3f ms each, %d bytes written each",
                    label,
                    perCommit * 1000,
                    bytes / commits
                )
            )
            database.close()
        }
        for (label, path) in [("10k", small), ("\(rows / 1000)k", large)] {
            let openTime = try median(25) {
                let database = try Database.open(path: path)
                let count = try database.beginRead().table(named: "Person")!.count
                precondition(count > 0)
                database.close()
            }
            let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            print(String(format: "open+count %@: %8.1f µs (file %d bytes)", label, openTime * 1e6, size))
        }
    }

    /// Times the first column scan and the first point reads after an open (every node they reach is read, and
    /// so checksummed, for the first time) beside the same work repeated on the open database; medians of 3
    /// opens (first) and of 5 runs (repeated).
    static func firstAndRepeatedReads(path: String, rows: Int, keys: [ObjectKey]) throws {
        var firstScans: [Double] = []
        var repeatedScans: [Double] = []
        var firstReads: [Double] = []
        var repeatedReads: [Double] = []
        var matches = 0
        var sum = 0.0
        // Nodes hashed to verify their checksums: by the open, by the first scan, by the five repeated scans.
        var hashed = (open: 0, first: 0, repeated: 0)
        for _ in 0..<3 {
            let database = try Database.open(path: path)
            hashed.open = database.nodesVerifiedByReads
            let table = try database.beginRead().table(named: "Person")!
            let age = try table.column(named: "age").key
            let scan = { try table.scanColumn(age) { block in matches += countGreater(block, than: 50) } }
            firstScans.append(try median(1, scan))
            hashed.first = database.nodesVerifiedByReads - hashed.open
            repeatedScans.append(try median(5, scan))
            hashed.repeated = database.nodesVerifiedByReads - hashed.open - hashed.first
            database.close()
        }
        for _ in 0..<3 {
            let database = try Database.open(path: path)
            let table = try database.beginRead().table(named: "Person")!
            let score = try table.column(named: "score").key
            let read = {
                for key in keys { if case .double(let value) = try table.value(key, score) { sum += value } }
            }
            firstReads.append(try median(1, read))
            repeatedReads.append(try median(5, read))
            database.close()
        }
        precondition(matches > 0 && sum > 0)
        let middle = { (times: [Double]) in times.sorted()[times.count / 2] }
        print(
            String(
                format: "scan age>50 of %d rows: first after open %8.4f s, repeated %8.4f s "
                    + "(nodes hashed: %d by the open, %d by the first scan, %d by 5 repeats)",
                rows,
                middle(firstScans),
                middle(repeatedScans),
                hashed.open,
                hashed.first,
                hashed.repeated
            )
        )
        print(
            String(
                format: "%d point reads: first after open %7.4f s, repeated %7.4f s",
                keys.count,
                middle(firstReads),
                middle(repeatedReads)
            )
        )
    }

    /// Creates Person {id Int (primary key), name String, age Int, score Double, active Bool} with `rows` objects.
    static func build(path: String, rows: Int) async throws -> Double {
        let database = try Database.open(path: path)
        defer { database.close() }
        let start = ContinuousClock.now
        let write = try await database.beginWrite()
        let table = try write.createTable(named: "Person")
        for (name, type) in [
            ("id", ValueType.int), ("name", .string), ("age", .int), ("score", .double), ("active", .bool),
        ] {
            try write.addColumn(ColumnSpec(name: name, type: type, unique: name == "id"), to: table)
        }
        for index in 0..<rows {
            try write.createObject(
                in: table,
                row: [
                    .int(Int64(index)), .string("name \(index % 1000)"), .int(Int64(index % 100)),
                    .double(Double(index) * 0.5), .bool(index % 2 == 0),
                ]
            )
        }
        try write.commit()
        return seconds(ContinuousClock.now - start)
    }

    static func countGreater(_ block: ColumnBlock, than limit: Int64) -> Int {
        var count = 0
        for row in 0..<block.count where block.integer(row) > limit { count += 1 }
        return count
    }

    static func median(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try body()
            times.append(seconds(ContinuousClock.now - start))
        }
        return times.sorted()[runs / 2]
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
