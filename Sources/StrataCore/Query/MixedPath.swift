// MixedPath.swift: key paths into the lists and dictionaries nested in a mixed value, and its `@type`.
//
// Segments, as the parser writes them into a key path's parts (U+0001, `MixedStep.marker`, never appears in a
// key, so no dictionary key reads as another step):
//   [key]          a dictionary key; after a mixed property a plain name is one too (`mixed.key`)
//   [\u{1}#n]      list position n
//   [\u{1}*]       every element of a list, every value of a dictionary
//   [\u{1}FIRST]   a list's first element;  [\u{1}LAST]  its last
//
// Rules (realm-core test/test_parser.cpp: Parser_NestedMixedDictionaryList, Parser_NestedListDictionary,
// Parser_NestedDictionaryDeep; Realm Swift QueryTests.swift `anyCol[...]`):
//   (1) A step that does not fit the value (a key on a list, a position past the end, any step on a scalar,
//       FIRST/LAST/position on a dictionary) yields no value, so no comparison on it holds.
//   (2) `[*]` makes the path yield several values; compared without ANY/ALL/NONE it means ANY
//       (realm-core: `properties[*][*][*] > 10`).
//   (3) `@size`/`@count` yield a nested list's or dictionary's element count, nothing for other values;
//       `@keys`/`@values` a dictionary's keys or values.
//   (4) `@type` yields the value's type name; it is compared (== or !=) with a name of realm-core's table
//       (query_value.cpp `attribute_map`), where `numeric` and `collection` name several types, or with
//       another `@type`.
//   (5) @min, @max, @sum and @avg over a mixed value are not supported: the binder reports them.
//   (6) The same steps walk a list, set or map of mixed values for `@type` (QueryBinder+Mixed.swift rule 5):
//       `[*]` from the collection's value for each element's type, a key for one map value's type.

/// One step into a mixed value's nested collections.
package enum MixedStep: Sendable, Hashable {
    case key(String)
    case index(Int)
    case all
    case first
    case last

    /// The character that marks a segment that is not a dictionary key.
    static let marker: Character = "\u{1}"

    /// The key path segment the parser writes for this step.
    package var segment: String {
        switch self {
        case .key(let key): return "[\(key)]"
        case .index(let index): return "[\(Self.marker)#\(index)]"
        case .all: return "[\(Self.marker)*]"
        case .first: return "[\(Self.marker)FIRST]"
        case .last: return "[\(Self.marker)LAST]"
        }
    }

    /// The step a key path segment stands for: a subscript segment, or a plain name (a dictionary key).
    init(segment: String) {
        guard segment.hasPrefix("["), segment.hasSuffix("]") else {
            self = .key(segment)
            return
        }
        let inner = String(segment.dropFirst().dropLast())
        guard inner.first == Self.marker else {
            self = .key(inner)
            return
        }
        let body = inner.dropFirst()
        switch body {
        case "*": self = .all
        case "FIRST": self = .first
        case "LAST": self = .last
        default: self = .index(Int(body.dropFirst()) ?? -1)
        }
    }

    /// How the step reads in a query's text.
    var text: String {
        switch self {
        case .key(let key): return "['\(key)']"
        case .index(let index): return "[\(index)]"
        case .all: return "[*]"
        case .first: return "[FIRST]"
        case .last: return "[LAST]"
        }
    }
}

/// Walks mixed values.
enum MixedPath {
    /// The values `steps` reach from `value` (rule 1: a step that does not fit reaches nothing).
    static func values(_ value: Value, steps: ArraySlice<MixedStep>) -> [Value] {
        guard let step = steps.first else { return [value] }
        let rest = steps.dropFirst()
        switch (step, value) {
        case (.key(let key), .dictionary(let entries)):
            guard let entry = entries.first(where: { $0.key == key }) else { return [] }
            return values(entry.value, steps: rest)
        case (.index(let index), .list(let elements)):
            return elements.indices.contains(index) ? values(elements[index], steps: rest) : []
        case (.first, .list(let elements)): return elements.first.map { values($0, steps: rest) } ?? []
        case (.last, .list(let elements)): return elements.last.map { values($0, steps: rest) } ?? []
        case (.all, .list(let elements)): return elements.flatMap { values($0, steps: rest) }
        case (.all, .dictionary(let entries)): return entries.flatMap { values($0.value, steps: rest) }
        default: return []
        }
    }

    /// What `aggregate` makes of the values a mixed path reached (rule 3, 4).
    static func apply(_ aggregate: KeyPathAggregate?, to reached: [Value]) -> [Value] {
        switch aggregate {
        case nil: return reached
        case .size?, .count?:
            return reached.compactMap { value in
                switch value {
                case .list(let elements): return .int(Int64(elements.count))
                case .dictionary(let entries): return .int(Int64(entries.count))
                default: return nil
                }
            }
        case .keys?:
            return reached.flatMap { value -> [Value] in
                if case .dictionary(let entries) = value { return entries.map { .string($0.key) } }
                return []
            }
        case .values?:
            return reached.flatMap { value -> [Value] in
                if case .dictionary(let entries) = value { return entries.map(\.value) }
                return []
            }
        case .type?: return reached.map { .string(typeName($0)) }
        case .min?, .max?, .sum?, .avg?: return []
        }
    }

    /// The canonical type name of a value (one of realm-core's names).
    static func typeName(_ value: Value) -> String { value.canonicalTypeName }

    /// The canonical names a type name in a query stands for (realm-core's `attribute_map`); nil when unknown.
    static func typeNames(matching name: String) -> [String]? {
        switch name.lowercased() {
        case "null": return ["null"]
        case "int", "integer", "int16", "int32", "int64", "short", "long", "byte", "char": return ["int"]
        case "bool", "boolean": return ["bool"]
        case "string": return ["string"]
        case "binary", "data", "bytearray", "byte[]", "bindata": return ["binary"]
        case "date", "datetimeoffset", "timestamp": return ["timestamp"]
        case "float": return ["float"]
        case "double": return ["double"]
        case "decimal128", "decimal": return ["decimal128"]
        case "objectlink", "link": return ["objectlink"]
        case "objectid": return ["objectid"]
        case "uuid", "guid": return ["uuid"]
        case "numeric": return ["int", "float", "double", "decimal128"]
        case "object", "dictionary": return ["object"]
        case "array", "list": return ["array"]
        case "collection": return ["array", "object"]
        default: return nil
        }
    }
}
