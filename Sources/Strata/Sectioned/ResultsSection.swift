import StrataCore

/// The objects of one section of ``SectionedResults``: those whose section key is ``key``, in results order.
///
/// ```swift
/// let puppies = await realm.read { realm in
///     realm.objects(Dog.self).sectioned(by: \.age, ascending: true)[key: 1].map(\.name)
/// }
/// ```
///
/// A section is bound to its key, as realm-core's `ResultsSection` is: it reads the current sections of its
/// sectioned results on every access, so after a change it holds the objects that have its key now, wherever its
/// section moved. When no object has its key any more the section is invalidated (``isInvalidated``), and reading
/// it, its ``key`` included, stops with a message (Realm raises an exception there).
///
/// A section can be observed on its own (`changes(keyPaths:)`, `observe(keyPaths:on:_:)`): it reports only the
/// changes to its key's objects, as Realm's does.
///
/// Differences from Realm Swift: ``freeze()`` throws; its change stream and observer blocks deliver frozen
/// sections; two sections are equal when they come from the same sectioned results and have the same key (Realm
/// Swift compares the section objects it allocates for each subscript, so there `sections[0] == sections[0]` is
/// false).
/// - Complexity: O(1) per read once the sections are computed; the first read after a change computes them in
///   O(n) for n objects of the sectioned results.
public struct ResultsSection<Key: _Persistable & Hashable, T: RealmCollectionValue>: RealmSectionedResult,
    Identifiable
{
    /// An object of the section.
    public typealias Element = T

    let parent: SectionedResults<Key, T>.State
    /// The section's key, as the engine value its sections are keyed by.
    let sectionKey: StrataCore.Value

    init(parent: SectionedResults<Key, T>.State, sectionKey: StrataCore.Value) {
        self.parent = parent
        self.sectionKey = sectionKey
    }

    /// The positions in the sorted results of the section's objects, or nil when no object has its key now.
    private var positions: [Int]? {
        let layout = parent.layout
        return layout.section(of: sectionKey).map { layout.positions[$0] }
    }

    /// The positions of the section's objects; an invalidated section stops with a message.
    private var validPositions: [Int] {
        guard let positions else {
            preconditionFailure(
                "Access to an invalidated ResultsSection: no object has the section key "
                    + "\(String(reflecting: parent.key(sectionKey))) any more"
            )
        }
        return positions
    }

    /// The key of the section.
    ///
    /// - Complexity: O(1) once the sections are computed.
    public var key: Key {
        _ = validPositions
        return parent.key(sectionKey)
    }

    /// The key of the section, which identifies it among the sections of its sectioned results.
    public var id: Key { key }

    /// The position of the first object.
    public var startIndex: Int { 0 }

    /// One past the position of the last object.
    public var endIndex: Int { count }

    /// The number of objects in the section.
    ///
    /// - Complexity: O(1) once the sections are computed.
    public var count: Int { validPositions.count }

    /// The object at `index` in the section.
    ///
    /// - Complexity: O(1) once the sections are computed.
    /// - Parameter index: a position from 0 up to the section's `count`; another stops with a message.
    public subscript(_ index: Int) -> T {
        let positions = validPositions
        precondition(
            index >= 0 && index < positions.count,
            "Index \(index) is out of bounds (must be less than \(positions.count))."
        )
        return parent.results[positions[index]]
    }

    /// Iterates the objects in the section when the iteration starts.
    /// - Returns: an iterator over the section's elements.
    /// - Complexity: O(m) to make, for a section of m objects, once the sections are computed.
    public func makeIterator() -> SectionIterator<T> {
        SectionIterator(parent.results.iterator(atPositions: validPositions))
    }

    /// The realm the section belongs to (a frozen realm for a frozen section).
    public var realm: Realm? { parent.results.realm }

    /// Whether the section can no longer be read: its realm was invalidated or closed, or no object has its key
    /// any more.
    public var isInvalidated: Bool { parent.results.isInvalidated || positions == nil }

    /// Whether the section is frozen.
    public var isFrozen: Bool { parent.results.isFrozen }

    /// A snapshot of the section at the current version, readable from any task: the section with the same key
    /// in a frozen copy of its sectioned results. A frozen section returns itself.
    ///
    /// - Throws: ``RealmError/tooManyActiveVersions(_:)`` when pinning one more version would exceed
    ///   `maximumNumberOfActiveVersions`.
    /// - Complexity: O(k) for k sections of its sectioned results.
    /// - Returns: the frozen section.
    public func freeze() throws -> ResultsSection<Key, T> {
        guard !isFrozen else { return self }
        _ = validPositions
        let frozen = try parent.frozen()
        guard frozen.layout.section(of: sectionKey) != nil else {
            preconditionFailure("Section key \(String(reflecting: parent.key(sectionKey))) not found.")
        }
        return ResultsSection(parent: frozen, sectionKey: sectionKey)
    }

    /// The live section for a frozen one (the section with the same key in the thawed sectioned results), in the
    /// realm whose `read` or `write` block is running; nil when no object has its key any more.
    /// - Returns: the live section, or nil when its key no longer has objects.
    /// - Complexity: O(n) for n objects of the sectioned results, whose sections are computed to find the key.
    public func thaw() -> ResultsSection<Key, T>? {
        guard isFrozen else { return self }
        let live = parent.thawed()
        guard live.layout.section(of: sectionKey) != nil else { return nil }
        return ResultsSection(parent: live, sectionKey: sectionKey)
    }

    /// Whether two values are the same section: one key of the same sectioned results.
    /// - Parameters:
    ///   - lhs: a section.
    ///   - rhs: another section.
    /// - Returns: whether both are the section of one key of the same sectioned results.
    /// - Complexity: O(1).
    public static func == (lhs: ResultsSection, rhs: ResultsSection) -> Bool {
        lhs.parent === rhs.parent && lhs.sectionKey == rhs.sectionKey
    }

    /// The types, the key and the number of objects.
    public var description: String {
        guard let positions else { return "ResultsSection<\(Key.self), \(T.self)> (invalidated)" }
        return "ResultsSection<\(Key.self), \(T.self)> [\(parent.key(sectionKey))] (\(positions.count) objects)"
    }
}
