import StrataCore

/// Any Realm collection of one element type — ``Results``, ``List``, ``MutableSet``, ``LinkingObjects`` —
/// behind one type, for properties and APIs that accept any of them.
///
/// ```swift
/// let dogs: AnyRealmCollection<Dog> = AnyRealmCollection(person.dogs)
/// let named = dogs.filter("name BEGINSWITH 'R'")
/// ```
///
/// Every member runs as the wrapped collection's does: the shared ``RealmCollection`` implementation reads
/// the same contents, so wrapping costs one indirect call per member, not a copy.
public struct AnyRealmCollection<Element: RealmCollectionValue>: RealmCollection {
    /// The wrapped collection.
    let base: any RealmCollection<Element>

    /// Wraps `base`.
    /// - Parameter base: the collection to wrap; its reads, queries and notifications go through.
    /// - Complexity: O(1).
    public init<C: RealmCollection>(_ base: C) where C.Element == Element {
        if let any = base as? AnyRealmCollection<Element> {
            self.base = any.base
        } else {
            self.base = base
        }
    }

    /// The position of the first element.
    public var startIndex: Int { 0 }
    /// One past the position of the last element.
    public var endIndex: Int { base.count }
    /// The number of elements.
    /// - Complexity: as the wrapped collection's `count`.
    public var count: Int { base.count }
    /// The element at `position`.
    /// - Parameter position: a position from 0 up to `count`; another stops with a message.
    /// - Complexity: as the wrapped collection's subscript.
    public subscript(position: Int) -> Element { base[position] }
    /// The elements, in order.
    /// - Returns: the wrapped collection's iterator.
    /// - Complexity: as the wrapped collection's `makeIterator()`.
    public func makeIterator() -> RLMIterator<Element> { base.makeIterator() }

    /// The wrapped collection's realm.
    public var realm: Realm? { base.realm }
    /// Whether the wrapped collection is invalidated.
    public var isInvalidated: Bool { base.isInvalidated }
    /// Whether the wrapped collection is frozen.
    public var isFrozen: Bool { base.isFrozen }
    /// The elements in Realm's format, named `AnyRealmCollection`.
    /// - Complexity: O(n) for the n elements it shows.
    public var description: String { realmDescription(depth: RealmDescription.maximumDepth) }

    /// A frozen snapshot of the wrapped collection, wrapped.
    /// - Throws: as the wrapped collection's `freeze()`.
    /// - Returns: the wrapped collection frozen, wrapped again.
    /// - Complexity: as the wrapped collection's `freeze()`.
    public func freeze() throws -> AnyRealmCollection<Element> { AnyRealmCollection(wrapping: try Self.freeze(base)) }

    /// The live wrapped collection for a frozen one, wrapped (see ``RealmCollection/thaw()``).
    /// - Returns: the wrapped collection thawed, wrapped again, or nil.
    /// - Complexity: as the wrapped collection's `thaw()`.
    public func thaw() -> AnyRealmCollection<Element>? {
        guard let thawed = Self.thaw(base) else { return nil }
        return AnyRealmCollection(wrapping: thawed)
    }

    private init(wrapping base: any RealmCollection<Element>) { self.base = base }

    /// The wrapped collection's contents.
    public var _contents: _RealmCollectionContents<Element> { base._contents }

    private static func freeze<C: RealmCollection>(_ collection: C) throws -> any RealmCollection<Element>
    where C.Element == Element {
        try collection.freeze()
    }

    private static func thaw<C: RealmCollection>(_ collection: C) -> (any RealmCollection<Element>)?
    where C.Element == Element {
        collection.thaw()
    }
}

extension AnyRealmCollection: RealmDescribableCollection {
    static var descriptionName: String { "AnyRealmCollection" }
}

/// The objects or values, for assigning them to a list or set property (`owner["items"] = results`) or copying
/// them into a new object, as Realm Swift accepts any collection there.
extension AnyRealmCollection: ElementsProvider {
    var anyElements: [Any] { map { $0 as Any } }
}
