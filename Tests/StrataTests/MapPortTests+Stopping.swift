import Foundation
import Strata
import Testing

// The calls realm-swift's MapStandaloneTests expect to raise on an unmanaged map (RealmSwift/Tests/MapTests.swift
// testFilter, testKeyedSortable and every notification test; Realm/RLMDictionary.mm raises "This method may only be
// called on RLMDictionary instances retrieved from an RLMRealm" for queries and sorts, and
// Realm/RLMCollection.mm "Change notifications are only supported on managed collections." for observers). Strata
// stops the process with its own message, so each runs in a child process; freezing an unmanaged map, which Realm
// also refuses, throws.

/// A call on an unmanaged map of objects that stops.
enum MPTStoppingCall: String, Codable, Sendable, CaseIterable {
    case filter, sortedByKeyPath, sortedByTypedKeyPath, observe, changes

    /// The part of Strata's message the output must hold.
    var message: String {
        switch self {
        case .filter, .sortedByKeyPath, .sortedByTypedKeyPath: "may only be called on a managed collection"
        case .observe, .changes: "needs a managed map"
        }
    }

    func perform() {
        let map = MPTMapProperty().map
        map["key"] = MPTString(value: ["apples"])
        switch self {
        case .filter: _ = map.filter("stringCol = 'apples'").count
        case .sortedByKeyPath: _ = map.sorted(byKeyPath: "stringCol", ascending: false).count
        case .sortedByTypedKeyPath: _ = map.sorted(by: \.stringCol, ascending: true).count
        case .observe: _ = map.observe { _ in }
        case .changes: _ = map.changes()
        }
    }
}

extension MapPortTests {
    @Test("querying, sorting or observing an unmanaged map stops the process", arguments: MPTStoppingCall.allCases)
    func unmanagedCallsStop(_ call: MPTStoppingCall) async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) { [call] in
            call.perform()
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains(call.message), "\(call): \(output.suffix(300))")
    }

    @Test("freezing an unmanaged map is refused")
    func unmanagedFreeze() {
        let map = MPTMapProperty().map
        #expect(throws: RealmError.self) { try map.freeze() }
    }
}
