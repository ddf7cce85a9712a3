import Foundation
import Strata
import Testing

// Facts of realm-swift's Realm/Tests/EnumeratorTests.m (testEnum): enumerating empty results gives nothing, all
// objects come in the order they were created with the values they were given, and a query's matches come in that
// order too. Here each runs in a read after the commit, inside the write that created the objects, and over frozen
// results in another task. Also the rule of the enumerator that test runs (Realm/RLMCollection.mm,
// RLMFastEnumerator): inside a write transaction it enumerates a snapshot taken when the enumeration starts, so the
// objects created during it are not visited. (Deleting during enumeration, changing the property a query selects
// on, and writes or refreshes during enumeration are asserted by ResultsObjectPortTests; a list or set changed
// during enumeration by ArrayPropertyPortTests and SetPropertyPortTests.)

/// Realm's `EmployeeObject`.
final class TXEEmployee: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var hired = false
}

/// The employees of the test, as the dictionaries they are created from.
private func txeRows() -> [[String: Any]] {
    [
        ["name": "John", "age": 20, "hired": true],
        ["name": "Mary", "age": 21, "hired": false],
        ["name": "Lars", "age": 21, "hired": true],
        ["name": "Phil", "age": 43, "hired": false],
        ["name": "Anni", "age": 54, "hired": true],
    ]
}

/// Where the results are enumerated.
enum TXEPlace: String, CaseIterable, Sendable {
    case readAfterCommit = "a read after the commit"
    case insideTheWrite = "the write that created them"
    case frozenInAnotherTask = "frozen, in another task"
}

/// An employee as `name/age/hired`.
private func txeText(_ employee: TXEEmployee) -> String { "\(employee.name)/\(employee.age)/\(employee.hired)" }

/// What enumerating the empty results, all employees and the query gives, in that order.
private func txeEnumerate(
    empty: Results<TXEEmployee>,
    all: Results<TXEEmployee>,
    query: Results<TXEEmployee>
) -> [[String]] {
    [empty.map(txeText), all.map(txeText), query.map(txeText)]
}

private let txeExpected = [
    [], ["John/20/true", "Mary/21/false", "Lars/21/true", "Phil/43/false", "Anni/54/true"],
    ["John/20/true", "Lars/21/true"],
]

private let txeQuery = "hired = YES && age BETWEEN {20, 30}"

@Suite("Enumerating results as realm-swift's Objective-C EnumeratorTests has it")
struct EnumeratorObjCPortTests {
    @Test(
        "Empty results give nothing; objects and a query's matches come in creation order",
        arguments: TXEPlace.allCases
    )
    func enumerate(place: TXEPlace) async throws {
        let realm = try await Realm(configuration: memoryConfiguration([TXEEmployee.self]))
        let empty = await realm.read { realm in realm.objects(TXEEmployee.self).map(txeText) }
        #expect(empty.isEmpty)
        let answer: [[String]]
        switch place {
        case .insideTheWrite:
            answer = try await realm.write { realm in
                for row in txeRows() { try realm.create(TXEEmployee.self, value: row) }
                return txeEnumerate(
                    empty: realm.objects(TXEEmployee.self).filter("age > 100"),
                    all: realm.objects(TXEEmployee.self),
                    query: realm.objects(TXEEmployee.self).filter(txeQuery)
                )
            }
        case .readAfterCommit:
            try await realm.write { realm in
                for row in txeRows() { try realm.create(TXEEmployee.self, value: row) }
            }
            answer = await realm.read { realm in
                txeEnumerate(
                    empty: realm.objects(TXEEmployee.self).filter("age > 100"),
                    all: realm.objects(TXEEmployee.self),
                    query: realm.objects(TXEEmployee.self).filter(txeQuery)
                )
            }
        case .frozenInAnotherTask:
            try await realm.write { realm in
                for row in txeRows() { try realm.create(TXEEmployee.self, value: row) }
            }
            let frozen = try await realm.read { realm in
                (
                    try realm.objects(TXEEmployee.self).filter("age > 100").freeze(),
                    try realm.objects(TXEEmployee.self).freeze(),
                    try realm.objects(TXEEmployee.self).filter(txeQuery).freeze()
                )
            }
            answer = await Task.detached { txeEnumerate(empty: frozen.0, all: frozen.1, query: frozen.2) }.value
        }
        #expect(answer == txeExpected)
    }

    @Test(
        "Inside a write, enumeration visits the objects there when it started, not those created during it",
        arguments: [false, true]
    )
    func enumerationInsideWriteIsSnapshot(filtered: Bool) async throws {
        let realm = try await Realm(configuration: memoryConfiguration([TXEEmployee.self]))
        let (visited, total) = try await realm.write { realm in
            for row in txeRows() { try realm.create(TXEEmployee.self, value: row) }
            let results =
                filtered ? realm.objects(TXEEmployee.self).filter(txeQuery) : realm.objects(TXEEmployee.self)
            var visited: [String] = []
            for employee in results {
                visited.append(employee.name)
                try realm.create(TXEEmployee.self, value: ["name": "new \(employee.name)", "age": 25, "hired": true])
            }
            return (visited, results.count)
        }
        #expect(visited == (filtered ? ["John", "Lars"] : ["John", "Mary", "Lars", "Phil", "Anni"]))
        #expect(total == (filtered ? 4 : 10))
    }
}
