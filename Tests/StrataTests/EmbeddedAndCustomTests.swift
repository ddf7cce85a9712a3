import Foundation
import Strata
import Testing

@Suite("Embedded lists and custom persistable types")
struct EmbeddedAndCustomTests {
    @Test("A list of embedded objects can be appended to, rearranged and cleared; removed ones are deleted")
    func embeddedList() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Trip.self]))
        let cities = try await realm.write { realm -> [String] in
            let trip = Trip(value: ["name": "north"])
            trip.stops.append(Address(value: ["city": "Oslo"]))
            try realm.add(trip)
            trip.stops.append(Address(value: ["city": "Tromsø"]))
            trip.stops.insert(Address(value: ["city": "Bergen"]), at: 0)
            trip.stops.move(from: 0, to: 2)
            let removed = trip.stops[0]
            trip.stops.remove(at: 0)
            return trip.stops.map(\.city) + [removed.isInvalidated ? "deleted" : "kept"]
        }
        #expect(cities == ["Tromsø", "Bergen", "deleted"])
    }

    @Test("A CustomPersistable property is stored as its persisted type")
    func customPersistable() async throws {
        let directory = TemporaryDirectory()
        do {
            let realm = try await Realm(configuration: directory.configuration([Trip.self]))
            try await realm.write { realm in
                let trip = Trip(value: ["name": "south"])
                trip.temperature = Celsius(persistedValue: 31.5)
                try realm.add(trip)
            }
            await realm.close()
        }
        let realm = try await Realm(configuration: directory.configuration([Trip.self]))
        let degrees = await realm.read { $0.object(ofType: Trip.self, forPrimaryKey: "south")?.temperature.degrees }
        #expect(degrees == 31.5)
        #expect(await realm.schema["Trip"]?["temperature"]?.type == .double)
    }

    @Test("A file that is not a realm gives a clear error through the public API")
    func damagedFile() async throws {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration()
        try Data("definitely not a database, just text".utf8).write(to: configuration.fileURL!)
        do {
            _ = try await Realm(configuration: configuration)
            Issue.record("a foreign file must be refused")
        } catch let error as RealmError {
            #expect(error.description.contains("is not a Strata database"))
        }
    }

    @Test("Deleting an invalidated object throws a specific error")
    func deleteInvalidated() async throws {
        let realm = try await Realm(configuration: memoryConfiguration())
        let error = try await realm.write { realm -> RealmError? in
            let dog = Dog(value: ["name": "Rex"])
            try realm.add(dog)
            try realm.delete(dog)
            do {
                try realm.delete(dog)
                return nil
            } catch {
                return error as? RealmError
            }
        }
        #expect(error == .objectInvalidated("The object being deleted"))
    }
}
