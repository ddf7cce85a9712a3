// Quickstart: models, opening a realm, awaited writes, reads, and a frozen result read by another task.
//
//   swift run --package-path Examples/Quickstart

import Foundation
import Strata

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

@main
struct Quickstart {
    static func main() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-quickstart-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        // 1. Open a realm: an actor that owns the file's pinned version and its writes.
        let configuration = Realm.Configuration(
            fileURL: directory.appendingPathComponent("quickstart.realm"),
            objectTypes: [Person.self, Dog.self]
        )
        let realm = try await Realm(configuration: configuration)

        // 2. Write: the closure runs on the realm's actor and commits durably when it returns.
        try await realm.write { realm in
            let ada = Person(value: ["name": "Ada"])
            ada.dogs.append(Dog(value: ["name": "Rex", "age": 3]))
            ada.dogs.append(Dog(value: ["name": "Fido", "age": 5]))
            try realm.add(ada)
            try realm.add(Person(value: ["name": "Grace"]))
        }

        // 3. Read: live objects stay on the realm's actor.
        let summary = await realm.read { realm in
            realm.objects(Person.self).map { "\($0.name) has \($0.dogs.count) dogs" }
        }
        print(summary.joined(separator: "\n"))

        // 4. Freeze: a snapshot any task can read, while the realm moves on.
        let frozenDogs = try await realm.read { realm in try realm.objects(Dog.self).freeze() }
        try await realm.write { realm in
            realm.objects(Dog.self)[0].age += 1
        }
        let report = await Task.detached {
            frozenDogs.map { "\($0.name) was \($0.age), owned by \($0.owners.first?.name ?? "nobody")" }
        }.value
        print(report.joined(separator: "\n"))

        let rexNow = await realm.read { realm in realm.objects(Dog.self)[0].age }
        print("Rex is now \(rexNow)")
        await realm.close()
    }
}
