// ListChangeBuilder.swift: a list's change set, built from its edits by position in the order they were made.
//
// A write transaction logs each edit of a list (TableChanges.listEdits) with the positions the list had when the
// edit was made. Replaying the edits of every commit between two versions through the builder gives the change as
// Realm reports it for an observed list (realm-core's collection change builder):
//   - deletions: positions in the old list; insertions: positions in the new list;
//   - modifications: positions in the new list while building, turned into old positions by `finalized()`;
//   - a move is a deletion at its source and an insertion at its destination, remembered as a pair so that later
//     edits follow it: a chain of moves collapses into one, a move back where it started (net of the other
//     insertions and deletions) is dropped by `cleanUpStaleMoves()`, and an element moved and then removed is only
//     a deletion of its source;
//   - an element inserted and then removed is nothing; an element assigned (`set`) is a modification at its
//     position, dropped when the element is later removed or was inserted in the same range of versions;
//   - clearing forgets every insertion, modification and move and deletes every element the list had at the start.
//
// Invariants:
//   (1) Each `PositionSet` is ascending, without duplicates.
//   (2) Every move's `from` is in `deletions` and its `to` in `insertions`.
//   (3) `deletions` are old positions; `insertions` and `modifications` are positions in the list as edited so far.

/// One edit of a list, by the positions the list had when it was made.
package enum ListEdit: Equatable, Sendable {
    /// `count` elements inserted at `index` (the first at `index`, the last at `index + count - 1`).
    case insert(Int, count: Int)
    /// The element at the position removed.
    case erase(Int)
    /// The element at the position assigned (even to an equal value).
    case set(Int)
    /// The element at `from` moved so that it ends up at `to` (`from != to`).
    case move(from: Int, to: Int)
    /// Every element removed; `count` is how many there were (more than zero).
    case clear(count: Int)
    /// The whole list replaced: a clear of `oldCount` elements (skipped when zero) and `newCount` insertions.
    case assign(oldCount: Int, newCount: Int)

    /// A swap of the elements at two positions as Realm encodes it: the later element moved to the earlier place,
    /// then, unless they were adjacent, the earlier one (now one further on) moved to the later place.
    package static func swap(_ first: Int, _ second: Int) -> [ListEdit] {
        guard first != second else { return [] }
        let (low, high) = (min(first, second), max(first, second))
        return low + 1 == high
            ? [.move(from: high, to: low)] : [.move(from: high, to: low), .move(from: low + 1, to: high)]
    }

    /// How many elements the list has after the edit, given how many it had before.
    package func count(after count: Int) -> Int {
        switch self {
        case .insert(_, let inserted): return count + inserted
        case .erase: return count - 1
        case .set, .move: return count
        case .clear: return 0
        case .assign(_, let newCount): return newCount
        }
    }
}

/// A set of list positions, ascending, with the shifts the builder applies as elements come and go.
package struct PositionSet: Equatable, Sendable {
    /// The positions, ascending.
    package private(set) var positions: [Int] = []

    package init() {}

    package init(_ positions: some Sequence<Int>) {
        for position in positions { add(position) }
    }

    package var count: Int { positions.count }
    package var isEmpty: Bool { positions.isEmpty }

    /// The index in `positions` of the first position at or after `value`.
    private func lowerBound(_ value: Int) -> Int {
        var (low, high) = (0, positions.count)
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    package func contains(_ value: Int) -> Bool {
        let index = lowerBound(value)
        return index < positions.count && positions[index] == value
    }

    /// How many positions are below `value`.
    package func count(below value: Int) -> Int { lowerBound(value) }

    package mutating func add(_ value: Int) {
        let index = lowerBound(value)
        if index == positions.count || positions[index] != value { positions.insert(value, at: index) }
    }

    /// Removes `value` if present, without shifting the others.
    package mutating func remove(_ value: Int) {
        let index = lowerBound(value)
        if index < positions.count && positions[index] == value { positions.remove(at: index) }
    }

    /// Empties the set, then holds `0..<count`.
    package mutating func fill(_ count: Int) { positions = Array(0..<count) }

    package mutating func removeAll() { positions.removeAll() }

    /// Shifts the positions at or after `value` up by `count`, without adding any.
    package mutating func shiftForInsertion(at value: Int, count: Int = 1) {
        for index in lowerBound(value)..<positions.count { positions[index] += count }
    }

    /// Shifts the positions at or after `value` up by `count` and adds `value..<value + count`.
    package mutating func insert(at value: Int, count: Int = 1) {
        let start = lowerBound(value)
        for index in start..<positions.count { positions[index] += count }
        positions.insert(contentsOf: value..<value + count, at: start)
    }

    /// Removes `value` if present and shifts the positions after it down by one.
    package mutating func erase(at value: Int) {
        var index = lowerBound(value)
        if index < positions.count && positions[index] == value { positions.remove(at: index) }
        while index < positions.count {
            positions[index] -= 1
            index += 1
        }
    }

    /// Removes `value` and returns nil when present; otherwise returns `value` less the positions below it. Either
    /// way the positions after `value` shift down by one.
    package mutating func eraseOrUnshift(_ value: Int) -> Int? {
        let present = contains(value)
        let unshifted = value - count(below: value)
        erase(at: value)
        return present ? nil : unshifted
    }

    /// Adds the position that `value` is once every position of the set is put back before it: each position at
    /// or below it (counting upwards) pushes it up by one. Returns the position added.
    @discardableResult
    package mutating func addShifted(_ value: Int) -> Int {
        var shifted = value
        for position in positions {
            if position > shifted { break }
            shifted += 1
        }
        add(shifted)
        return shifted
    }
}

/// Builds a list's change set from its edits (see the header).
package struct ListChangeBuilder: Sendable {
    package private(set) var deletions = PositionSet()
    package private(set) var insertions = PositionSet()
    package private(set) var modifications = PositionSet()
    /// Moves by (old position, new position).
    package private(set) var moves: [(from: Int, to: Int)] = []

    package init() {}

    /// Applies one edit.
    package mutating func apply(_ edit: ListEdit) {
        switch edit {
        case .insert(let index, let count): insert(at: index, count: count)
        case .erase(let index): erase(at: index)
        case .set(let index): modify(index)
        case .move(let from, let to): move(from: from, to: to)
        case .clear(let count): clear(count: count)
        case .assign(let oldCount, let newCount):
            if oldCount > 0 { clear(count: oldCount) }
            if newCount > 0 { insert(at: 0, count: newCount) }
        }
    }

    /// Marks the element at `index` (a position in the list as edited so far) as modified.
    package mutating func modify(_ index: Int) { modifications.add(index) }

    private mutating func insert(at index: Int, count: Int) {
        guard count > 0 else { return }
        modifications.shiftForInsertion(at: index, count: count)
        insertions.insert(at: index, count: count)
        for move in moves.indices where moves[move].to >= index { moves[move].to += count }
    }

    private mutating func erase(at index: Int) {
        modifications.erase(at: index)
        if let unshifted = insertions.eraseOrUnshift(index) { deletions.addShifted(unshifted) }
        // An element moved here and now removed leaves only the deletion of its source.
        moves.removeAll { $0.to == index }
        for move in moves.indices where moves[move].to > index { moves[move].to -= 1 }
    }

    private mutating func clear(count: Int) {
        let original = count + deletions.count - insertions.count
        modifications.removeAll()
        insertions.removeAll()
        moves.removeAll()
        deletions.fill(original)
    }

    private mutating func move(from: Int, to: Int) {
        guard from != to else { return }
        var collapsed = false
        for index in moves.indices {
            let destination = moves[index].to
            if destination == from {
                // A move of an element moved before: one move from its original place.
                moves[index].to = to
                collapsed = true
                insertions.erase(at: from)
                insertions.insert(at: to)
            } else if destination >= to && destination < from {
                moves[index].to += 1
            } else if destination <= to && destination > from {
                moves[index].to -= 1
            }
        }
        if !collapsed {
            let unshifted = insertions.eraseOrUnshift(from)
            insertions.insert(at: to)
            // An element inserted in this range of versions is only an insertion at its new place.
            if let unshifted { moves.append((deletions.addShifted(unshifted), to)) }
        }
        let wasModified = modifications.contains(from)
        modifications.erase(at: from)
        if wasModified { modifications.insert(at: to) } else { modifications.shiftForInsertion(at: to) }
    }

    /// Drops the moves that put an element back where it was, net of the other insertions and deletions, with
    /// their deletion and insertion (done once all edits are applied).
    package mutating func cleanUpStaleMoves() {
        var kept: [(from: Int, to: Int)] = []
        for move in moves {
            if move.from - deletions.count(below: move.from) == move.to - insertions.count(below: move.to) {
                deletions.remove(move.from)
                insertions.remove(move.to)
            } else {
                kept.append(move)
            }
        }
        moves = kept
    }

    /// The change as a `RealmCollectionChange` reports it: deletions (old positions), insertions (new positions) and
    /// modifications (old positions of elements kept in place; none for an inserted or moved element).
    package func finalized() -> (deletions: [Int], insertions: [Int], modifications: [Int]) {
        // From new positions to old: drop the inserted ones, then put the deleted ones back.
        var old: [Int] = []
        for position in modifications.positions where !insertions.contains(position) {
            old.append(position - insertions.count(below: position))
        }
        var shifted = PositionSet(old)
        for deletion in deletions.positions { shifted.shiftForInsertion(at: deletion) }
        return (deletions.positions, insertions.positions, shifted.positions)
    }

    /// Whether the edits account for going from `old` to `new`: the elements not deleted, in order, are the
    /// elements not inserted, except where an element was assigned. False means some edit was not logged.
    package func accounts<Element: Equatable>(from old: [Element], to new: [Element]) -> Bool {
        guard old.count - deletions.count + insertions.count == new.count else { return false }
        var oldIndex = 0
        for newIndex in new.indices where !insertions.contains(newIndex) {
            while deletions.contains(oldIndex) { oldIndex += 1 }
            guard oldIndex < old.count else { return false }
            if old[oldIndex] != new[newIndex] && !modifications.contains(newIndex) { return false }
            oldIndex += 1
        }
        return true
    }
}
