/// An iterator over the objects of a ``ResultsSection``: it takes the section's objects when the iteration starts,
/// then yields each in order, as ``RLMIterator`` does for ``Results``.
///
/// ```swift
/// for dog in sections[0] { print(dog.name) }
/// ```
public struct SectionIterator<Element: RealmCollectionValue>: IteratorProtocol {
    private var base: RLMIterator<Element>

    init(_ base: RLMIterator<Element>) { self.base = base }

    /// The next object, or nil after the last.
    /// - Returns: the next element, or nil at the end.
    public mutating func next() -> Element? { base.next() }
}
