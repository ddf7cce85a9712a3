import StrataCore
import StrataTestSupport
import Testing

@Suite("String collation: binary sort keys order as the collation does")
struct StringCollationTests {
    /// Strings from a small alphabet that makes prefixes, case variants, digits and punctuation collide.
    private static func randomString(_ random: inout SeededGenerator) -> String {
        let alphabet = Array("aAbBzZ09 -_.!~")
        let length = Int(random.next() % 6)
        return String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
    }

    private static func binaryKey(_ text: String) -> [UInt8] {
        var key: [UInt8] = []
        #expect(StringCollation.appendBinaryKey(text, to: &key))
        return key
    }

    @Test("memcmp order of binary keys equals compare(_:_:) for every pair", arguments: [1, 2, 3, 4])
    func binaryKeysOrderAsTheCollation(seed: UInt64) {
        print("StringCollationTests seed \(seed)")
        var random = SeededGenerator(seed: seed)
        let strings = (0..<300).map { _ in Self.randomString(&random) } + ["", "a", "A", "aa", "a a", "Ab", "aB"]
        let keys = strings.map(Self.binaryKey)
        for (i, left) in strings.enumerated() {
            for (j, right) in strings.enumerated() {
                let expected = StringCollation.compare(left, right).signum()
                let actual =
                    keys[i].lexicographicallyPrecedes(keys[j])
                    ? -1 : (keys[j].lexicographicallyPrecedes(keys[i]) ? 1 : 0)
                #expect(actual == expected, "\"\(left)\" vs \"\(right)\"")
            }
        }
        // A null (a lone 0) sorts before every string, the empty string included.
        #expect([UInt8(0)].lexicographicallyPrecedes(Self.binaryKey("")))
    }

    @Test("Non-ASCII strings have no binary key")
    func nonASCII() {
        var key: [UInt8] = []
        #expect(!StringCollation.appendBinaryKey("Zoë", to: &key))
    }
}
