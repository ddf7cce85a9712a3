import Foundation
import Strata
import Testing

// The calls realm-swift's RealmCollectionTypeTests expect to raise, each run in a child process on the data set of
// CollectionKinds.makeRealm(): reading positions past the end through objects(at:), observing a frozen collection,
// key-value collection operators Realm refuses, distinct by a property the objects lack or by a list, and
// observing, sorting or querying an unmanaged list or set (Realm raises "This method may only be called on
// RLMArray instances retrieved from an RLMRealm"; Strata stops with its own message for each).

/// A call that stops, on one kind of collection of markers or on the table's readings.
enum StoppingCollectionCall: Codable, Sendable, CustomTestStringConvertible {
    case objectsPastEnd(PortKind)
    case observeFrozen(PortKind)
    case unknownOperator, missingOperatorKeyPath, nestedOperatorKeyPath, unionOfArraysOfSelf
    case aggregateMissingKeyPath, aggregateEmptyKeyPath, aggregateNestedKeyPath
    case distinctMissingProperty, distinctList
    case unmanaged(UnmanagedCall)

    /// A call on an unmanaged list or set of markers.
    enum UnmanagedCall: String, Codable, Sendable, CaseIterable {
        case listObserve, setObserve, listSorted, setSorted, listSortDescriptors, setSortKeyPath, listFilter
        case setFilter, listWhere, setWhere
    }

    static let all: [Self] =
        PortKind.allCases.map(Self.objectsPastEnd) + PortKind.allCases.map(Self.observeFrozen) + [
            .unknownOperator, .missingOperatorKeyPath, .nestedOperatorKeyPath, .unionOfArraysOfSelf,
            .aggregateMissingKeyPath, .aggregateEmptyKeyPath, .aggregateNestedKeyPath,
            .distinctMissingProperty, .distinctList,
        ] + UnmanagedCall.allCases.map(Self.unmanaged)

    var testDescription: String {
        switch self {
        case .objectsPastEnd(let kind): "objects(at:) past the end of \(kind)"
        case .observeFrozen(let kind): "observing frozen \(kind)"
        case .unmanaged(let call): "unmanaged \(call)"
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
        case .nestedOperatorKeyPath, .aggregateNestedKeyPath:
            "Nested key paths are not supported yet for KVC collection operators."
        case .aggregateMissingKeyPath: "Missing key path for KVC collection operator sum in key path '@sum'"
        case .aggregateEmptyKeyPath: "Missing key path for KVC collection operator max in key path '@max.'"
        case .unionOfArraysOfSelf:
            "self is not a valid key-path for a KVC array collection operator as 'unionOfArrays'."
        case .distinctMissingProperty:
            "Cannot sort on key path 'noSuchCol': property 'Reading.noSuchCol' does not exist."
        case .distinctList:
            "Cannot sort on key path 'markers': property 'Reading.markers' is of unsupported type 'array'."
        case .unmanaged(.listObserve), .unmanaged(.setObserve):
            "changes(keyPaths:) needs a managed collection; an unmanaged one cannot be observed"
        case .unmanaged: "may only be called on a managed collection (of an object added to a realm)"
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
        case .aggregateMissingKeyPath: _ = readings.value(forKeyPath: "@sum")
        case .aggregateEmptyKeyPath: _ = readings.value(forKeyPath: "@max.")
        case .aggregateNestedKeyPath: _ = readings.value(forKeyPath: "@max.anchor.id")
        case .distinctMissingProperty: _ = readings.distinct(by: ["noSuchCol"]).count
        case .distinctList: _ = readings.distinct(by: ["markers"]).count
        case .unmanaged(let call):
            let markers = ["1", "2"].map { Marker(value: ["text": $0]) }
            let box = CollectionBox(value: ["markerList": markers, "markerSet": markers])
            let (list, set) = (box.markerList, box.markerSet)
            switch call {
            case .listObserve: _ = list.changes()
            case .setObserve: _ = set.observe { _ in }
            case .listSorted: _ = list.sorted(byKeyPath: "text").count
            case .setSorted: _ = set.sorted(byKeyPath: "text").count
            case .listSortDescriptors: _ = list.sorted(by: [SortDescriptor(keyPath: "text")]).count
            case .setSortKeyPath: _ = set.sorted(by: \.text).count
            case .listFilter: _ = list.filter("text == '1'").count
            case .setFilter: _ = set.filter("text == '1'").count
            case .listWhere: _ = list.where { $0.text == "1" }.count
            case .setWhere: _ = set.where { $0.text == "1" }.count
            }
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
