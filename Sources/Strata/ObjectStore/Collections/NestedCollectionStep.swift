import StrataCore

/// One step from a list or dictionary stored in a mixed property to a collection nested in it: a list's
/// position or a dictionary's key.
///
/// A nested collection is found again, on every read, by the steps from its property's value; when the value
/// there is no longer a list or dictionary (it was replaced or removed), the collection reads as empty.
enum NestedCollectionStep: Hashable, Sendable {
    case index(Int)
    case key(String)

    /// The value at `path` inside `value`; nil when the path leads nowhere.
    static func value(in value: StrataCore.Value, at path: [NestedCollectionStep]) -> StrataCore.Value? {
        var current = value
        for step in path {
            switch (step, current) {
            case (.index(let index), .list(let elements)) where elements.indices.contains(index):
                current = elements[index]
            case (.key(let key), .dictionary(let entries)):
                guard let entry = entries.first(where: { $0.key == key }) else { return nil }
                current = entry.value
            default: return nil
            }
        }
        return current
    }

    /// `value` with the value at `path` replaced by `replacement`; nil when the path leads nowhere.
    static func replacing(
        in value: StrataCore.Value,
        at path: ArraySlice<NestedCollectionStep>,
        with replacement: StrataCore.Value
    ) -> StrataCore.Value? {
        guard let step = path.first else { return replacement }
        switch (step, value) {
        case (.index(let index), .list(var elements)) where elements.indices.contains(index):
            guard let inner = replacing(in: elements[index], at: path.dropFirst(), with: replacement) else {
                return nil
            }
            elements[index] = inner
            return .list(elements)
        case (.key(let key), .dictionary(var entries)):
            guard let position = entries.firstIndex(where: { $0.key == key }),
                let inner = replacing(in: entries[position].value, at: path.dropFirst(), with: replacement)
            else {
                return nil
            }
            entries[position].value = inner
            return .dictionary(entries)
        default: return nil
        }
    }
}
