import Foundation
import Strata
import StrataTestSupport
import Testing

// Change streams (issue [3/5]): exact change sets as Realm reports them — deletions and modifications in old
// indices, insertions in new ones, moves as a deletion plus an insertion — carried with the collection frozen at
// the version they describe. The data is CollectionQueryTests.makeRealm()'s:
//
//   dogs (table order): Rex 3, Fido 1, Bella 7, Max 5, Lone 2 (the table order of a dictionary's values is not
//   fixed, so tests that depend on it sort), Ada's dogs: Rex, Fido, Bella, Rex.

/// A change as text: "initial [names]" or "update [names] -d +i ~m".
private func text<C: RealmCollection>(_ change: RealmCollectionChange<C>?, _ name: (C.Element) -> String) -> String {
    switch change {
    case .initial(let collection)?: return "initial \(collection.map(name))"
    case .update(let collection, let deletions, let insertions, let modifications)?:
        return "update \(collection.map(name)) -\(deletions) +\(insertions) ~\(modifications)"
    case .error(let error)?: return "error \(error)"
    case nil: return "end"
    }
}

@Suite("Change streams: RealmCollectionChange, ObjectChange, realm events and ThreadSafeReference")
struct ChangeStreamTests {
    @Test("sorted results: insert, delete, modify in place, and a modification that moves an object")
    func sortedResults() async throws {
        let realm = try await CollectionQueryTests.makeRealm()
        let stream = await realm.read { realm in realm.objects(Dog.self).sorted(byKeyPath: "age").changes() }
        var changes = stream.makeAsyncIterator()
        #expect(text(await changes.next(), \.name) == "initial [\"Fido\", \"Lone\", \"Rex\", \"Max\", \"Bella\"]")
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Pup", "age": 0])) }
        #expect(
            text(await changes.next(), \.name)
                == "update [\"Pup\", \"Fido\", \"Lone\", \"Rex\", \"Max\", \"Bella\"] -[] +[0] ~[]"
        )
        try await realm.write { realm in realm.objects(Dog.self).filter("name == 'Max'").first!.age = 6 }
        #expect(
            text(await changes.next(), \.name)
                == "update [\"Pup\", \"Fido\", \"Lone\", \"Rex\", \"Max\", \"Bella\"] -[] +[] ~[4]"
        )
        try await realm.write { realm in realm.objects(Dog.self).filter("name == 'Fido'").first!.age = 4 }
        #expect(
            text(await changes.next(), \.name)
                == "update [\"Pup\", \"Lone\", \"Rex\", \"Fido\", \"Max\", \"Bella\"] -[1] +[3] ~[]"
        )
        try await realm.write { realm in try realm.delete(realm.objects(Dog.self).filter("name == 'Bella'")) }
        #expect(
            text(await changes.next(), \.name) == "update [\"Pup\", \"Lone\", \"Rex\", \"Fido\", \"Max\"] -[5] +[] ~[]"
        )
    }

    @Test("objects moving into and out of a filter are insertions and deletions")
    func filterMembership() async throws {
        let realm = try await CollectionQueryTests.makeRealm()
        let stream = await realm.read { realm in
            realm.objects(Dog.self).filter("age >= 3").sorted(byKeyPath: "name").changes()
        }
        var changes = stream.makeAsyncIterator()
        #expect(text(await changes.next(), \.name) == "initial [\"Bella\", \"Max\", \"Rex\"]")
        try await realm.write { realm in
            realm.objects(Dog.self).filter("name == 'Lone'").first!.age = 9
            realm.objects(Dog.self).filter("name == 'Max'").first!.age = 1
        }
        #expect(text(await changes.next(), \.name) == "update [\"Bella\", \"Lone\", \"Rex\"] -[1] +[1] ~[]")
        // A change to an object that matches neither before nor after is nothing: no element until the next one.
        try await realm.write { realm in realm.objects(Dog.self).filter("name == 'Fido'").first!.age = 2 }
        try await realm.write { realm in realm.objects(Dog.self).filter("name == 'Rex'").first!.name = "Rexy" }
        #expect(text(await changes.next(), \.name) == "update [\"Bella\", \"Lone\", \"Rexy\"] -[] +[] ~[2]")
    }

    @Test("linked objects' changes are modifications, unless a key-path filter leaves them out")
    func linkedObjectsAndKeyPaths() async throws {
        let realm = try await CollectionQueryTests.makeRealm()
        let (all, named, throughDogs) = await realm.read { realm in
            let people = realm.objects(Person.self).sorted(byKeyPath: "id")
            return (people.changes(), people.changes(keyPaths: ["name"]), people.changes(keyPaths: ["dogs.age"]))
        }
        var allChanges = all.makeAsyncIterator()
        var namedChanges = named.makeAsyncIterator()
        var dogChanges = throughDogs.makeAsyncIterator()
        _ = await allChanges.next()
        _ = await namedChanges.next()
        _ = await dogChanges.next()
        // Max belongs to Bob (index 1) only; Fido to Ada (index 0).
        try await realm.write { realm in realm.objects(Dog.self).filter("name == 'Max'").first!.age = 50 }
        try await realm.write { realm in realm.object(ofType: Person.self, forPrimaryKey: 3)!.name = "Cyrus" }
        // Both commits came before the consumer asked: one coalesced change.
        #expect(text(await allChanges.next(), \.name) == "update [\"Ada\", \"Bob\", \"Cyrus\"] -[] +[] ~[1, 2]")
        #expect(text(await namedChanges.next(), \.name) == "update [\"Ada\", \"Bob\", \"Cyrus\"] -[] +[] ~[2]")
        #expect(text(await dogChanges.next(), \.name) == "update [\"Ada\", \"Bob\", \"Cyrus\"] -[] +[] ~[1]")
    }

    @Test("a list's insert, remove, move and replace, by index")
    func listChanges() async throws {
        let realm = try await ListTests.makeRealm()
        let stream = await realm.read { realm in
            realm.object(ofType: Measurements.self, forPrimaryKey: 1)!.ints.changes()
        }
        var changes = stream.makeAsyncIterator()
        #expect(
            text(await changes.next(), String.init)
                == "initial [\"3\", \"1\", \"4\", \"1\", \"5\", \"9\", \"2\", \"6\"]"
        )
        func edit(_ body: @escaping @Sendable (List<Int>) -> Void) async throws -> String {
            try await realm.write { realm in body(realm.object(ofType: Measurements.self, forPrimaryKey: 1)!.ints) }
            return text(await changes.next()) { String($0) }
        }
        #expect(try await edit { $0.append(7) }.hasSuffix("-[] +[8] ~[]"))
        #expect(try await edit { $0.remove(at: 0) }.hasSuffix("-[0] +[] ~[]"))
        #expect(try await edit { $0.replace(index: 2, object: 40) }.hasSuffix("-[] +[] ~[2]"))
        #expect(try await edit { $0.insert(0, at: 1) }.hasSuffix("-[] +[1] ~[]"))
    }

    @Test("LinkingObjects gain and lose links")
    func linkingObjects() async throws {
        let realm = try await CollectionQueryTests.makeRealm()
        let stream = await realm.read { realm in realm.objects(Dog.self).filter("name == 'Max'").first!.owners.changes()
        }
        var changes = stream.makeAsyncIterator()
        #expect(text(await changes.next(), \.name) == "initial [\"Bob\"]")
        try await realm.write { realm in
            realm.object(ofType: Person.self, forPrimaryKey: 3)!.dogs.append(
                realm.objects(Dog.self).filter("name == 'Max'").first!
            )
        }
        let gained = text(await changes.next(), \.name)
        #expect(gained == "update [\"Bob\", \"Cy\"] -[] +[1] ~[]")
        try await realm.write { realm in realm.object(ofType: Person.self, forPrimaryKey: 2)!.dogs.removeAll() }
        let lost = text(await changes.next(), \.name)
        #expect(lost == "update [\"Cy\"] -[0] +[] ~[]")
    }

    @Test("a slow consumer gets coalesced changes that take its last payload exactly to the newest")
    func coalescing() async throws {
        let realm = try await CollectionQueryTests.makeRealm()
        let stream = await realm.read { realm in realm.objects(Dog.self).sorted(byKeyPath: "name").changes() }
        var changes = stream.makeAsyncIterator()
        guard case .initial(let first)? = await changes.next() else {
            Issue.record("no initial")
            return
        }
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Zed", "age": 1])) }
        try await realm.write { realm in try realm.delete(realm.objects(Dog.self).filter("name == 'Bella'")) }
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Abe", "age": 1])) }
        guard case .update(let next, let deletions, let insertions, _)? = await changes.next() else {
            Issue.record("no update")
            return
        }
        var names = first.map(\.name)
        for index in deletions.reversed() { names.remove(at: index) }
        for index in insertions { names.insert(next[index].name, at: index) }
        #expect(names == next.map(\.name))
        #expect(next.map(\.name) == ["Abe", "Fido", "Lone", "Max", "Rex", "Zed"])
        #expect(deletions == [0])
        #expect(insertions == [0, 5])
    }

    @Test("another realm's commit reaches the observers of a realm on the same file; break ends a stream")
    func acrossRealmsAndBreak() async throws {
        let configuration = memoryConfiguration()
        let observing = try await Realm(configuration: configuration)
        let writing = try await Realm(configuration: configuration)
        let stream = await observing.read { realm in realm.objects(Dog.self).changes() }
        var seen: [String] = []
        for await change in stream {
            seen.append(text(change, \.name))
            if seen.count == 1 {
                try await writing.write { realm in try realm.add(Dog(value: ["name": "Solo", "age": 4])) }
            } else {
                break
            }
        }
        #expect(seen == ["initial []", "update [\"Solo\"] -[] +[0] ~[]"])
        // The loop ended: a later commit is not delivered (the observer is dropped at the next delivery).
        try await writing.write { realm in try realm.add(Dog(value: ["name": "Duo", "age": 4])) }
        #expect(await observing.read { realm in realm.objects(Dog.self).count } == 2)
    }

    @Test("object changes carry old and new values; deletion ends the stream")
    func objectChanges() async throws {
        let realm = try await CollectionQueryTests.makeRealm()
        let stream = await realm.read { realm in realm.object(ofType: Person.self, forPrimaryKey: 1)!.changes() }
        var changes = stream.makeAsyncIterator()
        try await realm.write { realm in
            let ada = realm.object(ofType: Person.self, forPrimaryKey: 1)!
            ada.name = "Ada L"
            ada.age = 36
        }
        guard case .change(let object, let properties)? = await changes.next() else {
            Issue.record("no change")
            return
        }
        #expect(object.isFrozen && object.name == "Ada L")
        #expect(properties.map(\.name) == ["name", "age"])
        #expect(properties[0].oldValue as? String == "Ada" && properties[0].newValue as? String == "Ada L")
        #expect(properties[1].oldValue == nil && properties[1].newValue as? Int == 36)
        try await realm.write { realm in try realm.delete(realm.object(ofType: Person.self, forPrimaryKey: 1)!) }
        guard case .deleted? = await changes.next() else {
            Issue.record("no deletion")
            return
        }
        #expect(await changes.next().map { _ in "element" } == nil)
    }

    @Test("realm.changes() yields an event per commit")
    func realmEvents() async throws {
        let realm = try await CollectionQueryTests.makeRealm()
        var events = await realm.changes().makeAsyncIterator()
        try await realm.write { realm in try realm.add(Dog()) }
        #expect(await events.next() == .didChange)
    }

    @Test("a ThreadSafeReference resolves once in another realm; a deleted object resolves to nil")
    func threadSafeReference() async throws {
        let configuration = memoryConfiguration()
        let first = try await Realm(configuration: configuration)
        let second = try await Realm(configuration: configuration)
        _ = await second.read { realm in realm.objects(Dog.self).count }
        try await first.write { realm in try realm.add(Dog(value: ["name": "Ref", "age": 2])) }
        let (object, results) = try await first.read { realm in
            (
                try ThreadSafeReference(to: realm.objects(Dog.self).first!),
                try ThreadSafeReference(to: realm.objects(Dog.self).filter("age == 2"))
            )
        }
        let resolved = try await second.read { realm in
            (try realm.resolve(object)?.name, try realm.resolve(results)?.count)
        }
        #expect(resolved.0 == "Ref")
        #expect(resolved.1 == 1)
        await #expect(throws: RealmError.self) { try await second.read { realm in _ = try realm.resolve(object) } }
        let gone = try await first.read { realm in try ThreadSafeReference(to: realm.objects(Dog.self).first!) }
        try await first.write { realm in try realm.deleteAll() }
        #expect(try await second.read { realm in try realm.resolve(gone)?.name } == nil)
    }

    @Test("sectioned results: moving an object between sections, creating and emptying sections")
    func sectionedChanges() async throws {
        let realm = try await CollectionQueryTests.makeRealm()
        let stream = await realm.read { realm in
            realm.objects(Dog.self).sectioned(by: { String($0.name.prefix(1)) }, sortDescriptors: ["name"]).changes()
        }
        var changes = stream.makeAsyncIterator()
        func rows(_ sections: SectionedResults<String, Dog>) -> [String] {
            sections.map { "\($0.key):" + $0.map(\.name).joined(separator: ",") }
        }
        guard case .initial(let initial)? = await changes.next() else {
            Issue.record("no initial")
            return
        }
        #expect(rows(initial) == ["B:Bella", "F:Fido", "L:Lone", "M:Max", "R:Rex"])
        // Fido moves to a new section "A"; Lone moves to the existing "B" (emptying "L").
        try await realm.write { realm in
            realm.objects(Dog.self).filter("name == 'Fido'").first!.name = "Arlo"
            realm.objects(Dog.self).filter("name == 'Lone'").first!.name = "Bo"
        }
        guard
            case .update(let sections, let deletions, let insertions, let modifications, let added, let removed)? =
                await changes.next()
        else {
            Issue.record("no update")
            return
        }
        #expect(rows(sections) == ["A:Arlo", "B:Bella,Bo", "M:Max", "R:Rex"])
        #expect(added == IndexSet([0]))
        #expect(removed == IndexSet([1, 2]))
        #expect(deletions.isEmpty)
        #expect(insertions.map { [$0.section, $0.item] } == [[0, 0], [1, 1]])
        #expect(modifications.isEmpty)
        try await realm.write { realm in realm.objects(Dog.self).filter("name == 'Max'").first!.age = 11 }
        guard case .update(_, _, _, let modified, _, _)? = await changes.next() else {
            Issue.record("none")
            return
        }
        #expect(modified.map { [$0.section, $0.item] } == [[2, 0]])
    }

    @Test("map changes are reported by key")
    func mapChanges() async throws {
        let realm = try await MapTests.makeRealm()
        let stream = await realm.read { realm in realm.objects(AllTypes.self).first!.scores.changes() }
        var changes = stream.makeAsyncIterator()
        guard case .initial(let initial)? = await changes.next() else {
            Issue.record("no initial")
            return
        }
        #expect(initial.count == 4)
        try await realm.write { realm in
            let scores = realm.objects(AllTypes.self).first!.scores
            scores["a"] = nil
            scores["b"] = 21
            scores["e"] = 1
        }
        guard case .update(let map, let deletions, let insertions, let modifications)? = await changes.next() else {
            Issue.record("no update")
            return
        }
        #expect(Array(map.keys) == ["b", "c", "d", "e"])
        #expect(deletions == ["a"])
        #expect(insertions == ["e"])
        #expect(modifications == ["b"])
    }

    @Test("autorefresh off keeps a realm at its version until refresh(); realm.changes() says refreshRequired")
    func autorefreshOff() async throws {
        let configuration = memoryConfiguration()
        let still = try await Realm(configuration: configuration)
        let writer = try await Realm(configuration: configuration)
        var events = await still.read { realm in
            realm.autorefresh = false
            _ = realm.objects(Dog.self).count
            return realm.changes()
        }.makeAsyncIterator()
        try await writer.write { realm in try realm.add(Dog()) }
        #expect(await events.next() == .refreshRequired)
        #expect(await still.read { realm in realm.objects(Dog.self).count } == 0)
        #expect(await still.refresh())
        #expect(await events.next() == .didChange)
        #expect(await still.read { realm in realm.objects(Dog.self).count } == 1)
    }

    @Test("another process's commits reach a stream (the crash writer in load mode writes for half a second)")
    func anotherProcess() async throws {
        let directory = TemporaryDirectory()
        let url = directory.url.appendingPathComponent("shared.strata")
        let realm = try await Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [CrashItem.self]))
        let stream = await realm.read { realm in realm.objects(CrashItem.self).sorted(byKeyPath: "id").changes() }
        var changes = stream.makeAsyncIterator()
        guard case .initial(let initial)? = await changes.next() else {
            Issue.record("no initial")
            return
        }
        #expect(initial.isEmpty)
        let output = Pipe()
        let child = try ChildProcess(
            executable: apiCrashWriterPath(),
            arguments: [url.path, "1", "1", "0.5"],
            standardOutput: .pipe(output)
        )
        let reader = output.fileHandleForReading
        let written = try await onThread {
            child.waitUntilExit()
            return acknowledgements(reader).count
        }
        #expect(written > 0)
        // The stream catches up with every object the child wrote; each update applies to the previous payload.
        var ids = initial.map(\.id)
        while ids.count < written {
            guard case .update(let items, let deletions, let insertions, _)? = await changes.next() else { break }
            for index in deletions.reversed() { ids.remove(at: index) }
            for index in insertions { ids.insert(items[index].id, at: index) }
            #expect(ids == items.map(\.id))
        }
        #expect(ids == Array(1...written))
    }

    @Test("two processes write one file alternately, each one's stream seeing the other's commits")
    func twoProcessesAlternate() async throws {
        let directory = TemporaryDirectory()
        let url = directory.url.appendingPathComponent("pingpong.strata")
        let realm = try await Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [CrashItem.self]))
        let rounds = 5
        // This process adds the odd items; the child answers each, seen through its stream, with the next even
        // one, which this stream must then deliver (it writes nothing before it sees item 1, so it may start
        // first). A watchdog cancels the exchange (ending the stream) if it stalls, so a failure cannot hang the
        // suite.
        let output = Pipe()
        let child = try ChildProcess(
            executable: apiCrashWriterPath(),
            arguments: [url.path, "--pingpong", "\(rounds)"],
            standardOutput: .pipe(output)
        )
        // Whatever happens below, the child does not outlive the test.
        defer { if child.isRunning { child.terminate() } }
        let seen = try await withThrowingTaskGroup(of: [Int]?.self) { group in
            group.addTask {
                let stream = await realm.read { realm in realm.objects(CrashItem.self).sorted(byKeyPath: "id").changes()
                }
                var changes = stream.makeAsyncIterator()
                guard case .initial(let initial)? = await changes.next(), initial.isEmpty else { return nil }
                var seen: [Int] = []
                for round in 0..<rounds {
                    let odd = 2 * round + 1
                    try await realm.write { realm in try realm.add(CrashItem.numbered(odd)) }
                    while !seen.contains(odd + 1) {
                        guard case .update(let items, _, let insertions, _)? = await changes.next() else { return seen }
                        seen += insertions.map { items[$0].id }
                    }
                }
                return seen
            }
            group.addTask {
                try await Task.sleep(for: .seconds(120))
                return nil
            }
            let first = try await group.next()!
            group.cancelAll()
            return first
        }
        let complete = seen?.contains(2 * rounds) ?? false
        // The child exits by itself once it has added the last item; only a stalled exchange is cut short.
        if !complete, child.isRunning { child.terminate() }
        child.waitUntilExit()
        #expect(child.terminationStatus == 0)
        #expect(acknowledgements(output) == (1...rounds).map { 2 * $0 })
        #expect(seen?.filter { $0 % 2 == 0 } == (1...rounds).map { 2 * $0 })
        #expect(await realm.read { realm in realm.objects(CrashItem.self).count } == 2 * rounds)
    }

    @Test("a list and a dictionary nested in an AnyRealmValue are observed on their own, by index and by key")
    func nestedCollections() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([MixedBox.self, Dog.self, Person.self]))
        try await realm.write { realm in
            _ = try realm.create(
                MixedBox.self,
                value: ["id": 1, "value": ["scores": AnyRealmValue.fromArray([.int(1), .int(2), .int(3)])]]
            )
        }
        let (listStream, mapStream) = await realm.read { realm in
            let root = realm.object(ofType: MixedBox.self, forPrimaryKey: 1)!.value.dictionaryValue!
            return (root["scores"]!.listValue!.changes(), root.changes())
        }
        var lists = listStream.makeAsyncIterator()
        var maps = mapStream.makeAsyncIterator()
        guard case .initial(let initialList)? = await lists.next(), case .initial(let initialMap)? = await maps.next()
        else {
            Issue.record("no initial")
            return
        }
        #expect(initialList.map(render) == ["1", "2", "3"])
        #expect(initialMap.keys == ["scores"])
        try await realm.write { realm in
            let root = realm.object(ofType: MixedBox.self, forPrimaryKey: 1)!.value.dictionaryValue!
            let scores = root["scores"]!.listValue!
            scores.remove(at: 0)
            scores.append(.int(4))
            root["label"] = .string("x")
        }
        guard case .update(let list, let deletions, let insertions, let modifications)? = await lists.next() else {
            Issue.record("no list update")
            return
        }
        #expect(list.map(render) == ["2", "3", "4"])
        #expect(deletions == [0] && insertions == [2] && modifications == [])
        guard case .update(let map, let removedKeys, let addedKeys, let changedKeys)? = await maps.next() else {
            Issue.record("no map update")
            return
        }
        #expect(map.keys == ["label", "scores"])
        #expect(removedKeys == [] && addedKeys == ["label"] && changedKeys == ["scores"])
        // An assignment at one position is a modification there.
        try await realm.write { realm in
            realm.object(ofType: MixedBox.self, forPrimaryKey: 1)!.value.dictionaryValue!["scores"]!.listValue![1] =
                .int(30)
        }
        guard case .update(let assigned, [], [], [1])? = await lists.next() else {
            Issue.record("no modification at 1")
            return
        }
        #expect(assigned.map(render) == ["2", "30", "4"])
    }
}
