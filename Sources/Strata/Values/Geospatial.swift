import Foundation
import StrataCore

/// A shape a `geoWithin` query can test points against: ``GeoBox``, ``GeoCircle`` or ``GeoPolygon``.
///
/// Strata, like Realm, has no column type for locations. A location is an embedded object shaped as a
/// GeoJSON point, found by its shape (duck typing):
///
/// ```swift
/// final class Location: EmbeddedObject {
///     @Persisted private var coordinates: List<Double>
///     @Persisted private var type = "Point"
///
///     var latitude: Double { coordinates[1] }
///     var longitude: Double { coordinates[0] }
///
///     convenience init(_ latitude: Double, _ longitude: Double) {
///         self.init()
///         // GeoJSON puts the longitude first.
///         coordinates.append(objectsIn: [longitude, latitude])
///     }
/// }
/// ```
///
/// Edges of boxes and polygons are great-circle arcs, as in Realm; points on an edge or a vertex are not within.
public protocol GeoShapeQueryable: Sendable {}

/// A latitude and a longitude in degrees, used to build ``GeoBox``, ``GeoCircle`` and ``GeoPolygon``.
///
/// A `GeoPoint` cannot be stored; store an embedded object shaped as a GeoJSON point instead (see
/// ``GeoShapeQueryable``). Altitude is kept but never used in queries.
public struct GeoPoint: Sendable, Equatable, Hashable {
    /// Degrees, from -90 through 90.
    public let latitude: Double
    /// Degrees, from -180 through 180.
    public let longitude: Double
    /// Non-negative; not used in queries.
    public let altitude: Double

    /// A point, or nil when the latitude is outside -90...90, the longitude outside -180...180, the altitude
    /// negative, or any of them NaN.
    /// - Parameters:
    ///   - latitude: degrees north of the equator (negative: south), from -90 through 90.
    ///   - longitude: degrees east of Greenwich (negative: west), from -180 through 180.
    ///   - altitude: meters, zero or more; kept but not used in queries.
    public init?(latitude: Double, longitude: Double, altitude: Double = 0) {
        guard (-90...90).contains(latitude), (-180...180).contains(longitude), altitude >= 0 else { return nil }
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }

    var engine: GeoCoordinate { GeoCoordinate(longitude: longitude, latitude: latitude) }
}

/// A rectangle given by its bottom-left and top-right corners, for `geoWithin` queries.
///
/// As in Realm, the box is the polygon of its four corners: its east and west edges follow meridians, and its
/// north and south edges are great-circle arcs, which bow toward the pole.
public struct GeoBox: GeoShapeQueryable, Equatable {
    /// The south-west corner.
    public let bottomLeft: GeoPoint
    /// The north-east corner.
    public let topRight: GeoPoint

    /// A box with these corners.
    /// - Parameters:
    ///   - bottomLeft: the south-west corner.
    ///   - topRight: the north-east corner.
    public init(bottomLeft: GeoPoint, topRight: GeoPoint) {
        self.bottomLeft = bottomLeft
        self.topRight = topRight
    }

    /// A box from `(latitude, longitude)` pairs, or nil when a pair is not a valid ``GeoPoint``.
    /// - Parameters:
    ///   - bottomLeft: the south-west corner as `(latitude, longitude)` in degrees.
    ///   - topRight: the north-east corner as `(latitude, longitude)` in degrees.
    public init?(bottomLeft: (Double, Double), topRight: (Double, Double)) {
        guard let low = GeoPoint(latitude: bottomLeft.0, longitude: bottomLeft.1),
            let high = GeoPoint(latitude: topRight.0, longitude: topRight.1)
        else { return nil }
        self.init(bottomLeft: low, topRight: high)
    }
}

/// A polygon with optional holes, for `geoWithin` queries.
///
/// Each ring is closed (its last point equals its first) and has at least four points. Holes must lie inside
/// the outer ring, must not cross or nest, and points inside a hole are not within the polygon. A ring's
/// interior is its smaller side; edges are great-circle arcs. Shapes the initializer cannot check (crossing
/// edges, holes outside the outer ring) make the query throw ``RealmError/invalidQuery(_:)``.
public struct GeoPolygon: GeoShapeQueryable, Equatable {
    /// The outer boundary.
    public let outerRing: [GeoPoint]
    /// The holes, possibly none.
    public let holes: [[GeoPoint]]

    /// A polygon, or nil when a ring has fewer than four points or is not closed.
    /// - Parameters:
    ///   - outerRing: the boundary, closed: at least four points, the last equal to the first.
    ///   - holes: closed rings inside the boundary whose points are not within the polygon.
    public init?(outerRing: [GeoPoint], holes: [[GeoPoint]] = []) {
        for ring in [outerRing] + holes {
            guard ring.count > 3, ring.first == ring.last else { return nil }
        }
        self.outerRing = outerRing
        self.holes = holes
    }

    /// A polygon from `(latitude, longitude)` pairs, or nil when a pair or a ring is invalid.
    /// - Parameters:
    ///   - outerRing: the boundary as `(latitude, longitude)` pairs, closed: at least four points, the last equal to
    ///     the first.
    ///   - holes: closed rings of `(latitude, longitude)` pairs inside the boundary.
    public init?(outerRing: [(Double, Double)], holes: [[(Double, Double)]] = []) {
        func points(_ ring: [(Double, Double)]) -> [GeoPoint]? {
            let points = ring.compactMap { GeoPoint(latitude: $0.0, longitude: $0.1) }
            return points.count == ring.count ? points : nil
        }
        guard let outer = points(outerRing) else { return nil }
        var inner: [[GeoPoint]] = []
        for hole in holes {
            guard let ring = points(hole) else { return nil }
            inner.append(ring)
        }
        self.init(outerRing: outer, holes: inner)
    }

    /// A polygon from `(latitude, longitude)` pairs with holes given one by one.
    /// - Parameters:
    ///   - outerRing: the boundary as `(latitude, longitude)` pairs, closed: at least four points, the last equal to
    ///     the first.
    ///   - holes: closed rings of `(latitude, longitude)` pairs inside the boundary, one argument each.
    public init?(outerRing: [(Double, Double)], holes: [(Double, Double)]...) {
        self.init(outerRing: outerRing, holes: holes)
    }
}

/// A distance on the earth, kept as an angle in radians, for ``GeoCircle``.
///
/// Kilometers and miles convert with Realm's earth radius, 6378.1 km.
public struct Distance: Sendable, Equatable, Hashable {
    /// The central angle in radians.
    public let radians: Double

    static let earthRadiusMeters = 6_378_100.0
    static let metersPerMile = 1609.344

    private init?(checkedRadians radians: Double) {
        guard radians >= 0 else { return nil }  // false for NaN too
        self.radians = radians
    }

    /// A distance in kilometers, or nil when negative or NaN.
    /// - Parameter kilometers: the distance along the earth's surface.
    /// - Returns: the distance, or nil when `kilometers` is negative or NaN.
    public static func kilometers(_ kilometers: Double) -> Distance? {
        Distance(checkedRadians: kilometers * 1000 / earthRadiusMeters)
    }

    /// A distance in miles, or nil when negative or NaN.
    /// - Parameter miles: the distance along the earth's surface, in international miles (1609.344 m).
    /// - Returns: the distance, or nil when `miles` is negative or NaN.
    public static func miles(_ miles: Double) -> Distance? {
        Distance(checkedRadians: miles * metersPerMile / earthRadiusMeters)
    }

    /// A distance in degrees of arc, or nil when negative or NaN.
    /// - Parameter degrees: the central angle.
    /// - Returns: the distance, or nil when `degrees` is negative or NaN.
    public static func degrees(_ degrees: Double) -> Distance? {
        Distance(checkedRadians: degrees * .pi / 180)
    }

    /// A distance in radians of arc, or nil when negative or NaN.
    /// - Parameter radians: the central angle.
    /// - Returns: the distance, or nil when `radians` is negative or NaN.
    public static func radians(_ radians: Double) -> Distance? { Distance(checkedRadians: radians) }

    /// The distance in kilometers.
    /// - Returns: the distance along the earth's surface in kilometers, with Realm's earth radius of 6378.1 km.
    public func asKilometers() -> Double { radians * Self.earthRadiusMeters / 1000 }
    /// The distance in miles.
    /// - Returns: the distance along the earth's surface in international miles.
    public func asMiles() -> Double { radians * Self.earthRadiusMeters / Self.metersPerMile }
    /// The distance in degrees of arc.
    /// - Returns: the central angle in degrees.
    public func asDegrees() -> Double { radians * 180 / .pi }
}

/// The points within a great-circle distance of a center, for `geoWithin` queries. A point at exactly the
/// radius is within.
public struct GeoCircle: GeoShapeQueryable, Equatable {
    /// The center.
    public let center: GeoPoint
    /// The radius as a central angle in radians.
    public let radiusInRadians: Double

    /// A circle, or nil when the radius is negative or NaN.
    /// - Parameters:
    ///   - center: the center.
    ///   - radiusInRadians: the radius as a central angle, zero or more.
    public init?(center: GeoPoint, radiusInRadians: Double) {
        guard radiusInRadians >= 0 else { return nil }
        self.center = center
        self.radiusInRadians = radiusInRadians
    }

    /// A circle with a ``Distance`` radius.
    /// - Parameters:
    ///   - center: the center.
    ///   - radius: the radius, such as `.kilometers(10)!`.
    public init(center: GeoPoint, radius: Distance) {
        self.center = center
        radiusInRadians = radius.radians
    }

    /// A circle around a `(latitude, longitude)` pair, or nil when the pair or the radius is invalid.
    /// - Parameters:
    ///   - center: the center as `(latitude, longitude)` in degrees.
    ///   - radiusInRadians: the radius as a central angle, zero or more.
    public init?(center: (Double, Double), radiusInRadians: Double) {
        guard let point = GeoPoint(latitude: center.0, longitude: center.1) else { return nil }
        self.init(center: point, radiusInRadians: radiusInRadians)
    }

    /// A circle around a `(latitude, longitude)` pair, or nil when the pair is invalid.
    /// - Parameters:
    ///   - center: the center as `(latitude, longitude)` in degrees.
    ///   - radius: the radius, such as `.kilometers(10)!`.
    public init?(center: (Double, Double), radius: Distance) {
        guard let point = GeoPoint(latitude: center.0, longitude: center.1) else { return nil }
        self.init(center: point, radius: radius)
    }
}

enum GeoShapes {
    /// The engine's shape for a query argument, or nil when `value` is not geospatial.
    static func engine(_ value: Any) -> StrataCore.GeoShape? {
        switch value {
        case let box as GeoBox: return .box(bottomLeft: box.bottomLeft.engine, topRight: box.topRight.engine)
        case let circle as GeoCircle: return .circle(center: circle.center.engine, radians: circle.radiusInRadians)
        case let polygon as GeoPolygon:
            return .polygon(([polygon.outerRing] + polygon.holes).map { $0.map(\.engine) })
        case let point as GeoPoint: return .point(point.engine)
        default: return nil
        }
    }
}

extension Query {
    /// Whether the location (an embedded object shaped as a GeoJSON point) lies within `shape`:
    /// `$0.location.geoWithin(GeoCircle(center: (55.67, 12.56), radius: .kilometers(10)!)!)`.
    /// - Parameter shape: a ``GeoBox``, ``GeoCircle`` or ``GeoPolygon``.
    /// - Returns: a condition to pass to `where`, or to combine with `&&`, `||` and `!`; an object whose location is
    ///   nil, or whose `type` is not `"Point"`, does not match.
    /// - Complexity: O(v) to build for a shape of v points; the query tests each object's location once, in O(1)
    ///   for a box or a circle and O(v) for a polygon of v points.
    public func geoWithin<W: EmbeddedObject>(_ shape: some GeoShapeQueryable) -> Query<Bool> where T == W? {
        guard let engineShape = GeoShapes.engine(shape) else { preconditionFailure("\(shape) is not a shape") }
        return Query<Bool>(.predicate(.geoWithin(operand, engineShape, column: 0)))
    }
}
