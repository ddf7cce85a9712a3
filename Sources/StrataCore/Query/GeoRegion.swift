// GeoRegion.swift: the shapes of a GEOWITHIN query and the test whether a stored point lies within one.
//
// Invariants:
//   (1) Coordinates are degrees, longitude first as in GeoJSON; a `GeoRegion` holds only coordinates with
//       |longitude| <= 180 and |latitude| <= 90 (validation throws `QueryError` before one exists).
//   (2) Edges of boxes and polygons are great-circle arcs (as realm-core's S2 loops are), not lines of constant
//       latitude: a box is the polygon of its four corners. A polygon's interior is its smaller side.
//   (3) Every ring of a region lies in the open hemisphere around `center`, so the gnomonic projection onto
//       the plane tangent at `center` maps each edge to a straight segment and the spherical test becomes a
//       planar one. Rings that fit no hemisphere are refused.
//   (4) Points on a ring's boundary (within `boundaryTolerance` in the projected plane) are not within;
//       a circle is closed: a point at exactly the radius is within.

import Foundation

/// One longitude/latitude pair, in degrees.
package struct GeoCoordinate: Sendable, Equatable, Hashable, CustomStringConvertible {
    var longitude: Double
    var latitude: Double

    package init(longitude: Double, latitude: Double) {
        self.longitude = longitude
        self.latitude = latitude
    }

    package var description: String { "[\(longitude), \(latitude)]" }

    var isValid: Bool { abs(longitude) <= 180 && abs(latitude) <= 90 }

    /// The unit vector of the point on the sphere.
    var vector: GeoVector {
        let lat = latitude * .pi / 180
        let lng = longitude * .pi / 180
        return GeoVector(x: cos(lat) * cos(lng), y: cos(lat) * sin(lng), z: sin(lat))
    }
}

/// A shape given as the right-hand side of GEOWITHIN.
package enum GeoShape: Sendable, Equatable, CustomStringConvertible {
    case box(bottomLeft: GeoCoordinate, topRight: GeoCoordinate)
    /// The outer ring first, then the holes; each ring closed (first point == last point).
    case polygon([[GeoCoordinate]])
    case circle(center: GeoCoordinate, radians: Double)
    /// Not a region: refused by GEOWITHIN with a clear error.
    case point(GeoCoordinate)

    package var description: String {
        switch self {
        case .box(let low, let high): return "GeoBox(\(low), \(high))"
        case .polygon(let rings):
            return
                "GeoPolygon(\(rings.map { "{" + $0.map(\.description).joined(separator: ", ") + "}" }.joined(separator: ", ")))"
        case .circle(let center, let radians): return "GeoCircle(\(center), \(radians))"
        case .point(let point): return "GeoPoint(\(point))"
        }
    }
}

struct GeoVector: Sendable, Equatable {
    var x: Double
    var y: Double
    var z: Double

    static func + (a: GeoVector, b: GeoVector) -> GeoVector { GeoVector(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
    static prefix func - (a: GeoVector) -> GeoVector { GeoVector(x: -a.x, y: -a.y, z: -a.z) }
    func dot(_ b: GeoVector) -> Double { x * b.x + y * b.y + z * b.z }
    func cross(_ b: GeoVector) -> GeoVector {
        GeoVector(x: y * b.z - z * b.y, y: z * b.x - x * b.z, z: x * b.y - y * b.x)
    }
    var length: Double { dot(self).squareRoot() }
    func scaled(_ factor: Double) -> GeoVector { GeoVector(x: x * factor, y: y * factor, z: z * factor) }
}

/// A validated GEOWITHIN region.
package struct GeoRegion: Sendable, Equatable {
    private struct PlanePoint: Equatable {
        var u: Double
        var v: Double
    }

    private enum Kind: Equatable {
        case circle(center: GeoVector, radians: Double)
        /// Rings in the gnomonic plane at `center` (outer ring first), without the closing point.
        case polygon(center: GeoVector, axisU: GeoVector, axisV: GeoVector, rings: [[PlanePoint]])
    }

    private let kind: Kind
    let shape: GeoShape

    /// Distance in the projected plane (about radians near the center) within which a point is on an edge.
    static let boundaryTolerance = 1e-12

    /// Validates `shape`, throwing `QueryError` that names the problem.
    init(_ shape: GeoShape, column: Int? = nil) throws {
        self.shape = shape
        func fail(_ reason: String) -> QueryError {
            QueryError("invalid region in GEOWITHIN for '\(shape)': \(reason)", at: column)
        }
        func check(_ point: GeoCoordinate) throws {
            guard point.isValid else {
                throw fail("longitude/latitude is out of bounds, lng: \(point.longitude) lat: \(point.latitude)")
            }
        }
        switch shape {
        case .point:
            throw fail("a point cannot be used on the right-hand side of GEOWITHIN")
        case .circle(let center, let radians):
            try check(center)
            guard radians >= 0, !radians.isNaN else {
                throw fail("the radius of a circle must be a non-negative number")
            }
            kind = .circle(center: center.vector, radians: radians)
        case .box(let low, let high):
            try check(low)
            try check(high)
            let ring = [
                low, GeoCoordinate(longitude: low.longitude, latitude: high.latitude), high,
                GeoCoordinate(longitude: high.longitude, latitude: low.latitude), low,
            ]
            kind = try Self.polygon([ring], fail: fail)
        case .polygon(let rings):
            for ring in rings { for point in ring { try check(point) } }
            kind = try Self.polygon(rings, fail: fail)
        }
    }

    package static func == (lhs: GeoRegion, rhs: GeoRegion) -> Bool { lhs.shape == rhs.shape }

    private static func polygon(_ rings: [[GeoCoordinate]], fail: (String) -> QueryError) throws -> Kind {
        guard !rings.isEmpty else { throw fail("a polygon needs an outer ring") }
        var vectorRings: [[GeoVector]] = []
        for (index, ring) in rings.enumerated() {
            guard let first = ring.first, let last = ring.last else { throw fail("ring \(index) has no vertices") }
            guard first == last else {
                throw fail("ring \(index) is not closed: first vertex \(first) does not equal last vertex \(last)")
            }
            var vertices: [GeoCoordinate] = []
            for point in ring.dropLast() where vertices.last != point { vertices.append(point) }
            if vertices.count > 1, vertices.first == vertices.last { vertices.removeLast() }
            guard Set(vertices).count >= 3 else {
                throw fail("ring \(index) must have at least 3 different vertices, \(Set(vertices).count) given")
            }
            guard Set(vertices).count == vertices.count else {
                throw fail("ring \(index) is not valid: it has a duplicate vertex")
            }
            vectorRings.append(vertices.map(\.vector))
        }
        // The smaller side of the outer ring is around its vector area (sum of edge cross products).
        let outer = vectorRings[0]
        var area = GeoVector(x: 0, y: 0, z: 0)
        for index in outer.indices { area = area + outer[index].cross(outer[(index + 1) % outer.count]) }
        // A symmetric self-crossing ring has no vector area: project around its vertices to name the crossing.
        let degenerate = area.length <= 1e-15
        let axis = degenerate ? outer.reduce(GeoVector(x: 0, y: 0, z: 0), +) : area
        guard axis.length > 1e-15 else { throw fail("ring 0 is degenerate: it encloses no area") }
        var center = axis.scaled(1 / axis.length)
        let all = vectorRings.flatMap { $0 }
        if !all.allSatisfy({ $0.dot(center) > 1e-9 }) { center = -center }
        guard all.allSatisfy({ $0.dot(center) > 1e-9 }) else {
            throw fail("the polygon does not fit in a hemisphere, which Strata does not support")
        }
        // A tangent basis at the center.
        let helper = abs(center.z) < 0.9 ? GeoVector(x: 0, y: 0, z: 1) : GeoVector(x: 1, y: 0, z: 0)
        let axisU = helper.cross(center).scaled(1 / helper.cross(center).length)
        let axisV = center.cross(axisU)
        func project(_ point: GeoVector) -> PlanePoint {
            let scale = 1 / point.dot(center)
            return PlanePoint(u: point.dot(axisU) * scale, v: point.dot(axisV) * scale)
        }
        let planeRings = vectorRings.map { $0.map(project) }
        // Each ring must be simple: no two non-adjacent edges meet.
        for (index, ring) in planeRings.enumerated() {
            let count = ring.count
            for i in 0..<count {
                for j in (i + 1)..<count where j != i + 1 && !(i == 0 && j == count - 1) {
                    if segmentsMeet(ring[i], ring[(i + 1) % count], ring[j], ring[(j + 1) % count]) {
                        throw fail("ring \(index) is not valid: edges \(i) and \(j) cross")
                    }
                }
            }
        }
        if degenerate { throw fail("ring 0 is degenerate: it encloses no area") }
        // Holes lie strictly inside the outer ring, do not meet each other and are not nested.
        let outerRing = planeRings[0]
        for (index, hole) in planeRings.enumerated().dropFirst() {
            let inside = hole.allSatisfy { locate($0, in: outerRing) == .inside }
            guard inside, !ringsMeet(hole, outerRing) else {
                throw fail("hole \(index) is not contained by the outer ring: holes must lie inside it")
            }
            for other in 1..<index {
                let otherRing = planeRings[other]
                if ringsMeet(hole, otherRing) || hole.contains(where: { locate($0, in: otherRing) != .outside })
                    || otherRing.contains(where: { locate($0, in: hole) != .outside })
                {
                    throw fail("holes \(other) and \(index) overlap or are nested, which a polygon does not allow")
                }
            }
        }
        return .polygon(center: center, axisU: axisU, axisV: axisV, rings: planeRings)
    }

    private enum Location { case inside, outside, boundary }

    private static func cross(_ o: PlanePoint, _ a: PlanePoint, _ b: PlanePoint) -> Double {
        (a.u - o.u) * (b.v - o.v) - (a.v - o.v) * (b.u - o.u)
    }

    /// Whether segment ab and segment cd share any point.
    private static func segmentsMeet(_ a: PlanePoint, _ b: PlanePoint, _ c: PlanePoint, _ d: PlanePoint) -> Bool {
        let d1 = cross(c, d, a)
        let d2 = cross(c, d, b)
        let d3 = cross(a, b, c)
        let d4 = cross(a, b, d)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
        return onSegment(a, c, d) || onSegment(b, c, d) || onSegment(c, a, b) || onSegment(d, a, b)
    }

    private static func ringsMeet(_ first: [PlanePoint], _ second: [PlanePoint]) -> Bool {
        for i in first.indices {
            for j in second.indices
            where segmentsMeet(
                first[i],
                first[(i + 1) % first.count],
                second[j],
                second[(j + 1) % second.count]
            ) {
                return true
            }
        }
        return false
    }

    /// Whether `p` is on segment ab, within the boundary tolerance.
    private static func onSegment(_ p: PlanePoint, _ a: PlanePoint, _ b: PlanePoint) -> Bool {
        let du = b.u - a.u
        let dv = b.v - a.v
        let lengthSquared = du * du + dv * dv
        var t = lengthSquared == 0 ? 0 : ((p.u - a.u) * du + (p.v - a.v) * dv) / lengthSquared
        t = min(1, max(0, t))
        let eu = a.u + t * du - p.u
        let ev = a.v + t * dv - p.v
        return (eu * eu + ev * ev).squareRoot() <= boundaryTolerance
    }

    private static func locate(_ p: PlanePoint, in ring: [PlanePoint]) -> Location {
        var inside = false
        for i in ring.indices {
            let a = ring[i]
            let b = ring[(i + 1) % ring.count]
            if onSegment(p, a, b) { return .boundary }
            if (a.v > p.v) != (b.v > p.v) {
                let u = a.u + (p.v - a.v) / (b.v - a.v) * (b.u - a.u)
                if p.u < u { inside.toggle() }
            }
        }
        return inside ? .inside : .outside
    }

    /// Whether the point lies within the region (see the invariants for edges and boundaries).
    func contains(_ point: GeoCoordinate) -> Bool {
        guard point.isValid else { return false }
        let vector = point.vector
        switch kind {
        case .circle(let center, let radians):
            let angle = atan2(center.cross(vector).length, center.dot(vector))
            return angle <= radians
        case .polygon(let center, let axisU, let axisV, let rings):
            let height = vector.dot(center)
            guard height > 0 else { return false }
            let p = PlanePoint(u: vector.dot(axisU) / height, v: vector.dot(axisV) / height)
            guard Self.locate(p, in: rings[0]) == .inside else { return false }
            return rings.dropFirst().allSatisfy { Self.locate(p, in: $0) == .outside }
        }
    }
}
