import Foundation

// Editing a list by ranges and offsets, as Realm Swift's `List` does: `MutableCollection` (a settable range
// subscript) and the methods of `RangeReplaceableCollection`, each made of single-element edits, so that a managed
// list logs them as its observers see them (a replaced range is removals, then insertions).

extension List: MutableCollection {
    /// A contiguous range of a list's elements.
    public typealias SubSequence = Slice<List>

    /// The elements in `bounds` (get), or replaces them with other elements (set; on a managed list, inside a
    /// write transaction).
    ///
    /// ```swift
    /// list[1..<3] = list[0..<1]  // the second and third elements replaced by a copy of the first
    /// ```
    /// - Parameter bounds: a range of positions within the list.
    /// - Complexity: getting, O(1); setting, O((r + m) log n) for a managed list of n elements, r replaced and m new.
    public subscript(bounds: Range<Int>) -> Slice<List> {
        get { Slice(base: self, bounds: bounds) }
        set { replaceSubrange(bounds, with: newValue) }
    }
}

extension List {
    /// Replaces the elements in `subrange` with `newElements`; on a managed list, inside a write transaction.
    /// - Parameters:
    ///   - subrange: the positions to replace, within the list (an empty range inserts).
    ///   - newElements: the elements put in their place, in order (read before the list changes).
    /// - Complexity: O((r + m) log n) for a managed list of n elements, r replaced and m new.
    public func replaceSubrange<C: Collection, R: RangeExpression>(_ subrange: R, with newElements: C)
    where C.Element == Element, R.Bound == Int {
        let range = checked(subrange)
        let replacements = Array(newElements)
        for _ in range { remove(at: range.lowerBound) }
        insert(contentsOf: replacements, at: range.lowerBound)
    }

    /// Inserts the elements of `newElements` at `index`, in order; on a managed list, inside a write transaction.
    /// - Parameters:
    ///   - newElements: the elements to insert.
    ///   - index: a position from 0 through `count`.
    /// - Complexity: O(m log n) for a managed list of n elements and m new ones.
    public func insert<C: Collection>(contentsOf newElements: C, at index: Int) where C.Element == Element {
        for (offset, element) in Array(newElements).enumerated() { insert(element, at: index + offset) }
    }

    /// Removes the elements in `bounds`; on a managed list, inside a write transaction (objects stay in the realm,
    /// embedded objects are deleted).
    /// - Parameter bounds: positions within the list.
    /// - Complexity: O(r log n) for a managed list of n elements, r removed.
    public func removeSubrange<R: RangeExpression>(_ bounds: R) where R.Bound == Int {
        let range = checked(bounds)
        for _ in range { remove(at: range.lowerBound) }
    }

    /// Removes the first `number` elements; on a managed list, inside a write transaction.
    /// - Parameter number: how many to remove, from 0 through `count`; another stops with a message.
    /// - Complexity: O(k log n) for a managed list of n elements, k removed.
    public func removeFirst(_ number: Int = 1) {
        if removeUnmanaged(number, { $0.removeFirst(number) }) { return }
        checkRemovable(number)
        for _ in 0..<number { remove(at: 0) }
    }

    /// Removes the last `number` elements; on a managed list, inside a write transaction.
    /// - Parameter number: how many to remove, from 0 through `count`; another stops with a message.
    /// - Complexity: O(k log n) for a managed list of n elements, k removed.
    public func removeLast(_ number: Int = 1) {
        if removeUnmanaged(number, { $0.removeLast(number) }) { return }
        checkRemovable(number)
        for _ in 0..<number { remove(at: count - 1) }
    }

    /// Removes the elements at `offsets`, as SwiftUI's `onDelete` gives them; on a managed list, inside a write
    /// transaction.
    /// - Parameter offsets: positions in the list before the removal.
    /// - Complexity: O(k log n) for a managed list of n elements, k removed.
    public func remove(atOffsets offsets: IndexSet) {
        for offset in offsets.reversed() { remove(at: offset) }
    }

    /// Moves the elements at `offsets` to `destination`, as SwiftUI's `onMove` gives them; on a managed list,
    /// inside a write transaction.
    ///
    /// Each offset, in ascending order, moves to the destination (one less when it is above the offset), as Realm
    /// Swift moves them.
    /// - Parameters:
    ///   - offsets: the positions of the elements to move.
    ///   - destination: the position they move before, from 0 through `count`.
    /// - Complexity: O(k log n) for a managed list of n elements, k moved.
    public func move(fromOffsets offsets: IndexSet, toOffset destination: Int) {
        for offset in offsets { move(from: offset, to: destination > offset ? destination - 1 : destination) }
    }

    /// `range` resolved against the list, stopping with Realm Swift's message when a non-empty range reaches
    /// outside it.
    ///
    /// Realm Swift removes a range one element at a time at its lower bound, so the message it raises names that
    /// bound: negative, or out of bounds against the elements left when the removal fails (`count`, or as many as
    /// lie below the bound). An empty range removes nothing; an insertion there checks its own position.
    private func checked<R: RangeExpression>(_ range: R) -> Range<Int> where R.Bound == Int {
        let resolved = range.relative(to: self)
        guard !resolved.isEmpty else { return resolved }
        precondition(resolved.lowerBound >= 0, CollectionEdit.negativeIndexMessage())
        let count = self.count
        if resolved.upperBound > count,
            let message = CollectionEdit.outOfBoundsMessage(
                resolved.lowerBound,
                limit: Swift.min(count, resolved.lowerBound)
            )
        {
            preconditionFailure(message)
        }
        return resolved
    }

    /// Stops with Realm Swift's message unless `number` elements can be removed.
    private func checkRemovable(_ number: Int) {
        Self.checkRemovable(number, count: count)
    }

    private static func checkRemovable(_ number: Int, count: Int) {
        precondition(number >= 0, CollectionEdit.negativeIndexMessage())
        precondition(
            number <= count,
            "It is not possible to remove more objects (\(number)) from a list than it already contains (\(count))."
        )
    }

    /// For an unmanaged list, checks and removes `number` elements with `remove` in one hold of its lock, and returns
    /// true; false for a managed list. Tasks may share an unmanaged list: a count read before taking the lock could
    /// be stale by the time the removal ran (another task's `removeLast` in between), and the position it named past
    /// the end.
    private func removeUnmanaged(_ number: Int, _ remove: (inout [Element]) -> Void) -> Bool {
        guard backing == nil else { return false }
        storage.withLock { values in
            Self.checkRemovable(number, count: values.count)
            remove(&values)
        }
        return true
    }
}
