import Foundation
import Strata
import Testing

// Embedded objects made by create and add, from realm-swift's RealmSwift/Tests/ModernObjectCreationTests.swift
// (testCreateEmbeddedWithDictionary, testCreateEmbeddedWithUnmanagedObjects,
// testCreateEmbeddedFromManagedObjectInSameRealm, testCreateEmbeddedFromManagedObjectInDifferentRealm,
// testAddEmbedded, testAddAndUpdateEmbedded, testAddAndUpdateChangedEmbedded,
// testAddAndUpdateChangedWithExisingNestedObjects). A managed object of another realm is passed frozen, since a live
// object stays on its realm's actor (Docs.docc/MigratingFromRealmSwift.md, "Confinement is to the actor").

/// The embedded objects of a tree: each has an integer value.
protocol OCTreeNode: EmbeddedObject {
    var value: Int { get set }
}

/// Realm Swift's `ModernEmbeddedTreeObject1`.
final class OCTree1: EmbeddedObject, OCTreeNode {
    @Persisted var value = 0
    @Persisted var bool = false
    @Persisted var child: OCTree2?
    @Persisted var children: List<OCTree2>
    @Persisted(originProperty: "object") var parent1: LinkingObjects<OCTreeParent>
    @Persisted(originProperty: "array") var parent2: LinkingObjects<OCTreeParent>
}

/// Realm Swift's `ModernEmbeddedTreeObject2`.
final class OCTree2: EmbeddedObject, OCTreeNode {
    @Persisted var value = 0
    @Persisted var child: OCTree3?
    @Persisted var children: List<OCTree3>
    @Persisted(originProperty: "child") var parent3: LinkingObjects<OCTree1>
    @Persisted(originProperty: "children") var parent4: LinkingObjects<OCTree1>
}

/// Realm Swift's `ModernEmbeddedTreeObject3`.
final class OCTree3: EmbeddedObject, OCTreeNode {
    @Persisted var value = 0
    @Persisted(originProperty: "child") var parent3: LinkingObjects<OCTree2>
    @Persisted(originProperty: "children") var parent4: LinkingObjects<OCTree2>
}

/// A top-level object owning a tree of embedded objects.
protocol OCTreeRoot: Object {
    var object: OCTree1? { get set }
    var array: List<OCTree1> { get }
}

/// Realm Swift's `ModernEmbeddedParentObject`.
final class OCTreeParent: Object, OCTreeRoot {
    @Persisted var object: OCTree1?
    @Persisted var array: List<OCTree1>
}

/// Realm Swift's `ModernEmbeddedPrimaryParentObject`.
final class OCTreePrimaryParent: Object, OCTreeRoot {
    @Persisted(primaryKey: true) var pk = 0
    @Persisted var object: OCTree1?
    @Persisted var array: List<OCTree1>
}

/// Realm Swift's `SwiftPrimaryStringObject`.
final class OCPrimaryString: Object {
    @Persisted(primaryKey: true) var stringCol = ""
    @Persisted var intCol = 0
}

/// Realm Swift's `SwiftLinkToPrimaryStringObject`.
final class OCLinkToPrimaryString: Object {
    @Persisted(primaryKey: true) var pk = ""
    @Persisted var object: OCPrimaryString?
    @Persisted var objects: List<OCPrimaryString>
}

private let ocTreeTypes: [ObjectBase.Type] = [
    OCTreeParent.self, OCTreePrimaryParent.self, OCTree1.self, OCTree2.self, OCTree3.self, OCPrimaryString.self,
    OCLinkToPrimaryString.self,
]

/// Realm Swift's `ModernEmbeddedObjectFactory`: embedded objects numbered in the order they are made.
private final class OCTreeFactory {
    private var next = 0
    private(set) var objects: [any OCTreeNode] = []

    func make<Node: OCTreeNode>() -> Node {
        let node = Node()
        node.value = next
        next += 1
        objects.append(node)
        return node
    }

    /// Fills `root` with six numbered embedded objects: object, its child, its two children, two in array.
    func fill(_ root: some OCTreeRoot) {
        let object: OCTree1 = make()
        root.object = object
        object.child = make()
        object.children.append(make())
        object.children.append(make())
        root.array.append(make())
        root.array.append(make())
    }
}

/// A tree's values: "object child [children] [array]".
private func treeText(_ root: some OCTreeRoot) -> String {
    guard let object = root.object else { return "no object" }
    return "\(object.value) \(object.child.map { "\($0.value)" } ?? "nil") \(object.children.map(\.value)) "
        + "\(root.array.map(\.value))"
}

/// Realm's dictionary for a tree: 5 with child 6 and children 7, 8; an array of 9 and 10.
private func treeValue() -> [String: Any] {
    [
        "object": ["value": 5, "child": ["value": 6], "children": [[7], [8]]] as [String: Any],
        "array": [[9], [10]],
    ]
}

@Suite("Object creation as realm-swift's ModernObjectCreationTests: embedded objects")
struct ObjectCreationPortEmbeddedTests {
    @Test("create from a dictionary makes the embedded tree, and each node's linking objects name its parent")
    func createFromDictionary() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(ocTreeTypes))
        let read = try await realm.write { realm -> [String] in
            let parent = try realm.create(OCTreeParent.self, value: treeValue())
            let object = parent.object!
            let links = [
                parent.isSameObject(as: object.parent1.first!), parent.isSameObject(as: parent.array[0].parent2.first!),
                parent.isSameObject(as: parent.array[1].parent2.first!),
                object.isSameObject(as: object.child!.parent3.first!),
                object.isSameObject(as: object.children[0].parent4.first!),
                object.isSameObject(as: object.children[1].parent4.first!),
            ]
            return [treeText(parent), "\(links)"]
        }
        #expect(read == ["5 6 [7, 8] [9, 10]", "[true, true, true, true, true, true]"])
    }

    @Test("create from an unmanaged tree copies it and leaves the source unmanaged")
    func createFromUnmanagedObjects() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(ocTreeTypes))
        let read = try await realm.write { realm -> [String] in
            let source = OCTreeParent()
            source.object = OCTree1(value: [5])
            source.object!.child = OCTree2(value: [6])
            source.object!.children.append(OCTree2(value: [7]))
            source.object!.children.append(OCTree2(value: [8]))
            source.array.append(OCTree1(value: [9]))
            source.array.append(OCTree1(value: [10]))
            let parent = try realm.create(OCTreeParent.self, value: source)
            let unmanaged = [source.realm, source.object!.realm, source.array[0].realm].allSatisfy { $0 == nil }
            return [treeText(parent), "source unmanaged \(unmanaged)"]
        }
        #expect(read == ["5 6 [7, 8] [9, 10]", "source unmanaged true"])
    }

    @Test("create from a managed object of the same realm makes a new object with a copy of its tree")
    func createFromManagedObjectInSameRealm() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(ocTreeTypes))
        let read = try await realm.write { realm -> [String] in
            let parent = try realm.create(OCTreeParent.self, value: treeValue())
            let copy = try realm.create(OCTreeParent.self, value: parent)
            return [treeText(copy), "equal \(parent == copy)", "\(realm.objects(OCTreeParent.self).count) parents"]
        }
        #expect(read == ["5 6 [7, 8] [9, 10]", "equal false", "2 parents"])
    }

    @Test("create from a (frozen) managed object of another realm copies its tree")
    func createFromManagedObjectInDifferentRealm() async throws {
        let realmA = try await Realm(configuration: memoryConfiguration(ocTreeTypes))
        try await realmA.write { realm in _ = try realm.create(OCTreeParent.self, value: treeValue()) }
        let parents = try await realmA.read { realm in try realm.objects(OCTreeParent.self).freeze() }
        let realmB = try await Realm(configuration: memoryConfiguration(ocTreeTypes))
        let read = try await realmB.write { realm -> [String] in
            let copy = try realm.create(OCTreeParent.self, value: parents[0])
            return [treeText(copy), "equal \(parents[0] == copy)", "same realm \(copy.realm == realm)"]
        }
        #expect(read == ["5 6 [7, 8] [9, 10]", "equal false", "same realm true"])
    }

    @Test("add makes every embedded object of the tree managed, keeping its value")
    func addEmbedded() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(ocTreeTypes))
        let read = try await realm.write { realm -> [String] in
            let factory = OCTreeFactory()
            let parent = OCTreeParent()
            factory.fill(parent)
            try realm.add(parent)
            let nodes = factory.objects.map { "\($0.realm == realm ? "managed" : "unmanaged") \($0.value)" }
            return nodes + [treeText(parent)]
        }
        #expect(read == (0..<6).map { "managed \($0)" } + ["0 1 [2, 3] [4, 5]"])
    }

    @Test("add(.all) over an existing key deletes the old embedded objects; the new ones become managed")
    func addAndUpdateAllEmbedded() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(ocTreeTypes))
        let read = try await realm.write { realm -> [String] in
            let factory = OCTreeFactory()
            let parent = OCTreePrimaryParent()
            factory.fill(parent)
            let parent2 = OCTreePrimaryParent()
            factory.fill(parent2)
            try realm.add(parent)
            try realm.add(parent2, update: .all)
            let nodes = factory.objects.map { node in
                "\(node.realm == realm ? "managed" : "unmanaged") \(node.isInvalidated ? "deleted" : "\(node.value)")"
            }
            return nodes + [treeText(parent), "same \(parent.isSameObject(as: parent2))"]
        }
        let expected =
            Array(repeating: "managed deleted", count: 6) + (6..<12).map { "managed \($0)" } + [
                "6 7 [8, 9] [10, 11]", "same true",
            ]
        #expect(read == expected)
    }

    @Test("add(.modified) over an existing key updates the old embedded objects in place")
    func addAndUpdateModifiedEmbedded() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(ocTreeTypes))
        let read = try await realm.write { realm -> [String] in
            let factory = OCTreeFactory()
            let parent = OCTreePrimaryParent()
            factory.fill(parent)
            let parent2 = OCTreePrimaryParent()
            factory.fill(parent2)
            try realm.add(parent)
            try realm.add(parent2, update: .modified)
            let nodes = factory.objects.map { node in
                "\(node.realm == realm ? "managed" : "unmanaged") \(node.isInvalidated ? "deleted" : "\(node.value)")"
            }
            return nodes + [treeText(parent), "same \(parent.isSameObject(as: parent2))"]
        }
        let expected =
            (0..<12).map { "managed \($0 < 6 ? $0 + 6 : $0)" } + ["6 7 [8, 9] [10, 11]", "same true"]
        #expect(read == expected)
    }

    @Test("add(.modified) of an object linking an existing key updates that object, whose accessor sees it")
    func addAndUpdateWithExistingNestedObject() async throws {
        let realm = try await Realm(configuration: memoryConfiguration(ocTreeTypes))
        try await realm.write { realm in _ = try realm.create(OCPrimaryString.self, value: ["primary", 1]) }
        let read = try await realm.write { realm -> [String] in
            let existing = realm.object(ofType: OCPrimaryString.self, forPrimaryKey: "primary")!
            let object = OCLinkToPrimaryString(value: ["primary", ["primary", 2] as [Any]])
            try realm.add(object, update: .modified)
            return [
                "managed \(object.realm != nil)", "same \(object.object! == existing)", "intCol \(existing.intCol)",
                "\(realm.objects(OCPrimaryString.self).count) objects",
            ]
        }
        #expect(read == ["managed true", "same true", "intCol 2", "1 objects"])
    }
}
