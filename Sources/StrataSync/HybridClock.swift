import Foundation

/// A hybrid logical clock: milliseconds since the Unix epoch × 65,536 plus a counter, so that clocks stay close to
/// wall time yet never go backwards, and every change this client makes is later than every change it has seen.
///
/// The hub orders concurrent writes of one property by (clock, client id); it clamps a clock more than 60 s ahead of
/// its own, so that one client with a wrong wall clock cannot win every conflict for ever.
enum HybridClock {
    /// The counter's share of a clock value.
    static let ticksPerMillisecond: Int64 = 65_536

    /// The clock of wall time `date`, counter zero.
    static func value(of date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) * ticksPerMillisecond
    }

    /// The next clock value after `last`: wall time, or one tick past `last` when wall time is not ahead of it.
    static func next(after last: Int64, now: Date = Date()) -> Int64 {
        max(value(of: now), last + 1)
    }
}
