import Dispatch
import Testing

@testable import Strata

// The block forms of observing sectioned results and a section: `observe(keyPaths:on:_:)` with a queue, an actor or
// neither, by property name and by Swift key path, and what invalidating the token stops. The data set is
// SectionedObservationTests.swift's.

extension SectionedObservationTests {
    @Test("observe(on: queue) runs its block on that queue: sectioned results and a section, by name and key path")
    func blocksOnQueue() async throws {
        let realm = try await Self.makeRealm()
        let queue = DispatchQueue(label: "strata.tests.sectioned-observation")
        let inboxes = (0..<4).map { _ in Inbox<String>() }
        let tokens = await realm.read { realm in
            let sections = Self.byFirstLetter(realm)
            let section = sections[key: "a"]
            /// Each change, and whether the block ran on `queue`.
            func post<C>(_ inbox: Inbox<String>, _ rows: @escaping @Sendable (C) -> String)
                -> @Sendable (SectionedResultsChange<C>) -> Void
            {
                { change in
                    dispatchPrecondition(condition: .onQueue(queue))
                    inbox.post(Self.text(change, rows))
                }
            }
            return [
                sections.observe(on: queue, post(inboxes[0], Self.rows)),
                sections.observe(keyPaths: [\Dog.name], on: queue, post(inboxes[1], Self.rows)),
                section.observe(keyPaths: ["name"], on: queue, post(inboxes[2], Self.rows)),
                section.observe(keyPaths: [\Dog.name], on: queue, post(inboxes[3], Self.rows)),
            ]
        }
        let initial = ["a: apple | b: banana box | c: chalk", "a: apple"]
        for (index, inbox) in inboxes.enumerated() { #expect(await inbox.next() == "initial " + initial[index / 2]) }
        try await realm.write(Self.add("any"))
        let update = ["a: any apple | b: banana box | c: chalk +[0.0]", "a: any apple +[0.0]"]
        for (index, inbox) in inboxes.enumerated() { #expect(await inbox.next() == update[index / 2]) }
        for token in tokens { token.invalidate() }
        await realm.close()
    }

    @Test("observe(on: actor) runs its block isolated to the actor; observe without a queue on a task of Strata's")
    func blocksOnActorAndTask() async throws {
        let realm = try await Self.makeRealm()
        let dashboards = (0..<4).map { _ in SectionDashboard() }
        let inbox = Inbox<String>()
        let tokens = await realm.read { realm in
            let sections = Self.byFirstLetter(realm)
            let section = sections[key: "b"]
            // `show` is synchronous: these blocks compile only because they run isolated to their dashboard.
            return [
                sections.observe(on: dashboards[0]) { $0.show(Self.text($1, Self.rows)) },
                sections.observe(keyPaths: [\Dog.age], on: dashboards[1]) { $0.show(Self.text($1, Self.rows)) },
                section.observe(keyPaths: ["age"], on: dashboards[2]) { $0.show(Self.text($1, Self.rows)) },
                section.observe(keyPaths: [\Dog.age], on: dashboards[3]) { $0.show(Self.text($1, Self.rows)) },
                section.observe { inbox.post(Self.text($0, Self.rows)) },
            ]
        }
        let initial = ["a: apple | b: banana box | c: chalk", "b: banana box"]
        for (index, dashboard) in dashboards.enumerated() {
            #expect(await dashboard.inbox.next() == "initial " + initial[index / 2])
        }
        #expect(await inbox.next() == "initial b: banana box")
        try await realm.write(Self.age("box", 5))
        let update = ["a: apple | b: banana box | c: chalk ~[1.1]", "b: banana box ~[1.1]"]
        for (index, dashboard) in dashboards.enumerated() {
            #expect(await dashboard.inbox.next() == update[index / 2])
            #expect(await dashboard.calls == 2)
        }
        #expect(await inbox.next() == "b: banana box ~[1.1]")
        for token in tokens { token.invalidate() }
        await realm.close()
    }

    @Test("Invalidating a token stops its block; another observer of the same section still gets the write")
    func invalidation() async throws {
        let realm = try await Self.makeRealm()
        let queue = DispatchQueue(label: "strata.tests.sectioned-invalidation")
        let (queued, onTask, running) = (Inbox<String>(), Inbox<String>(), Inbox<String>())
        let dashboard = SectionDashboard()
        let (stopped, control) = await realm.read { realm in
            let sections = Self.byFirstLetter(realm)
            let section = sections[key: "a"]
            let stopped = [
                section.observe(on: queue) { queued.post(Self.text($0, Self.rows)) },
                section.observe(on: dashboard) { $0.show(Self.text($1, Self.rows)) },
                sections.observe { onTask.post(Self.text($0, Self.rows)) },
            ]
            return (stopped, section.observe { running.post(Self.text($0, Self.rows)) })
        }
        for inbox in [queued, dashboard.inbox, onTask, running] { _ = await inbox.next() }
        for token in stopped {
            token.invalidate()
            await token.finished()
        }
        try await realm.write(Self.add("any"))
        #expect(await running.next() == "a: any apple +[0.0]")
        queue.sync {}  // any call already sent to the queue has run
        #expect(queued.waiting == 0 && onTask.waiting == 0)
        #expect(await dashboard.calls == 1)
        control.invalidate()
        await realm.close()
    }
}
