import Foundation
import StrataCore
import Testing

@Suite("The engine creates every file with the permissions it is given")
struct FilePermissionEngineTests {
    /// The process umask, read from /proc (umask(2) would change it for parallel tests).
    private func processUmask() throws -> UInt32 {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
        return try #require(UInt32(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8))
    }

    private func mode(_ path: String) -> UInt32 {
        var status = stat()
        #expect(stat(path, &status) == 0, "stat \(path)")
        return UInt32(status.st_mode) & 0o7777
    }

    @Test("Database, lock file and compacted copy get 0600 by default and the options' mode when widened")
    func databaseFiles() async throws {
        let umask = try processUmask()
        let directory = TemporaryDirectory()
        let privatePath = directory.file("private.strata")
        let database = try Database.open(path: privatePath)
        #expect(mode(privatePath) == 0o600 & ~umask)
        #expect(mode(privatePath + ".lock") == 0o600 & ~umask)
        database.close()

        let sharedPath = directory.file("shared.strata")
        let shared = try Database.open(
            path: sharedPath,
            options: DatabaseOptions(filePermissions: FilePermissions(rawValue: 0o660))
        )
        #expect(mode(sharedPath) == 0o660 & ~umask)
        #expect(mode(sharedPath + ".lock") == 0o660 & ~umask)
        // A copy inherits the source's permissions unless it is given its own.
        try await shared.writeCompactedCopy(to: directory.file("inherited.strata"))
        #expect(mode(directory.file("inherited.strata")) == 0o660 & ~umask)
        try await shared.writeCompactedCopy(to: directory.file("own.strata"), permissions: .ownerReadWrite)
        #expect(mode(directory.file("own.strata")) == 0o600 & ~umask)
        shared.close()
    }

    @Test("PosixFileSystem creates a new file with the requested mode, less the umask")
    func createNew() throws {
        let umask = try processUmask()
        let directory = TemporaryDirectory()
        for permissions: UInt32 in [0o600, 0o640, 0o666] {
            let path = directory.file("file-\(String(permissions, radix: 8))")
            let file = try PosixFileSystem().open(
                path,
                mode: .createNew(permissions: FilePermissions(rawValue: permissions))
            )
            file.close()
            #expect(mode(path) == permissions & ~umask)
        }
    }
}
