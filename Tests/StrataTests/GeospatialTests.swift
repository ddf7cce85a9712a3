import Foundation
import Strata
import Testing

/// A GeoJSON point, as Realm's documentation stores locations.
final class Location: EmbeddedObject {
    @Persisted private var coordinates: List<Double>
    @Persisted private var type = "Point"

    var latitude: Double { coordinates[1] }
    var longitude: Double { coordinates[0] }

    convenience init(_ latitude: Double, _ longitude: Double) {
        self.init()
        coordinates.append(objectsIn: [longitude, latitude])
    }

    /// Makes the point something other than a point (Realm then never matches it).
    func retype(_ newType: String) { type = newType }
}

/// An embedded object without coordinates: the wrong shape for GEOWITHIN.
final class NotALocation: EmbeddedObject {
    @Persisted var type = "Point"
}

final class Company: Object {
    @Persisted var name = ""
    @Persisted var location: Location?
    @Persisted var office: NotALocation?
}

// Realm Swift 10.47's GeospatialTests (RealmSwift/Tests/GeospatialTests.swift) give the shapes, the five
// companies and the expected counts; tuples are (latitude, longitude). Edges are great-circle arcs.

@Suite("Geospatial: GeoBox, GeoCircle, GeoPolygon and geoWithin")
struct GeospatialTests {
    static func makeRealm(_ places: [(String, (Double, Double)?)] = defaultPlaces) async throws -> Realm {
        let realm = try await Realm(
            configuration: memoryConfiguration([Company.self, Location.self, NotALocation.self])
        )
        try await realm.write { realm in
            for (name, place) in places {
                let company = Company()
                company.name = name
                company.location = place.map { Location($0.0, $0.1) }
                try realm.add(company)
            }
        }
        return realm
    }

    static let defaultPlaces: [(String, (Double, Double)?)] = [
        ("Diana", (40.7128, -74.0060)), ("Maria", (55.6761, 12.5683)), ("Tomas", (55.6280, 12.0826)),
        ("Alba", (-76, -76)), ("Manuela", nil),
    ]

    /// The names within `shape`, by the typed form, `GEOWITHIN %@` and `IN %@` (which must agree).
    static func names(_ realm: Realm, _ shape: some GeoShapeQueryable) async throws -> [String] {
        try await realm.read { realm in
            let all = realm.objects(Company.self)
            let typed = all.where { $0.location.geoWithin(shape) }.map(\.name).sorted()
            let text = try all.filter(RealmPredicate(format: "location GEOWITHIN %@", shape)).map(\.name).sorted()
            let viaIn = all.filter("location IN %@", shape).map(\.name).sorted()
            #expect(typed == text && text == viaIn)
            return text
        }
    }

    @Test("Points, boxes, polygons, circles and distances validate as Realm's do")
    func values() {
        #expect(GeoPoint(latitude: 90, longitude: 180) != nil)
        #expect(GeoPoint(latitude: -90, longitude: -180) != nil)
        #expect(GeoPoint(latitude: 90.000000001, longitude: 0) == nil)
        #expect(GeoPoint(latitude: 0, longitude: -180.000000001) == nil)
        #expect(GeoPoint(latitude: .nan, longitude: 0) == nil)
        #expect(GeoPoint(latitude: 0, longitude: 0, altitude: -1) == nil)
        #expect(GeoBox(bottomLeft: (-90, -180), topRight: (90, 180)) != nil)
        #expect(GeoBox(bottomLeft: (-91, -181), topRight: (91, 181)) == nil)
        #expect(GeoPolygon(outerRing: [(0, 0), (1, 1), (0, 0)]) == nil)
        #expect(GeoPolygon(outerRing: [(0, 0), (1, 1), (2, 0), (3, 3)]) == nil)
        #expect(GeoPolygon(outerRing: [(0, 0), (1, 1), (2, 0), (0, 0)]) != nil)
        #expect(GeoPolygon(outerRing: [(0, 0), (1, 1), (2, 2), (0, 0)], holes: [[(0, 0)]]) == nil)
        #expect(
            GeoPolygon(outerRing: [(0, 0), (1, 1), (2, 2), (0, 0)], holes: [(0, 0), (1, 1), (2, 2), (3, 3)]) == nil
        )
        #expect(GeoCircle(center: (0, 70), radiusInRadians: -500) == nil)
        #expect(GeoCircle(center: (0, 70), radiusInRadians: .nan) == nil)
        #expect(GeoCircle(center: (0, 70), radiusInRadians: 0) != nil)
        #expect(Distance.kilometers(-10) == nil && Distance.miles(.nan) == nil && Distance.degrees(-90) == nil)
        #expect(abs(Distance.kilometers(40075)!.radians - 2 * .pi) < 2 * .pi * 0.0001)
        #expect(abs(Distance.miles(24901)!.radians - 2 * .pi) < 2 * .pi * 0.0001)
        #expect(abs(Distance.degrees(180)!.radians - .pi) < 1e-12)
        #expect(abs(Distance.kilometers(12)!.asKilometers() - 12) < 1e-9)
        #expect(GeoBox(bottomLeft: (1, 1), topRight: (0, 0)) != GeoBox(bottomLeft: (0, 0), topRight: (1, 1)))
        #expect(GeoCircle(center: (55, 12), radiusInRadians: 1) == GeoCircle(center: (55, 12), radiusInRadians: 1))
    }

    @Test("Boxes: Realm's counts, great-circle edges")
    func boxes() async throws {
        let realm = try await Self.makeRealm()
        #expect(
            try await Self.names(realm, GeoBox(bottomLeft: (55.6281, 12.0826), topRight: (55.6762, 12.5684))!) == [
                "Maria"
            ]
        )
        #expect(
            try await Self.names(realm, GeoBox(bottomLeft: (55.6279, 12.0825), topRight: (55.6762, 12.5684))!)
                == ["Maria", "Tomas"]
        )
        #expect(
            try await Self.names(realm, GeoBox(bottomLeft: (0, -75), topRight: (60, 15))!) == [
                "Diana", "Maria", "Tomas",
            ]
        )
    }

    @Test("Circles in radians and kilometers")
    func circles() async throws {
        let realm = try await Self.makeRealm()
        #expect(try await Self.names(realm, GeoCircle(center: (55.67, 12.56), radiusInRadians: 0.001)!) == ["Maria"])
        #expect(try await Self.names(realm, GeoCircle(center: (55.67, 12.56), radius: .kilometers(10)!)!) == ["Maria"])
        #expect(
            try await Self.names(realm, GeoCircle(center: (55.67, 12.56), radius: .kilometers(100)!)!) == [
                "Maria", "Tomas",
            ]
        )
        #expect(
            try await Self.names(realm, GeoCircle(center: (45, -20), radius: .kilometers(5000)!)!)
                == ["Diana", "Maria", "Tomas"]
        )
        #expect(try await Self.names(realm, GeoCircle(center: (0, 0), radius: .miles(1)!)!) == [])
    }

    @Test("Polygons without holes")
    func polygons() async throws {
        let realm = try await Self.makeRealm()
        let square = GeoPolygon(outerRing: [
            (55.6281, 12.0826), (55.6761, 12.0826), (55.6761, 12.5684), (55.6281, 12.5684), (55.6281, 12.0826),
        ])!
        #expect(try await Self.names(realm, square) == ["Maria"])
        let triangle = GeoPolygon(outerRing: [(55, 12), (55.67, 12.5), (55.67, 11.5), (55, 12)])!
        #expect(try await Self.names(realm, triangle) == ["Tomas"])
        let large = GeoPolygon(outerRing: [
            (40.0096192, -75.5175781), (60, 20), (20, 20), (-75.5175781, -75.5175781), (40.0096192, -75.5175781),
        ])!
        #expect(try await Self.names(realm, large) == ["Diana", "Maria", "Tomas"])
    }

    @Test("Polygons with holes")
    func holes() async throws {
        let realm = try await Self.makeRealm()
        let outer: [(Double, Double)] = [(50, -80), (62, 22), (22, 22), (-80, -80), (50, -80)]
        let aroundDiana: [(Double, Double)] = [(40.7129, -75), (40.7129, -74), (40.7126, -74), (40.7129, -75)]
        let aroundAlba: [(Double, Double)] = [(-77, -77), (-77, -75), (-75, -75), (-75, -77), (-77, -77)]
        let aroundMaria: [(Double, Double)] = [
            (55.6760, 12.5682), (55.6760, 12.5684), (55.6763, 12.5684), (55.6763, 12.5682), (55.6760, 12.5682),
        ]
        let aroundTomas: [(Double, Double)] = [
            (55.6279, 12.0825), (55.6279, 12.0827), (55.6281, 12.0827), (55.6281, 12.0825), (55.6279, 12.0825),
        ]
        let first = GeoPolygon(
            outerRing: [(50, -80), (61, 21), (21, 21), (-80, -80), (50, -80)],
            holes: [
                [(40.0096192, -75.5175781), (60, 20), (20, 20), (-75.5175781, -75.5175781), (40.0096192, -75.5175781)]
            ]
        )!
        #expect(try await Self.names(realm, first) == ["Alba"])
        #expect(
            try await Self.names(realm, GeoPolygon(outerRing: outer, holes: [aroundDiana])!) == [
                "Alba", "Maria", "Tomas",
            ]
        )
        #expect(
            try await Self.names(realm, GeoPolygon(outerRing: outer, holes: [aroundDiana, aroundAlba])!) == [
                "Maria", "Tomas",
            ]
        )
        #expect(
            try await Self.names(realm, GeoPolygon(outerRing: outer, holes: [aroundDiana, aroundAlba, aroundMaria])!)
                == ["Tomas"]
        )
        #expect(
            try await Self.names(
                realm,
                GeoPolygon(outerRing: outer, holes: aroundDiana, aroundAlba, aroundMaria, aroundTomas)!
            ) == []
        )
    }

    @Test("Points on vertices and edges are not within; a lat line bows inside a box's great-circle edge")
    func edges() async throws {
        let realm = try await Self.makeRealm([
            ("vertex", (0, 0)), ("west edge", (5, 0)), ("equator edge", (0, 5)), ("under north edge", (10, 5)),
            ("inside", (5, 5)), ("outside", (11, 5)),
        ])
        #expect(
            try await Self.names(realm, GeoBox(bottomLeft: (0, 0), topRight: (10, 10))!) == [
                "inside", "under north edge",
            ]
        )
        let polygon = GeoPolygon(outerRing: [(0, 0), (10, 0), (10, 10), (0, 10), (0, 0)])!
        #expect(try await Self.names(realm, polygon) == ["inside", "under north edge"])
        // A zero radius holds its center only.
        #expect(try await Self.names(realm, GeoCircle(center: (5, 5), radiusInRadians: 0)!) == ["inside"])
    }

    @Test("Polygons across the antimeridian, and a non-point type, as realm-core's tests have them")
    func antimeridianAndType() async throws {
        let realm = try await Self.makeRealm([
            ("west", (1, -179)), ("on", (1, 180)), ("east", (1, 179)), ("zero", (0, 0)),
        ])
        let across = GeoPolygon(outerRing: [(10, -178), (10, 178), (-10, 178), (-10, -178), (10, -178)])!
        #expect(try await Self.names(realm, across) == ["east", "on", "west"])
        let box = GeoBox(bottomLeft: (-1, -1), topRight: (1, 1))!
        #expect(try await Self.names(realm, box) == ["zero"])
        let lowercase = try await realm.read { realm in
            try realm.objects(Company.self).filter(RealmPredicate(format: "location geoWithin $0", box)).map(\.name)
        }
        #expect(lowercase == ["zero"])
        try await realm.write { realm in
            for company in realm.objects(Company.self) { company.location?.retype("Polygon") }
        }
        #expect(try await Self.names(realm, box) == [])
    }

    /// The message of the `RealmError.invalidQuery` that `body` throws.
    static func invalid(_ body: () throws -> Void) -> String {
        do {
            try body()
        } catch RealmError.invalidQuery(let message) {
            return message
        } catch {
            return "unexpected \(error)"
        }
        return "no error"
    }

    @Test("Invalid shapes, arguments and properties throw invalidQuery naming the problem")
    func invalid() async throws {
        let realm = try await Self.makeRealm()
        let messages = await realm.read { realm -> [String] in
            let all = realm.objects(Company.self)
            func geo(_ format: String, _ argument: Any) -> String {
                Self.invalid { _ = try all.filter(RealmPredicate(format: format, argument)) }
            }
            let circle = GeoCircle(center: (0, 0), radiusInRadians: 1)!
            let bowTie = GeoPolygon(outerRing: [(0, 0), (1, 1), (0, 1), (1, 0), (0, 0)])!
            let holeOutside = GeoPolygon(
                outerRing: [(0, 0), (0, 1), (1, 1), (1, 0), (0, 0)],
                holes: [[(2, 2), (2, 3), (3, 3), (3, 2), (2, 2)]]
            )!
            let holeOnEdge = GeoPolygon(
                outerRing: [(0, 0), (0, 1), (1, 1), (1, 0), (0, 0)],
                holes: [[(0, 0.1), (0.5, 0.1), (0.5, 0.5), (0, 0.5), (0, 0.1)]]
            )!
            let nested = GeoPolygon(
                outerRing: [(0, 0), (0, 10), (10, 10), (10, 0), (0, 0)],
                holes: [(1, 1), (1, 9), (9, 9), (9, 1), (1, 1)],
                [(2, 2), (2, 8), (8, 8), (8, 2), (2, 2)]
            )!
            return [
                geo("location GEOWITHIN %@", GeoPoint(latitude: 1, longitude: 2)!),
                geo("location GEOWITHIN %@", 5),
                geo("name GEOWITHIN %@", circle),
                geo("office GEOWITHIN %@", circle),
                geo("name == %@", circle),
                geo("location GEOWITHIN %@", bowTie),
                geo("location GEOWITHIN %@", holeOutside),
                geo("location GEOWITHIN %@", holeOnEdge),
                geo("location GEOWITHIN %@", nested),
            ]
        }
        let expected = [
            "a point cannot be used on the right-hand side of GEOWITHIN",
            "GEOWITHIN needs a GeoBox, GeoCircle or GeoPolygon argument",
            "GEOWITHIN needs a to-one link to an embedded point object, 'name' is not one",
            "'office' links to data in the wrong format for GEOWITHIN",
            "can only be used with GEOWITHIN",
            "ring 0 is not valid: edges 0 and 2 cross",
            "hole 1 is not contained by the outer ring",
            "hole 1 is not contained by the outer ring",
            "holes 1 and 2 overlap or are nested",
        ]
        #expect(messages.count == expected.count)
        for (message, part) in zip(messages, expected) { #expect(message.contains(part), "\(message)") }
    }

    // realm-core test/test_query_geo.cpp, Geospatial_invalid_format: a link of the right shape to a top-level class.
    @Test("GEOWITHIN through a link to a top-level class is refused, as realm-core refuses it")
    func topLevelTarget() async throws {
        let realm = try await Realm(configuration: memoryConfiguration([Venue.self, TopLevelPoint.self]))
        try await realm.write { realm in
            let venue = Venue()
            venue.name = "Maria"
            let point = TopLevelPoint()
            point.coordinates.append(objectsIn: [12.5683, 55.6761])
            venue.location = point
            try realm.add(venue)
        }
        let circle = GeoCircle(center: (55.67, 12.56), radius: .kilometers(10)!)!
        let messages = await realm.read { realm -> [String] in
            ["location IN %@", "location GEOWITHIN %@"].map { format in
                do {
                    let matched = try realm.objects(Venue.self).filter(RealmPredicate(format: format, circle))
                    return "no error: \(matched.count)"
                } catch {
                    return "\(error)"
                }
            }
        }
        for message in messages {
            #expect(
                message.contains(
                    "A GEOWITHIN query can only operate on a link to an embedded class but 'TopLevelPoint' is at the "
                        + "top level"
                ),
                "\(message)"
            )
        }
    }
}
