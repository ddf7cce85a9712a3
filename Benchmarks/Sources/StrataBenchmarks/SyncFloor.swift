import Foundation

/// What one durable commit costs this disk at the least: one 4 KiB write into a block the file already holds,
/// then `fdatasync`, the smallest commit any engine that syncs once per transaction can make (SQLite's WAL
/// commit of one page is this). Timed for as many commits as the small-transaction workload makes, so the
/// figure sits beside it: the lower bound of both engines' time there.
final class SyncFloor {
    private let path: String
    private let descriptor: Int32
    private let page = [UInt8](repeating: 0x5A, count: 4096)

    /// Creates the file in `directory` with its one block written and synced, as a database's pages are.
    init(directory: String) throws {
        path = directory + "/sync-floor.bin"
        descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw BenchmarkError.mismatch("sync floor: cannot create \(path)") }
        try writePage()
        guard fsync(descriptor) == 0 else { throw BenchmarkError.mismatch("sync floor: fsync failed") }
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// `commits` rounds of (4 KiB `pwrite` at offset 0 + `fdatasync`).
    func commit(_ commits: Int) throws {
        for _ in 0..<commits {
            try writePage()
            guard fdatasync(descriptor) == 0 else { throw BenchmarkError.mismatch("sync floor: fdatasync failed") }
        }
    }

    private func writePage() throws {
        let written = page.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        guard written == page.count else { throw BenchmarkError.mismatch("sync floor: short write") }
    }
}
