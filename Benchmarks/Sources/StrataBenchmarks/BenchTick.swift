import Strata

/// An object unrelated to the measured ones: a small commit that changes it makes a new version without touching
/// `BenchPerson`, so a read after it cannot answer from anything computed on the version before (the aggregates are
/// timed that way, see ``StrataBenchmarks``).
final class BenchTick: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var count = 0
}
