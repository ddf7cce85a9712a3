// CoreTypeName.swift: realm-core's names of value types, in the two spellings queries use.
//
// `@type` compares a value's canonical name (lowercase: "objectid", "objectlink", "array" for a list, "object"
// for a dictionary; QueryBinder+Mixed.swift rule 5). realm-core's error messages name a compared operand's type by
// its data type name instead ("objectId", "link", "mixed" for a collection). Both come from the one table below.
//
// Invariant: every stored value type has exactly one name per spelling; `.mixed` has a raw name only (a mixed
// value's canonical name is its content's).

extension ValueType {
    /// realm-core's canonical name of the type, as `@type` compares it; nil for `.mixed` (its values' own names).
    var canonicalTypeName: String? {
        switch self {
        case .int: return "int"
        case .bool: return "bool"
        case .float: return "float"
        case .double: return "double"
        case .string: return "string"
        case .binary: return "binary"
        case .timestamp: return "timestamp"
        case .decimal128: return "decimal128"
        case .objectId: return "objectid"
        case .uuid: return "uuid"
        case .link, .backlink: return "objectlink"
        case .mixed: return nil
        }
    }

    /// realm-core's data type name (`get_data_type_name`), as its error messages give it.
    var rawTypeName: String {
        switch self {
        case .objectId: return "objectId"
        case .link, .backlink: return "link"
        default: return canonicalTypeName ?? "mixed"
        }
    }
}

extension Value {
    /// The stored type of a single value; nil for null, a typed link and a nested collection, which have names of
    /// their own.
    var scalarType: ValueType? {
        switch self {
        case .int: return .int
        case .bool: return .bool
        case .float: return .float
        case .double: return .double
        case .string: return .string
        case .binary: return .binary
        case .timestamp: return .timestamp
        case .decimal128: return .decimal128
        case .objectId: return .objectId
        case .uuid: return .uuid
        case .link: return .link
        case .null, .typedLink, .list, .dictionary: return nil
        }
    }

    /// realm-core's canonical name of the value's type, as `@type` compares it.
    var canonicalTypeName: String {
        switch self {
        case .null: return "null"
        case .typedLink: return "objectlink"
        case .list: return "array"
        case .dictionary: return "object"
        default: return scalarType?.canonicalTypeName ?? "mixed"
        }
    }

    /// realm-core's data type name of the value's type, as its error messages give it.
    var rawTypeName: String {
        switch self {
        case .null: return "null"
        case .typedLink: return "typedLink"
        case .list, .dictionary: return "mixed"
        default: return scalarType?.rawTypeName ?? "mixed"
        }
    }
}
