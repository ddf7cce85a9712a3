import StrataCore

/// How a commit reaches the other realms of its file in this process: each realm with observers registers here,
/// and a realm that commits tells the others, which each move to the newest version (when `autorefresh` is on)
/// and deliver their observers' changes on their own executor.
///
/// Registrations are weak: a realm that goes away is dropped at the next commit. Other processes' commits are
/// seen when a realm next moves to the newest version (a `read`, a `write`, `refresh()`), not pushed (see the
/// Concurrency article).
enum CommitSignal {
    private struct Registration {
        weak var realm: Realm?
    }

    /// The registered realms of each file path.
    private static let registrations = Locked<[String: [Registration]]>([:])

    /// Registers `realm` to hear of its file's commits (once; later calls do nothing).
    static func register(_ realm: Realm) {
        let path = realm.path
        registrations.withLock { registrations in
            var list = registrations[path, default: []].filter { $0.realm != nil }
            if !list.contains(where: { $0.realm === realm }) { list.append(Registration(realm: realm)) }
            registrations[path] = list
        }
    }

    /// Tells the other registered realms of `realm`'s file that it committed.
    static func committed(by realm: Realm) {
        committed(path: realm.path, by: realm)
    }

    /// Tells the registered realms of `path` that a commit landed, all but `committer` (nil: a commit made outside
    /// any realm, such as replication applying pulled changes).
    static func committed(path: String, by committer: Realm?) {
        let others: [Realm] = registrations.withLock { registrations in
            // The common case of a file nobody observes costs one lookup.
            guard let registered = registrations[path] else { return [] }
            let list = registered.filter { $0.realm != nil }
            registrations[path] = list.isEmpty ? nil : list
            return list.compactMap(\.realm).filter { $0 !== committer }
        }
        for other in others {
            Task { await other.receiveCommit() }
        }
    }
}
