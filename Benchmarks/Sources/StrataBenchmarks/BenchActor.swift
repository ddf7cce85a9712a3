/// Where the benchmark runs: an actor on the cooperative thread pool, as server code runs, not the main
/// thread. A call from the main actor into a realm (itself an actor on the pool) wakes a pool thread and then
/// the main thread again, which costs about 0.1–0.2 ms on the development machine: more than counting
/// 200,000 objects. From an actor on the pool, the runtime runs the realm's work on the same thread.
@globalActor
actor BenchActor {
    static let shared = BenchActor()
}
