import Strata

/// The object of DESIGN.md section 5's workloads.
final class BenchPerson: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var score = 0.0
    @Persisted var active = false
}

/// The deterministic data set: object `i` of `count`.
struct PersonRow {
    let id: Int
    let name: String
    let age: Int
    let score: Double
    let active: Bool

    init(_ i: Int, of count: Int) {
        id = i
        name = "person \((i &* 7919) % count)"
        age = i % 100
        score = Double(i) * 0.5
        active = i % 2 == 0
    }
}
