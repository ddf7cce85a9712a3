import Strata

/// The replicated object: the shape of the main benchmark's `BenchPerson` (DESIGN.md section 5), with a primary key,
/// as milestone 1 syncs whole classes that have one.
final class BenchItem: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var score = 0.0
    @Persisted var active = false

    convenience init(id: Int) {
        self.init()
        self.id = id
        name = "item \(id)"
        age = id % 100
        score = Double(id) * 0.5
        active = id % 2 == 0
    }
}
