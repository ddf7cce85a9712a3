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
