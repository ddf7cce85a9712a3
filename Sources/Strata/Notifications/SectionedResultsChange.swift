import Foundation

/// A change to sectioned results, as a stream or an observer block delivers it.
///
/// ```swift
/// let changes = await realm.read { realm in realm.objects(Dog.self).sectioned(by: \.age).changes() }
/// for await change in changes {
///     if case .update(let sections, let deletions, let insertions, _, let sectionsToInsert, _) = change {
///         print(sections.count, deletions.map(\.item), insertions.map(\.section), sectionsToInsert)
///     }
/// }
/// ```
///
/// Index paths are `[section, item]` (`IndexPath.section` and `IndexPath.item`).
/// Deletions and modifications are index paths in the previous version, insertions in the new one, each sorted.
/// A section whose key no longer has objects is in `sectionsToDelete` (its objects are not listed as
/// deletions); a new section is in `sectionsToInsert` and its objects are insertions. An object that moves to
/// another section is a deletion from the old and an insertion into the new. As in Realm, a modified object is a
/// modification only when it keeps its position in its section; modified and moved (even by an insertion
/// before it), it is a deletion plus an insertion.
///
/// The change of one ``ResultsSection`` (its `changes(keyPaths:)`, `Collection` being the section) holds only
/// what concerns the section's key, with the section's position among the sections in its index paths; a write
/// that changes other sections only delivers nothing.
public enum SectionedResultsChange<Collection: Sendable>: Sendable {
    /// The sections when the observation began (or, if writes came first, when the first change was ready).
    case initial(Collection)
    /// The sections after one or more writes, with what they changed.
    case update(
        Collection,
        deletions: [IndexPath],
        insertions: [IndexPath],
        modifications: [IndexPath],
        sectionsToInsert: IndexSet,
        sectionsToDelete: IndexSet
    )
}

extension IndexPath {
    /// The section of a `[section, item]` index path (Linux Foundation lacks UIKit's accessor).
    public var section: Int { self[0] }
    /// The item of a `[section, item]` index path.
    public var item: Int { self[1] }

    /// The index path `[section, item]` of an item in a section, as UIKit spells it (Linux Foundation lacks it).
    ///
    /// ```swift
    /// let first = sectionedResults[IndexPath(item: 0, section: 0)]
    /// ```
    /// - Parameters:
    ///   - item: the item's position in its section.
    ///   - section: the section's position.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
}
