// ResumeExecutor.swift: where a task waiting on a continuation resumes.
//
// A task suspended in code isolated to an actor through an `isolated` parameter (the writer queue's `acquire`, a
// commit's wait for its sync) is resumed by the runtime on the generic executor: a thread of the cooperative pool
// wakes, only to hop straight back to the actor's executor. Measured with 8 realms taking turns at the writer, the
// release that handed the writer to the next realm spent 12% of the realm thread's commit time waking a pool thread
// (`sem_post` in libdispatch), and the waiter then paid a second hand-over back. With a task executor preference
// the runtime resumes the task on that executor instead: given the realm's own executor, which runs every job
// isolated to its realms' actor, the task continues there with no pool thread involved.
//
// State machine: none (a function). Invariant: `operation` runs isolated to `isolation` whether or not an executor is
// given; the preference only changes where a suspended task resumes.

/// Runs `operation` isolated to `isolation`, so that a suspension inside it resumes on `preferred` when one is given
/// (see the contract above), and exactly as a plain call would otherwise.
package func resuming<Result>(
    on preferred: (any TaskExecutor)?,
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> Result
) async throws -> Result {
    guard let preferred else { return try await operation() }
    return try await withTaskExecutorPreference(preferred, isolation: isolation, operation: operation)
}
