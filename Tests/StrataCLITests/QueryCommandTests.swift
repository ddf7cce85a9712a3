import Foundation
import StrataCore
import Testing

@Suite("strata query")
struct QueryCommandTests {
    /// Predicates over the sample file's Person class (see SampleFile), from plain comparisons to links,
    /// collections, maps, mixed values and aggregates.
    static let predicates = [
        "",
        "age > 30",
        "age BETWEEN {20, 40}",
        "name BEGINSWITH 'A' OR name ENDSWITH 'e'",
        "name CONTAINS[c] 'E'",
        "score == nil",
        "score > 50.0",
        "active == true AND age < 40",
        "NOT (active == true)",
        "nick != nil",
        "ANY dogs.name == 'Fido'",
        "dogs.@count > 1",
        "ANY tags == 'a'",
        "address.city == 'Springfield'",
        "bestFriend.age > 30",
        "name IN {'Ann', 'Cy', 'Zed'}",
        "lucky.@sum > 4",
        "anything == 7",
        "id != 3 AND (age < 30 OR score >= 88.5)",
        "prices.@count == 2",
    ]

    static let shapes: [(sort: String?, limit: Int?)] = [
        (nil, nil), ("age DESC", nil), ("active,name DESC", 3), (nil, 2),
    ]

    /// The keys the engine itself selects, in order.
    static func engineKeys(_ path: String, _ predicate: String, sort: String?, limit: Int?) throws -> [Int64] {
        let database = try Database.open(path: path, options: DatabaseOptions(readOnly: true))
        defer { database.close() }
        let read = try database.beginRead()
        var query = try QueryParser.parse(predicate.isEmpty ? "TRUEPREDICATE" : predicate)
        if let sort {
            query.sort(
                by: sort.split(separator: ",").map { part in
                    let words = part.split(separator: " ")
                    return QuerySortKey(keyPath: String(words[0]), ascending: words.count == 1)
                }
            )
        }
        if let limit { query.stages.append(.limit(limit)) }
        let table = try #require(try read.table(named: "Person"))
        let bound = try QueryBinder(reading: read, root: table.key).bind(query)
        return try QueryEvaluator(reading: read).run(bound).map(\.rawValue)
    }

    @Test("query --json selects the engine's objects, in the engine's order, for every predicate and shape")
    func resultsMatchTheEngine() async throws {
        let directory = TemporaryDirectory()
        let sample = try await SampleFile(path: directory.file())
        sample.close()
        var nonEmpty = 0
        for predicate in Self.predicates {
            for shape in Self.shapes {
                var arguments = ["query", sample.path, "Person"]
                if !predicate.isEmpty { arguments.append(predicate) }
                if let sort = shape.sort { arguments += ["--sort", sort] }
                if let limit = shape.limit { arguments += ["--limit", String(limit)] }
                arguments.append("--json")
                let run = try Tool.run(arguments)
                #expect(run.status == 0, "\(arguments): \(run.stderr)")
                #expect(run.stderr.isEmpty)
                let keys = try run.stdout.split(separator: "\n").map { line -> Int64 in
                    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                    #expect(object["class"] as? String == "Person")
                    return try #require((object["key"] as? NSNumber)?.int64Value)
                }
                let expected = try Self.engineKeys(sample.path, predicate, sort: shape.sort, limit: shape.limit)
                #expect(keys == expected, "\(arguments)")
                if !expected.isEmpty && expected.count < 6 { nonEmpty += 1 }
            }
        }
        // The table discriminates: most predicates select some objects but not all.
        #expect(nonEmpty >= 50)
    }

    @Test("The table output: a key column, then each property, aligned")
    func tableOutput() async throws {
        let directory = TemporaryDirectory()
        let sample = try await SampleFile(path: directory.file())
        sample.close()
        let run = try Tool.run(["query", sample.path, "Dog", "age >= 3", "--sort", "age DESC"])
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                key  name  age
                3    Lost  9
                1    Fido  5
                0    Rex   3
                (3 objects)

                """
        )
        let json = try Tool.run(["query", sample.path, "Person", "name == 'Cy'", "--json"])
        #expect(
            json.stdout
                == #"{"class":"Person","key":3,"object":{"id":3,"name":"Cy","age":27,"score":61.25,"active":true,"nick":"c","ratio":0.6666667,"born":"1992-03-11T00:00:00.246913578Z","balance":"21252E-2","oid":"02132435465768798a9bacbd","uid":"FDFAF7F4-F1EE-EBE8-E5E2-DFDCD9D6D3D0","photo":"AAEC/wI=","anything":{"type":"double","value":-0.0},"dogs":[],"bestFriend":null,"tags":["b"],"lucky":[2],"prices":{},"pets":{},"address":{"street":"Oak Ave","city":"Springfield","zip":"02123"},"extras":[]}}"#
                + "\n"
        )
    }

    @Test("The table shows a string with a control character in its JSON form, so rows stay one line each")
    func tableEscapesControlCharacters() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        let write = try await database.beginWrite()
        let note = try write.createTable(named: "Note")
        let text = try write.addColumn(ColumnSpec(name: "text", type: .string), to: note)
        try write.createObject(in: note, values: [text: .string("two\nlines")])
        try write.createObject(in: note, values: [text: .string("one line")])
        try write.commit()
        database.close()
        let run = try Tool.run(["query", directory.file(), "Note"])
        #expect(run.status == 0)
        #expect(run.stdout == "key  text\n0    \"two\\nlines\"\n1    one line\n(2 objects)\n")
    }

    @Test("A malformed query exits 2 with the parser's message and column")
    func malformedQuery() async throws {
        let directory = TemporaryDirectory()
        let sample = try await SampleFile(path: directory.file())
        sample.close()
        let syntax = try Tool.run(["query", sample.path, "Person", "age >> 3"])
        #expect(syntax.status == 2)
        #expect(syntax.stdout.isEmpty)
        #expect(
            syntax.stderr == "strata query: Invalid query at column 6: expected a property or a value but found '>' "
                + "(Unable to parse the format string \"age >> 3\")\n"
        )
        let unknown = try Tool.run(["query", sample.path, "Person", "age > 3 AND agee < 5"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("strata query: Invalid query at column 13: "))
        #expect(unknown.stderr.contains("agee"))
    }

    @Test("Usage errors exit 2, a class the file lacks exits 1")
    func usageAndMissingClass() async throws {
        let directory = TemporaryDirectory()
        let sample = try await SampleFile(path: directory.file())
        sample.close()
        let badLimit = try Tool.run(["query", sample.path, "Person", "--limit", "many"])
        #expect(badLimit.status == 2)
        #expect(badLimit.stderr.hasPrefix("strata query: --limit needs a whole number ≥ 0, not 'many'\n"))
        let badSort = try Tool.run(["query", sample.path, "Person", "--sort", "age SIDEWAYS"])
        #expect(badSort.status == 2)
        #expect(badSort.stderr.hasPrefix("strata query: --sort: expected ASC or DESC after 'age', found 'SIDEWAYS'\n"))
        let missing = try Tool.run(["query", sample.path])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("strata query: missing CLASS\n"))
        let unknownClass = try Tool.run(["query", sample.path, "Cat"])
        #expect(unknownClass.status == 1)
        #expect(
            unknownClass.stderr
                == "strata query: \(sample.path) has no class named 'Cat' (classes: Address, Dog, Person)\n"
        )
    }

    @Test(
        "Every command answers --help with its usage and exit 0",
        arguments: ["info", "schema", "query", "export", "import", "watch", "verify", "compact", "sync-schema"]
    )
    func help(command: String) throws {
        let run = try Tool.run([command, "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("usage: strata \(command) "))
        let unknown = try Tool.run([command, "--frobnicate"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("strata \(command): unknown option --frobnicate\n"))
    }
}
