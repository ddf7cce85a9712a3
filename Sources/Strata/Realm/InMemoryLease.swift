import Foundation
import StrataCore

/// Keeps an in-memory realm's backing file (on /dev/shm) while a Realm instance for it lives, and removes
/// it with the last one, as Realm drops an in-memory realm's data when its last instance goes away.
///
/// /dev/shm is memory: a file left there holds its pages until the machine restarts. So besides removing a file with
/// its last instance, the process removes the files of its instances still alive when it exits, and the first
/// in-memory realm a process opens removes the files that processes which no longer run left behind (one killed or
/// crashed before it could remove them). A backing file's name starts with `strata-<pid>-`, the process that made it.
final class InMemoryLease: Sendable {
    let path: String

    /// Live instances per backing file. Files are created and removed under this lock, so a realm being
    /// released never removes the file a new instance has just started.
    private static let counts = Locked<[String: Int]>([:])

    /// Done once per process, before the first in-memory realm opens: the sweep of dead processes' files, and the
    /// exit handler that removes this process's.
    private static let started: Void = {
        removeFilesOfEndedProcesses()
        atexit { InMemoryLease.removeFilesAtExit() }
    }()

    init(path: String) {
        _ = Self.started
        self.path = path
        Self.counts.withLock { counts in
            counts[path, default: 0] += 1
            // The first instance starts empty, whatever an earlier, released instance left.
            if counts[path] == 1 { Self.remove(path) }
        }
    }

    deinit {
        let path = self.path
        Self.counts.withLock { counts in
            counts[path, default: 1] -= 1
            if counts[path] == 0 {
                counts[path] = nil
                Self.remove(path)
            }
        }
    }

    private static func remove(_ path: String) {
        for file in [path, path + ".lock"] { try? FileManager.default.removeItem(atPath: file) }
    }

    /// Removes the backing files of the instances still alive as the process exits. Other threads may still run
    /// then, so it does not wait for the lock: if another thread holds it, those files stay for the next process's
    /// sweep.
    private static func removeFilesAtExit() {
        let paths = counts.withLockIfAvailable { counts in Array(counts.keys) } ?? []
        for path in paths { remove(path) }
    }

    /// Removes the in-memory realm files in /dev/shm made by processes that no longer run (`kill(pid, 0)` says
    /// there is no such process). A file of a process this one may not signal is left alone.
    static func removeFilesOfEndedProcesses(in directory: String = "/dev/shm") {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix("strata-") {
            guard let pid = name.dropFirst("strata-".count).split(separator: "-").first.flatMap({ Int32($0) }),
                pid > 0, pid != getpid()
            else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH {
                try? FileManager.default.removeItem(atPath: directory + "/" + name)
            }
        }
    }
}
