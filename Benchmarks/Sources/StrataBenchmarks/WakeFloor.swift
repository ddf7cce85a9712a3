import Foundation

/// What one thread hand-over costs on this machine, the floor beside the disk's (DESIGN.md section 5's "wake
/// floor"): a task on the cooperative pool hands a job to a parked thread and awaits a continuation the thread
/// resumes, `roundTrips` times. Each round trip wakes the parked thread, then a pool thread to continue the task:
/// the two hand-overs an awaited write pays when the realm's thread (or SQLite's writer thread) was idle. No disk
/// work at all, so an awaited durable commit costs at least the disk floor's share plus this.
struct WakeFloor: Codable {
    /// Round trips timed.
    var roundTrips: Int
    /// Seconds, the median round trip.
    var median: Double
    /// Seconds, the 99th percentile.
    var p99: Double
    /// Seconds, every round trip together.
    var total: Double
    /// Threads that blocked (voluntary context switches, every thread of the process) per round trip.
    var threadSleepsPerRoundTrip: Double

    /// Measures `roundTrips` round trips from a detached task (a plain task on the pool).
    static func measure(roundTrips: Int) async throws -> WakeFloor {
        let thread = ParkedThread<Void>(name: "wake floor") {}
        defer { thread.stop() }
        // Warm up: the thread and the pool have run once.
        try await thread.perform { _ in }
        return try await Task.detached { () throws -> WakeFloor in
            var times: [Double] = []
            times.reserveCapacity(roundTrips)
            let before = ProcessCounters.now()
            let start = ContinuousClock.now
            for _ in 0..<roundTrips {
                let begin = ContinuousClock.now
                await withCheckedContinuation { continuation in thread.submit { _ in continuation.resume() } }
                times.append(ConcurrencyFigures.seconds(ContinuousClock.now - begin))
            }
            let total = ConcurrencyFigures.seconds(ContinuousClock.now - start)
            let counted = ProcessCounters.now().since(before)
            let (median, p99) = NotificationFigures.percentiles(times)
            return WakeFloor(
                roundTrips: roundTrips,
                median: median,
                p99: p99,
                total: total,
                threadSleepsPerRoundTrip: Double(counted.threadSleeps) / Double(roundTrips)
            )
        }.value
    }
}
