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
                            else { throw QueryError.syntax("\\u needs four hexadecimal digits", at: index + 1) }
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
                guard closed else { throw QueryError.syntax("unterminated string", at: column) }
                tokens.append(QueryToken(kind: .string(value), column: column))
                continue
            }
            let afterOperand = tokens.last.map(isOperand) ?? false
            if character == "-" || character == "+", !afterOperand, let word = signedWord(characters, index + 1) {
                tokens.append(QueryToken(kind: .number(String(character) + word), column: column))
                index += 1 + word.count
                continue
            }
            if character.isNumber || (!afterOperand && "+-.".contains(character)),
                let end = dateEnd(characters, index) ?? numberEnd(characters, index)
            {
                tokens.append(QueryToken(kind: .number(String(characters[index..<end])), column: column))
                index = end
                continue
            }
            // As in Realm's grammar, any character outside ASCII may start or continue a name (`柱колоéн👍`).
            // T1580473800:0, a timestamp in seconds and nanoseconds since 1970 (each signed); longer than the name T….
            if character == "T", let end = secondsTimestampEnd(characters, index) {
                tokens.append(QueryToken(kind: .number(String(characters[index..<end])), column: column))
                index = end
                continue
            }
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
                tokens.append(QueryToken(kind: .identifier(text), column: column))
                // oid(...) and uuid(...) hold raw text (uuids contain '-').
                if ["oid", "uuid"].contains(text.lowercased()), index < characters.count, characters[index] == "(" {
                    guard let close = characters[index...].firstIndex(of: ")") else {
                        throw QueryError.syntax("unterminated \(text)(...) literal", at: column)
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
                    throw QueryError.syntax("'%' must be followed by @, K, d or f", at: column)
                }
                // NSPredicate's format specifiers: %@, %K, and printf's numbers (%d, %i, %u, %f, %e, %g), which may
                // carry a length modifier (%ld, %lld, %lf, %hd, %qd); each takes the next argument as it is.
                var end = index + 1
                while end < characters.count, end - index <= 2, "lhq".contains(characters[end]) { end += 1 }
                guard end < characters.count else {
                    throw QueryError.syntax("'%' must be followed by @, K, d or f", at: column)
                }
                switch characters[end] {
                case "@" where end == index + 1, "K" where end == index + 1:
                    tokens.append(
                        QueryToken(kind: characters[end] == "K" ? .keyArgument : .argument(nil), column: column)
                    )
                case "d", "i", "u", "f", "e", "E", "g", "G", "s":
                    tokens.append(QueryToken(kind: .argument(nil), column: column))
                default:
                    let text = String(characters[(index + 1)...end])
                    throw QueryError.syntax("'%\(text)' is not a valid argument placeholder", at: column)
                }
                index = end + 1
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
                    throw QueryError.syntax("'$' must be followed by an argument number", at: column)
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
            throw QueryError.syntax("unexpected character '\(character)'", at: column)
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

    /// "inf", "infinity" or "nan" (any case) starting at `start` and ending a word, for `-inf`, `+inf` and `-nan`.
    private static func signedWord(_ characters: [Character], _ start: Int) -> String? {
        for word in ["infinity", "inf", "nan"] {
            let end = start + word.count
            guard end <= characters.count, String(characters[start..<end]).lowercased() == word else { continue }
            if end < characters.count, characters[end].isLetter || characters[end].isNumber { continue }
            return String(characters[start..<end])
        }
        return nil
    }

    /// The end of the ASCII digits from `start` (`start` itself when there are none).
    private static func digitsEnd(_ characters: [Character], _ start: Int) -> Int {
        var end = start
        while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
        return end
    }

    /// The end of the longest number at `start`, as realm-core's lexer reads one: `0x` and hexadecimal digits, or
    /// an optional sign, digits with an optional point (a digit on at least one side) and an optional exponent
    /// `e`/`E`, sign and digits. Nil when no number starts there.
    static func numberEnd(_ characters: [Character], _ start: Int) -> Int? {
        var index = start
        if index + 2 < characters.count, characters[index] == "0",
            characters[index + 1] == "x" || characters[index + 1] == "X",
            characters[index + 2].isHexDigit
        {
            index += 2
            while index < characters.count, characters[index].isHexDigit { index += 1 }
            return index
        }
        if index < characters.count, characters[index] == "+" || characters[index] == "-" { index += 1 }
        let integerEnd = digitsEnd(characters, index)
        var end = integerEnd
        if end < characters.count, characters[end] == "." {
            let fractionEnd = digitsEnd(characters, end + 1)
            if fractionEnd > end + 1 || integerEnd > index { end = fractionEnd }
        }
        guard end > index, end > integerEnd || integerEnd > index else { return nil }
        if end < characters.count, characters[end] == "e" || characters[end] == "E" {
            var exponent = end + 1
            if exponent < characters.count, characters[exponent] == "+" || characters[exponent] == "-" { exponent += 1 }
            let exponentEnd = digitsEnd(characters, exponent)
            if exponentEnd > exponent { end = exponentEnd }
        }
        return end
    }

    /// The end of a date at `start`, YYYY-MM-DD@HH:MM:SS or with `T` for `@`, and an optional `:NANOSECONDS`; each
    /// part is one or more digits without a sign, as in realm-core's lexer. Nil when no whole date starts there.
    static func dateEnd(_ characters: [Character], _ start: Int) -> Int? {
        var index = start
        for separator: Character in ["-", "-", "@", ":", ":"] {
            let end = digitsEnd(characters, index)
            guard end > index, end < characters.count else { return nil }
            let found = characters[end]
            guard found == separator || (separator == "@" && found == "T") else { return nil }
            index = end + 1
        }
        let seconds = digitsEnd(characters, index)
        guard seconds > index else { return nil }
        if seconds + 1 < characters.count, characters[seconds] == ":" {
            let nanoseconds = digitsEnd(characters, seconds + 1)
            if nanoseconds > seconds + 1 { return nanoseconds }
        }
        return seconds
    }

    /// The end of `T` seconds `:` nanoseconds at `start`, each an optionally signed run of digits; nil if none.
    static func secondsTimestampEnd(_ characters: [Character], _ start: Int) -> Int? {
        func signedDigitsEnd(_ from: Int) -> Int? {
            let digits = from < characters.count && "+-".contains(characters[from]) ? from + 1 : from
            let end = digitsEnd(characters, digits)
            return end > digits ? end : nil
        }
        guard let seconds = signedDigitsEnd(start + 1), seconds < characters.count, characters[seconds] == ":" else {
            return nil
        }
        return signedDigitsEnd(seconds + 1)
    }
}
