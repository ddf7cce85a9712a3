// SeededGenerator.swift: the deterministic random generator of the randomized tests and fuzz targets.
//
// Part of StrataTestSupport (not the engine). Invariant: one seed gives the same sequence on every run and
// platform (SplitMix64 on wrapping 64-bit arithmetic), so a seed a test prints replays its run.

/// SplitMix64: a small deterministic random generator, so a printed seed reproduces a run.
package struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
