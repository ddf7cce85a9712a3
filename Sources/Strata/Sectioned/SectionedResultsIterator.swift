import StrataCore

/// An iterator over the sections of ``SectionedResults``: it takes the section keys when the iteration starts,
/// then yields each section in order.
///
/// ```swift
/// for section in dogs.sectioned(by: \.age, ascending: true) { print(section.key, section.count) }
/// ```
///
/// Each section it yields is bound to its key, as one taken by subscript is.
public struct SectionedResultsIterator<Key: _Persistable & Hashable, Element: RealmCollectionValue>: IteratorProtocol {
    private let parent: SectionedResults<Key, Element>.State
    private let keys: [StrataCore.Value]
    private var position = 0

    init(parent: SectionedResults<Key, Element>.State, keys: [StrataCore.Value]) {
        self.parent = parent
        self.keys = keys
    }

    /// The next section, or nil after the last.
    /// - Returns: the next section, or nil at the end.
    public mutating func next() -> ResultsSection<Key, Element>? {
        guard position < keys.count else { return nil }
        defer { position += 1 }
        return ResultsSection(parent: parent, sectionKey: keys[position])
    }
}
