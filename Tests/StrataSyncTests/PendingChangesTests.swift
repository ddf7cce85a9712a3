import Testing

@testable import StrataSync

/// The puller's record of local changes the hub has not settled yet (PendingChanges.swift): a change is kept until
/// the hub acknowledged it and a pull that read the hub after that acknowledgement has been applied.
@Suite("Pending local changes")
struct PendingChangesTests {
    private static let dog = PendingChanges.Key(className: "Dog", primaryKey: [0], property: "name")
    private static let age = PendingChanges.Key(className: "Dog", primaryKey: [0], property: "age")

    @Test("an acknowledged change outlives a pull that read the hub before the acknowledgement")
    func acknowledgedChangeOutlivesAStalePull() {
        let pending = PendingChanges()
        pending.record([Self.dog], sequence: 1, clock: 10)
        let stale = pending.ticket()  // a pull reads the hub now, before the push lands
        pending.acknowledge(through: 1)
        pending.forget(acknowledgedBy: stale)
        // The stale batch may hold another client's older name: the local one must still beat it.
        #expect(pending.clock(of: Self.dog) == 10)
        let fresh = pending.ticket()
        pending.forget(acknowledgedBy: fresh)
        #expect(pending.clock(of: Self.dog) == nil)
    }

    @Test("changes not yet acknowledged, or recorded again after their acknowledgement, stay")
    func unacknowledgedChangesStay() {
        let rows: [(name: String, steps: (PendingChanges) -> Void, dog: Int64?, age: Int64?)] = [
            ("nothing acknowledged", { _ in }, 10, 20),
            ("the first commit acknowledged", { $0.acknowledge(through: 1) }, nil, 20),
            ("both acknowledged", { $0.acknowledge(through: 2) }, nil, nil),
            (
                "the name changed again after its acknowledgement",
                { pending in
                    pending.acknowledge(through: 1)
                    pending.record([Self.dog], sequence: 3, clock: 30)
                },
                30, 20
            ),
        ]
        for row in rows {
            let pending = PendingChanges()
            pending.record([Self.dog], sequence: 1, clock: 10)
            pending.record([Self.age], sequence: 2, clock: 20)
            row.steps(pending)
            pending.forget(acknowledgedBy: pending.ticket())
            #expect(pending.clock(of: Self.dog) == row.dog, "\(row.name)")
            #expect(pending.clock(of: Self.age) == row.age, "\(row.name)")
        }
    }
}
