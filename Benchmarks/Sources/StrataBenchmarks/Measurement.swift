import Foundation

/// Timing and memory helpers.
@BenchActor
enum Measurement {
    /// Runs `body` `runs` times (after `setUp` each time, untimed) and returns the median duration in seconds.
    static func median(
        _ runs: Int,
        setUp: @BenchActor () async throws -> Void = {},
        _ body: @BenchActor () async throws -> Void
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

    /// The process's memory now, from /proc/self/status: resident (VmRSS: heap, stacks, and the file pages it
    /// has mapped and touched) and heap (RssAnon: anonymous memory only, not the file pages the page cache
    /// shares).
    nonisolated static func memory() -> MemoryUse {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
            return MemoryUse(resident: 0, heap: 0)
        }
        func kilobytes(_ field: String) -> Int {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
                let value = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
            else { return 0 }
            return value * 1024
        }
        return MemoryUse(resident: kilobytes("VmRSS:"), heap: kilobytes("RssAnon:"))
    }
}

/// Memory in bytes: resident (file pages included) and heap (anonymous memory).
struct MemoryUse: Sendable {
    var resident: Int
    var heap: Int

    /// The larger of each figure.
    func peak(with other: MemoryUse) -> MemoryUse {
        MemoryUse(resident: max(resident, other.resident), heap: max(heap, other.heap))
    }

    /// The growth of each figure since `baseline`.
    func growth(since baseline: MemoryUse) -> MemoryUse {
        MemoryUse(resident: resident - baseline.resident, heap: heap - baseline.heap)
    }
}
