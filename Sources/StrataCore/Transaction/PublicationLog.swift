// PublicationLog.swift: when recent versions became visible in this process (the start of a notification's lag).
//
// A fixed ring of (version, instant) pairs, appended in increasing version order under the database's lock:
// recording costs one clock read per published group, and the ring never grows.
//
// Invariants:
//   (1) Versions in the ring increase from the oldest entry to the newest.
//   (2) At most `capacity` entries are kept; the oldest is overwritten first.

/// The instants at which recent versions became visible.
struct PublicationLog {
    static let capacity = 64
    private var entries: [(version: Version, instant: ContinuousClock.Instant)] = []
    /// The index of the oldest entry once the ring is full.
    private var start = 0

    /// Notes that `version` (and every version before it not yet noted) became visible at `instant`.
    mutating func record(_ version: Version, at instant: ContinuousClock.Instant) {
        if let newest = newest, newest.version >= version { return }
        if entries.count < Self.capacity {
            entries.append((version, instant))
        } else {
            entries[start] = (version, instant)
            start = (start + 1) % Self.capacity
        }
    }

    private var newest: (version: Version, instant: ContinuousClock.Instant)? {
        guard !entries.isEmpty else { return nil }
        return entries[(start + entries.count - 1) % entries.count]
    }

    /// The instant of the oldest noted version at or after `version`; nil if none is kept, or if `version`
    /// is older than every entry (it became visible before the ring's memory; the database notes the version
    /// it opened at, so a version older than that is never mistaken for a later one).
    func instant(of version: Version) -> ContinuousClock.Instant? {
        guard !entries.isEmpty, version >= entries[start].version else { return nil }
        for offset in 0..<entries.count {
            let entry = entries[(start + offset) % entries.count]
            if entry.version >= version { return entry.instant }
        }
        return nil
    }
}
