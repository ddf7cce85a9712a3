import Foundation
import Strata
import Synchronization
import Testing

// Compaction at launch, from realm-swift's RealmSwift/Tests/CompactionTests.swift (testSuccessfulCompactOnLaunch):
// the block is called with the file's size and the bytes in use, a `true` answer makes the file smaller, and every
// object is kept in its order. Strata's Docs.docc/Operations.md ("Compaction") adds what is tested beside it: a
// `false` answer leaves the file as it is, the block is asked only when the process first opens the file, and never
// for an in-memory realm.

/// Realm's `SwiftStringObject`.
final class CCPStringObject: Object {
    @Persisted var stringCol = ""
}

/// What one call of `shouldCompactOnLaunch` was given.
struct CCPCompactCall: Equatable, Sendable {
    let totalBytes: Int
    let usedBytes: Int
}

/// A `shouldCompactOnLaunch` block that records its calls and answers `answer`.
final class CCPCompactRecorder: Sendable {
    let answer: Bool
    private let recorded = Mutex<[CCPCompactCall]>([])

    init(answer: Bool) { self.answer = answer }

    var calls: [CCPCompactCall] { recorded.withLock { $0 } }

    var block: @Sendable (Int, Int) -> Bool {
        { [self] total, used in
            recorded.withLock { $0.append(CCPCompactCall(totalBytes: total, usedBytes: used)) }
            return answer
        }
    }
}

/// The size of the file at `url`, in bytes.
func ccpFileSize(_ url: URL) throws -> Int {
    try #require(FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
}

@Suite("Compaction at launch as realm-swift's CompactionTests")
struct CompactionPortTests {
    /// Realm's numbers: 1000 copies of one UUID string between "A" and "B", and more than 50000 bytes in use.
    static let count = 1000
    static let minimumUsedBytes = 50000

    /// A closed realm file in `directory` holding "A", `count` copies of one UUID string, then "B".
    static func writeCompactable(in directory: TemporaryDirectory) async throws -> Realm.Configuration {
        let configuration = directory.configuration([CCPStringObject.self])
        let realm = try await Realm(configuration: configuration)
        let uuid = UUID().uuidString
        try await realm.write { realm in
            _ = try realm.create(CCPStringObject.self, value: ["A"])
            for _ in 0..<count { _ = try realm.create(CCPStringObject.self, value: [uuid]) }
            _ = try realm.create(CCPStringObject.self, value: ["B"])
        }
        await realm.close()
        return configuration
    }

    @Test(
        "shouldCompactOnLaunch gets the file's size and the bytes in use; true shrinks the file, false keeps it",
        arguments: [true, false]
    )
    func compactOnLaunch(answer: Bool) async throws {
        let directory = TemporaryDirectory()
        var configuration = try await Self.writeCompactable(in: directory)
        let url = try #require(configuration.fileURL)
        let sizeBefore = try ccpFileSize(url)
        let recorder = CCPCompactRecorder(answer: answer)
        configuration.shouldCompactOnLaunch = recorder.block

        #expect(try ccpFileSize(url) == sizeBefore, "configuring compaction does not touch the file")
        let realm = try await Realm(configuration: configuration)
        let call = try #require(recorder.calls.first)
        #expect(recorder.calls.count == 1)
        #expect(call.totalBytes == sizeBefore)
        #expect(call.usedBytes < call.totalBytes && call.usedBytes > Self.minimumUsedBytes, "\(call)")
        if answer {
            #expect(try ccpFileSize(url) < sizeBefore)
        } else {
            #expect(try ccpFileSize(url) == sizeBefore)
        }

        let read = await realm.read { realm in
            let objects = realm.objects(CCPStringObject.self)
            return [objects.count.description, objects.first?.stringCol ?? "nil", objects.last?.stringCol ?? "nil"]
        }
        #expect(read == ["\(Self.count + 2)", "A", "B"])
        await realm.close()
    }

    @Test("A compacted file opens again with the same objects and answers the block with its new size")
    func compactedFileReopens() async throws {
        let directory = TemporaryDirectory()
        var configuration = try await Self.writeCompactable(in: directory)
        let url = try #require(configuration.fileURL)
        configuration.shouldCompactOnLaunch = CCPCompactRecorder(answer: true).block
        let compacted = try await Realm(configuration: configuration)
        let sizeAfter = try ccpFileSize(url)
        await compacted.close()

        let again = CCPCompactRecorder(answer: false)
        configuration.shouldCompactOnLaunch = again.block
        let realm = try await Realm(configuration: configuration)
        #expect(again.calls.map(\.totalBytes) == [sizeAfter])
        #expect(again.calls.allSatisfy { $0.usedBytes <= $0.totalBytes })
        let strings = await realm.read { realm in realm.objects(CCPStringObject.self).map(\.stringCol) }
        #expect(strings.count == Self.count + 2)
        #expect(strings.first == "A" && strings.last == "B")
        #expect(Set(strings.dropFirst().dropLast()).count == 1)
        await realm.close()
    }

    @Test("The block is not asked while a realm of the process has the file open")
    func notAskedOnSecondOpen() async throws {
        let directory = TemporaryDirectory()
        var configuration = try await Self.writeCompactable(in: directory)
        let url = try #require(configuration.fileURL)
        let first = try await Realm(configuration: configuration)
        let sizeBefore = try ccpFileSize(url)
        let recorder = CCPCompactRecorder(answer: true)
        configuration.shouldCompactOnLaunch = recorder.block
        let second = try await Realm(configuration: configuration)
        #expect(recorder.calls.isEmpty)
        #expect(try ccpFileSize(url) == sizeBefore)
        #expect(await second.read { realm in realm.objects(CCPStringObject.self).count } == Self.count + 2)
        await second.close()
        await first.close()
    }

    @Test("The block is not asked for an in-memory realm")
    func notAskedInMemory() async throws {
        var configuration = memoryConfiguration([CCPStringObject.self])
        let recorder = CCPCompactRecorder(answer: true)
        configuration.shouldCompactOnLaunch = recorder.block
        let realm = try await Realm(configuration: configuration)
        try await realm.write { realm in _ = try realm.create(CCPStringObject.self, value: ["A"]) }
        #expect(recorder.calls.isEmpty)
        #expect(await realm.read { realm in realm.objects(CCPStringObject.self).count } == 1)
        await realm.close()
    }
}
