// OperationStreamFuzz.swift: libFuzzer entry point for streams of database operations.
//
// Built with the engine's and StrataTestSupport's sources in one module by `Fuzz/run` into the one fuzzing binary (FuzzMain.swift picks the target). The input's bytes
// drive OperationStream's choices (create and drop tables and columns, insert, set, delete, commit, roll back,
// pin, reopen, compact); after every transaction the engine must agree with the in-memory model and pass
// verify(). A disagreement, a crash, a hang or a leak is a failure.

import Dispatch
import Glibc

/// Random numbers taken from the fuzzer's input, eight bytes at a time; once it runs out, a seeded sequence
/// (never a constant: Swift's bounded random numbers reject and redraw, so a generator stuck at zero would
/// never return).
struct InputGenerator: RandomNumberGenerator {
    let bytes: [UInt8]
    var position = 0
    var fallback: SeededGenerator

    init(bytes: [UInt8]) {
        self.bytes = bytes
        fallback = SeededGenerator(seed: bytes.reduce(0x9E37_79B9_7F4A_7C15) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 })
    }

    mutating func next() -> UInt64 {
        guard position + 8 <= bytes.count else { return fallback.next() }
        defer { position += 8 }
        return bytes[position..<position + 8].reduce(0) { $0 << 8 | UInt64($1) }
    }
}

/// Carries a value out of a task (written once before the semaphore is signalled).
final class Outcome: @unchecked Sendable {
    var failure: String?
}

/// The `ops` target (FuzzMain.swift calls it for each input).
func operationStreamFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let directory = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    let path = "\(directory)/strata-ops-fuzz-\(getpid()).strata"
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    Task {
        defer { done.signal() }
        for file in [path, path + ".lock", path + ".compacted", path + ".compacted.lock"] { unlink(file) }
        var stream = OperationStream(random: InputGenerator(bytes: bytes), path: path)
        do {
            try await stream.run(operations: 200)
        } catch {
            outcome.failure = "\(error)"
        }
        for file in [path, path + ".lock", path + ".compacted", path + ".compacted.lock"] { unlink(file) }
    }
    done.wait()
    if let failure = outcome.failure { fatalError("the engine disagreed with the model: \(failure)") }
    return 0
}
