import StrataCore

/// Gives an iteration its objects, rebinding the one it gave last to the next row when nothing else holds it.
///
/// `for person in results { person.score += 1 }` drops each object before asking for the next. Making a new one per
/// row (allocating it, running its wrappers' initializers, and freeing the old one) was a fifth of such a loop. When
/// the object given last is referenced only from here (no strong, weak or unowned reference left anywhere else), no
/// code can tell it from a fresh instance bound to the next row, provided its class holds nothing but its
/// `@Persisted` wrappers (`BindingContext.isRecyclable`): rebinding it then clears all the state one binding left
/// (its row, its collections, whether it was deleted through itself), as a new object would start.
///
/// Invariants: `last` is nil or an instance of `context.type` bound through `context`; it is rebound only when
/// `isKnownUniquelyReferenced` holds and the runtime counts no weak or unowned reference to it. Not `Sendable`: an
/// iterator is used by one task, and a live one on its realm's thread.
final class ObjectRecycler {
    private let context: BindingContext
    private var last: ObjectBase?

    /// A recycler for the objects of `context`, whose class must be recyclable.
    init(_ context: BindingContext) {
        precondition(context.isRecyclable, "\(context.type) holds more than its @Persisted properties")
        self.context = context
    }

    /// An object bound to `key`: the last one rebound when nothing else holds it, a new one otherwise. With `found`
    /// (`key`'s row, from the iterator's ``ResultRowBinder``), the object keeps that row.
    func object(for key: ObjectKey, found: FoundRow? = nil) -> ObjectBase {
        if isKnownUniquelyReferenced(&last), let object = last, Self.hasNoWeakOrUnownedReferences(object) {
            object.recycle(to: key, in: context, found: found)
            return object
        }
        let object = ObjectBinding.makeObject(context, key)
        if let found { object.keepFound(found, key: key, in: context) }
        last = object
        return object
    }

    /// An object bound to `key` for a lookup by primary key, whose caller then gives it its row: the last one, its
    /// row forgotten, when nothing else holds it; a new one otherwise. A loop of lookups that drops each object
    /// before the next then allocates one object, not one per lookup.
    func objectForLookup(_ key: ObjectKey) -> ObjectBase {
        if isKnownUniquelyReferenced(&last), let object = last, Self.hasNoWeakOrUnownedReferences(object) {
            object.recycle(to: key, in: context, followingWalk: false)
            return object
        }
        let object = ObjectBinding.makeObject(context, key)
        last = object
        return object
    }

    /// The recycler of the running job's lookups of `context`'s objects (``RealmExecutor/jobLookupRecycler``),
    /// made when the job has none for `context`. `context` must be recyclable and live, and this must run on its
    /// realm's executor thread.
    static func forLookups(of context: BindingContext, on executor: RealmExecutor) -> ObjectRecycler {
        if let recycler = executor.jobLookupRecycler, recycler.context === context { return recycler }
        let made = ObjectRecycler(context)
        executor.jobLookupRecycler = made
        return made
    }

    /// Whether the runtime counts no weak or unowned reference to `object`: each object counts one unowned
    /// reference (its strong ones') and, once a weak reference was ever made, one weak reference for its side table.
    private static func hasNoWeakOrUnownedReferences(_ object: ObjectBase) -> Bool {
        _getUnownedRetainCount(object) == 1 && _getWeakRetainCount(object) <= 1
    }
}
