import Foundation
import StrataCore
import StrataTestSupport
import Testing

@Suite("Model-based engine test")
struct ModelBasedTests {
    @Test("Random operations agree with an in-memory model, and verify() passes throughout")
    func randomOperationsAgreeWithModel() async throws {
        let operations = Int(ProcessInfo.processInfo.environment["STRATA_MODEL_OPERATIONS"] ?? "") ?? 3_000
        let seed = testSeed()
        print("ModelBasedTests seed: \(seed) (rerun with STRATA_SEED=\(seed))")
        let directory = TemporaryDirectory()
        var runner = OperationStream(random: SeededGenerator(seed: seed), path: directory.file())
        do {
            try await runner.run(operations: operations)
        } catch {
            Issue.record("seed \(seed): \(error)")
        }
        print(
            "RELIABILITY|operation stream vs an in-memory model|\(operations)|verify() after every commit, seed \(seed)"
        )
    }
}
