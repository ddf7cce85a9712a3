import Foundation
import StrataCore
import StrataTestSupport
import Testing

@Suite("strata watch")
struct WatchCommandTests {
    /// Lines a running tool printed so far.
    final class LineCollector: Sendable {
        private let text = Locked<String>("")

        func append(_ data: Data) { text.withLock { $0 += String(decoding: data, as: UTF8.self) } }

        var lines: [String] { text.withLock { $0.split(separator: "\n").map(String.init) } }

        /// Waits until a line equal to `line` arrives (true) or the deadline passes (false).
        func wait(for line: String, seconds: Double = 60) async throws -> Bool {
            let deadline = ContinuousClock.now + .seconds(seconds)
            while ContinuousClock.now < deadline {
                if lines.contains(line) { return true }
                try await Task.sleep(for: .milliseconds(20))
            }
            return lines.contains(line)
        }
    }

    @Test("watch prints the change set of each commit another process makes, and exits 0 on SIGINT")
    func printsChangeSetsOfOtherProcessesCommits() async throws {
        let directory = TemporaryDirectory()
        let sample = try await SampleFile(path: directory.file())
        // Person where age > 30, in key order: Ann(0) Bob(1) Dee(3) Eve(4).
        let stdout = Pipe()
        let stderr = Pipe()
        let collector = LineCollector()
        stdout.fileHandleForReading.readabilityHandler = { handle in collector.append(handle.availableData) }
        let process = try ChildProcess(
            executable: Tool.path,
            arguments: ["watch", sample.path, "Person", "age > 30"],
            standardOutput: .pipe(stdout),
            standardError: .pipe(stderr)
        )
        defer { if process.isRunning { process.terminate() } }
        #expect(try await collector.wait(for: "initial: version 2, 4 objects"))

        // The test process is another process from the tool's point of view: it commits through the engine.
        let write = try await sample.database.beginWrite()
        let age = sample.columns["Person.age"]!
        try write.deleteObject(ObjectKey(2), in: sample.person)  // Bob: index 1 before
        try write.set(.int(53), of: age, in: sample.person, object: ObjectKey(4))  // Dee: index 2 before
        try write.set(.int(20), of: age, in: sample.person, object: ObjectKey(5))  // Eve leaves: index 3 before
        try write.set(.int(33), of: age, in: sample.person, object: ObjectKey(3))  // Cy enters: index 1 after
        try write.createObject(
            in: sample.person,
            values: [
                sample.columns["Person.id"]!: .int(7), sample.columns["Person.name"]!: .string("Gus"), age: .int(70),
            ]
        )  // key 6: index 3 after
        try write.commit()
        #expect(
            try await collector.wait(for: "version 3: deletions [1, 3], insertions [1, 3], modifications [2]")
        )

        // A commit that does not change the results (a dog renamed) prints nothing; the next one that does is
        // reported against the results printed last.
        let second = try await sample.database.beginWrite()
        try second.set(.string("Fifi"), of: sample.columns["Dog.name"]!, in: sample.dog, object: ObjectKey(1))
        try second.commit()
        let third = try await sample.database.beginWrite()
        try third.set(.int(41), of: age, in: sample.person, object: ObjectKey(1))  // Ann: index 0
        try third.commit()
        #expect(try await collector.wait(for: "version 5: deletions [], insertions [], modifications [0]"))
        sample.close()

        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(
            collector.lines == [
                "initial: version 2, 4 objects",
                "version 3: deletions [1, 3], insertions [1, 3], modifications [2]",
                "version 5: deletions [], insertions [], modifications [0]",
            ]
        )
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        #expect(errors.isEmpty)
    }
}
