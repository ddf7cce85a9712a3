import Foundation
import Strata
import Testing

// Every Swift example of GettingStarted.md, Modeling.md, Notifications.md, Migrations.md, FrozenObjects.md and
// Concurrency.md, copied verbatim so the compiler checks it and a test checks its answer (see
// DocumentationExampleTests.swift, whose `everyExampleIsHere` finds each paragraph of each example in these
// files). An article's models are declared in its suite, so that its `Person` or `Dog` is the article's own;
// the examples that use the models of QueryLanguage.md (Models.swift) use those. The few lines a test cannot
// run as written (a file under /var, a name another test file declares) are listed in
// `DocumentationExampleTests.adaptedLines` with the line that replaces them.

/// What the examples printed, in order (the suite runs its tests one at a time, so the lines are one test's).
private final class PrintedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) { lock.withLock { lines.append(line) } }

    /// Removes and returns the first `count` lines, waiting up to `limit` for them (the lines printed so far when
    /// they do not come).
    func take(_ count: Int, waiting limit: Duration = .seconds(10)) async -> [String] {
        let deadline = ContinuousClock.now + limit
        while lock.withLock({ lines.count }) < count, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        return lock.withLock {
            let taken = Array(lines.prefix(count))
            lines.removeFirst(taken.count)
            return taken
        }
    }

    func removeAll() { lock.withLock { lines.removeAll() } }
}

private let printed = PrintedLines()

/// The articles' examples show their results with `print`; in this file `print` records the line, and each test
/// checks the lines exactly.
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    printed.append(items.map { "\($0)" }.joined(separator: separator))
}

/// Waits until `condition` holds, for up to 10 seconds.
private func eventually(_ condition: @Sendable () async -> Bool) async {
    let deadline = ContinuousClock.now + .seconds(10)
    while await !condition(), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
}

/// Hands the elements of a change stream on to `elements` as soon as they arrive, and counts them, so that a
/// test can wait for one to be taken before it writes again (a commit that arrives while an element waits is
/// coalesced with it, as Notifications.md says). `elements` ends after `limit` elements.
private final class Relay<Element: Sendable>: @unchecked Sendable {
    let elements: AsyncStream<Element>
    private let lock = NSLock()
    private var relayed = 0

    init(_ changes: ChangeStream<Element>, limit: Int) {
        let (elements, continuation) = AsyncStream.makeStream(of: Element.self)
        self.elements = elements
        Task { [self] in
            for await change in changes {
                continuation.yield(change)
                let count = lock.withLock {
                    relayed += 1
                    return relayed
                }
                if count == limit { break }
            }
            continuation.finish()
        }
    }

    /// Waits until `count` elements were relayed.
    func waitFor(_ count: Int) async { await eventually { self.lock.withLock { self.relayed } >= count } }
}

/// A realm whose `read` runs `afterRead` when its block has returned and before it returns itself: where an
/// example's observation has just been registered, and the example goes on at once (to iterate the stream, or to
/// invalidate the token), a test writes there and watches what the example prints.
private struct ObservedRealm {
    let realm: Realm
    let afterRead: @Sendable (Realm) async -> Void

    func read<Result: Sendable>(_ block: @Sendable (isolated Realm) throws -> Result) async rethrows -> Result {
        let result = try await realm.read(block)
        await afterRead(realm)
        return result
    }
}

/// Records `body`'s error as an issue.
private func recording(_ body: () async throws -> Void) async {
    do { try await body() } catch { Issue.record(error) }
}

@Suite("Documentation examples: the articles", .serialized)
struct DocumentationExampleArticleTests {
    init() { printed.removeAll() }
}

// MARK: GettingStarted.md

extension DocumentationExampleArticleTests {
    @Suite("GettingStarted.md")
    struct GettingStarted {
        final class Dog: Object {
            @Persisted var name = ""
            @Persisted var age = 0
            @Persisted(originProperty: "dogs") var owners: LinkingObjects<Person>
        }

        final class Person: Object {
            @Persisted(primaryKey: true) var id: ObjectId
            @Persisted(indexed: true) var name = ""
            @Persisted var dogs: List<Dog>
        }

        /// The migration example's previous version of `Person`, whose `name` was `fullName`.
        enum Version1 {
            final class Person: Object {
                @Persisted(primaryKey: true) var id: ObjectId
                @Persisted var fullName = ""
            }
        }

        @Test("GettingStarted.md: open a realm, write, read and pass a snapshot")
        func openWriteReadSnapshot() async throws {
            let directory = TemporaryDirectory()
            let configuration = Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("app.realm"),
                objectTypes: [Person.self, Dog.self]
            )
            let realm = try await Realm(configuration: configuration)

            try await realm.write { realm in
                let ada = Person(value: ["name": "Ada"])
                ada.dogs.append(Dog(value: ["name": "Rex", "age": 3]))
                try realm.add(ada)
            }
            let names = await realm.read { realm in realm.objects(Person.self).map(\.name) }

            let dogs = try await realm.read { realm in try realm.objects(Dog.self).freeze() }
            let total = await Task.detached { dogs.reduce(0) { $0 + $1.age } }.value

            #expect(names == ["Ada"])
            #expect(total == 3)
            #expect(dogs.isFrozen)
            let owners = await realm.read { realm in realm.objects(Dog.self).map { $0.owners.map(\.name) } }
            #expect(owners == [["Ada"]])
        }

        @Test("GettingStarted.md: migrate a renamed property")
        func migrate() async throws {
            let directory = TemporaryDirectory()
            let file = directory.url.appendingPathComponent("app.realm")
            try await Self.seedVersion1(file)

            var configuration = Realm.Configuration(objectTypes: [Person.self])
            configuration.schemaVersion = 2
            configuration.migrationBlock = { migration, oldSchemaVersion in
                if oldSchemaVersion < 2 {
                    migration.renameProperty(onType: "Person", from: "fullName", to: "name")
                }
            }

            configuration.fileURL = file
            let realm = try await Realm(configuration: configuration)
            let names = await realm.read { realm in realm.objects(Person.self).map(\.name) }
            #expect(names == ["Ada Lovelace"])
            #expect(await realm.schema["Dog"] != nil)
        }

        /// A file of schema version 0 holding one `Person` by its `fullName`.
        static func seedVersion1(_ file: URL) async throws {
            let realm = try await Realm(
                configuration: Realm.Configuration(fileURL: file, objectTypes: [Version1.Person.self])
            )
            try await realm.write { realm in try realm.add(Version1.Person(value: ["fullName": "Ada Lovelace"])) }
            await realm.close()
        }
    }
}

// MARK: Modeling.md

extension DocumentationExampleArticleTests {
    @Suite("Modeling.md")
    struct Modeling {
        final class Person: Object {
            @Persisted(primaryKey: true) var id: ObjectId
            @Persisted(indexed: true) var name = ""
            @Persisted var born: Date?
            @Persisted var address: Address?
            @Persisted var dogs: List<Dog>
            var greeting: String { "Hello, \(name)" }  // not stored
        }

        final class Dog: Object {
            @Persisted var name = ""
            @Persisted var age = 0
            @Persisted(originProperty: "dogs") var owners: LinkingObjects<Person>
        }

        final class Address: EmbeddedObject {
            @Persisted var street = ""
            @Persisted var city = ""
        }

        final class Reading: Object {
            @Persisted var sensor = ""
            @Persisted var value = 0.0
            @Persisted var taken = Date()
            @Persisted var raw: Data?
            @Persisted var price: Decimal128 = 0
            @Persisted var tags: MutableSet<String>
            @Persisted var samples: List<Double?>
            @Persisted var limits: Map<String, Int>
            @Persisted var note: AnyRealmValue
        }

        final class Account: Object {
            @Persisted(primaryKey: true) var email = ""
            @Persisted(indexed: true) var team = ""
            @Persisted var balance = 0
        }

        final class Team: Object {
            @Persisted var name = ""
            @Persisted var members: List<Player>
            @Persisted var captains: Map<String, Player?>
        }

        final class Player: Object {
            @Persisted var name = ""
            @Persisted(originProperty: "members") var teams: LinkingObjects<Team>
        }

        final class Invoice: Object {
            @Persisted(primaryKey: true) var number = 0
            @Persisted var billing: Address?
            @Persisted var lines: List<Line>
        }

        final class Line: EmbeddedObject {
            @Persisted var product = ""
            @Persisted var quantity = 1
        }

        enum Status: String, PersistableEnum {
            case open, inProgress, closed
        }

        final class Ticket: Object {
            @Persisted var title = ""
            @Persisted var status = Status.open
            @Persisted var history: List<Status>
        }

        struct Celsius: CustomPersistable {
            var degrees: Double
            init(persistedValue: Double) { degrees = persistedValue }
            var persistableValue: Double { degrees }
        }

        final class Measurement: Object {
            @Persisted var place = ""
            @Persisted var temperature = Celsius(persistedValue: 20)
        }

        final class Setting: Object {
            @Persisted(primaryKey: true) var key = ""
            @Persisted var value: AnyRealmValue
        }

        final class Customer: Object {
            @Persisted var firstName = ""
            override class func propertiesMapping() -> [String: String] { ["firstName": "first_name"] }
        }

        /// A realm of this article's models, in memory.
        static func makeRealm() async throws -> Realm {
            let types: [ObjectBase.Type] = [
                Person.self, Dog.self, Reading.self, Account.self, Team.self, Player.self, Invoice.self,
                Ticket.self, Measurement.self, Setting.self, Customer.self,
            ]
            return try await Realm(configuration: memoryConfiguration(types))
        }

        @Test("Modeling.md: a model, its configuration and the schema")
        func modelConfigurationAndSchema() async throws {
            let configuration = Realm.Configuration(
                inMemoryIdentifier: UUID().uuidString,
                objectTypes: [Person.self, Dog.self]
            )
            let realm = try await Realm(configuration: configuration)

            let schema = await realm.schema
            for property in schema["Person"]?.properties ?? [] {
                print(property.name, property.type, property.isOptional, property.isIndexed)
            }

            #expect(schema.objectSchema.map(\.className) == ["Address", "Dog", "Person"])
            let lines = await printed.take(5)
            #expect(
                lines == [
                    "id object id false true", "name string false true", "born date true false",
                    "address object true false", "dogs object false false",
                ]
            )
            let person = Person(value: ["name": "Ada"])
            #expect(person.greeting == "Hello, Ada")
            #expect(schema["Person"]?["greeting"] == nil)
        }

        @Test("Modeling.md: property types and their defaults")
        func propertyTypes() async throws {
            let realm = try await Self.makeRealm()
            let reading = Reading()
            #expect(reading.sensor == "" && reading.value == 0 && reading.raw == nil && reading.price == 0)
            #expect(reading.tags.isEmpty && reading.samples.isEmpty && reading.limits.isEmpty)
            #expect(reading.note == .none)
            try await realm.write { realm in
                let reading = Reading(value: ["sensor": "t1", "value": 21.5, "raw": Data([1, 2])])
                reading.tags.insert("indoor")
                reading.samples.append(objectsIn: [1.5, nil])
                reading.limits["high"] = 30
                reading.note = .int(7)
                try realm.add(reading)
            }
            let stored = await realm.read { realm in
                realm.objects(Reading.self).map {
                    "\($0.sensor) \($0.value) \($0.raw?.count ?? 0) \(Array($0.tags)) \(Array($0.samples)) "
                        + "\($0.limits["high"] ?? 0) \($0.note)"
                }
            }
            #expect(stored == ["t1 21.5 2 [\"indoor\"] [Optional(1.5), nil] 30 \(AnyRealmValue.int(7))"])
        }

        @Test("Modeling.md: primary keys and update policies")
        func primaryKeys() async throws {
            let realm = try await Self.makeRealm()

            try await realm.write { realm in
                try realm.add(Account(value: ["email": "ada@example.com", "team": "core"]))
                try realm.add(Account(value: ["email": "ada@example.com", "team": "ops"]), update: .modified)
            }

            let teams = await realm.read { realm in realm.objects(Account.self).map(\.team) }
            #expect(teams == ["ops"])
            await expectError(RealmError.self) {
                try await realm.write { realm in
                    try realm.add(Account(value: ["email": "ada@example.com", "team": "qa"]))
                }
            }
        }

        @Test("Modeling.md: creating objects")
        func creatingObjects() async throws {
            let realm = try await Self.makeRealm()

            try await realm.write { realm in
                let rex = Dog(value: ["name": "Rex", "age": 3])
                let fido = Dog(value: ["Fido", 5])  // name, age
                let ada = Person()
                ada.name = "Ada"
                ada.dogs.append(objectsIn: [rex, fido])
                try realm.add(ada)  // adds the dogs too
                try realm.create(Dog.self, value: ["name": "Spot"])
            }

            let dogs = await realm.read { realm in realm.objects(Dog.self).map { "\($0.name) \($0.age)" } }
            let owned = await realm.read { realm in realm.objects(Person.self).first?.dogs.map(\.name) }
            #expect(dogs == ["Rex 3", "Fido 5", "Spot 0"])
            #expect(owned == ["Rex", "Fido"])
        }

        @Test("Modeling.md: links and inverse relationships")
        func links() async throws {
            let realm = try await Self.makeRealm()
            try await realm.write { realm in
                let (ann, bo) = (Player(value: ["name": "Ann"]), Player(value: ["name": "Bo"]))
                let team = Team(value: ["name": "Reds"])
                team.members.append(objectsIn: [ann, bo])
                team.captains["home"] = ann
                try realm.add(team)
            }
            try await realm.write { realm in try realm.delete(realm.objects(Player.self).filter("name == 'Ann'")) }
            let state = await realm.read { realm in
                let team = realm.objects(Team.self)[0]
                return (
                    team.members.map(\.name), team.captains.count, (team.captains["home"] ?? nil)?.name,
                    realm.objects(Player.self).map { $0.teams.map(\.name) }
                )
            }
            #expect(state.0 == ["Bo"])
            #expect(state.1 == 1)
            #expect(state.2 == nil)
            #expect(state.3 == [["Reds"]])
        }

        @Test("Modeling.md: identity and equality")
        func identityAndEquality() async throws {
            let realm = try await Self.makeRealm()
            let (equal, same) = try await realm.write { realm in
                let dog = try realm.create(Dog.self, value: ["name": "Rex"])  // Dog has no primary key
                let fetched = realm.objects(Dog.self).first!
                return (dog == fetched, dog.isSameObject(as: fetched))
            }
            #expect(!equal)
            #expect(same)
        }

        @Test("Modeling.md: embedded objects")
        func embeddedObjects() async throws {
            let realm = try await Self.makeRealm()

            try await realm.write { realm in
                let invoice = Invoice(value: ["number": 1])
                invoice.billing = Address(value: ["street": "1 Main St", "city": "Oslo"])
                invoice.lines.append(Line(value: ["product": "tea", "quantity": 2]))
                try realm.add(invoice)
                invoice.lines.remove(at: 0)  // the removed line is deleted
            }

            let invoice = await realm.read { realm in
                realm.objects(Invoice.self).map { "\($0.number) \($0.billing?.city ?? "") \($0.lines.count)" }
            }
            #expect(invoice == ["1 Oslo 0"])
            await expectError(RealmError.self) {
                try await realm.write { realm in try realm.add(Line(value: ["product": "milk"])) }
            }
        }

        @Test("Modeling.md: enums")
        func enums() async throws {
            let realm = try await Self.makeRealm()
            try await realm.write { realm in
                try realm.add(Ticket(value: ["title": "a"]))
                try realm.add(Ticket(value: ["title": "b", "status": Status.closed]))
                let ticket = Ticket(value: ["title": "c", "status": Status.inProgress])
                ticket.history.append(objectsIn: [.open, .inProgress])
                try realm.add(ticket)
            }

            let open = await realm.read { realm in
                realm.objects(Ticket.self).where { $0.status == .open }.count
            }

            #expect(open == 1)
            let history = await realm.read { realm in realm.objects(Ticket.self).map { Array($0.history) } }
            #expect(history == [[], [], [.open, .inProgress]])
        }

        @Test("Modeling.md: a type of your own")
        func customPersistable() async throws {
            let realm = try await Self.makeRealm()
            try await realm.write { realm in
                try realm.add(Measurement(value: ["place": "Oslo"]))
                let bergen = Measurement(value: ["place": "Bergen"])
                bergen.temperature = Celsius(persistedValue: 11.5)
                try realm.add(bergen)
            }
            let warm = await realm.read { realm in
                realm.objects(Measurement.self).filter("temperature > 15").map(\.place)
            }
            let degrees = await realm.read { realm in realm.objects(Measurement.self).map(\.temperature.degrees) }
            #expect(warm == ["Oslo"])
            #expect(degrees == [20, 11.5])
        }

        @Test("Modeling.md: mixed values")
        func mixedValues() async throws {
            let realm = try await Self.makeRealm()

            try await realm.write { realm in
                let setting = Setting(value: ["key": "theme"])
                setting.value = .string("dark")
                try realm.add(setting)
                setting.value = .fromDictionary(["name": .string("dark"), "contrast": .int(2)])
            }

            let value = await realm.read { realm in
                let value = realm.object(ofType: Setting.self, forPrimaryKey: "theme")?.value
                return value?.dictionaryValue.map { dictionary in dictionary.map { "\($0.key)=\($0.value)" } }
            }
            #expect(value == ["contrast=\(AnyRealmValue.int(2))", "name=\(AnyRealmValue.string("dark"))"])
        }

        @Test("Modeling.md: names in the file")
        func namesInTheFile() async throws {
            let realm = try await Self.makeRealm()
            try await realm.write { realm in try realm.add(Customer(value: ["firstName": "Ada"])) }
            let found = await realm.read { realm in realm.objects(Customer.self).filter("firstName == 'Ada'").count }
            let stored = await realm.read { realm in
                realm.objects(Customer.self)[0].objectSchema.properties[0].columnName
            }
            #expect(found == 1)
            #expect(stored == "first_name")
            #expect(Customer.propertiesMapping() == ["firstName": "first_name"])
        }
    }
}

// MARK: Notifications.md

extension DocumentationExampleArticleTests {
    @Suite("Notifications.md")
    struct Notifications {
        /// QueryLanguage.md's models (Models.swift), with two dogs: Rex (3) and Fido (1).
        static func makeRealm() async throws -> Realm {
            let realm = try await Realm(configuration: memoryConfiguration())
            try await realm.write { realm in
                try realm.add(Dog(value: ["name": "Rex", "age": 3]))
                try realm.add(Dog(value: ["name": "Fido", "age": 1]))
            }
            return realm
        }

        @Test("Notifications.md: a stream of changes, and ending it")
        func streamAndEnd() async throws {
            let realm = try await Self.makeRealm()

            let changes = await realm.read { realm in
                realm.objects(Dog.self).where { $0.age > 2 }.sorted(byKeyPath: "name").changes()
            }
            let watcher = Task {
                for await change in changes {
                    switch change {
                    case .initial(let dogs):
                        print("watching \(dogs.count) dogs")
                    case .update(let dogs, let deletions, let insertions, let modifications):
                        print(dogs.map(\.name), deletions, insertions, modifications)
                    case .error(let error):
                        print(error)
                    }
                }
            }

            #expect(await printed.take(1) == ["watching 1 dogs"])
            try await realm.write { realm in try realm.add(Dog(value: ["name": "Bella", "age": 4])) }
            #expect(await printed.take(1) == ["[\"Bella\", \"Rex\"] [] [0] []"])
            try await realm.write { realm in realm.objects(Dog.self).filter("name == 'Rex'")[0].age = 5 }
            #expect(await printed.take(1) == ["[\"Bella\", \"Rex\"] [] [] [1]"])

            watcher.cancel()  // the loop ends; the observer is gone
            await realm.close()  // or: every stream of this realm ends

            await watcher.value
            #expect(await printed.take(1, waiting: .milliseconds(200)) == [])
        }

        @Test("Notifications.md: applying deletions and insertions keeps a copy in step")
        func keepingACopy() async throws {
            let realm = try await Self.makeRealm()
            try await realm.write { realm in try realm.add(Dog(value: ["name": "Max", "age": 5])) }
            let stream = await realm.read { realm in realm.objects(Dog.self).sorted(byKeyPath: "name").changes() }
            let relay = Relay(stream, limit: 2)
            let changes = relay.elements
            let loop = Task {
                var names: [String] = []
                for await change in changes {
                    switch change {
                    case .initial(let dogs):
                        names = dogs.map(\.name)
                    case .update(let dogs, let deletions, let insertions, _):
                        for index in deletions.reversed() { names.remove(at: index) }
                        for index in insertions { names.insert(dogs[index].name, at: index) }
                    case .error:
                        break
                    }
                }
                return names
            }
            await relay.waitFor(1)
            try await realm.write { realm in
                // [Fido, Max, Rex] becomes [Ace, Bella, Max]: a deletion, a move and an insertion.
                try realm.delete(realm.objects(Dog.self).filter("name == 'Fido'"))
                realm.objects(Dog.self).filter("name == 'Rex'")[0].name = "Ace"
                try realm.add(Dog(value: ["name": "Bella", "age": 2]))
            }
            let names = await loop.value
            #expect(names == ["Ace", "Bella", "Max"])
        }

        @Test("Notifications.md: the changes of one object")
        func objectChanges() async throws {
            // Once the observation is registered: Rex turns 4, then is deleted, which ends the stream.
            let realm = ObservedRealm(realm: try await Self.makeRealm()) { realm in
                Task {
                    await recording {
                        try await realm.write { realm in realm.objects(Dog.self).filter("name == 'Rex'")[0].age = 4 }
                        #expect(await printed.take(1) == ["Rex [\"age: 3 → 4\"]"])
                        try await realm.write { realm in
                            try realm.delete(realm.objects(Dog.self).filter("name == 'Rex'"))
                        }
                    }
                }
            }

            let dogChanges = try await realm.read { realm in
                guard let rex = realm.objects(Dog.self).where({ $0.name == "Rex" }).first else {
                    throw RealmError.invalidValue("no Rex")
                }
                return rex.changes(keyPaths: ["age"])
            }
            for await change in dogChanges {
                switch change {
                case .change(let dog, let properties):
                    print(dog.name, properties.map { "\($0.name): \($0.oldValue ?? "nil") → \($0.newValue ?? "nil")" })
                case .deleted:
                    print("deleted")
                case .error(let error):
                    print(error)
                }
            }

            #expect(await printed.take(1) == ["deleted"])
        }

        @Test("Notifications.md: key paths")
        func keyPaths() async throws {
            let realm = try await Realm(configuration: memoryConfiguration())
            try await realm.write { realm in
                let ada = Person(value: ["id": 1, "name": "Ada", "age": 36])
                ada.dogs.append(Dog(value: ["name": "Rex"]))
                try realm.add(ada)
            }

            let renamed = await realm.read { realm in
                realm.objects(Person.self).changes(keyPaths: ["name", "dogs.name"])
            }
            let typed = await realm.read { realm in
                realm.objects(Person.self).changes(keyPaths: [\Person.name])
            }
            let adaAndHerDogs = await realm.read { realm in
                realm.object(ofType: Person.self, forPrimaryKey: 1)!.changes(keyPaths: ["name", "dogs.name"])
            }

            let byName = Relay(renamed, limit: 2)
            let byKeyPath = Relay(typed, limit: 2)
            await byName.waitFor(1)
            await byKeyPath.waitFor(1)
            try await realm.write { realm in realm.objects(Person.self)[0].age = 37 }
            try await realm.write { realm in realm.objects(Dog.self)[0].name = "Max" }
            try await realm.write { realm in realm.objects(Person.self)[0].name = "Ada L." }
            var modifications: [[Int]] = []
            for relay in [byName, byKeyPath] {
                for await change in relay.elements {
                    if case .update(_, _, _, let modified) = change { modifications.append(modified) }
                }
            }
            // `renamed` sees the dog's new name and then Ada's; `typed` only Ada's. The age changes neither.
            #expect(modifications == [[0], [0]])
            // Ada's own stream, not read until now, has the three writes in one change: her name and her dogs'.
            var adaChanges = adaAndHerDogs.makeAsyncIterator()
            guard case .change(_, let properties)? = await adaChanges.next() else {
                Issue.record("no change of Ada")
                return
            }
            #expect(properties.map(\.name) == ["name", "dogs"])
        }

        @Test("Notifications.md: an observer block and its token")
        func observerBlock() async throws {
            // Once the block is registered: Bella is added (after the block took its `.initial`).
            let realm = ObservedRealm(realm: try await Self.makeRealm()) { realm in
                await recording {
                    try await Task.sleep(for: .milliseconds(100))
                    try await realm.write { realm in try realm.add(Dog(value: ["name": "Bella", "age": 4])) }
                    #expect(await printed.take(1) == ["3 [2]"])
                }
            }

            let token = await realm.read { realm in
                realm.objects(Dog.self).observe(keyPaths: ["age"]) { change in
                    if case .update(let dogs, _, let insertions, _) = change { print(dogs.count, insertions) }
                }
            }
            // …
            token.invalidate()

            try await realm.realm.write { realm in try realm.add(Dog(value: ["name": "Max", "age": 5])) }
            #expect(await printed.take(1, waiting: .milliseconds(200)) == [])
        }

        @Test("Notifications.md: skipping a write's notifications")
        func skippingAWrite() async throws {
            let realm = try await Self.makeRealm()

            let token = await realm.read { realm in
                realm.objects(Dog.self).observe { change in print(change) }
            }
            // The list on screen already shows the new dog.
            try await realm.write(withoutNotifying: [token]) { realm in
                try realm.add(Dog(value: ["name": "Rex"]))
            }

            // The block prints its `.initial` (taken before or after the skipped write), then only the next write.
            try await realm.write { realm in try realm.add(Dog(value: ["name": "Max", "age": 5])) }
            let lines = await printed.take(2)
            #expect(lines.count == 2 && lines[0].hasPrefix("initial("))
            #expect(lines.count == 2 && lines[1].hasPrefix("update(") && lines[1].contains("insertions: [3]"))
            #expect(await printed.take(1, waiting: .milliseconds(200)) == [])
            token.invalidate()
        }

        @Test("Notifications.md: observing one section")
        func observingOneSection() async throws {
            // Fido (1) is the one puppy. Bella (1) joins; Rex's move from 3 to 4 is silent for section 1; Fido
            // leaves; then Bella, and the section with her. Closing the realm ends the loop.
            let realm = ObservedRealm(realm: try await Self.makeRealm()) { realm in
                Task {
                    await recording {
                        #expect(await printed.take(1) == ["1 puppies"])
                        try await realm.write { realm in try realm.add(Dog(value: ["name": "Bella", "age": 1])) }
                        #expect(await printed.take(1) == ["[\"Fido\", \"Bella\"] [] [1]"])
                        try await realm.write { realm in realm.objects(Dog.self).filter("name == 'Rex'")[0].age = 4 }
                        try await realm.write { realm in realm.objects(Dog.self).filter("name == 'Fido'")[0].age = 2 }
                        #expect(await printed.take(1) == ["[\"Bella\"] [0] []"])
                        try await realm.write { realm in try realm.delete(realm.objects(Dog.self).filter("age == 1")) }
                        #expect(await printed.take(1) == ["no puppies left"])
                    }
                    await realm.close()
                }
            }

            let puppies = await realm.read { realm in
                realm.objects(Dog.self).sectioned(by: \.age, ascending: true)[key: 1].changes()
            }
            for await change in puppies {
                switch change {
                case .initial(let section):
                    print("\(section.count) puppies")
                case .update(_, _, _, _, _, let sectionsToDelete) where !sectionsToDelete.isEmpty:
                    print("no puppies left")
                case .update(let section, let deletions, let insertions, _, _, _):
                    print(section.map(\.name), deletions.map(\.item), insertions.map(\.item))
                }
            }
        }

        @Test("Notifications.md: an observer block on an actor")
        func observerOnActor() async throws {
            let realm = try await Self.makeRealm()

            actor Dashboard {
                var dogCount = 0
                func show(_ count: Int) { dogCount = count }
            }
            let dashboard = Dashboard()
            let token = await realm.read { realm in
                realm.objects(Dog.self).observe(on: dashboard) { dashboard, change in
                    if case .update(let dogs, _, _, _) = change { dashboard.show(dogs.count) }
                }
            }

            try await Task.sleep(for: .milliseconds(100))  // the block takes its `.initial` first
            try await realm.write { realm in try realm.add(Dog(value: ["name": "Bella", "age": 4])) }
            await eventually { await dashboard.dogCount == 3 }
            #expect(await dashboard.dogCount == 3)
            token.invalidate()
        }
    }
}

// MARK: Migrations.md

extension DocumentationExampleArticleTests {
    @Suite("Migrations.md")
    struct Migrations {
        @Suite("Migrations.md: to version 2")
        struct ToVersion2 {
            final class Person: Object {
                @Persisted var name = ""
            }

            final class Dog: Object {
                @Persisted var name = ""
                @Persisted var age = 0
            }

            /// The models of schema version 0: `Person.name` was `fullName`, `Dog.age` was `years`.
            enum Version0 {
                final class Person: Object {
                    @Persisted var fullName = ""
                }

                final class Dog: Object {
                    @Persisted var name = ""
                    @Persisted var years = 0
                }
            }

            @Test("Migrations.md: renaming a property and rewriting values, version by version")
            func migrate() async throws {
                let directory = TemporaryDirectory()
                let file = directory.url.appendingPathComponent("app.realm")
                do {
                    let old = try await Realm(
                        configuration: Realm.Configuration(
                            fileURL: file,
                            objectTypes: [Version0.Person.self, Version0.Dog.self]
                        )
                    )
                    try await old.write { realm in
                        try realm.add(Version0.Person(value: ["fullName": "Ada Lovelace"]))
                        try realm.add(Version0.Dog(value: ["name": "Rex", "years": 3]))
                    }
                    await old.close()
                }

                var configuration = Realm.Configuration(fileURL: file, objectTypes: [Person.self, Dog.self])
                configuration.schemaVersion = 2
                configuration.migrationBlock = { migration, oldSchemaVersion in
                    if oldSchemaVersion < 1 {
                        migration.renameProperty(onType: "Person", from: "fullName", to: "name")
                    }
                    if oldSchemaVersion < 2 {
                        migration.enumerateObjects(ofType: "Dog") { oldObject, newObject in
                            let years = oldObject?["years"] as? Int ?? 0
                            newObject?["age"] = years
                        }
                    }
                }
                let realm = try await Realm(configuration: configuration)

                let people = await realm.read { realm in realm.objects(Person.self).map(\.name) }
                let dogs = await realm.read { realm in realm.objects(Dog.self).map { "\($0.name) \($0.age)" } }
                #expect(people == ["Ada Lovelace"])
                #expect(dogs == ["Rex 3"])
                #expect(try schemaVersionAtURL(file) == 2)
            }
        }

        @Suite("Migrations.md: to version 3")
        struct ToVersion3 {
            final class Person: Object {
                @Persisted var firstName = ""
                @Persisted var lastName = ""
                @Persisted var age = ""
            }

            final class Tag: Object {
                @Persisted var label = ""
            }

            /// The model of schema version 2.
            enum Version2 {
                final class Person: Object {
                    @Persisted var name = ""
                    @Persisted var age = 0
                }
            }

            @Test("Migrations.md: splitting a property, changing a type, deleting and creating objects")
            func migrate() async throws {
                let directory = TemporaryDirectory()
                let file = directory.url.appendingPathComponent("app.realm")
                do {
                    var old = Realm.Configuration(fileURL: file, objectTypes: [Version2.Person.self])
                    old.schemaVersion = 2
                    let realm = try await Realm(configuration: old)
                    try await realm.write { realm in
                        try realm.add(Version2.Person(value: ["name": "Ada Lovelace", "age": 36]))
                        try realm.add(Version2.Person(value: ["name": "Plato", "age": 80]))
                        try realm.add(Version2.Person(value: ["name": "", "age": 1]))
                    }
                    await realm.close()
                }
                var configuration = Realm.Configuration(fileURL: file, objectTypes: [Person.self, Tag.self])

                configuration.schemaVersion = 3
                configuration.migrationBlock = { migration, oldSchemaVersion in
                    guard oldSchemaVersion < 3 else { return }
                    // Person.name was split into firstName and lastName; Person.age became a String.
                    migration.enumerateObjects(ofType: "Person") { oldObject, newObject in
                        let parts = (oldObject?["name"] as? String ?? "").split(separator: " ", maxSplits: 1)
                        newObject?["firstName"] = parts.first.map(String.init) ?? ""
                        newObject?["lastName"] = parts.count > 1 ? String(parts[1]) : ""
                        newObject?["age"] = "\(oldObject?["age"] as? Int ?? 0)"
                        if (oldObject?["name"] as? String)?.isEmpty ?? true, let newObject {
                            migration.delete(newObject)
                        }
                    }
                    migration.create("Tag", value: ["label": "migrated"])
                }

                let realm = try await Realm(configuration: configuration)
                let people = await realm.read { realm in
                    realm.objects(Person.self).map { "\($0.firstName)|\($0.lastName)|\($0.age)" }
                }
                let tags = await realm.read { realm in realm.objects(Tag.self).map(\.label) }
                #expect(people == ["Ada|Lovelace|36", "Plato||80"])
                #expect(tags == ["migrated"])
            }
        }

        @Suite("Migrations.md: values in a migration")
        struct Values {
            final class Person: Object {
                @Persisted var dogs: List<Dog>
                @Persisted var bestFriend: Dog?
            }

            final class Dog: Object {
                @Persisted var name = ""
            }

            /// The model before: a person's dogs were names.
            enum Before {
                final class Person: Object {
                    @Persisted var dogNames: List<String>
                }
            }

            @Test("Migrations.md: a new object's list of objects is live, an old object's list of values is typed")
            func migrate() async throws {
                let directory = TemporaryDirectory()
                let file = directory.url.appendingPathComponent("app.realm")
                do {
                    let old = try await Realm(
                        configuration: Realm.Configuration(fileURL: file, objectTypes: [Before.Person.self])
                    )
                    try await old.write { realm in
                        try realm.add(Before.Person(value: ["dogNames": ["Rex", "Fido"]]))
                    }
                    await old.close()
                }
                var configuration = Realm.Configuration(fileURL: file, objectTypes: [Person.self, Dog.self])
                configuration.schemaVersion = 1
                configuration.migrationBlock = { migration, _ in
                    migration.enumerateObjects(ofType: "Person") { oldObject, newObject in
                        guard let oldObject, let newObject else { return }
                        let dogs = newObject["dogs"] as! List<MigrationObject>
                        for name in oldObject["dogNames"] as! List<String> {
                            dogs.append(migration.create("Dog", value: ["name": name]))
                        }
                        newObject["bestFriend"] = dogs.first
                    }
                }
                let realm = try await Realm(configuration: configuration)
                let person = await realm.read { realm in
                    let person = realm.objects(Person.self)[0]
                    return "\(person.dogs.map(\.name)) \(person.bestFriend?.name ?? "nil")"
                }
                #expect(person == "[\"Rex\", \"Fido\"] Rex")
            }
        }

        @Suite("Migrations.md: starting over")
        struct StartingOver {
            final class CachedPage: Object {
                @Persisted(primaryKey: true) var url = ""
                @Persisted var html = ""
            }

            /// The cache's previous model, which had no `html`.
            enum Previous {
                final class CachedPage: Object {
                    @Persisted(primaryKey: true) var url = ""
                }
            }

            @Test("Migrations.md: deleteRealmIfMigrationNeeded starts the file over")
            func deleteIfNeeded() async throws {
                let directory = TemporaryDirectory()
                do {
                    let file = directory.url.appendingPathComponent("cache.realm")
                    let old = try await Realm(
                        configuration: Realm.Configuration(fileURL: file, objectTypes: [Previous.CachedPage.self])
                    )
                    try await old.write { realm in try realm.add(Previous.CachedPage(value: ["url": "/a"])) }
                    await old.close()
                }

                var cache = Realm.Configuration(
                    fileURL: directory.url.appendingPathComponent("cache.realm"),
                    objectTypes: [CachedPage.self]
                )
                cache.deleteRealmIfMigrationNeeded = true

                let realm = try await Realm(configuration: cache)
                #expect(await realm.read { realm in realm.objects(CachedPage.self).count } == 0)
                #expect(await realm.schema["CachedPage"]?["html"] != nil)
            }
        }
    }
}

// MARK: FrozenObjects.md

extension DocumentationExampleArticleTests {
    @Suite("FrozenObjects.md")
    struct FrozenObjects {
        /// QueryLanguage.md's models (Models.swift): three people and four dogs.
        static func makeRealm() async throws -> Realm {
            let realm = try await Realm(configuration: memoryConfiguration())
            try await realm.write { realm in
                for (id, name, age) in [(1, "Zoe", 40), (2, "Bob", 17), (3, "Ada", 36)] {
                    try realm.add(Person(value: ["id": id, "name": name, "age": age]))
                }
                for (name, age) in [("Rex", 3), ("Old Yeller", 14), ("Fido", 1), ("Lassie", 13)] {
                    try realm.add(Dog(value: ["name": name, "age": age]))
                }
            }
            return realm
        }

        @Test("FrozenObjects.md: freezing results and reading them in another task")
        func freezeAndRead() async throws {
            let realm = try await Self.makeRealm()

            let adults = try await realm.read { realm in
                try realm.objects(Person.self).where { $0.age >= 18 }.sorted(byKeyPath: "name").freeze()
            }
            let names = await Task.detached { adults.map(\.name) }.value

            #expect(names == ["Ada", "Zoe"])
            #expect(adults.isFrozen)
        }

        @Test("FrozenObjects.md: parallel reads, a frozen realm and thawing")
        func parallelFrozenRealmAndThaw() async throws {
            let realm = try await Self.makeRealm()

            let snapshot = try await realm.read { realm in try realm.objects(Dog.self).freeze() }

            let totalAge = await withTaskGroup(of: Int.self) { group in
                for half in [0..<snapshot.count / 2, snapshot.count / 2..<snapshot.count] {
                    group.addTask { half.reduce(0) { $0 + snapshot[$1].age } }
                }
                return await group.reduce(0, +)
            }

            let frozenRealm = try await realm.read { realm in try realm.freeze() }
            let dogs = await frozenRealm.objects(Dog.self)  // frozen results
            print(dogs.count, dogs.map(\.name))  // no await: frozen results are read anywhere

            try await realm.write { realm in
                for dog in snapshot where dog.age > 12 {
                    dog.thaw()?.age = 12
                }
            }

            #expect(totalAge == 31)
            #expect(await printed.take(1) == ["4 [\"Rex\", \"Old Yeller\", \"Fido\", \"Lassie\"]"])
            #expect(dogs.isFrozen)
            #expect(await frozenRealm.refresh() == false)
            let ages = await realm.read { realm in realm.objects(Dog.self).map(\.age) }
            #expect(ages == [3, 12, 1, 12])
            #expect(snapshot.map(\.age) == [3, 14, 1, 13])

            let live = try await frozenRealm.thaw()
            try await live.write { realm in try realm.add(Dog()) }

            #expect(!live.isFrozen)
            #expect(await live.read { realm in realm.objects(Dog.self).count } == 5)
            #expect(dogs.count == 4)
        }
    }
}

// MARK: Concurrency.md

/// Concurrency.md's counter of a server's hits ("One realm, many tasks").
final class Counter: Object {
    @Persisted(primaryKey: true) var name = ""
    @Persisted var value = 0
}

/// Concurrency.md's messages a server lists ("One realm, many tasks").
final class Message: Object {
    @Persisted var text = ""
    @Persisted var date = Date()
}

/// Concurrency.md's helper taking `isolated Realm`.
func seed(_ realm: isolated Realm, names: [String]) throws {
    for (age, name) in names.enumerated() {
        try realm.add(Dog(value: ["name": name, "age": age]))
    }
}

// Concurrency.md names its helper `dogNames()`, which IsolationTests.swift declares already.
extension Realm {
    func articleDogNames() -> [String] {
        objects(Dog.self).sorted(byKeyPath: "name").map(\.name)
    }
}

/// Concurrency.md's server: runs until `runServer(with:)` returns or throws, then closes its realm.
func serve(_ configuration: Realm.Configuration) async throws {
    let realm = try await Realm(configuration: configuration)
    do {
        try await runServer(with: realm)
    } catch {
        await realm.close()
        throw error
    }
    await realm.close()
}

/// The server `serve(_:)` runs: one write, or an error when the realm already holds the dog it writes.
func runServer(with realm: Realm) async throws {
    try await realm.write { realm in
        guard realm.objects(Dog.self).filter("name == 'Served'").isEmpty else {
            throw RealmError.invalidValue("served twice")
        }
        try realm.add(Dog(value: ["name": "Served"]))
    }
}

extension DocumentationExampleArticleTests {
    @Suite("Concurrency.md")
    struct Concurrency {
        @Test("Concurrency.md: a realm is an actor, one per initializer call")
        func realmIsAnActor() async throws {
            let directory = TemporaryDirectory()

            let configuration = Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("app.realm"),
                objectTypes: [Person.self, Dog.self]
            )
            let realm = try await Realm(configuration: configuration)
            let other = try await Realm(configuration: configuration)
            print(realm == other)  // false: two actors over one file
            print(realm.configuration)  // nonisolated: no await needed

            #expect(await printed.take(2) == ["false", "\(configuration)"])
        }

        @Test("Concurrency.md: a batch job on the realm's thread")
        func batchJobOnTheRealmsThread() async throws {
            let realm = try await Realm(configuration: memoryConfiguration())
            let batches = [["Rex", "Fido"], ["Lassie"]]

            try await withTaskExecutorPreference(realm.taskExecutor) {
                for names in batches {
                    try await realm.write { realm in
                        for name in names { try realm.add(Dog(value: ["name": name])) }
                    }
                }
            }

            let names = await realm.read { realm in realm.objects(Dog.self).sorted(byKeyPath: "name").map(\.name) }
            #expect(names == ["Fido", "Lassie", "Rex"])
        }

        @Test("Concurrency.md: write and read blocks, and isolated helpers")
        func blocksAndHelpers() async throws {
            let realm = try await Realm(configuration: memoryConfiguration())

            try await realm.write { realm in
                let ada = Person(value: ["name": "Ada"])
                ada.dogs.append(Dog(value: ["name": "Rex", "age": 3]))
                try realm.add(ada)
            }
            let names = await realm.read { realm in
                realm.objects(Person.self).sorted(byKeyPath: "name").map(\.name)
            }

            #expect(names == ["Ada"])
            #expect(try await Self.helpers(realm) == ["Fido", "Rex", "Rex"])
            #expect(await printed.take(1) == ["[\"Fido\", \"Rex\", \"Rex\"]"])
        }

        /// The helpers example, on a realm holding Rex: adds Rex and Fido, and returns the names.
        static func helpers(_ realm: Realm) async throws -> [String] {
            try await realm.write { realm in
                try seed(realm, names: ["Rex", "Fido"])
                print(realm.articleDogNames())
            }
            let names = await realm.articleDogNames()
            return names
        }

        @Test("Concurrency.md: awaiting the realm from outside")
        func awaitingFromOutside() async throws {
            let realm = try await Realm(configuration: memoryConfiguration())

            let empty = await realm.isEmpty
            let moved = await realm.refresh()  // true if a newer version was there
            await realm.invalidate()

            try await realm.beginWrite()
            try await realm.add(Dog(value: ["name": "Bella"]))
            try await realm.commitWrite()

            #expect(empty)
            #expect(!moved)
            #expect(await realm.read { realm in realm.objects(Dog.self).map(\.name) } == ["Bella"])
        }

        @Test("Concurrency.md: one realm, many tasks")
        func oneRealmManyTasks() async throws {
            let directory = TemporaryDirectory()
            let configuration = Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("server.realm"),
                objectTypes: [Counter.self, Message.self]
            )
            let realm = try await Realm(configuration: configuration)  // once, at start-up
            try await realm.write { realm in
                try realm.add(Counter(value: ["name": "hits"]))
                try realm.add(Message(value: ["text": "hello", "date": Date(timeIntervalSince1970: 1)]))
            }
            let frozen = try await withThrowingTaskGroup(of: Results<Message>.self) { group in
                for _ in 0..<16 {
                    group.addTask { try await Self.handleRequest(realm) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(frozen.count == 16)
            #expect(frozen.allSatisfy { $0.map(\.text) == ["hello"] })
            #expect(await realm.read { $0.object(ofType: Counter.self, forPrimaryKey: "hits")?.value } == 16)
        }

        /// A request handler of "One realm, many tasks".
        static func handleRequest(_ realm: Realm) async throws -> Results<Message> {
            try await realm.write { realm in
                let counter = realm.object(ofType: Counter.self, forPrimaryKey: "hits")!
                counter.value += 1
            }
            let recent = try await realm.read { realm in
                try realm.objects(Message.self).sorted(byKeyPath: "date", ascending: false).freeze()
            }
            return recent
        }

        @Test("Concurrency.md: frozen snapshots, a frozen realm and thawing")
        func frozenSnapshots() async throws {
            let realm = try await Realm(configuration: memoryConfiguration())
            try await realm.write { realm in
                let ada = Person(value: ["id": 1, "name": "Ada"])
                ada.dogs.append(objectsIn: [
                    Dog(value: ["name": "Rex", "age": 3]), Dog(value: ["name": "Max", "age": 12]),
                ])
                let bob = Person(value: ["id": 2, "name": "Bob"])
                bob.dogs.append(Dog(value: ["name": "Fido", "age": 11]))
                try realm.add([ada, bob, Person(value: ["id": 3, "name": "Cy"])])
            }

            let people = try await realm.read { realm in
                try realm.objects(Person.self).sorted(byKeyPath: "name").freeze()
            }
            let dogCounts = await withTaskGroup(of: Int.self) { group in
                for slice in [0..<people.count / 2, people.count / 2..<people.count] {
                    group.addTask { slice.reduce(0) { $0 + people[$1].dogs.count } }
                }
                return await group.reduce(0, +)
            }

            let snapshot = try await realm.read { realm in try realm.freeze() }
            let dogs = await snapshot.objects(Dog.self)  // frozen results
            let ages = await Task.detached { dogs.map(\.age) }.value

            try await realm.write { realm in
                for dog in dogs where dog.age > 10 {
                    dog.thaw()?.age = 10
                }
            }

            #expect(dogCounts == 3)
            #expect(ages == [3, 12, 11])
            let again = try await realm.read { realm in try realm.freeze() }
            #expect(again != snapshot)
            #expect(await realm.read { realm in realm.objects(Dog.self).map(\.age) } == [3, 10, 10])
            await expectError(RealmError.self) { try await snapshot.write { _ in } }
        }

        @Test("Concurrency.md: a closure instead of a nested function")
        func closureInsteadOfNestedFunction() async throws {
            let realm = try await Realm(configuration: memoryConfiguration())

            try await realm.write { realm in
                // func addPuppy(_ name: String) throws { try realm.add(Dog(value: ["name": name])) }  // does not compile
                let addPuppy = { (name: String) throws in try realm.add(Dog(value: ["name": name])) }
                try addPuppy("Rex")
                try seed(realm, names: ["Fido"])  // a function taking `isolated Realm`
            }

            #expect(await realm.read { realm in realm.objects(Dog.self).map(\.name) } == ["Rex", "Fido"])
        }

        @Test("Concurrency.md: live results read back on their actor, frozen ones anywhere")
        func liveAndFrozenResults() async throws {
            let realm = try await Realm(configuration: memoryConfiguration())
            try await realm.write { realm in try seed(realm, names: ["Rex", "Fido"]) }

            let live = await realm.objects(Dog.self)  // compiles
            // print(live.count)                              // stops: used outside its realm's actor
            let count = await realm.read { _ in live.count }  // fine: back on the realm's actor
            let frozen = try await realm.read { realm in try realm.objects(Dog.self).freeze() }
            print(frozen.count)  // fine: frozen results are read anywhere

            #expect(count == 2)
            #expect(await printed.take(1) == ["2"])
        }

        @Test("Concurrency.md: closing a realm when the server ends")
        func closing() async throws {
            let configuration = memoryConfiguration()
            let keeper = try await Realm(configuration: configuration)  // keeps the in-memory realm's data
            try await serve(configuration)
            #expect(await keeper.read { realm in realm.objects(Dog.self).map(\.name) } == ["Served"])
            await expectError(RealmError.invalidValue("served twice")) { try await serve(configuration) }
        }

        @Test("Concurrency.md: change streams")
        func changeStreams() async throws {
            let realm = try await Realm(configuration: memoryConfiguration())
            try await realm.write { realm in try seed(realm, names: ["Rex", "Fido", "Max", "Bella"]) }

            let changes = await realm.read { realm in
                realm.objects(Dog.self).filter("age > 2").sorted(byKeyPath: "name").changes()
            }
            Task {
                for await change in changes {
                    switch change {
                    case .initial(let dogs):
                        print("\(dogs.count) dogs")
                    case .update(let dogs, let deletions, let insertions, let modifications):
                        print(dogs.map(\.name), deletions, insertions, modifications)
                    case .error(let error):
                        print(error)
                    }
                }
            }

            #expect(await printed.take(1) == ["1 dogs"])
            try await realm.write { realm in realm.objects(Dog.self).filter("name == 'Rex'")[0].age = 7 }
            #expect(await printed.take(1) == ["[\"Bella\", \"Rex\"] [] [1] []"])
            await realm.close()
        }

        @Test("Concurrency.md: a thread-safe reference between two realms")
        func threadSafeReference() async throws {
            let configuration = memoryConfiguration()
            let writer = try await Realm(configuration: configuration)
            let reader = try await Realm(configuration: configuration)
            try await writer.write { realm in try seed(realm, names: ["Rex", "Fido", "Max", "Bella"]) }

            let reference = try await writer.read { realm in
                try ThreadSafeReference(to: realm.objects(Dog.self).filter("age > 2"))
            }
            let names = try await reader.read { realm in try realm.resolve(reference)?.map(\.name) ?? [] }

            #expect(names == ["Bella"])
        }
    }
}

// MARK: Adapted lines

extension DocumentationExampleTests {
    /// The article lines these tests run otherwise, each with the line that replaces it ("": left out).
    static let adaptedLines: [String: String] = [
        // The tests import what every test file imports, at the top.
        "import Foundation": "",
        "import Strata": "",
        // A test's files live in a temporary directory, or in memory.
        "fileURL: URL(fileURLWithPath: \"/var/lib/app/app.realm\"),":
            "fileURL: directory.url.appendingPathComponent(\"app.realm\"),",
        "fileURL: URL(fileURLWithPath: \"/var/cache/app/cache.realm\"),":
            "fileURL: directory.url.appendingPathComponent(\"cache.realm\"),",
        "let configuration = Realm.Configuration(objectTypes: [Person.self, Dog.self])":
            "let configuration = Realm.Configuration(\ninMemoryIdentifier: UUID().uuidString,\nobjectTypes: [Person.self, Dog.self]\n)",
        "var configuration = Realm.Configuration(objectTypes: [Person.self, Dog.self])":
            "var configuration = Realm.Configuration(fileURL: file, objectTypes: [Person.self, Dog.self])",
        // IsolationTests.swift declares `Realm.dogNames()` already.
        "func dogNames() -> [String] {": "func articleDogNames() -> [String] {",
        "print(realm.dogNames())": "print(realm.articleDogNames())",
        "let names = await realm.dogNames()": "let names = await realm.articleDogNames()",
    ]
}
