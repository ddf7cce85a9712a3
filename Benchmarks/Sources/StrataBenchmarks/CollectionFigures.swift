import Foundation
import Strata

/// A list's holder and element, for the collection figures.
final class BenchHolder: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var items: List<BenchItem>
}

/// An element of ``BenchHolder``'s list, with the holders linking to it.
final class BenchItem: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted(originProperty: "items") var holders: LinkingObjects<BenchHolder>
}

/// Strata-only figures of issue [2/5]'s collection rows:
/// - appending links to one list one `append` at a time in one transaction, against one `append(objectsIn:)`
///   (the target is within 3x; a list stored as one value makes single appends quadratic);
/// - the bytes a commit writes to append one element to the list the bulk append made (a large list is a tree
///   of its own: the target is O(log n), a few KiB);
/// - iterating the `LinkingObjects` of an object with 10,000 backlinks (linear).
struct CollectionFigures: Codable {
    /// How many links the append rows add.
    var appendCount: Int
    /// Seconds for `appendCount` single appends in one transaction.
    var singleAppends: Double
    /// Seconds for one `append(objectsIn:)` of as many links.
    var bulkAppend: Double
    /// Node bytes written by a commit appending one link to the `appendCount`-element list.
    var oneAppendCommitBytes: Int
    /// Seconds to iterate 10,000 backlinks reading each holder's id.
    var backlinkIteration: Double

    func printTable() {
        print("")
        print("Collections (Strata only)")
        print(
            String(
                format: "%d links appended one at a time %@, in one append(objectsIn:) %@ (%.1fx; target within 3x)",
                appendCount,
                Report.format(singleAppends, unit: "seconds").trimmingCharacters(in: .whitespaces),
                Report.format(bulkAppend, unit: "seconds").trimmingCharacters(in: .whitespaces),
                singleAppends / bulkAppend
            )
        )
        print(
            "a commit appending one link to a list of \(appendCount) writes "
                + "\(oneAppendCommitBytes) bytes (target: O(log n), a few KiB)"
        )
        print(
            "iterating LinkingObjects of 10,000 backlinks: "
                + Report.format(backlinkIteration, unit: "seconds").trimmingCharacters(in: .whitespaces)
        )
    }

    /// Measures the rows in a fresh file in `directory`.
    static func measure(directory: String, appends: Int) async throws -> CollectionFigures {
        let configuration = Realm.Configuration(
            fileURL: URL(fileURLWithPath: directory + "/collections.strata"),
            objectTypes: [BenchHolder.self, BenchItem.self]
        )
        _ = try Realm.deleteFiles(for: configuration)
        let realm = try await Realm(configuration: configuration)
        try await realm.write { realm in
            for id in 0..<appends { try realm.add(BenchItem(value: ["id": id])) }
            try realm.add([BenchHolder(value: ["id": -1]), BenchHolder(value: ["id": -2])])
        }
        let single = try await time {
            try await realm.write { realm in
                let holder = realm.object(ofType: BenchHolder.self, forPrimaryKey: -1)!
                for item in realm.objects(BenchItem.self) { holder.items.append(item) }
            }
        }
        let bulk = try await time {
            try await realm.write { realm in
                realm.object(ofType: BenchHolder.self, forPrimaryKey: -2)!.items
                    .append(objectsIn: realm.objects(BenchItem.self))
            }
        }
        let before = await realm.commitStatistics.bytesWritten
        try await realm.write { realm in
            let item = realm.object(ofType: BenchItem.self, forPrimaryKey: 0)!
            realm.object(ofType: BenchHolder.self, forPrimaryKey: -2)!.items.append(item)
        }
        let oneAppendBytes = await realm.commitStatistics.bytesWritten - before
        try await realm.write { realm in
            let item = realm.object(ofType: BenchItem.self, forPrimaryKey: 0)!
            for id in 0..<10_000 { try realm.add(BenchHolder(value: ["id": id + 1, "items": [item]])) }
        }
        let iteration = try await time {
            let total = await realm.read { realm in
                realm.object(ofType: BenchItem.self, forPrimaryKey: 0)!.holders.reduce(0) { $0 + $1.id }
            }
            guard total > 0 else { throw BenchmarkError.mismatch("backlink iteration") }
        }
        await realm.close()
        return CollectionFigures(
            appendCount: appends,
            singleAppends: single,
            bulkAppend: bulk,
            oneAppendCommitBytes: oneAppendBytes,
            backlinkIteration: iteration
        )
    }

    private static func time(_ body: () async throws -> Void) async throws -> Double {
        let start = ContinuousClock.now
        try await body()
        return ConcurrencyFigures.seconds(ContinuousClock.now - start)
    }
}
