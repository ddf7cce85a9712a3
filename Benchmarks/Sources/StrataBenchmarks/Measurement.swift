import Foundation

/// Timing and memory helpers.
@MainActor
enum Measurement {
    /// Runs `body` `runs` times (after `setUp` each time, untimed) and returns the median duration in seconds.
    static func median(
        _ runs: Int,
        setUp: @MainActor () async throws -> Void = {},
        _ body: @MainActor () async throws -> Void
    ) async rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            try await setUp()
            let start = ContinuousClock.now
            try await body()
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        times.sort()
        return times[times.count / 2]
    }

    /// The process's resident set size in bytes (from /proc/self/statm).
    nonisolated static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
