import StrataCore

extension ObjectBinding {
    /// The binding of the same object in a frozen snapshot of the realm's current version (itself when frozen).
    /// - Throws: ``RealmError/tooManyActiveVersions(_:)`` when the realm's version limit is reached.
    func frozen() throws -> ObjectBinding {
        switch source {
        case .frozen: return self
        case .live(let realm):
            return ObjectBinding(source: .frozen(try realm.makeFrozenSnapshot()), table: table, key: key)
        }
    }

    /// The binding of the same object in the realm whose `read` or `write` block is running (itself when live);
    /// nil when the object no longer exists there. Outside a realm's block it stops with a message saying so.
    func thawed() -> ObjectBinding? {
        guard case .frozen = source else { return self }
        return source.thawingRealm().liveBinding(className: table.className, key: key)
    }
}
