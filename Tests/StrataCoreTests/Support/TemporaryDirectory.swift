import Foundation

/// A directory of its own for one test, removed when the value is released.
final class TemporaryDirectory: Sendable {
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

/// The seed for a randomized test: STRATA_SEED from the environment, or a fresh one (printed by the test).
func testSeed(default fallback: UInt64? = nil) -> UInt64 {
    if let text = ProcessInfo.processInfo.environment["STRATA_SEED"], let seed = UInt64(text) { return seed }
    return fallback ?? UInt64.random(in: 1...UInt64.max / 2)
}
