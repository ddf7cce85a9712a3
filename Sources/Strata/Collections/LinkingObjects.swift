import StrataCore

/// The objects whose link property points at this object: `@Persisted(originProperty: "dogs") var
/// owners: LinkingObjects<Person>`.
///
/// It is computed from stored backlinks (no scan) and always reflects the realm's current version.
public struct LinkingObjects<Element: ObjectBase & RealmCollectionValue>: RandomAccessCollection, _Persistable,
    CustomStringConvertible,
    @unchecked Sendable
{
    // Proof of `@unchecked Sendable`: its owner's binding is only read here (non-mutating calls: nothing writes to it);
    // a live owner's reads check confinement, and a frozen owner's read an immutable version. A key-path probe's
    // value (`keyPathProbe` set) lives only while one call records a key path, on that call's task.
    let owner: ObjectBinding?
    let property: Int
    /// What makes this value (and its copies) equal only to itself, as Realm Swift's linking objects are: each read
    /// of the property gives a new one.
    private let identity = CollectionIdentity()
    /// The probe object every position answers with, on a probe object's linking objects (``KeyPathRecorder``).
    private var keyPathProbe: Element?

    /// An empty, unmanaged value (the state of an object not yet added to a realm).
    /// - Parameters:
    ///   - fromType: the class whose property links here.
    ///   - property: the name of that link or list property.
    public init(fromType: Element.Type, property: String) {
        owner = nil
        self.property = -1
    }

    init(owner: ObjectBinding?, property: Int) {
        self.owner = owner
        self.property = property
    }

    var keys: [ObjectKey] {
        guard let owner, let origin = owner.table.linkingOrigins[property] else { return [] }
        return owner.source.read("LinkingObjects") { reader in
            ReadFailure.unlessAbsent("LinkingObjects") {
                try reader.table(owner.table.tableKey).backlinks(owner.key, from: origin.table, column: origin.column)
            } ?? []
        }
    }

    /// The position of the first element.
    public var startIndex: Int { 0 }
    /// One past the position of the last element.
    public var endIndex: Int { keys.count }

    /// The object at `position`.
    /// - Parameter position: a position from 0 up to `count`; another stops with Realm Swift's message.
    /// - Complexity: O(k) for k linking objects: the backlinks are read on each access.
    public subscript(position: Int) -> Element {
        if let keyPathProbe { return keyPathProbe }
        guard let owner, let origin = owner.table.linkingOrigins[property],
            let table = owner.source.schema.byTableKey[origin.table]
        else {
            CollectionEdit.checkPosition(position, count: 0)
            preconditionFailure("Index \(position) is out of bounds (must be less than 0).")
        }
        let keys = self.keys
        CollectionEdit.checkPosition(position, count: keys.count)
        return ObjectBinding.makeObject(source: owner.source, table: table, key: keys[position]) as! Element
    }

    /// The realm, or nil when unmanaged.
    public var realm: Realm? { owner?.realm }
    /// Whether the owning object is frozen.
    public var isFrozen: Bool { owner?.isFrozen ?? false }
    /// Whether the owning object was deleted or its realm invalidated.
    public var isInvalidated: Bool { owner?.isInvalidated ?? false }

    /// An immutable snapshot of the linking objects at the realm's current version, readable from any task.
    /// - Throws: ``RealmError/invalidValue(_:)`` when unmanaged, or ``RealmError/tooManyActiveVersions(_:)`` when
    ///   the realm's version limit is reached.
    /// - Returns: the frozen linking objects.
    /// - Complexity: O(1); the snapshot pins the realm's version.
    public func freeze() throws -> LinkingObjects<Element> {
        guard let owner else { throw RealmError.invalidValue("unmanaged linking objects cannot be frozen") }
        return LinkingObjects(owner: try owner.frozen(), property: property)
    }

    /// The live linking objects for frozen ones, in the realm whose `read` or `write` block is running; nil
    /// when the object they link to was deleted.
    /// - Returns: the live linking objects, or nil when the owner was deleted.
    /// - Complexity: O(log n) to find the object they link to among the n objects of its class.
    public func thaw() -> LinkingObjects<Element>? {
        guard let owner else { return self }
        return owner.thawed().map { LinkingObjects(owner: $0, property: property) }
    }

    /// The objects in Realm's order: the order their links were made in (an object that links here twice comes
    /// twice), where a removed link's place is taken by the last one.
    /// - Returns: an iterator over the objects linking here when it is made.
    /// - Complexity: O(k) to make, for k backlinks.
    public func makeIterator() -> RLMIterator<Element> {
        guard let results = _contents.results else { return RLMIterator(count: 0) { _ in preconditionFailure() } }
        return results.makeIterator()
    }

    /// The objects in Realm's format: `LinkingObjects<Person> <0x…> (\n\t[0] Person {…}\n)`.
    /// - Complexity: O(n) for the n objects it shows.
    public var description: String { realmDescription(depth: RealmDescription.maximumDepth) }
}

extension LinkingObjects: RealmCollection {
    /// Linking objects are queried as results over the objects whose links point at the owner.
    public var _contents: _RealmCollectionContents<Element> {
        guard let owner, let origin = owner.table.linkingOrigins[property],
            let table = owner.source.schema.byTableKey[origin.table]
        else { return _RealmCollectionContents(unmanaged: [], instance: nil) }
        return _RealmCollectionContents(
            results: Results(
                source: owner.source,
                className: table.className,
                base: CollectionBase(
                    ownerTable: owner.table,
                    ownerKey: owner.key,
                    property: property,
                    kind: .backlinks(origin: origin)
                )
            ),
            identity: ObjectIdentifier(identity)
        )
    }
}

extension LinkingObjects: LinkingObjectsMarker, EmptyConstructible, ManagedCollectionFactory {
    static var sourceType: ObjectBase.Type { Element.self }
    static func makeEmpty() -> Any { LinkingObjects(owner: nil, property: -1) }
    static func makeManaged(owner: ObjectBinding, property: Int) -> Any {
        LinkingObjects(owner: owner, property: property)
    }
}

extension LinkingObjects: KeyPathProbeCollection {
    static func keyPathProbe(holding probe: ObjectBase) -> Any? {
        guard let element = probe as? Element else { return nil }
        var linkingObjects = LinkingObjects(owner: nil, property: -1)
        linkingObjects.keyPathProbe = element
        return linkingObjects
    }
}

extension LinkingObjects: RealmDescribableCollection {
    static var descriptionName: String { "LinkingObjects" }
}

/// The objects or values, for assigning them to a list or set property (`owner["items"] = results`) or copying
/// them into a new object, as Realm Swift accepts any collection there.
extension LinkingObjects: ElementsProvider {
    var anyElements: [Any] { map { $0 as Any } }
}
