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
    /// Set: inserts the members not there yet.
    case insertMembers([Any])
    /// Set: removes the members that are there.
    case removeMembers([Any])
    /// Map: sets the value of a key, adding the key if it is new.
    case setEntry(String, Any)
    /// Map: removes a key and its value.
    case removeEntry(String)
}
