import Foundation
import Strata
import Testing

// Facts of realm-swift's Objective-C `Realm/Tests/LinkingObjectsTests.mm` (testBasics,
// testLinkingObjectsOnUnmanagedObject, testLinkingObjectsOnFrozenObject, testFilteredLinkingObjects,
// testNotificationSentInitially, testNotificationSentAfterCommit, testNotificationNotSentForUnrelatedChange,
// testNotificationSentOnlyForActualRefresh, testDeletingObjectWithNotificationsRegistered, testRenamedProperties
// with one renamed class) and `Realm/Tests/LinkTests.m` (testInvalidLinks,
// testLinkTooManyRelationships, testBidirectionalRelationship, testCircularLinks,
// testAddingCircularReferenceInArrayDoesNotLeakSourceObjects without its memory check) not already asserted by
// LinkingObjectsTests, LinkSemanticsTests and CollectionTypePortTests. Models in ArrayPropertyPortTests+Models.swift.

@Suite("Linking objects port: realm-swift's LinkingObjectsTests.mm and LinkTests.m")
struct LinkingObjectsPortTests {
    @Test("parents follow the links as they are made, in and after the write; a deleted child has none (testBasics)")
    func basics() async throws {
        let realm = try await aptRealm()
        let (parents, inWrite) = try await realm.write { realm in
            let hannah = try realm.create(APTPerson.self, value: ["Hannah", 0])
            try realm.create(APTPerson.self, value: ["Mark", 30, [hannah]])
            return (hannah.parents, hannah.parents.map(\.name))
        }
        #expect(inWrite == ["Mark"])
        #expect(await realm.read { _ in parents.map(\.name) } == ["Mark"])
        try await realm.write { realm in
            let hannah = realm.objects(APTPerson.self).filter("name == 'Hannah'").first!
            try realm.create(APTPerson.self, value: ["Diane", 29, [hannah]])
        }
        #expect(await realm.read { _ in parents.map(\.name) } == ["Mark", "Diane"])
        try await realm.write { realm in try realm.delete(realm.objects(APTPerson.self).filter("name == 'Hannah'")) }
        #expect(await realm.read { _ in parents.count } == 0)
    }

    @Test("an unmanaged object's parents: empty, with nil aggregates, a zero sum and no positions")
    func unmanaged() {
        let don = APTPerson(value: ["Don", 60, []])
        let parents = don.parents
        #expect(parents.first == nil && parents.last == nil)
        #expect(Array(parents).isEmpty)
        #expect(parents.min(ofProperty: "age") as Int? == nil)
        #expect(parents.max(ofProperty: "age") as Int? == nil)
        #expect(parents.sum(ofProperty: "age") as Int == 0)
        #expect(parents.average(ofProperty: "age") as Double? == nil)
        #expect((parents.value(forKey: "age") as? [Any])?.isEmpty == true)
        #expect(parents.value(forKeyPath: "@count") as? Int == 0)
        #expect(parents.value(forKeyPath: "@min.age") as? Int == nil)
        #expect(parents.value(forKeyPath: "@max.age") as? Int == nil)
        #expect(parents.value(forKeyPath: "@sum.age") as? Int == 0)
        #expect(parents.value(forKeyPath: "@avg.age") as? Double == nil)
        #expect(parents.index(of: APTPerson(value: ["Mark", 30, []])) == nil)
        #expect(parents.index(matching: "TRUEPREDICATE") == nil)
    }

    @Test("a frozen object's parents stay at its version after links are added and the object is deleted")
    func frozenObject() async throws {
        let realm = try await aptRealm()
        try await realm.write { realm in
            let hannah = try realm.create(APTPerson.self, value: ["Hannah", 0])
            try realm.create(APTPerson.self, value: ["Mark", 30, [hannah]])
        }
        let frozenParents = {
            try await realm.read { realm in
                try realm.objects(APTPerson.self).filter("name == 'Hannah'").first!.freeze().parents
            }
        }
        let first = try await frozenParents()
        #expect(first.isFrozen && first.map(\.name) == ["Mark"])
        try await realm.write { realm in
            _ = try realm.create(
                APTPerson.self,
                value: ["Diane", 29, realm.objects(APTPerson.self).filter("name == 'Hannah'")]
            )
        }
        let second = try await frozenParents()
        #expect(first.map(\.name) == ["Mark"])
        #expect(second.map(\.name) == ["Mark", "Diane"])
        try await realm.write { realm in try realm.delete(realm.objects(APTPerson.self).filter("name == 'Hannah'")) }
        #expect(first.map(\.name) == ["Mark"])
        #expect(second.map(\.name) == ["Mark", "Diane"])
        #expect(second.allSatisfy { $0.isFrozen })
    }

    @Test("results filtered from parents see a link removed later in the write (testFilteredLinkingObjects)")
    func filteredLinkingObjects() async throws {
        let realm = try await aptRealm()
        let answers = try await realm.write { realm -> [String] in
            let hannah = try realm.create(APTPerson.self, value: ["Hannah", 0])
            let mark = try realm.create(APTPerson.self, value: ["Mark", 30, [hannah]])
            try realm.create(APTPerson.self, value: ["Diane", 29, [hannah]])
            let (a, b, c) = (
                hannah.parents.filter("age > 25"), hannah.parents.filter("age > 25"), hannah.parents.filter("age > 25")
            )
            mark.children.removeAll()
            return ["\(a.count)", aptText(b.index(matching: "name = 'Mark'")), "\(c.map(\.name))"]
        }
        #expect(answers == ["1", "nil", "[\"Diane\"]"])
    }

    @Test(
        "a parents stream: initial with the parents, a new parent inserted, an empty write silent, a deleted one gone"
    )
    func notifications() async throws {
        let configuration = memoryConfiguration(aptObjectTypes)
        let realm = try await Realm(configuration: configuration)
        try await realm.write { realm in
            let hannah = try realm.create(APTPerson.self, value: ["Hannah", 0])
            try realm.create(APTPerson.self, value: ["Mark", 30, [hannah]])
        }
        let stream = await realm.read { realm in
            realm.objects(APTPerson.self).filter("name == 'Hannah'").first!.parents.changes()
        }
        var changes = stream.makeAsyncIterator()
        let initial = await changes.next()
        var seen = [aptDescribe(initial)]
        if case .initial(let parents)? = initial { seen.append("\(parents.map(\.name))") }
        let other = try await Realm(configuration: configuration)
        try await other.write { realm in
            _ = try realm.create(
                APTPerson.self,
                value: ["Diane", 29, realm.objects(APTPerson.self).filter("name == 'Hannah'")]
            )
        }
        seen.append(aptDescribe(await changes.next()))
        try await other.write { _ in }
        try await realm.write { realm in try realm.delete(realm.objects(APTPerson.self).filter("name == 'Mark'")) }
        seen.append(aptDescribe(await changes.next()))
        #expect(seen == ["initial 1", "[\"Mark\"]", "update -[] +[1] ~[]", "update -[0] +[] ~[]"])
    }

    @Test("a link to an object of another class is refused; a key path through a string is refused (LinkTests)")
    func invalidLinks() async throws {
        let realm = try await aptRealm()
        let (created, stored) = try await realm.write { realm -> (String, String) in
            let string = try realm.create(APTString.self, value: ["testObject"])
            let created = aptFailure { try realm.create(APTOwner.self, value: ["Tim", string]) }
            let owners = realm.objects(APTOwner.self)
            return (created, "\(owners.count) \(realm.objects(APTPet.self).count)")
        }
        #expect(created.contains("missing key"), "\(created)")
        #expect(stored == "0 0")
        try await realm.write { realm in
            let owner = APTOwner(value: ["Tim"])
            owner.dog = APTPet(value: ["dogName": "Harvie"])
            try realm.add(owner)
        }
        let queried = await realm.read { realm in
            aptFailure {
                try realm.objects(APTOwner.self).filter(try RealmPredicate(format: "dog.dogName.first = 'Fifo'"))
            }
        }
        #expect(queried != "no error")
    }

    @Test("objects linking to each other, or to themselves, are added once each (LinkTests' circular links)")
    func circularLinks() async throws {
        let realm = try await aptRealm()
        let answers = try await realm.write { realm -> [String] in
            let a = APTCircle(value: ["a", NSNull()])
            let b = APTCircle(value: ["b", a])
            a.next = b
            try realm.add(a)
            try realm.add(b)
            let pair = realm.objects(APTCircle.self).map { "\($0.data)>\($0.next?.data ?? "nil")" }
            let single = APTCircle(value: ["data": "a"])
            single.next = single
            try realm.add(single)
            single.next!.data = "b"
            let first = APTCircularList()
            let second = APTCircularList()
            second.array.append(first)
            first.array.append(second)
            try realm.add(first)
            let lists = realm.objects(APTCircularList.self)
            return pair + [
                "\(realm.objects(APTCircle.self).count) \(single.data) \(single.next!.isSameObject(as: single))",
                "\(lists.count) \(lists[0].array[0].isSameObject(as: lists[1])) \(lists[1].array[0].isSameObject(as: lists[0]))",
            ]
        }
        #expect(answers == ["a>b", "b>a", "3 b true", "2 true true"])
    }

    @Test("with autorefresh off, a new parent is reported only on refresh; an empty write never (LinkingObjectsTests)")
    func notifiedOnlyOnRefresh() async throws {
        let realm = try await aptRealm()
        try await realm.write { realm in _ = try realm.create(APTPerson.self, value: ["Hannah", 0]) }
        let other = try await Realm(configuration: realm.configuration)
        let bag = MPTMailbag()
        let token = await realm.read { realm in
            realm.objects(APTPerson.self).first!.parents.observe { bag.post(aptDescribe($0)) }
        }
        #expect(await bag.next() == "initial 0")
        try await other.write { _ in }
        #expect(await bag.next(within: 0.3) == nil)
        await realm.read { realm in realm.autorefresh = false }
        try await other.write { realm in
            _ = try realm.create(APTPerson.self, value: ["Mark", 30, realm.objects(APTPerson.self)])
        }
        #expect(await bag.next(within: 0.3) == nil)
        _ = await realm.refresh()
        #expect(await bag.next() == "update -[] +[0] ~[]")
        token.invalidate()
        await other.close()
    }

    @Test("linking objects through a renamed link, and a query through a renamed list (testRenamedProperties)")
    func renamedProperties() async throws {
        let realm = try await aptRealm()
        let answers = try await realm.write { realm -> [String] in
            let target = try realm.create(APTRenamedProps.self, value: [1, "a"])
            let link = try realm.create(APTRenamedPropsLink.self, value: [target, [target, target]])
            return [
                "\(target.linking.count) \(target.linking[0].isSameObject(as: link))",
                "\(realm.objects(APTRenamedPropsLink.self).filter("ANY array.propA == 1").count)",
                "\(realm.objects(APTRenamedProps.self).filter("ANY linking.array.@count == 2").count)",
            ]
        }
        #expect(answers == ["1 true", "1", "1"])
    }
}
