/// One change to one place of a managed list, applied by the engine's element operations
/// (`ManagedCollectionBacking.edit(_:)`) instead of rewriting the whole list. Elements are Swift values,
/// converted when the edit is applied.
enum ListEdit {
    /// Inserts an element before `index` (at the end when `index` is the count).
    case insert(Any, at: Int)
    /// Replaces the element at an index.
    case replace(Int, with: Any)
    /// Removes the element at an index.
    case remove(Int)
    /// Moves the element at `from` so that it ends up at `to`.
    case move(from: Int, to: Int)
}
