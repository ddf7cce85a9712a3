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

    /// The process's resident memory in bytes (VmRSS in /proc/self/status): heap, stacks, and the file pages
    /// it has mapped and touched.
    nonisolated static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return 0 }
        return kilobytes * 1024
    }
}
