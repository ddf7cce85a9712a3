import Foundation
import Strata
import Testing

// Read-only realms and file errors from realm-swift's Objective-C suite `Realm/Tests/RealmTests.mm`
// (testReadOnlyRealmWithMissingTables, testReadOnlyRealmWithMissingColumns,
// testCannotHaveReadOnlyAndReadWriteRealmsAtSamePathAtSameTime, testCanOpenReadOnlyOnMulitpleThreadsAtOnce,
// testReadOnlyRealmIsImmutable's beginWrite, testInvalidateOnReadOnlyRealm, testRealmFileAccessFileIsDirectory, testCannotWriteInNonExistentDirectory).

/// Older shapes of this file's classes, written to a file that is then opened read-only with the current ones.
enum RMTOlder {
    /// `RMTString` without its `stringCol` column.
    final class RMTString: Object {
        @Persisted var otherCol = 0
    }
}

/// Writes a file holding one `RMTString` "a" (and, with `onlyString`, no other class) and returns the read-only
/// configuration of it with every class of this suite.
private func rmtReadOnlyFile(_ directory: TemporaryDirectory, onlyString: Bool = false) async throws
    -> Realm.Configuration
{
    let writer = try await Realm(configuration: directory.configuration(onlyString ? [RMTString.self] : rmtTypes))
    try await writer.write { realm in _ = try realm.create(RMTString.self, value: ["a"]) }
    await writer.close()
    var configuration = directory.configuration(rmtTypes)
    configuration.readOnly = true
    return configuration
}

extension RealmLevelPortTests {
    @Test("A read-only realm whose file lacks a class reads that class as empty results")
    func readOnlyMissingClasses() async throws {
        let directory = TemporaryDirectory()
        let configuration = try await rmtReadOnlyFile(directory, onlyString: true)
        let realm = try await Realm(configuration: configuration)
        let read = await realm.read { realm -> [String] in
            let results = realm.objects(RMTInt.self)
            var iterated = 0
            for _ in results { iterated += 1 }
            let maximum: Int? = results.max(ofProperty: "intCol")
            let minimum: Int? = results.min(ofProperty: "intCol")
            let average: Double? = results.average(ofProperty: "intCol")
            let sum: Int = results.sum(ofProperty: "intCol")
            return [
                "strings \(realm.objects(RMTString.self).count)",
                "primary \(realm.object(ofType: RMTPrimaryInt.self, forPrimaryKey: 0) == nil)",
                "count \(results.count) \(results.filter("intCol = 5").count)",
                "sorted \(results.sorted(byKeyPath: "intCol").count)",
                "index \(results.index(matching: "intCol = 5") == nil)",
                "aggregates \(maximum == nil) \(minimum == nil) \(average == nil) \(sum)",
                "ends \(results.first == nil) \(results.last == nil) \(iterated)",
                "delete \(thrownCase { try realm.delete(results) })",
            ]
        }
        #expect(
            read == [
                "strings 1", "primary true", "count 0 0", "sorted 0", "index true", "aggregates true true true 0",
                "ends true true 0", "delete notInWriteTransaction",
            ]
        )
    }

    @Test("A read-only realm whose file lacks a column of a class is refused at open")
    func readOnlyMissingColumn() async throws {
        let directory = TemporaryDirectory()
        do {
            let writer = try await Realm(configuration: directory.configuration([RMTOlder.RMTString.self]))
            try await writer.write { realm in _ = try realm.create(RMTOlder.RMTString.self, value: [1]) }
            await writer.close()
        }
        var configuration = directory.configuration([RMTString.self])
        configuration.readOnly = true
        await #expect(throws: RealmError.self) {
            let realm = try await Realm(configuration: configuration)
            await realm.close()
        }
    }

    @Test("Opening a file read-only while a read-write realm has it open throws; closed, it opens")
    func readWriteThenReadOnly() async throws {
        let directory = TemporaryDirectory()
        let writer = try await Realm(configuration: directory.configuration(rmtTypes))
        try await writer.write { realm in _ = try realm.create(RMTString.self, value: ["a"]) }
        var readOnly = directory.configuration(rmtTypes)
        readOnly.readOnly = true
        do {
            let realm = try await Realm(configuration: readOnly)
            await realm.close()
            Issue.record("a read-only open beside a read-write realm must throw")
        } catch let error as RealmError {
            #expect(realmErrorCase(error) == "fileError")
            #expect(error.description.contains("already opened with different read permissions"), "\(error)")
        }
        await writer.close()
        let realm = try await Realm(configuration: readOnly)
        #expect(await realm.read { $0.objects(RMTString.self).count } == 1)
    }

    @Test("Read-only realms opened by two tasks at once read the file; closing one leaves the other reading")
    func readOnlyInTwoTasks() async throws {
        let directory = TemporaryDirectory()
        let configuration = try await rmtReadOnlyFile(directory)
        let kept = try await Realm(configuration: configuration)
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    let realm = try await Realm(configuration: configuration)
                    let count = await realm.read { $0.objects(RMTString.self).count }
                    await realm.close()
                    return count
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == [1, 1])
        #expect(await kept.read { $0.objects(RMTString.self).map(\.stringCol) } == ["a"])
    }

    @Test("A read-only realm refuses beginWrite and stays out of a write transaction")
    func readOnlyRefusesBeginWrite() async throws {
        let directory = TemporaryDirectory()
        let realm = try await Realm(configuration: try await rmtReadOnlyFile(directory))
        await expectError(RealmError.readOnly("write")) { try await realm.beginWrite() }
        #expect(await realm.isInWriteTransaction == false)
        #expect(await realm.read { $0.objects(RMTString.self).count } == 1)
    }

    @Test("invalidate() on a read-only realm invalidates what was read; the next read is valid")
    func invalidateReadOnly() async throws {
        let directory = TemporaryDirectory()
        let realm = try await Realm(configuration: try await rmtReadOnlyFile(directory))
        let box = LiveObjectBox()
        await realm.read { realm in box.object = realm.objects(RMTString.self).first }
        await realm.invalidate()
        let states = await realm.read { realm in
            [box.object!.isInvalidated, realm.objects(RMTString.self).first!.isInvalidated]
        }
        #expect(states == [true, false])
    }

    @Test("Opening a directory as a realm throws a file error naming the path")
    func directoryAsFile() async throws {
        let directory = TemporaryDirectory()
        let url = directory.url.appendingPathComponent("folder.realm")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        do {
            let realm = try await Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: rmtTypes))
            await realm.close()
            Issue.record("a directory must not open as a realm")
        } catch let error as RealmError {
            #expect(realmErrorCase(error) == "fileError")
            #expect(error.description.contains(url.path), "\(error)")
        }
    }

    @Test("writeCopy into a directory that does not exist throws a file error naming the path and writes nothing")
    func writeCopyIntoMissingDirectory() async throws {
        let directory = TemporaryDirectory()
        let realm = try await Realm(configuration: directory.configuration(rmtTypes))
        try await realm.write { realm in _ = try realm.create(RMTInt.self, value: [0]) }
        let missing = directory.url.appendingPathComponent("missing/copy.realm")
        let errors = await realm.read { realm -> [RealmError?] in
            var errors: [RealmError?] = []
            do {
                try realm.writeCopy(toFile: missing)
                errors.append(nil)
            } catch {
                errors.append(error as? RealmError)
            }
            do {
                try realm.writeCopy(configuration: Realm.Configuration(fileURL: missing, objectTypes: rmtTypes))
                errors.append(nil)
            } catch {
                errors.append(error as? RealmError)
            }
            return errors
        }
        for error in errors {
            #expect(error.map(realmErrorCase) == "fileError")
            #expect(error?.description.contains(missing.path) == true, "\(String(describing: error))")
        }
        #expect(!FileManager.default.fileExists(atPath: missing.deletingLastPathComponent().path))
    }
}
