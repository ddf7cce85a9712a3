import Foundation
import Strata
import Testing

/// A dog with the owners that link to it.
final class LinkDog: Object {
    @Persisted var dogName = ""
    @Persisted(originProperty: "dog") var owners: LinkingObjects<LinkOwner>
}

/// An owner linking to one dog.
final class LinkOwner: Object {
    @Persisted var name = ""
    @Persisted var dog: LinkDog?
}

/// A class whose only property is computed from links (realm-swift's OnlyComputedProps).
final class OnlyBacklinks: Object {
    @Persisted(originProperty: "link") var backlinks: LinkingObjects<LinkToOnlyBacklinks>
}

/// Links to an `OnlyBacklinks`.
final class LinkToOnlyBacklinks: Object {
    @Persisted var value = 0
    @Persisted var link: OnlyBacklinks?
}

// Facts from realm-swift's SwiftLinkTests.swift: links are added with their owner, shared by several owners,
// nullified when their target is deleted; linking objects are empty until the target is managed and follow the
// links live; a class with no stored property at all can be stored.
@Suite("Links and linking objects, as realm-swift's SwiftLinkTests describe them")
struct LinkSemanticsTests {
    static func realm() async throws -> Realm {
        try await Realm(
            configuration: memoryConfiguration([
                LinkDog.self, LinkOwner.self, OnlyBacklinks.self, LinkToOnlyBacklinks.self,
            ])
        )
    }

    @Test("adding an owner adds its dog; a second owner may share it; deleting the dog nullifies the links")
    func basicLinks() async throws {
        let realm = try await Self.realm()
        try await realm.write { realm in
            let owner = LinkOwner()
            owner.name = "Tim"
            owner.dog = LinkDog()
            owner.dog!.dogName = "Harvie"
            #expect(owner.dog!.owners.count == 0)
            try realm.add(owner)
            #expect(realm.objects(LinkOwner.self).count == 1 && realm.objects(LinkDog.self).count == 1)
            #expect(realm.objects(LinkOwner.self)[0].dog?.dogName == "Harvie")
            let owners = owner.dog!.owners
            #expect(owners.count == 1 && owners.first?.name == "Tim")
            let fiel = try realm.create(LinkOwner.self, value: ["Fiel", NSNull()])
            #expect(fiel.dog == nil)
            fiel.dog = owner.dog
            #expect(realm.objects(LinkOwner.self).count == 2 && realm.objects(LinkDog.self).count == 1)
            #expect(owners.count == 2)
            owner.dog = nil
            #expect(owners.count == 1 && owners.first?.name == "Fiel")
            try realm.delete(fiel.dog!)
            #expect(fiel.dog == nil)
            #expect(realm.objects(LinkDog.self).count == 0)
        }
        let dogs = await realm.read { realm in realm.objects(LinkOwner.self).map { $0.dog == nil } }
        #expect(dogs == [true, true])
    }

    @Test("a class with only linking objects is stored; its backlinks appear as sources are added")
    func onlyBacklinks() async throws {
        let realm = try await Self.realm()
        try await realm.write { realm in
            let target = OnlyBacklinks()
            let first = LinkToOnlyBacklinks()
            first.value = 1
            first.link = target
            #expect(target.backlinks.count == 0)
            try realm.add(first)
            #expect(target.backlinks.count == 1 && target.backlinks.first?.value == 1)
            let second = LinkToOnlyBacklinks()
            second.value = 2
            second.link = target
            #expect(target.backlinks.count == 1)
            try realm.add(second)
            #expect(target.backlinks.count == 2 && target.backlinks.contains { $0.value == 2 })
            let lonely = OnlyBacklinks()
            try realm.add(lonely)
            #expect(lonely.backlinks.count == 0)
            #expect(realm.objects(OnlyBacklinks.self).count == 2)
        }
    }
}
