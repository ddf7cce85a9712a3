import Foundation
import Strata
import Testing

// The facts of realm-swift's SectionedResultsTests for values and for a computed key: a collection of values is
// sorted by itself and cut where the block's key changes, sections in order of first appearance (so in both
// directions for keys that do not follow the values' order), each section's values in the sort's direction.

/// Collections of values to section, and strings to section by a computed first letter.
final class SectionSamples: Object {
    @Persisted var ints: List<Int>
    @Persisted var intSet: MutableSet<Int>
    @Persisted var optInts: List<Int?>
    @Persisted var optIntSet: MutableSet<Int?>
    @Persisted var doubles: List<Double>
    @Persisted var strings: List<String>
    @Persisted var optStrings: List<String?>
    @Persisted var bools: List<Bool>
    @Persisted var optBools: List<Bool?>
    @Persisted var decimals: List<Decimal128>
    @Persisted var mixed: List<AnyRealmValue>
    @Persisted var word = ""
    @Persisted var words: List<String>
    @Persisted var wordSet: MutableSet<String>

    /// Not persisted: the first letter of `word`.
    var firstLetter: String? { word.first.map { String($0) } }
}

/// The sections of a sectioned collection as `key: values`, in order.
func sectionRows<Key, Element>(_ sections: SectionedResults<Key, Element>) -> [String] {
    sections.map { section in "\(section.key): \(section.map { "\($0)" }.joined(separator: " "))" }
}

@Suite("Collection semantics: sectioning values and computed keys, as Realm Swift's sectioned results tests")
struct SectionedValueSemanticsTests {
    static func makeRealm() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration([SectionSamples.self]))
        try await realm.write { realm in
            let samples = SectionSamples()
            samples.ints.append(objectsIn: [5, 4, 3, 2, 1])
            samples.intSet.insert(objectsIn: [5, 4, 3, 2, 1])
            samples.optInts.append(objectsIn: [5, 4, 3, 2, 1, nil])
            samples.optIntSet.insert(objectsIn: [5, 4, 3, 2, 1, nil])
            samples.doubles.append(objectsIn: [5.5, 4.4, 3.3, 2.2, 1.1])
            samples.strings.append(objectsIn: ["apple", "banana", "any", "phone", "door"])
            samples.optStrings.append(objectsIn: ["apple", "banana", "any", "phone", "door", nil])
            samples.bools.append(objectsIn: [true, false])
            samples.optBools.append(objectsIn: [true, false, nil])
            samples.decimals.append(objectsIn: [1, 2, 3, 4, 5].map { Decimal128(integerLiteral: $0) })
            samples.mixed.append(objectsIn: [
                .string("apple"), .int(2), .bool(true), .data(Data([1])),
                .decimal128(try! Decimal128(string: "123.456")),
            ])
            samples.word = "banana"
            samples.words.append(objectsIn: ["banana", "box", "apple", "chalk"])
            samples.wordSet.insert(objectsIn: ["banana", "box", "apple", "chalk"])
            try realm.add(samples)
            for word in ["box", "apple", "chalk"] { try realm.add(SectionSamples(value: ["word": word])) }
        }
        return realm
    }

    @Test("integers by parity and with nil: from a list, a set, sorted results and a wrapper, both directions")
    func integers() async throws {
        let realm = try await Self.makeRealm()
        let rows = await realm.read { realm -> [[String]] in
            let samples = realm.objects(SectionSamples.self).filter("word == 'banana'").first!
            let parity: (Int) -> Int = { $0 % 2 }
            let optionalParity: (Int?) -> Int? = { $0.map { $0 % 2 } }
            return [
                sectionRows(samples.ints.sectioned(by: parity, ascending: true)),
                sectionRows(samples.ints.sectioned(by: parity, ascending: false)),
                sectionRows(samples.intSet.sectioned(by: parity, ascending: true)),
                sectionRows(samples.intSet.sectioned(by: parity, ascending: false)),
                sectionRows(samples.ints.sorted(ascending: true).sectioned(by: parity, ascending: true)),
                sectionRows(AnyRealmCollection(samples.ints.sorted(ascending: true)).sectioned(by: parity)),
                sectionRows(samples.optInts.sectioned(by: optionalParity, ascending: true)),
                sectionRows(samples.optInts.sectioned(by: optionalParity, ascending: false)),
                sectionRows(samples.optIntSet.sectioned(by: optionalParity, ascending: true)),
                sectionRows(samples.optIntSet.sectioned(by: optionalParity, ascending: false)),
            ]
        }
        let ascending = ["1: 1 3 5", "0: 2 4"]
        let descending = ["1: 5 3 1", "0: 4 2"]
        #expect(rows[0] == ascending && rows[1] == descending, "List")
        #expect(rows[2] == ascending && rows[3] == descending, "MutableSet")
        #expect(rows[4] == ascending && rows[5] == ascending, "Results and AnyRealmCollection")
        let optionalAscending = [
            "nil: nil", "Optional(1): Optional(1) Optional(3) Optional(5)", "Optional(0): Optional(2) Optional(4)",
        ]
        let optionalDescending = [
            "Optional(1): Optional(5) Optional(3) Optional(1)", "Optional(0): Optional(4) Optional(2)", "nil: nil",
        ]
        #expect(rows[6] == optionalAscending && rows[7] == optionalDescending, "List<Int?>")
        #expect(rows[8] == optionalAscending && rows[9] == optionalDescending, "MutableSet<Int?>")
    }

    @Test("doubles, strings, booleans, decimals and mixed values by their blocks' keys, both directions")
    func otherValues() async throws {
        let realm = try await Self.makeRealm()
        let rows = await realm.read { realm -> [[String]] in
            let samples = realm.objects(SectionSamples.self).filter("word == 'banana'").first!
            let size: (Double) -> String = { $0 >= 5 ? "large" : "small" }
            let initial: (String) -> String = { String($0.first!) }
            let optionalInitial: (String?) -> String? = { $0.map { String($0.first!) } }
            let parity: (Decimal128) -> Decimal128 = { $0 == 2 || $0 == 4 ? 2 : 1 }
            let kind: (AnyRealmValue) -> String = { if case .data = $0 { "data" } else { "alphanumeric" } }
            return [
                sectionRows(samples.doubles.sectioned(by: size, ascending: true)),
                sectionRows(samples.doubles.sectioned(by: size, ascending: false)),
                sectionRows(samples.strings.sectioned(by: initial, ascending: true)),
                sectionRows(samples.strings.sectioned(by: initial, ascending: false)),
                sectionRows(samples.optStrings.sectioned(by: optionalInitial, ascending: true)),
                sectionRows(samples.optStrings.sectioned(by: optionalInitial, ascending: false)),
                sectionRows(samples.bools.sectioned(by: { $0 }, ascending: true)),
                sectionRows(samples.bools.sectioned(by: { $0 }, ascending: false)),
                sectionRows(samples.optBools.sectioned(by: { $0 }, ascending: true)),
                sectionRows(samples.optBools.sectioned(by: { $0 }, ascending: false)),
                sectionRows(samples.decimals.sectioned(by: parity, ascending: true)),
                sectionRows(samples.decimals.sectioned(by: parity, ascending: false)),
                samples.mixed.sectioned(by: kind, ascending: true).allKeys,
                samples.mixed.sectioned(by: kind, ascending: false).allKeys,
                samples.mixed.sectioned(by: kind, ascending: true).first!.map { "\($0)" },
            ]
        }
        #expect(rows[0] == ["small: 1.1 2.2 3.3 4.4", "large: 5.5"])
        #expect(rows[1] == ["large: 5.5", "small: 4.4 3.3 2.2 1.1"])
        #expect(rows[2] == ["a: any apple", "b: banana", "d: door", "p: phone"])
        #expect(rows[3] == ["p: phone", "d: door", "b: banana", "a: apple any"])
        #expect(rows[4].first == "nil: nil" && rows[4].count == 5)
        #expect(rows[5].last == "nil: nil" && rows[5].first == "Optional(\"p\"): Optional(\"phone\")")
        #expect(rows[6] == ["false: false", "true: true"] && rows[7] == ["true: true", "false: false"])
        #expect(rows[8] == ["nil: nil", "Optional(false): Optional(false)", "Optional(true): Optional(true)"])
        #expect(rows[9] == ["Optional(true): Optional(true)", "Optional(false): Optional(false)", "nil: nil"])
        #expect(rows[10] == ["1: 1 3 5", "2: 2 4"])
        #expect(rows[11] == ["1: 5 3 1", "2: 4 2"])
        #expect(rows[12] == ["alphanumeric", "data"] && rows[13] == ["data", "alphanumeric"])
        // Mixed values of different types sort by type, as realm-core ranks them: booleans, numbers, strings.
        #expect(rows[14] == ["true", "2", "123.456", "apple"])
    }

    @Test("a computed key path sections by its value and sorts by the stored property it reads")
    func computedKeyPath() async throws {
        let realm = try await Self.makeRealm()
        let answers = await realm.read { realm -> [[String]] in
            let samples = realm.objects(SectionSamples.self)
            let ascending = samples.sectioned(by: \.firstLetter, ascending: true)
            let descending = samples.sectioned(by: \.firstLetter, ascending: false)
            let byDescriptor = samples.sectioned(by: \.firstLetter, sortDescriptors: [SortDescriptor(keyPath: "word")])
            let byBlock = samples.sectioned(
                by: { String($0.word.first!) },
                sortDescriptors: [SortDescriptor(keyPath: "word", ascending: false)]
            )
            let words = samples.filter("word == 'banana'").first!.words
            return [
                ascending.map { $0.key ?? "nil" }, descending.map { $0.key ?? "nil" },
                byDescriptor.map { $0.key ?? "nil" }, byBlock.map(\.key), ascending.allKeys.map { $0 ?? "nil" },
                ascending.flatMap { section in section.map(\.word) }, ["\(ascending[0].count)", ascending[0][0].word],
                [ascending[IndexPath(item: 0, section: 0)].word],
                words.sectioned(by: { String($0.first!) }, ascending: true).allKeys,
                words.sectioned(by: { String($0.first!) }, ascending: false).allKeys,
                samples.filter("word == 'banana'").first!.wordSet.sectioned(by: { String($0.first!) }).allKeys,
            ]
        }
        #expect(answers[0] == ["a", "b", "c"] && answers[1] == ["c", "b", "a"])
        #expect(answers[2] == ["a", "b", "c"] && answers[3] == ["c", "b", "a"] && answers[4] == ["a", "b", "c"])
        #expect(answers[5] == ["apple", "banana", "box", "chalk"])
        #expect(answers[6] == ["1", "apple"] && answers[7] == ["apple"])
        #expect(answers[8] == ["a", "b", "c"] && answers[9] == ["c", "b", "a"] && answers[10] == ["a", "b", "c"])
    }
}

extension SectionedValueSemanticsTests {
    @Test("sectioning a frozen list, and freezing sectioned values, give frozen sections that thaw to live ones")
    func frozenValues() async throws {
        let realm = try await Self.makeRealm()
        let (fromFrozen, frozen) = try await realm.read { realm in
            let samples = realm.objects(SectionSamples.self).filter("word == 'banana'").first!
            let parity: @Sendable (Int) -> Int = { $0 % 2 }
            return (
                try samples.ints.freeze().sectioned(by: parity),
                try samples.ints.sectioned(by: parity).freeze()
            )
        }
        #expect(fromFrozen.isFrozen && frozen.isFrozen)
        #expect(sectionRows(fromFrozen) == ["1: 1 3 5", "0: 2 4"] && sectionRows(frozen) == sectionRows(fromFrozen))
        let thawed = await realm.read { _ in
            [fromFrozen.thaw(), frozen.thaw()].map { ($0?.isFrozen, $0?.count) }
        }
        #expect(thawed.map(\.0) == [false, false] && thawed.map(\.1) == [2, 2])
    }
}
