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
    private let coordinator: FileCoordinator

    /// Done once per process, before the first in-memory realm opens: the sweep of dead processes' files, and the
    /// exit handler that removes this process's.
    private static let started: Void = {
        InMemoryFiles.removeFilesOfEndedProcesses()
        atexit { InMemoryFiles.removeFilesAtExit() }
    }()

    /// Counts a live instance of the in-memory realm whose file `coordinator` coordinates.
    init(_ coordinator: FileCoordinator) {
        _ = Self.started
        self.coordinator = coordinator
        coordinator.inMemoryInstanceStarted()
    }

    deinit { coordinator.inMemoryInstanceEnded() }
}

/// The backing files of in-memory realms, on /dev/shm.
enum InMemoryFiles {
    /// Removes an in-memory realm's backing file and its lock file.
    static func remove(_ path: String) {
        // `try?`: "no such file" is the usual answer. Any other failure cannot leave stale data to be read: the name
        // carries this process's pid, so a file already there was left by an ended process that had the same pid, and
        // one this user cannot remove from sticky /dev/shm is another user's, which opening it read-write refuses
        // with its own error.
        for file in [path, path + ".lock"] { try? FileManager.default.removeItem(atPath: file) }
    }

    /// Removes the backing files of the instances still alive as the process exits. Other threads may still run
    /// then, so it does not wait for a lock: if another thread holds one, those files stay for the next process's
    /// sweep.
    static func removeFilesAtExit() {
        for path in FileCoordinator.liveInMemoryFiles() { remove(path) }
    }

    /// Removes the in-memory realm files in /dev/shm made by processes that no longer run (`kill(pid, 0)` says
    /// there is no such process). A file of a process this one may not signal is left alone.
    static func removeFilesOfEndedProcesses(in directory: String = "/dev/shm") {
        // A directory that cannot be listed only skips this sweep of memory: the files it would remove belong to
        // processes that no longer run, and no realm of this process opens them (their names carry another pid).
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix("strata-") {
            guard let pid = name.dropFirst("strata-".count).split(separator: "-").first.flatMap({ Int32($0) }),
                pid > 0, pid != getpid()
            else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH {
                // A file that cannot be removed (another user's, say) only keeps its memory; it is no file of this
                // process's realms (its pid is not `getpid()`), so no realm here reads it.
                try? FileManager.default.removeItem(atPath: directory + "/" + name)
            }
        }
    }
}
