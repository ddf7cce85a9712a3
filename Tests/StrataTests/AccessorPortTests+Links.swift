import Foundation
import Strata
import Testing

// Facts of realm-swift's RealmSwift/Tests/SwiftLinkTests.swift (testLinkRemoval, testLinkingObjects: across
// transactions, which LinkSemanticsTests.swift checks within one) and RealmSwift/Tests/ObjectAccessorTests.swift
// (testRenamedProperties: links, lists, sets and LinkingObjects whose properties are stored under other names).
// Realm's second pair of classes reading the same tables under other Swift names (`SwiftRenamedProperties2`) has no
// counterpart: Strata names a class's table after the class (DESIGN.md, "Schema names").

/// Realm's `SwiftRenamedProperties1`: properties stored under other column names, seen through LinkingObjects.
final class APTRenamed: Object {
    @Persisted var propA = 0
    @Persisted var propB = ""
    @Persisted(originProperty: "linkA") var linking1: LinkingObjects<APTLinkToRenamed>

    override class func propertiesMapping() -> [String: String] { ["propA": "prop 1", "propB": "prop 2"] }
}

/// Realm's `LinkToSwiftRenamedProperties1`: a link, a list and a set, each stored under another name.
final class APTLinkToRenamed: Object {
    @Persisted var linkA: APTRenamed?
    @Persisted var array1: List<APTRenamed>
    @Persisted var set1: MutableSet<APTRenamed>

    override class func propertiesMapping() -> [String: String] {
        ["linkA": "link 1", "array1": "array", "set1": "set"]
    }
}

extension AccessorPortTests {
    @Test("Deleting a linked object in a later write leaves nil in the link, seen by the owner read before")
    func linkRemovedInLaterWrite() async throws {
        let realm = try await LinkSemanticsTests.realm()
        let box = LiveObjectBox()
        try await realm.write { realm in
            let owner = LinkOwner()
            owner.name = "Tim"
            owner.dog = LinkDog()
            owner.dog!.dogName = "Harvie"
            try realm.add(owner)
            box.object = owner
        }
        let counts = await realm.read { realm in
            [realm.objects(LinkOwner.self).count, realm.objects(LinkDog.self).count]
        }
        #expect(counts == [1, 1])
        try await realm.write { realm in try realm.delete((box.object as! LinkOwner).dog!) }
        let after = await realm.read { realm -> [String] in
            let owner = box.object as! LinkOwner
            box.object = nil
            return [
                "\(owner.dog == nil)", "\(realm.objects(LinkOwner.self).first?.dog == nil)",
                "\(realm.objects(LinkDog.self).count)",
            ]
        }
        #expect(after == ["true", "true", "0"])
    }

    @Test("LinkingObjects read after one write follow a later write that unlinks")
    func linkingObjectsAcrossWrites() async throws {
        let realm = try await LinkSemanticsTests.realm()
        try await realm.write { realm in
            let owner = LinkOwner()
            owner.name = "Tim"
            owner.dog = LinkDog()
            owner.dog!.dogName = "Harvie"
            #expect(owner.dog!.owners.count == 0)
            try realm.add(owner)
        }
        let owners = await realm.read { realm in realm.objects(LinkDog.self)[0].owners }
        #expect(await realm.read { _ in owners.map(\.name) } == ["Tim"])
        try await realm.write { realm in realm.objects(LinkOwner.self)[0].dog = nil }
        #expect(await realm.read { _ in owners.count } == 0)
    }

    @Test("Links, lists, sets and LinkingObjects stored under other names read by their Swift names")
    func renamedLinkProperties() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([APTRenamed.self, APTLinkToRenamed.self]))
        let reads = try await realm.write { realm -> [String] in
            let object = APTRenamed()
            object.propA = 5
            object.propB = "a"
            let link = APTLinkToRenamed()
            link.linkA = object
            link.array1.append(object)
            link.set1.insert(object)
            try realm.add(link)
            let keyedLink = link["linkA"] as? APTRenamed
            let keyedList = link["array1"] as? List<APTRenamed>
            let keyedSet = link["set1"] as? MutableSet<APTRenamed>
            let keyedLinking = object["linking1"] as? LinkingObjects<APTLinkToRenamed>
            return [
                "\(object.realm != nil) \(object.propA) \(object.propB)",
                "\(link.linkA!.isSameObject(as: object)) \(link.array1[0].isSameObject(as: object))",
                "\(link.set1.contains(object)) \(object.linking1[0].isSameObject(as: link))",
                "\(object["propA"] as? Int ?? -1) \(object["propB"] as? String ?? "-")",
                "\(keyedLink?.isSameObject(as: object) == true) \(keyedList?[0].isSameObject(as: object) == true)",
                "\(keyedSet?.contains(object) == true) \(keyedLinking?[0].isSameObject(as: link) == true)",
                "\(link.dynamicList("array1")[0].isSameObject(as: object))",
                "\(link.dynamicMutableSet("set1")[0].isSameObject(as: object))",
            ]
        }
        #expect(
            reads == [
                "true 5 a", "true true", "true true", "5 a", "true true", "true true", "true", "true",
            ]
        )
    }
}
