import Foundation
import Strata
import Testing

// A typed query's nested subqueries get variables of their own (`$col1`, `$col2`, …, as Realm Swift's typed queries
// name them), so that realm-core's rule against a SUBQUERY reusing an enclosing SUBQUERY's variable for the same
// class holds for typed and hand-written queries alike.

/// A tree of nodes: a subquery over `children` nested in another is over the same class.
final class TSVNode: Object {
    @Persisted var name = ""
    @Persisted var weight = 0
    @Persisted var children: List<TSVNode>
}

@Suite("Typed queries number their nested subqueries' variables")
struct TypedSubqueryVariableTests {
    /// a → [b → [d], c → [e]]; the weights: a 0, b 2, c 2, d 3, e 1.
    func open() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration([TSVNode.self]))
        try await realm.write { realm in
            let nodes = ["a": 0, "b": 2, "c": 2, "d": 3, "e": 1].mapValues { weight in
                let node = TSVNode()
                node.weight = weight
                return node
            }
            for (name, node) in nodes.sorted(by: { $0.key < $1.key }) {
                node.name = name
                try realm.add(node)
            }
            nodes["a"]!.children.append(objectsIn: [nodes["b"]!, nodes["c"]!])
            nodes["b"]!.children.append(nodes["d"]!)
            nodes["c"]!.children.append(nodes["e"]!)
        }
        return realm
    }

    @Test("A subquery inside another over the same class matches as two variables would")
    func nested() async throws {
        let realm = try await open()
        let names = await realm.read { realm in
            // Nodes with a child heavier than 1 that itself has a child heavier than 2.
            let typed = realm.objects(TSVNode.self).where {
                ($0.children.weight > 1 && ($0.children.weight > 2).count > 0).count > 0
            }
            let written = realm.objects(TSVNode.self).filter(
                "SUBQUERY(children, $x, $x.weight > 1 AND SUBQUERY($x.children, $y, $y.weight > 2).@count > 0).@count > 0"
            )
            return [typed.map(\.name).sorted(), written.map(\.name).sorted()]
        }
        #expect(names == [["a"], ["a"]])
    }

    @Test("A hand-written nested subquery reusing its parent's variable for the same class is refused")
    func reuseRefused() async throws {
        let realm = try await open()
        for variable in ["$x", "$element", "$col1"] {
            let format =
                "SUBQUERY(children, \(variable), SUBQUERY(\(variable).children, \(variable), weight > 2).@count > 0)"
                + ".@count > 0"
            let message: String? = await realm.read { realm in
                do {
                    _ = try realm.objects(TSVNode.self).filter(RealmPredicate(format: format)).count
                    return nil
                } catch {
                    return "\(error)"
                }
            }
            #expect(message?.contains("identical variable") == true, "\(format): \(message ?? "accepted")")
        }
    }
}
