import Foundation
import Strata
import Testing

/// The process umask, read from /proc (calling umask(2) to read it would change it for parallel tests).
private func processUmask() throws -> Int {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
        let value = Int(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8)
    else { throw RealmError.fileError("no Umask line in /proc/self/status") }
    return value
}

/// The permission bits of the file at `path`, from stat(2).
private func mode(_ path: String) throws -> Int {
    var status = stat()
    guard stat(path, &status) == 0 else { throw RealmError.fileError("stat \(path): errno \(errno)") }
    return Int(status.st_mode) & 0o7777
}

@Suite("Files a realm creates are private unless the configuration widens them")
struct FilePermissionTests {
    @Test("A new realm file and its lock file are created 0600 by default")
    func privateByDefault() async throws {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration([Dog.self])
        #expect(configuration.filePermissions == 0o600)
        let realm = try await Realm(configuration: configuration)
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Rex"])) }
        let expected = 0o600 & ~(try processUmask())
        let path = configuration.fileURL!.path
        #expect(try mode(path) == expected)
        #expect(try mode(path + ".lock") == expected)
        await realm.close()
    }

    @Test("filePermissions widens the realm file, its lock file and every copy", arguments: [0o640, 0o660, 0o666])
    func widened(permissions: Int) async throws {
        let directory = TemporaryDirectory()
        var configuration = directory.configuration([Dog.self])
        configuration.filePermissions = permissions
        let expected = permissions & ~(try processUmask())
        let realm = try await Realm(configuration: configuration)
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Rex"])) }
        let path = configuration.fileURL!.path
        #expect(try mode(path) == expected)
        #expect(try mode(path + ".lock") == expected)

        // writeCopy(toFile:) keeps the source's permissions; writeCopy(configuration:) takes the destination's.
        let copy = directory.url.appendingPathComponent("copy.realm")
        try await realm.writeCopy(toFile: copy)
        #expect(try mode(copy.path) == expected)
        var privateCopy = directory.configuration([Dog.self])
        privateCopy.fileURL = directory.url.appendingPathComponent("private.realm")
        try await realm.writeCopy(configuration: privateCopy)
        #expect(try mode(privateCopy.fileURL!.path) == 0o600 & ~(try processUmask()))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
            .filter { $0.hasSuffix(".compacting") || $0.hasSuffix(".creating") }
        #expect(leftovers.isEmpty, "no temporary file is left behind")
        await realm.close()

        // Compaction at launch rewrites the file: the new one has the configured mode too.
        var compacting = configuration
        compacting.shouldCompactOnLaunch = { _, _ in true }
        let reopened = try await Realm(configuration: compacting)
        #expect(await reopened.read { realm in realm.objects(Dog.self).count } == 1)
        #expect(try mode(path) == expected)
        await reopened.close()
    }

    @Test("An existing file keeps its mode: filePermissions applies to files created from now on")
    func existingFileKeepsItsMode() async throws {
        let directory = TemporaryDirectory()
        let configuration = directory.configuration([Dog.self])
        let path = configuration.fileURL!.path
        do {
            let realm = try await Realm(configuration: configuration)
            await realm.close()
        }
        #expect(chmod(path, 0o640) == 0)
        let realm = try await Realm(configuration: configuration)
        try await realm.write { realm in try realm.add(Dog(value: ["name": "Rex"])) }
        #expect(try mode(path) == 0o640)
        await realm.close()
    }

    @Test("Permissions without owner read and write, or beyond 0o777, are refused", arguments: [0o400, 0o200, 0o1777])
    func invalidPermissions(permissions: Int) async throws {
        let directory = TemporaryDirectory()
        var configuration = directory.configuration([Dog.self])
        configuration.filePermissions = permissions
        await #expect {
            _ = try await Realm(configuration: configuration)
        } throws: { error in
            guard case RealmError.invalidValue(let message) = error else { return false }
            return message.contains("filePermissions")
        }
        #expect(!FileManager.default.fileExists(atPath: configuration.fileURL!.path), "nothing was created")
    }
}
