import StrataCore

/// One change to one place of a managed list, set or map, applied by the engine's element operations
/// (`ManagedCollectionBacking.edit(_:)`) instead of rewriting the whole collection. Elements are Swift
/// values, converted when the edit is applied.
enum CollectionEdit {
    /// List: appends elements.
    case append([Any])
    /// List: inserts an element before `index` (at the end when `index` is the count).
    case insert(Any, at: Int)
    /// List: replaces the element at an index.
    case replace(Int, with: Any)
    /// List: removes the element at an index.
    case remove(Int)
    /// List: moves the element at `from` so that it ends up at `to`.
    case move(from: Int, to: Int)
    /// List: swaps the elements at two indices.
    case swap(Int, Int)
    /// List: removes every element.
    case removeAll
    /// Set: inserts the members not there yet.
    case insertMembers([Any])
    /// Set: removes the members that are there.
    case removeMembers([Any])
    /// Map: sets the value of a key, adding the key if it is new.
    case setEntry(String, Any)
    /// Map: removes a key and its value.
    case removeEntry(String)
}

extension CollectionEdit {
    /// How a list edit changes positions, for the change log (ListChangeBuilder.swift), given the list's count
    /// before it: what a list of embedded objects, rewritten whole, logs instead of an assignment.
    func listEdits(count: Int) -> [ListEdit] {
        switch self {
        case .append(let elements): return elements.isEmpty ? [] : [.insert(count, count: elements.count)]
        case .insert(_, let index): return [.insert(index, count: 1)]
        case .replace(let index, _): return [.set(index)]
        case .remove(let index): return [.erase(index)]
        case .move(let from, let to): return from == to ? [] : [.move(from: from, to: to)]
        case .swap(let first, let second): return ListEdit.swap(first, second)
        case .removeAll: return count == 0 ? [] : [.clear(count: count)]
        case .insertMembers, .removeMembers, .setEntry, .removeEntry: return []
        }
    }
}

extension CollectionEdit {
    /// Realm Swift's message for a list edit whose index is negative or past the end of a list of `count`
    /// elements (an insertion may be at the end), or nil when the edit's indexes are valid. Negative indexes are
    /// reported first, as Realm Swift checks them before it asks the list.
    func boundsViolation(count: Int) -> String? {
        let checks: [(index: Int, parameter: String, limit: Int)]
        switch self {
        case .insert(_, let index): checks = [(index, "index", count + 1)]
        case .replace(let index, _), .remove(let index): checks = [(index, "index", count)]
        case .move(let from, let to): checks = [(from, "index", count), (to, "index", count)]
        case .swap(let first, let second): checks = [(first, "index1", count), (second, "index2", count)]
        case .append, .removeAll, .insertMembers, .removeMembers, .setEntry, .removeEntry: return nil
        }
        if let negative = checks.first(where: { $0.index < 0 }) {
            return Self.negativeIndexMessage(negative.parameter)
        }
        return checks.lazy.compactMap { Self.outOfBoundsMessage($0.index, limit: $0.limit) }.first
    }

    /// Whether the edit has list positions to check against the list's count.
    var hasListIndexes: Bool {
        switch self {
        case .insert, .replace, .remove, .move, .swap: true
        case .append, .removeAll, .insertMembers, .removeMembers, .setEntry, .removeEntry: false
        }
    }

    /// Realm Swift's message for a negative position passed as `parameter`.
    static func negativeIndexMessage(_ parameter: String = "index") -> String {
        "Cannot pass a negative value for '\(parameter)'."
    }

    /// Realm Swift's message for a position at or past `limit`, or nil for one before it.
    static func outOfBoundsMessage(_ index: Int, limit: Int) -> String? {
        index < limit ? nil : "Index \(index) is out of bounds (must be less than \(limit))."
    }

    /// Stops with Realm Swift's message unless `position` reads an element of a collection of `count` elements.
    static func checkPosition(_ position: Int, count: Int) {
        precondition(position >= 0, negativeIndexMessage())
        if let message = outOfBoundsMessage(position, limit: count) { preconditionFailure(message) }
    }
}

extension CollectionEdit {
    /// The elements the edit adds: appended, inserted or replacing ones, inserted members, an entry's value.
    var addedElements: [Any] {
        switch self {
        case .append(let elements), .insertMembers(let elements): elements
        case .insert(let element, _), .replace(_, let element), .setEntry(_, let element): [element]
        case .remove, .move, .swap, .removeAll, .removeMembers, .removeEntry: []
        }
    }

    /// Stops with Realm Swift's message when the edit, of a managed collection, adds an embedded object that
    /// already has a parent: an embedded object belongs to one place (Realm Swift names the collection "List" or
    /// "Dictionary").
    func checkEmbeddedParents(collectionName: String) {
        for element in addedElements where (element as? EmbeddedObject)?.realm != nil {
            preconditionFailure("Cannot add an existing managed embedded object to a \(collectionName).")
        }
    }
}
