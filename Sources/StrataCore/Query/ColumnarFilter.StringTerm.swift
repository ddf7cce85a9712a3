// ColumnarFilter.StringTerm.swift: a comparison of a string column against a constant, evaluated over a committed
// leaf's variable block (ColumnBlock.swift) instead of looking each object up and decoding its value.
//
// Qualifies: `column op constant [options]` where the column is a single string property of the queried table
// itself and `op` is ==, !=, <, <=, >, >=, BEGINSWITH, ENDSWITH, CONTAINS or LIKE (not IN), any options.
//
// Each row is answered in one of two ways, the first that applies:
//   1. byte path: an inline, non-null value against an ASCIIPattern (==, !=, BEGINSWITH, ENDSWITH, CONTAINS,
//      LIKE with a plain needle, with or without [c]) whose `matches` answers for the value's bytes in place;
//   2. exact path: the value read as Table.value reads it (a null is null in a nullable column and "" in another,
//      an external value is read from its blob), then ValueComparison.matches with nulls ordered before every
//      string (`NullOrder.stringsFirst`), as QueryEvaluator applies it to a row of a dirty leaf too.
//
// Invariants:
//   (1) For every row, the answer is ValueComparison.matches(value, op, constant, options, .stringsFirst), where
//       value is what Table.value returns for the row (ASCIIPattern.swift's invariant 2 makes the byte path agree).
//   (2) A leaf written before the column was added answers every row as the column's default would.
//
// No state machine: a term is compiled once per query and only read.

extension ColumnarFilter {
    /// A compiled comparison of a string column against a constant.
    struct StringTerm {
        let column: ColumnKey
        let nullable: Bool
        let op: ComparisonOperator
        let constant: Value
        let options: QueryStringOptions
        /// The byte path, when the operator, options and constant allow it.
        let pattern: ASCIIPattern?

        /// The term for `path op value`, or nil if it does not qualify.
        init?(_ path: BoundPath, _ op: ComparisonOperator, _ value: Value, options: QueryStringOptions) {
            guard let column = path.directColumn, let final = path.final, final.type == .string,
                path.mapKey == nil, !path.isMultiple
            else { return nil }
            switch op {
            case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .beginsWith, .endsWith,
                .contains, .like:
                break
            default:
                return nil
            }
            if case .list = value { return nil }
            self.column = column
            nullable = final.nullable
            self.op = op
            constant = value
            self.options = options
            if case .string(let needle) = value {
                pattern = ASCIIPattern(op, needle: needle, options: options)
            } else {
                pattern = nil
            }
        }

        /// Whether the column's default value passes (invariant 2): null in a nullable column, else "".
        var defaultPasses: Bool {
            ValueComparison.matches(
                nullable ? .null : .string(""),
                op,
                constant,
                options: options,
                nullOrder: .stringsFirst
            )
        }

        /// Clears `selected[row]` for each selected row of `block` whose value does not pass.
        func select(_ block: ColumnBlock, reader: NodeReader, _ selected: inout [Bool]) throws {
            guard block.kind == .variable else {
                throw StorageError.corrupt("a string column stored as \(block.kind)")
            }
            let negated = op == .notEqual
            for row in 0..<block.count where selected[row] {
                if let pattern, !block.isNull(row), !block.isExternal(row),
                    let answer = pattern.matches(try block.variableBytes(row))
                {
                    selected[row] = answer != negated
                } else {
                    selected[row] = ValueComparison.matches(
                        try value(block, row, reader: reader),
                        op,
                        constant,
                        options: options,
                        nullOrder: .stringsFirst
                    )
                }
            }
        }

        /// Row `row`'s value as Table.value reads it.
        private func value(_ block: ColumnBlock, _ row: Int, reader: NodeReader) throws -> Value {
            if block.isNull(row) { return nullable ? .null : .string("") }
            if block.isExternal(row) {
                return .string(String(decoding: try Blob.read(try block.blobRef(row), reader: reader), as: UTF8.self))
            }
            return .string(String(decoding: try block.variableBytes(row), as: UTF8.self))
        }
    }
}
