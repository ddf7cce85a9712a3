import Foundation
import StrataCore

/// Sorted results split into sections by a key, as a live collection of ``ResultsSection`` values.
///
/// ```swift
/// let byLetter = await realm.read { realm in
///     let sections = realm.objects(Dog.self).sectioned(by: { String($0.name.prefix(1)) }, sortDescriptors: ["name"])
///     return sections.map { section in (section.key, section.map(\.name)) }
/// }
/// // [("B", ["Bella", "Buster"]), ("R", ["Rex", "Ruby"])]
/// ```
///
/// The sections are the distinct keys in the order they first appear in the sorted results, and each holds its
/// objects in results order. A key that comes back after another key joins its first section, so the primary
/// sort descriptor should be the one the key follows from. Keys may be nil: a nil key is a section like any
/// other, first when sorting ascending by an optional property, as nil sorts first.
///
/// Live sectioned results are confined to their realm's actor and follow its current version: after a change
/// the sections are computed again, lazily, on the next read. ``freeze()`` gives a snapshot any task can read.
///
/// Observe them with `changes(keyPaths:)` or `observe(keyPaths:on:_:)`.
///
/// Differences from Realm Swift: ``freeze()`` throws, and the change stream and observer blocks deliver frozen
/// values; Strata adds ``subscript(key:)``, realm-core's lookup of a section by its key.
/// - Complexity: Making it is O(1); the first read after a change sorts the results (O(n log n)) and calls the
///   key function once per object (O(n)); later reads of the same version are O(1).
public struct SectionedResults<Key: _Persistable & Hashable, SectionElement: RealmCollectionValue>:
    RealmSectionedResult
{
    /// A section.
    public typealias Element = ResultsSection<Key, SectionElement>

    let state: State

    /// Sectioned results over `results`, in their order, keyed by `keyFunction`: the core of every
    /// `sectioned(...)` form, which sorts first.
    init(results: Results<SectionElement>, keyFunction: @escaping (SectionElement) -> Key) {
        state = State(results: results, keyFunction: keyFunction)
    }

    /// Sectioned results sharing `state` (a frozen copy's, or a thawed one's).
    init(state: State) { self.state = state }

    /// The position of the first section.
    public var startIndex: Int { 0 }

    /// One past the position of the last section.
    public var endIndex: Int { count }

    /// The number of sections.
    ///
    /// - Complexity: O(1) once the sections are computed; the first read after a change computes them in O(n)
    ///   for n objects.
    public var count: Int { state.layout.keys.count }

    /// The key of every section, in section order.
    ///
    /// ```swift
    /// let letters = dogs.sectioned(by: \.name, ascending: true).allKeys  // ["Bella", "Rex"]
    /// ```
    /// - Complexity: O(k) for k sections.
    public var allKeys: [Key] { state.layout.keys.map(state.key) }

    /// The section at `index`.
    ///
    /// The section is bound to its key, not to its position: after a change that inserts a section before it, it
    /// still holds the objects of its key.
    /// - Complexity: O(1).
    /// - Parameter index: a position from 0 up to `count`; another stops with a message.
    public subscript(_ index: Int) -> ResultsSection<Key, SectionElement> {
        let keys = state.layout.keys
        precondition(
            index >= 0 && index < keys.count,
            "Index \(index) is out of bounds (must be less than \(keys.count))."
        )
        return ResultsSection(parent: state, sectionKey: keys[index])
    }

    /// The section whose key is `key`; a key with no section stops with realm-core's message
    /// ("Section key … not found.").
    ///
    /// ```swift
    /// let puppies = dogs.sectioned(by: \.age, ascending: true)[key: 1]
    /// ```
    ///
    /// Labelled, unlike the subscript by position, so that `sections[0]` stays the first section when `Key` is
    /// `Int`. Realm Swift has no lookup by key; realm-core's `SectionedResults` does.
    /// - Complexity: O(1) expected, once the sections are computed.
    /// - Parameter key: the key the section function gives the section's objects.
    public subscript(key key: Key) -> ResultsSection<Key, SectionElement> {
        let sectionKey = SectionLayout.engineKey(key)
        guard state.layout.section(of: sectionKey) != nil else {
            preconditionFailure("Section key \(String(reflecting: key)) not found.")
        }
        return ResultsSection(parent: state, sectionKey: sectionKey)
    }

    /// The object at `indexPath`: item `indexPath[1]` of section `indexPath[0]`.
    ///
    /// ```swift
    /// let first = sections[IndexPath(indexes: [0, 0])]
    /// ```
    /// - Complexity: O(1) once the sections are computed.
    /// - Parameter indexPath: two indexes, the section's position and the object's position in it; another count
    ///   stops with a message.
    public subscript(_ indexPath: IndexPath) -> SectionElement {
        precondition(indexPath.count == 2, "An index path into sectioned results has two indexes: section and item.")
        return self[indexPath[0]][indexPath[1]]
    }

    /// Iterates the sections present when the iteration starts.
    /// - Returns: an iterator over the sections.
    /// - Complexity: O(k) to make, for k sections, once the sections are computed.
    public func makeIterator() -> SectionedResultsIterator<Key, SectionElement> {
        SectionedResultsIterator(parent: state, keys: state.layout.keys)
    }

    /// The realm the sectioned results belong to (a frozen realm for frozen ones).
    public var realm: Realm? { state.results.realm }

    /// Whether the realm was invalidated or closed.
    public var isInvalidated: Bool { state.results.isInvalidated }

    /// Whether the sectioned results are frozen.
    public var isFrozen: Bool { state.results.isFrozen }

    /// A snapshot of the sectioned results at the current version, readable from any task; frozen sectioned
    /// results return themselves.
    ///
    /// Outside a write transaction the snapshot takes the sections just as they are, without calling the key
    /// function again (as realm-core does); inside one it holds the last committed version, sectioned afresh.
    /// - Throws: ``RealmError/tooManyActiveVersions(_:)`` when pinning one more version would exceed
    ///   `maximumNumberOfActiveVersions`.
    /// - Complexity: O(k) for k sections, or O(n) calls of the key function inside a write transaction.
    /// - Returns: the frozen sectioned results.
    public func freeze() throws -> SectionedResults<Key, SectionElement> {
        SectionedResults(state: try state.frozen())
    }

    /// The live sectioned results for frozen ones, in the realm whose `read` or `write` block is running; the key
    /// function runs there, on the first read.
    /// - Returns: the live sectioned results.
    /// - Complexity: O(1); the sections are computed on the first read.
    public func thaw() -> SectionedResults<Key, SectionElement>? { SectionedResults(state: state.thawed()) }

    /// Whether two values are the same sectioned results: copies of one value are equal, the results of two
    /// `sectioned(...)` calls are not, even over the same objects (as in Realm Swift).
    /// - Parameters:
    ///   - lhs: sectioned results.
    ///   - rhs: other sectioned results.
    /// - Returns: whether both are copies of the value one `sectioned(...)` call made.
    /// - Complexity: O(1).
    public static func == (lhs: SectionedResults, rhs: SectionedResults) -> Bool { lhs.state === rhs.state }

    /// The type and the number of sections.
    public var description: String { "SectionedResults<\(Key.self), \(SectionElement.self)> (\(count) sections)" }
}
