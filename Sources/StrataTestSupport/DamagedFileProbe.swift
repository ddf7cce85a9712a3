// DamagedFileProbe.swift: opens a whole file image the way a damaged file on disk would be opened.
//
// Part of StrataTestSupport (not the engine): used by the damaged-file fuzz target and the corpus replay
// test. The image is written to a private file on the memory-backed /dev/shm (when there is one), opened,
// verified, and every object of every table read; the file and its lock file are removed afterwards.
//
// Contract: a probe returns, or throws the StorageError that refused the image. Anything else (a crash,
// a hang, another error type) is a bug in the engine the fuzz target reports.

import Glibc

#if canImport(StrataCore)
    import StrataCore
#endif

package enum DamagedFileProbe {
    /// Opens, verifies and reads `image`; throws the StorageError that refused it, if one did. Verification
    /// failures are expected for damaged images and do not stop the reads.
    package static func probe(_ image: [UInt8]) throws {
        let directory = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        let path = "\(directory)/strata-probe-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).strata"
        let descriptor = open(path, O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw StorageError.io(SystemError("open", code: errno, path: path)) }
        defer {
            unlink(path)
            unlink(path + ".lock")
        }
        let written = image.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == image.count else {
            throw StorageError.io(SystemError("write", code: errno, path: path))
        }
        let database = try Database.open(path: path)
        defer { database.close() }
        _ = try? database.verify()
        let read = try database.beginRead()
        for spec in read.tableSpecs {
            guard let table = try? read.table(spec.key), let keys = try? table.keys() else { continue }
            for key in keys { _ = try? table.row(key) }
        }
    }
}
