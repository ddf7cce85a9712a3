import Foundation

/// A directory of its own for one test, removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() {
        let base = FileManager.default.temporaryDirectory.path
        path = "\(base)/strata-tests-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A path inside the directory.
    func file(_ name: String = "test.strata") -> String { "\(path)/\(name)" }
}

/// A small deterministic random generator (SplitMix64) so a seed reproduces a run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The seed for a randomized test: STRATA_SEED from the environment, or a fresh one (printed by the test).
func testSeed(default fallback: UInt64? = nil) -> UInt64 {
    if let text = ProcessInfo.processInfo.environment["STRATA_SEED"], let seed = UInt64(text) { return seed }
    return fallback ?? UInt64.random(in: 1...UInt64.max / 2)
}
