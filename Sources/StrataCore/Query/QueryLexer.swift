// QueryLexer.swift: the Realm query language split into tokens, each with its column.

/// One token of a query.
struct QueryToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case identifier(String)
        case string(String)
        case number(String)
        case argument(Int?)  // %@ (nil: next), $n
        case keyArgument  // %K
        case symbol(String)  // == != < <= > >= = <> && || ! ( ) { } , . [ ] * (in [*])
        case end
    }

    var kind: Kind
    var column: Int
}

extension QueryToken.Kind {
    var isString: Bool { if case .string = self { return true } else { return false } }
}

/// Splits query text into tokens.
enum QueryLexer {
    /// Whether a number like `.5` starts at `index`: a point followed by a digit.
    private static func startsFraction(_ characters: [Character], _ index: Int) -> Bool {
        index + 1 < characters.count && characters[index] == "." && characters[index + 1].isNumber
    }

    static func tokens(_ text: String) throws -> [QueryToken] {
        let characters = Array(text)
        var tokens: [QueryToken] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let column = index + 1
            if character.isWhitespace {
                index += 1
                continue
            }
            if character == "\"" || character == "'" {
                var value = ""
                index += 1
                var closed = false
                while index < characters.count {
                    let next = characters[index]
                    if next == "\\", index + 1 < characters.count {
                        let escaped = characters[index + 1]
                        // Realm's escapes: \" \' \\ \/ \b \f \n \r \t \0 and \uXXXX.
                        switch escaped {
                        case "n": value.append("\n")
                        case "t": value.append("\t")
                        case "r": value.append("\r")
                        case "b": value.append("\u{08}")
                        case "f": value.append("\u{0C}")
                        case "0": value.append("\0")
                        case "u":
                            let hex = String(characters[(index + 2)..<min(index + 6, characters.count)])
                            guard hex.count == 4, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code)
                            else { throw QueryError("\\u needs four hexadecimal digits", at: index + 1) }
                            value.unicodeScalars.append(scalar)
                            index += 6
                            continue
                        default: value.append(escaped)
                        }
                        index += 2
                        continue
                    }
                    if next == character {
                        closed = true
                        index += 1
                        break
                    }
                    value.append(next)
                    index += 1
                }
                guard closed else { throw QueryError("unterminated string", at: column) }
                tokens.append(QueryToken(kind: .string(value), column: column))
                continue
            }
            if character == "-", !(tokens.last.map(isOperand) ?? false),
                let word = negativeInfinity(characters, index + 1)
            {
                tokens.append(QueryToken(kind: .number("-" + word), column: column))
                index += 1 + word.count
                continue
            }
            if character.isNumber || (startsFraction(characters, index) && !(tokens.last.map(isOperand) ?? false))
                || (character == "-"
                    && (index + 1 < characters.count && characters[index + 1].isNumber
                        || startsFraction(characters, index + 1))
                    && !(tokens.last.map(isOperand) ?? false))
            {
                var text = String(character)
                index += 1
                while index < characters.count {
                    let next = characters[index]
                    // Dates: 2020-01-31@12:00:00(:nanos); numbers: 1.5e-3; hex: 0x1F
                    if next.isNumber || next.isLetter || next == "." || next == "@" || next == ":"
                        || (next == "-"
                            && (text.contains("-") || text.count == 4 || text.last == "e" || text.last == "E"))
                    {
                        if next == "-" && !(text.last == "e" || text.last == "E") && !isDateLike(text) { break }
                        text.append(next)
                        index += 1
                    } else {
                        break
                    }
                }
                tokens.append(QueryToken(kind: .number(text), column: column))
                continue
            }
            // As in Realm's grammar, any character outside ASCII may start or continue a name (`柱колоéн👍`).
            if character.isLetter || !character.isASCII || character == "_" || character == "@" || character == "#" {
                var text = String(character)
                index += 1
                while index < characters.count,
                    characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
                        || !characters[index].isASCII
                {
                    text.append(characters[index])
                    index += 1
                }
                // T1580473800:0, a timestamp in seconds and nanoseconds since 1970.
                if text.count > 1, text.first == "T", text.dropFirst().allSatisfy(\.isNumber),
                    index + 1 < characters.count, characters[index] == ":", characters[index + 1].isNumber
                {
                    text.append(":")
                    index += 1
                    while index < characters.count, characters[index].isNumber {
                        text.append(characters[index])
                        index += 1
                    }
                    tokens.append(QueryToken(kind: .number(text), column: column))
                    continue
                }
                tokens.append(QueryToken(kind: .identifier(text), column: column))
                // oid(...) and uuid(...) hold raw text (uuids contain '-').
                if ["oid", "uuid"].contains(text.lowercased()), index < characters.count, characters[index] == "(" {
                    guard let close = characters[index...].firstIndex(of: ")") else {
                        throw QueryError("unterminated \(text)(...) literal", at: column)
                    }
                    tokens.append(QueryToken(kind: .symbol("("), column: index + 1))
                    tokens.append(QueryToken(kind: .string(String(characters[(index + 1)..<close])), column: index + 2))
                    tokens.append(QueryToken(kind: .symbol(")"), column: close + 1))
                    index = close + 1
                }
                continue
            }
            if character == "%" {
                guard index + 1 < characters.count else {
                    throw QueryError("'%' must be followed by @, K, d or f", at: column)
                }
                switch characters[index + 1] {
                case "@", "d", "f", "i", "u", "s": tokens.append(QueryToken(kind: .argument(nil), column: column))
                case "K": tokens.append(QueryToken(kind: .keyArgument, column: column))
                default: throw QueryError("'%\(characters[index + 1])' is not a valid argument placeholder", at: column)
                }
                index += 2
                continue
            }
            if character == "$", index + 1 < characters.count, characters[index + 1].isLetter {
                var name = "$"
                index += 1
                while index < characters.count,
                    characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
                {
                    name.append(characters[index])
                    index += 1
                }
                tokens.append(QueryToken(kind: .identifier(name), column: column))
                continue
            }
            if character == "$" {
                var digits = ""
                index += 1
                while index < characters.count, characters[index].isNumber {
                    digits.append(characters[index])
                    index += 1
                }
                guard let number = Int(digits) else {
                    throw QueryError("'$' must be followed by an argument number", at: column)
                }
                tokens.append(QueryToken(kind: .argument(number), column: column))
                continue
            }
            let two = index + 1 < characters.count ? String(characters[index...index + 1]) : ""
            if ["==", "!=", "<=", ">=", "<>", "&&", "||", "=<", "=>"].contains(two) {
                let normalized = two == "=<" ? "<=" : two == "=>" ? ">=" : two
                tokens.append(QueryToken(kind: .symbol(normalized), column: column))
                index += 2
                continue
            }
            if "=<>!(){},.[]*".contains(character) {
                tokens.append(QueryToken(kind: .symbol(String(character)), column: column))
                index += 1
                continue
            }
            throw QueryError("unexpected character '\(character)'", at: column)
        }
        tokens.append(QueryToken(kind: .end, column: characters.count + 1))
        return tokens
    }

    private static func isOperand(_ token: QueryToken) -> Bool {
        switch token.kind {
        case .identifier(let name): return !["AND", "OR", "NOT", "IN", "BETWEEN"].contains(name.uppercased())
        case .string, .number, .argument: return true
        case .symbol(let symbol): return symbol == ")" || symbol == "}" || symbol == "]"
        default: return false
        }
    }

    /// "inf" or "infinity" (any case) starting at `start` and ending a word, for `-inf` literals.
    private static func negativeInfinity(_ characters: [Character], _ start: Int) -> String? {
        for word in ["infinity", "inf"] {
            let end = start + word.count
            guard end <= characters.count, String(characters[start..<end]).lowercased() == word else { continue }
            if end < characters.count, characters[end].isLetter || characters[end].isNumber { continue }
            return String(characters[start..<end])
        }
        return nil
    }

    private static func isDateLike(_ text: String) -> Bool {
        text.count == 4 || (text.count == 7 && text.filter { $0 == "-" }.count == 1)
    }
}
