import StrataCore

/// How many realms of this process have each file open: opened and not yet closed (a frozen realm counts until it
/// is released), by path. Realm asks the same question of its coordinator: `shouldCompactOnLaunch` is asked only
/// when no realm has the file open, and `deleteFiles(for:)` refuses a file that one has open.
///
/// Each ``RealmState`` counts itself once when it is made and uncounts itself once, when it closes or, unclosed,
/// when it is released.
enum OpenRealms {
    private static let counts = Locked<[String: Int]>([:])

    /// Counts one more realm open on `path`.
    static func opened(_ path: String) {
        counts.withLock { $0[path, default: 0] += 1 }
    }

    /// Counts one realm fewer open on `path`.
    static func closed(_ path: String) {
        counts.withLock { counts in
            let remaining = (counts[path] ?? 1) - 1
            counts[path] = remaining > 0 ? remaining : nil
        }
    }

    /// Whether a realm of this process has `path` open.
    static func isOpen(_ path: String) -> Bool { counts.withLock { $0[path] != nil } }
}
