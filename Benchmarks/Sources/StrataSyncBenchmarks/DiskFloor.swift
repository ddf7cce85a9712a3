import Foundation

/// The disk's floor for one durable commit, as the main benchmark's `SyncFloor` measures it (mirrored here: the two
/// executables share no target): rounds of one 4 KiB `pwrite` at offset 0 of a synced file, then `fdatasync`.
enum DiskFloor {
    /// Seconds for `commits` rounds, in a file made (and removed) in `directory`.
    static func measure(directory: String, commits: Int = 1_000) throws -> Double {
        let path = directory + "/sync-floor.bin"
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw BenchmarkError("sync floor: cannot create \(path)") }
        defer {
            close(descriptor)
            unlink(path)
        }
        let page = [UInt8](repeating: 0x5A, count: 4096)
        func commit() throws {
            let written = page.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            guard written == page.count, fdatasync(descriptor) == 0 else {
                throw BenchmarkError("sync floor: write or fdatasync failed")
            }
        }
        try commit()
        let start = ContinuousClock.now
        for _ in 0..<commits { try commit() }
        return elapsedSeconds(since: start)
    }
}

/// A check of the benchmark that failed, or a set-up that could not be made.
struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Seconds from `start` until now.
func elapsedSeconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// `CLOCK_MONOTONIC` in nanoseconds: one clock for every process of the machine (the latency figure's two processes
/// compare their readings).
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// The median and the 99th percentile of `values`.
func percentiles(_ values: [Double]) -> (median: Double, p99: Double) {
    let sorted = values.sorted()
    return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)])
}
