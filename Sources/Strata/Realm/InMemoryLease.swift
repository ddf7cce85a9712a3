import Foundation
import StrataCore

/// Keeps an in-memory realm's backing file (on /dev/shm) while a Realm instance for it lives, and removes
/// it with the last one, as Realm drops an in-memory realm's data when its last instance goes away.
final class InMemoryLease: Sendable {
    let path: String

    /// Live instances per backing file. Files are created and removed under this lock, so a realm being
    /// released never removes the file a new instance has just started.
    private static let counts = Locked<[String: Int]>([:])

    init(path: String) {
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
}
