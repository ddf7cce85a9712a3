// QueryEvaluator+Sorting.swift: the SORT stage (stable; nulls first ascending; Realm's string collation,
// StringCollation in ValueComparison.swift), and the scan that reads a string sort column as it selects.
//
// Paths, the first that applies:
//   1. the query scans its table and sorts first by one string property of the table itself: the scan walks the
//      leaves once, appending each selected object's key and the column's bytes (in place for committed values)
//      to one buffer (SortColumnBytes); binary collation keys are made from those bytes, and the values are
//      decoded into strings only when a key cannot be made (a value that is not ASCII);
//   2. one sort key with binary keys for every value: read by one walk over the leaves for keys in ascending
//      order that are a large share of the table, else one lookup per key;
//   3. the general comparison sort over each object's values (looked up per key unless path 1 read them).
//
// Invariants:
//   (1) Every path orders the objects as path 3 would order them: ascending binary keys (memcmp, then length)
//       are exactly StringCollation.compare's order for ASCII strings (StringCollation.appendBinaryKey), a null's
//       key sorts first, and ties keep scan (key) order, as the stable general sort does.
//   (2) The bytes path 1 reads for a row are the bytes Table.value decodes for it: a null in a nullable column is
//       null, in another column "" (the column's default), a value stored in a blob is read from it.
//
// Each sort answers the order of the keys it is given (a permutation), so that the caller moves the keys and their
// rows (ResultRows.swift) together.
//
// No state machine: each call sorts the keys it is given and keeps nothing.

import Foundation

extension QueryEvaluator {
    /// The order of a stable sort by several keys, the first most significant: `keys[order[0]]` comes first.
    func sortOrder(_ keys: [ObjectKey], by sortKeys: [BoundSortKey]) throws -> [Int] {
        // Per object and sort key: whether the key's chain of links breaks before its last property.
        let broken: [[Bool]]? =
            sortKeys.contains(where: { !$0.path.hops.isEmpty })
            ? try keys.map { key in try sortKeys.map { try !$0.path.hops.isEmpty && linkIsMissing($0.path, key: key) } }
            : nil
        if let broken, broken.contains(where: { $0.contains(true) }) {
            return try sortOrder(keys, by: sortKeys, broken: broken)
        }
        if sortKeys.count == 1 {
            let path = sortKeys[0].path
            if let binary = try binaryKeys(path, keys)
                ?? Self.binaryKeys(try keys.map { try single(path, key: $0) })
            {
                return Self.order(of: binary, ascending: sortKeys[0].ascending)
            }
        }
        return try sortOrder(keys, by: sortKeys, broken: nil)
    }

    /// The order of the general stable sort by several keys; `broken` marks the objects whose links break on a key's
    /// path. `values`, when given, holds each object's sort values (read already), else they are looked up here.
    private func sortOrder(
        _ keys: [ObjectKey],
        by sortKeys: [BoundSortKey],
        broken: [[Bool]]?,
        values: [[Value]]? = nil
    ) throws -> [Int] {
        let sortValues = try values ?? keys.map { key in try sortKeys.map { try single($0.path, key: key) } }
        // ASCII strings compare through keys computed once, not on each of the n log n comparisons.
        let stringKeys: [[StringCollation.SortKey?]] = sortValues.map { row in
            row.map { if case .string(let text) = $0 { return StringCollation.sortKey(text) } else { return nil } }
        }
        return keys.indices.sorted { a, b in
            for (position, descriptor) in sortKeys.enumerated() {
                if let broken, broken[a][position] || broken[b][position] {
                    // Both broken: equal on this key. One broken: it goes last ascending, first descending.
                    if broken[a][position] && broken[b][position] { continue }
                    return descriptor.ascending != broken[a][position]
                }
                let comparison: Int
                if let left = stringKeys[a][position], let right = stringKeys[b][position] {
                    comparison = StringCollation.compare(left, right)
                } else {
                    comparison = ValueComparison.sortOrder(sortValues[a][position], sortValues[b][position])
                }
                if comparison != 0 { return descriptor.ascending ? comparison < 0 : comparison > 0 }
            }
            return a < b
        }
    }

    /// Binary collation keys (``StringCollation/appendBinaryKey(_:to:)``) of one sort key's values, all in one
    /// buffer: key `i` is `bytes[offsets[i]..<offsets[i + 1]]`.
    struct BinaryKeys {
        var bytes: [UInt8] = []
        var offsets: [Int] = [0]

        /// Appends one value's key; false for a value without one (not an ASCII string or null).
        mutating func append(utf8 value: UnsafeRawBufferPointer?) -> Bool {
            if let value {
                guard StringCollation.appendBinaryKey(utf8: value, to: &bytes) else { return false }
            } else {
                bytes.append(0)
            }
            offsets.append(bytes.count)
            return true
        }
    }

    /// The binary keys of a direct string column of `keys`' table, read from the column's bytes without making
    /// strings; nil when the path is not such a column or a value has no binary key.
    private func binaryKeys(_ path: BoundPath, _ keys: [ObjectKey]) throws -> BinaryKeys? {
        guard let column = path.directColumn, let spec = path.final, spec.type == .string else { return nil }
        let table = try reading.table(path.finalTable)
        var binary = BinaryKeys()
        binary.offsets.reserveCapacity(keys.count + 1)
        // More than a few objects in key order (a filter's result): one walk over the leaves beats a lookup per
        // key as soon as about one object in 64 is sorted.
        if keys.count > 1, keys.count * 64 >= table.count, zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }) {
            return try table.forEachStringBytes(ofAscending: keys, column) { binary.append(utf8: $0) } ? binary : nil
        }
        for key in keys {
            guard try table.withStringBytes(key, column, { binary.append(utf8: $0) }) else { return nil }
        }
        return binary
    }

    /// The binary keys of computed sort values; nil when a value has none.
    private static func binaryKeys(_ values: [Value]) -> BinaryKeys? {
        var binary = BinaryKeys()
        for value in values {
            switch value {
            case .null: _ = binary.append(utf8: nil)
            case .string(var text):
                let appended = text.withUTF8 { binary.append(utf8: UnsafeRawBufferPointer($0)) }
                guard appended else { return nil }
            default: return nil
            }
        }
        return binary
    }

    /// The stable sorting order of binary keys: by an 8-byte prefix taken after the bytes every key shares (a radix
    /// sort, PrefixRadixSort.swift), then, among equal prefixes, by memcmp; ties in key order.
    private static func order(of binary: BinaryKeys, ascending: Bool) -> [Int] {
        let (bytes, offsets) = (binary.bytes, binary.offsets)
        let count = offsets.count - 1
        guard count > 1 else { return Array(0..<count) }
        var shared = offsets[1] - offsets[0]
        for index in 1..<count where shared > 0 {
            var length = 0
            let limit = min(shared, offsets[index + 1] - offsets[index])
            while length < limit, bytes[offsets[index] + length] == bytes[length] { length += 1 }
            shared = length
        }
        let prefixes = (0..<count).map { index in
            var prefix: UInt64 = 0
            for position in shared..<shared + 8 {
                let at = offsets[index] + position
                prefix = prefix << 8 | UInt64(at < offsets[index + 1] ? bytes[at] : 0)
            }
            return prefix
        }
        // Descending: the complemented prefixes ascend in the reverse order, and ties still go in key order.
        var radix = PrefixRadixSort(prefixes: ascending ? prefixes : prefixes.map { ~$0 })
        radix.sort()
        bytes.withUnsafeBufferPointer { bytes in
            offsets.withUnsafeBufferPointer { offsets in
                radix.sortRuns { a, b in
                    let (a, b) = (Int(a), Int(b))
                    let lengthA = offsets[a + 1] - offsets[a]
                    let lengthB = offsets[b + 1] - offsets[b]
                    let common = Swift.min(lengthA, lengthB)
                    let order =
                        common == 0
                        ? 0 : memcmp(bytes.baseAddress! + offsets[a], bytes.baseAddress! + offsets[b], common)
                    let comparison =
                        order != 0 ? Int(order.signum()) : (lengthA == lengthB ? 0 : (lengthA < lengthB ? -1 : 1))
                    if comparison != 0 { return ascending ? comparison < 0 : comparison > 0 }
                    return a < b
                }
            }
        }
        return radix.items.map { Int($0.index) }
    }

    /// The UTF-8 bytes of one string column for a run of objects, back to back in one buffer: value `i` is
    /// `bytes[ends[i - 1]..<ends[i]]` (from 0 for the first), or null where `nulls[i]`.
    struct SortColumnBytes {
        private(set) var bytes: [UInt8] = []
        private(set) var ends: [Int] = []
        private(set) var nulls: [Bool] = []

        var count: Int { ends.count }

        mutating func append(_ value: UnsafeRawBufferPointer?) {
            if let value { bytes.append(contentsOf: value) }
            ends.append(bytes.count)
            nulls.append(value == nil)
        }

        /// Calls `body` with each value's bytes in order (nil for null) until it returns false; returns whether it
        /// went through every value.
        func allSatisfy(_ body: (UnsafeRawBufferPointer?) throws -> Bool) rethrows -> Bool {
            try bytes.withUnsafeBytes { bytes in
                var start = 0
                for index in 0..<ends.count {
                    let value = nulls[index] ? nil : UnsafeRawBufferPointer(rebasing: bytes[start..<ends[index]])
                    guard try body(value) else { return false }
                    start = ends[index]
                }
                return true
            }
        }

        /// Every value as Table.value returns it.
        var values: [Value] {
            var values: [Value] = []
            values.reserveCapacity(count)
            _ = allSatisfy { bytes in
                values.append(bytes.map { .string(String(decoding: $0, as: UTF8.self)) } ?? .null)
                return true
            }
            return values
        }
    }

    /// The sort key of a stage that path 1 (above) serves: one key, on a string property of the queried table.
    static func scannedStringSort(_ stage: BoundStage?, table: TableKey) -> (BoundSortKey, ColumnKey)? {
        guard case .sort(let sortKeys)? = stage, sortKeys.count == 1, let column = sortKeys[0].path.directColumn,
            sortKeys[0].path.final?.type == .string, sortKeys[0].path.finalTable == table
        else { return nil }
        return (sortKeys[0], column)
    }

    /// The objects of `table` that match `predicate` in key order, with their values of string column `column`,
    /// read in the same walk over the leaves: compiled filters select a committed leaf's rows over its blocks,
    /// other predicates test row by row, and committed values are copied from their block, with no lookup. When
    /// `locating`, also where each object was found (ResultRows.swift; nil when a leaf's rows do not fit a position).
    func scan(
        _ predicate: BoundNode,
        table: Table,
        collecting column: ColumnKey,
        locating: Bool = false
    ) throws -> (keys: [ObjectKey], strings: SortColumnBytes, rows: ResultRows?) {
        let position = try table.position(column)
        let compiled = ColumnarFilter(predicate, spec: table.spec)
        var everything = false
        if case .constant(true) = predicate { everything = true }
        var keys: [ObjectKey] = []
        var strings = SortColumnBytes()
        var rows = locating ? ResultRows(table: table) : nil
        try table.tree.forEachLeaf { leaf in
            if rows?.beginLeaf(leaf) == false { rows = nil }
            // Which rows pass (nil: every row).
            var selected: [Bool]?
            var block: ColumnBlock?
            if case .clean(let view) = leaf {
                if let compiled {
                    guard let rows = try compiled.selection(view.directory, reader: table.tree.reader) else {
                        return true
                    }
                    selected = rows
                }
                if let parsed = try view.block(column) {
                    guard parsed.kind == .variable else {
                        throw StorageError.corrupt("a string column stored as \(parsed.kind)")
                    }
                    block = parsed
                }
            }
            if selected == nil, !everything {
                selected = try (0..<leaf.count).map { row in
                    try matches(predicate, key: ObjectKey(leaf.key(at: row)), table: table.key)
                }
            }
            for row in 0..<leaf.count where selected?[row] ?? true {
                keys.append(ObjectKey(leaf.key(at: row)))
                rows?.append(row: row)
                if let block, !block.isNull(row), !block.isExternal(row) {
                    strings.append(try block.variableBytes(row))
                    continue
                }
                // Null, long or uncommitted values, and a leaf written before the column: as Table.value reads them.
                switch try table.tree.cell(in: leaf, row: row, column: position) {
                case .bytes(let bytes): bytes.withUnsafeBytes { strings.append($0) }
                case .null: strings.append(nil)
                default: throw StorageError.corrupt("a string column holds a non-byte cell")
                }
            }
            return true
        }
        return (keys, strings, rows)
    }

    /// The order of `keys` sorted by `sortKey`, whose values `strings` holds in the same order (path 1).
    func sortOrder(_ keys: [ObjectKey], strings: SortColumnBytes, by sortKey: BoundSortKey) throws -> [Int] {
        precondition(keys.count == strings.count, "one string per key")
        var binary = BinaryKeys()
        binary.offsets.reserveCapacity(keys.count + 1)
        binary.bytes.reserveCapacity(strings.bytes.count * 2 + keys.count * 2)
        if strings.allSatisfy({ binary.append(utf8: $0) }) {
            return Self.order(of: binary, ascending: sortKey.ascending)
        }
        return try sortOrder(keys, by: [sortKey], broken: nil, values: strings.values.map { [$0] })
    }
}
