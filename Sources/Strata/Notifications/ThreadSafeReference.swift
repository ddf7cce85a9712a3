import StrataCore

/// A way to hand an object or collection from one realm actor to another: made inside one realm's isolation,
/// resolved (at most once) inside another's with ``Realm/resolve(_:)``.
///
/// ```swift
/// let reference = try await writer.read { realm in
///     try ThreadSafeReference(to: realm.objects(Dog.self).filter("age > 2"))
/// }
/// let names = try await reader.read { realm in
///     try realm.resolve(reference)?.map(\.name) ?? []
/// }
/// ```
///
/// The reference pins the version it was made at until it is resolved or released; resolving moves an older
/// realm to that version first, so the value is there. A deleted object resolves to nil.
///
/// A structure, as in Realm Swift: copies of a reference share its state, so a reference and its copies resolve once
/// in all.
public struct ThreadSafeReference<Confined: ThreadConfined>: Sendable {
    // Proof of `Sendable`: the one stored property is an `UncheckedLocked` (its value, `Confined`, is not `Sendable`),
    // and this is why no two threads use the value at once outside the lock: `init` stores `threadConfined.freeze()`,
    // a frozen object or collection (immutable; its reads are lock-free and non-mutating, or lock their caches, so any
    // number of tasks may read it at once), and `take()` hands it out once, leaving nil.
    private let frozen: UncheckedLocked<Confined?>

    /// A reference to `threadConfined`, which must be managed and live (inside its realm's isolation) or frozen.
    /// - Throws: ``RealmError/invalidValue(_:)`` for an unmanaged value, ``RealmError/objectInvalidated(_:)`` for a
    ///   deleted object (or a collection of one) or a value of an invalidated realm,
    ///   ``RealmError/tooManyActiveVersions(_:)`` when the realm's version limit is reached.
    /// - Parameter threadConfined: the object or collection to hand over.
    /// - Note: Differs from Realm Swift: it throws rather than raising, and it holds a frozen copy, so it may be
    ///   made from a frozen value too.
    public init(to threadConfined: Confined) throws {
        guard threadConfined.realm != nil else {
            throw RealmError.invalidValue("Cannot construct reference to unmanaged object")
        }
        // Realm Swift refuses these too ("Cannot construct reference to invalidated object"): the reference would
        // only ever resolve to nil.
        guard !threadConfined.isInvalidated else {
            throw RealmError.objectInvalidated("The object or collection a ThreadSafeReference is made to")
        }
        frozen = UncheckedLocked(
            try ThreadSafeReferenceFreezing.$active.withValue(true) { try threadConfined.freeze() }
        )
    }

    /// Whether the referenced value can no longer be resolved (it was resolved, or was invalidated).
    public var isInvalidated: Bool { frozen.withLock { $0 == nil || $0!.isInvalidated } }

    /// The frozen value, taken once.
    func take() throws -> Confined {
        guard
            let value = frozen.withLock({ value -> Confined? in
                defer { value = nil }
                return value
            })
        else {
            throw RealmError.referenceAlreadyResolved
        }
        return value
    }
}

extension Realm {
    /// The live value a ``ThreadSafeReference`` refers to, in this realm; nil when the object was deleted. A realm
    /// at an older version moves to the reference's first.
    ///
    /// As in Realm Swift, a reference resolved in a realm of another file finds nothing there: it gives nil, and
    /// is used up.
    /// - Throws: ``RealmError/referenceAlreadyResolved`` on a second resolve, ``RealmError/frozen(_:)`` on a
    ///   frozen realm, ``RealmError/fileError(_:)`` when the newer version the realm moves to is damaged.
    /// - Parameter reference: a reference made inside another realm of the same file.
    /// - Returns: the live value in this realm, or nil when the object (or the object owning the collection) was
    ///   deleted, or belongs to another file.
    public func resolve<Confined: ThreadConfined>(_ reference: ThreadSafeReference<Confined>) throws -> Confined? {
        guard frozenSnapshot == nil else { throw RealmError.frozen("resolve(_:) on a frozen Realm") }
        let value = try reference.take()
        guard let snapshot = value.realm?.frozenSnapshot, snapshot.databasePath == path else { return nil }
        if state.writeTransaction == nil, let pinned = state.readTransaction, pinned.version < snapshot.version {
            // Damage in the newer version is thrown (ReadFailure.swift): resolving at the older one could call a
            // committed object deleted. Any other failure (the active-version limit) keeps the pinned version, and
            // the value resolves there, as nil when that version does not hold it.
            do {
                _ = try state.advance()
            } catch  where ReadFailure.isDamage(error) {
                throw RealmError.wrapping(error)
            } catch {}
        }
        return Realm.$current.withValue(self) { value.thaw() }
    }
}

/// Set while a ``ThreadSafeReference`` freezes its value: an object created in the open write transaction may be
/// referenced (the reference resolves it by key once the write is committed), though freezing it is refused.
enum ThreadSafeReferenceFreezing {
    @TaskLocal static var active = false
}
