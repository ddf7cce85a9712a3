// The one engine test that reaches past the package API: it writes a cell straight into a table's tree,
// bypassing the write transaction's change log (which is internal on purpose), to make a file whose nodes are
// intact but whose collection tree handle lies, and checks that the verifier catches it.
import Testing

@testable import StrataCore

extension CollectionTreeTests {
    @Test("A damaged collection tree handle is reported by the verifier")
    func verifierChecksTreeCounts() async throws {
        let directory = TemporaryDirectory()
        let fixture = try await makeFixture(directory)
        defer { fixture.database.close() }
        let write = try await fixture.database.beginWrite()
        let owner = try write.createObject(in: fixture.owners)
        try write.set(.list((0..<300).map { .int($0) }), of: fixture.numbers, in: fixture.owners, object: owner)
        try write.commit()
        let report = try fixture.database.verify()
        #expect(report.objects == 21)
        // A handle claiming one element too many fails verification.
        let damage = try await fixture.database.beginWrite()
        let table = try damage.table(fixture.owners)
        let position = try table.position(fixture.numbers)
        guard case .bytes(let bytes)? = try table.tree.cell(owner.rawValue, column: position),
            case .committed(let root, let count)? = CollectionTreeHandle(bytes)
        else {
            Issue.record("the list is not in a tree")
            return
        }
        #expect(count == 300)
        _ = try table.tree.set(
            owner.rawValue,
            column: position,
            to: .bytes(CollectionTreeHandle.committed(root: root, count: count + 1).bytes)
        )
        damage.record(fixture.owners) { $0.modify(owner, fixture.numbers) }
        try damage.commit()
        #expect(throws: StorageError.self) { try fixture.database.verify() }
    }
}
