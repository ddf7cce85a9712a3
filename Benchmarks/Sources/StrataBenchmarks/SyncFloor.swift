import Foundation

/// What one durable commit costs this disk at the least: one 4 KiB write into a block the file already holds,
/// then `fdatasync`, the smallest commit any engine that syncs once per transaction can make (SQLite's WAL
/// commit of one page is this). Timed for as many commits as the small-transaction workload makes, so the
/// figure sits beside it: the lower bound of both engines' time there.
enum SyncFloor {
    /// Seconds for `commits` rounds of (4 KiB `pwrite` at offset 0 + `fdatasync`) on a file in `directory`.
    static func measure(directory: String, commits: Int) throws -> Double {
        let path = directory + "/sync-floor.bin"
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw BenchmarkError.mismatch("sync floor: cannot create \(path)") }
        defer {
            close(descriptor)
            unlink(path)
        }
        let page = [UInt8](repeating: 0x5A, count: 4096)
        func writePage() throws {
            let written = page.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            guard written == page.count else { throw BenchmarkError.mismatch("sync floor: short write") }
        }
        // The block exists and is on disk before timing, as a database's pages are.
        try writePage()
        guard fsync(descriptor) == 0 else { throw BenchmarkError.mismatch("sync floor: fsync failed") }
        let start = ContinuousClock.now
        for _ in 0..<commits {
            try writePage()
            guard fdatasync(descriptor) == 0 else { throw BenchmarkError.mismatch("sync floor: fdatasync failed") }
        }
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
