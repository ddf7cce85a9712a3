import Foundation
import Strata
import Testing

// Descriptions in Realm Swift's format (its ObjectTests and RealmCollectionTypeTests `testDescription` cases):
// objects with nested objects and collections described in full, nil as (null), Bool as 0/1, collections as
// `Name<Type> <0x…> (\n\t[i] element,\n…\n)`, five levels deep at most. Addresses are replaced by `0x…`.

final class DescribedNode: Object {
    @Persisted var name = ""
    @Persisted var flag = false
    @Persisted var note: String?
    @Persisted var bytes = Data([0x61, 0x62])
    @Persisted var children: List<DescribedNode>
    @Persisted var next: DescribedNode?
    @Persisted var tags: Map<String, Int>
}

@Suite("Descriptions in Realm's format")
struct DescriptionTests {
    private func normalized(_ text: String) -> String {
        text.replacing(#/<0x[0-9a-f]+>/#, with: "<0x…>")
    }

    @Test("an unmanaged object: scalars, nil, data, an empty list and map, a linked object")
    func unmanagedObject() {
        let node = DescribedNode(value: ["name": "a", "flag": true])
        node.next = DescribedNode(value: ["name": "b"])
        node.tags["x"] = 1
        let expected = """
            DescribedNode {
            \tname = a;
            \tflag = 1;
            \tnote = (null);
            \tbytes = <6162 — 2 total bytes>;
            \tchildren = List<DescribedNode> <0x…> (
            \t
            \t);
            \tnext = DescribedNode {
            \t\tname = b;
            \t\tflag = 0;
            \t\tnote = (null);
            \t\tbytes = <6162 — 2 total bytes>;
            \t\tchildren = List<DescribedNode> <0x…> (
            \t\t
            \t\t);
            \t\tnext = (null);
            \t\ttags = Map<string, int> <0x…> (
            \t\t
            \t\t);
            \t};
            \ttags = Map<string, int> <0x…> (
            \t[x]: 1
            \t);
            }
            """
        #expect(normalized(node.description) == expected)
    }

    @Test("a cycle ends at five levels with <Maximum depth exceeded>")
    func recursion() {
        let node = DescribedNode(value: ["name": "loop"])
        node.children.append(node)
        let text = normalized(node.description)
        #expect(text.contains("\t\t\t\t\tchildren = <Maximum depth exceeded>;"))
        #expect(text.components(separatedBy: "[0] DescribedNode {").count == 3)
    }

    @Test("results, a list of values and linking objects list their elements")
    func collections() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            let ada = Person(value: ["id": 1, "name": "Ada", "age": 36])
            ada.dogs.append(Dog(value: ["name": "Rex", "age": 3]))
            try realm.add(ada)
            let values = AllTypes()
            values.intList.append(objectsIn: [1, 2])
            try realm.add(values)
        }
        let texts = await realm.read { realm in
            let dogs = realm.objects(Dog.self)
            return [
                dogs.description,
                realm.objects(AllTypes.self).first!.intList.description,
                dogs.first!.owners.description.components(separatedBy: "\n").prefix(3).joined(separator: "\n"),
                realm.objects(Dog.self).filter("age > 10").description,
            ].map(normalized)
        }
        #expect(
            texts == [
                // Linking objects properties are computed, not stored: they are left out, as in Realm.
                "Results<Dog> <0x…> (\n\t[0] Dog {\n\t\tname = Rex;\n\t\tage = 3;\n\t}\n)",
                "List<int> <0x…> (\n\t[0] 1,\n\t[1] 2\n)",
                "LinkingObjects<Person> <0x…> (\n\t[0] Person {\n\t\tid = 1;",
                "Results<Dog> <0x…> (\n\n)",
            ]
        )
    }

    @Test("past 100 elements the rest are counted")
    func skipped() {
        let node = DescribedNode()
        for index in 0..<103 { node.children.append(DescribedNode(value: ["name": "\(index)"])) }
        let text = node.children.description
        #expect(text.hasSuffix("\n\t... 3 objects skipped.\n)"))
        #expect(text.contains("\t[99] DescribedNode {") && !text.contains("[100]"))
    }
}
