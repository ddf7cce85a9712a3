import Foundation

/// What the whole process did, counted by the kernel, so a figure per commit can be taken from the outside and
/// the same way for both engines:
/// - thread sleeps: voluntary context switches of every thread (`getrusage`, `ru_nvcsw`; threads that ended
///   included). A thread that parks and is woken by a hand-over counts one; so does a thread that waits for the
///   disk in `fdatasync`.
/// - write calls and bytes passed to them (`/proc/self/io`'s `syscw` and `wchar`): Strata writes each run of new
///   nodes with one `pwrite` and then its header slot with one more; SQLite writes WAL frames.
struct ProcessCounters: Sendable {
    var threadSleeps: Int
    var writeCalls: Int
    var writtenBytes: Int

    /// The counters now.
    static func now() -> ProcessCounters {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        var calls = 0
        var bytes = 0
        if let text = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8) {
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: " ")
                guard parts.count == 2, let value = Int(parts[1]) else { continue }
                if parts[0] == "syscw:" { calls = value }
                if parts[0] == "wchar:" { bytes = value }
            }
        }
        return ProcessCounters(threadSleeps: Int(usage.ru_nvcsw), writeCalls: calls, writtenBytes: bytes)
    }

    /// The counts since `earlier`.
    func since(_ earlier: ProcessCounters) -> ProcessCounters {
        ProcessCounters(
            threadSleeps: threadSleeps - earlier.threadSleeps,
            writeCalls: writeCalls - earlier.writeCalls,
            writtenBytes: writtenBytes - earlier.writtenBytes
        )
    }
}

/// Counters per small commit of one way of committing, for the small-transaction rows.
struct CommitCounters: Codable {
    /// Which engine, awaited how ("Strata, awaited from a pool task", "SQLite through a writer thread", …).
    var configuration: String
    /// Commits counted.
    var commits: Int
    /// Bytes of new nodes per commit, as the engine reports them (Strata's `commitStatistics.bytesWritten`, the
    /// figure the metrics hook's `.commit(bytesWritten:)` carries); nil for SQLite.
    var engineBytesPerCommit: Double?
    /// `fdatasync` calls per commit, as the engine reports them; nil for SQLite (one per commit in WAL mode with
    /// `synchronous=FULL`).
    var syncsPerCommit: Double?
    /// Bytes passed to write calls per commit (`wchar`).
    var writtenBytesPerCommit: Double
    /// Write calls per commit (`syscw`).
    var writeCallsPerCommit: Double
    /// Threads that blocked per commit (voluntary context switches), `fdatasync` waits included.
    var threadSleepsPerCommit: Double

    init(
        _ configuration: String,
        commits: Int,
        counted: ProcessCounters,
        engineBytes: Int? = nil,
        syncs: Int? = nil
    ) {
        self.configuration = configuration
        self.commits = commits
        let perCommit = { (value: Int) in Double(value) / Double(max(commits, 1)) }
        engineBytesPerCommit = engineBytes.map(perCommit)
        syncsPerCommit = syncs.map(perCommit)
        writtenBytesPerCommit = perCommit(counted.writtenBytes)
        writeCallsPerCommit = perCommit(counted.writeCalls)
        threadSleepsPerCommit = perCommit(counted.threadSleeps)
    }
}
