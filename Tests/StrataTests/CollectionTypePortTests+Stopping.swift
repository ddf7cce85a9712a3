import Foundation
import Strata
import Testing

// The calls realm-swift's RealmCollectionTypeTests expect to raise, each run in a child process on the data set of
// CollectionKinds.makeRealm(): reading positions past the end through objects(at:), observing a frozen collection,
// key-value collection operators Realm refuses, and distinct by a property the objects lack or by a list.

/// A call that stops, on one kind of collection of markers or on the table's readings.
enum StoppingCollectionCall: Codable, Sendable, CustomTestStringConvertible {
    case objectsPastEnd(PortKind)
    case observeFrozen(PortKind)
    case unknownOperator, missingOperatorKeyPath, nestedOperatorKeyPath, unionOfArraysOfSelf
    case distinctMissingProperty, distinctList

    static let all: [Self] =
        PortKind.allCases.map(Self.objectsPastEnd) + PortKind.allCases.map(Self.observeFrozen) + [
            .unknownOperator, .missingOperatorKeyPath, .nestedOperatorKeyPath, .unionOfArraysOfSelf,
            .distinctMissingProperty, .distinctList,
        ]

    var testDescription: String {
        switch self {
        case .objectsPastEnd(let kind): "objects(at:) past the end of \(kind)"
        case .observeFrozen(let kind): "observing frozen \(kind)"
        default: "\(self)"
        }
    }

    /// Realm's message for the call.
    var message: String {
        switch self {
        case .objectsPastEnd: "Indexes for collection are out of bounds."
        case .observeFrozen: "Frozen Realms do not change and do not have change notifications."
        case .unknownOperator: "Unsupported KVC collection operator found in key path '@foo.text'"
        case .missingOperatorKeyPath:
            "Missing key path for KVC collection operator unionOfObjects in key path '@unionOfObjects'"
        case .nestedOperatorKeyPath: "Nested key paths are not supported yet for KVC collection operators."
        case .unionOfArraysOfSelf:
            "self is not a valid key-path for a KVC array collection operator as 'unionOfArrays'."
        case .distinctMissingProperty:
            "Cannot sort on key path 'noSuchCol': property 'Reading.noSuchCol' does not exist."
        case .distinctList:
            "Cannot sort on key path 'markers': property 'Reading.markers' is of unsupported type 'array'."
        }
    }

    func perform(in realm: isolated Realm) throws {
        let readings = realm.objects(Reading.self)
        switch self {
        case .objectsPastEnd(let kind): _ = kind.markers(in: realm).objects(at: [0, 10])
        case .observeFrozen(let kind): _ = try kind.markers(in: realm).freeze().changes()
        case .unknownOperator: _ = realm.objects(Marker.self).value(forKeyPath: "@foo.text")
        case .missingOperatorKeyPath: _ = realm.objects(Marker.self).value(forKeyPath: "@unionOfObjects")
        case .nestedOperatorKeyPath: _ = realm.objects(Marker.self).value(forKeyPath: "@unionOfObjects.anchor.id")
        case .unionOfArraysOfSelf: _ = realm.objects(Marker.self).value(forKeyPath: "@unionOfArrays.self")
        case .distinctMissingProperty: _ = readings.distinct(by: ["noSuchCol"]).count
        case .distinctList: _ = readings.distinct(by: ["markers"]).count
        }
    }
}

@Suite("Collection type port: calls realm-swift's collection type tests expect to raise")
struct CollectionTypePortStoppingTests {
    @Test("each call stops with Realm's message", arguments: StoppingCollectionCall.all)
    func stops(_ call: StoppingCollectionCall) async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) { [call] in
            let realm = try await CollectionKinds.makeRealm()
            try await realm.read { realm in try call.perform(in: realm) }
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains(call.message), "\(call): \(output.suffix(400))")
    }
}
