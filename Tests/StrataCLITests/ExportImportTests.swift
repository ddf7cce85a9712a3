import Foundation
import StrataCore
import Testing

@Suite("strata export and import")
struct ExportImportTests {
    @Test(
        "export → import → export is byte-identical over every property type, links, collections and embedded objects"
    )
    func roundTripIsByteIdentical() async throws {
        let directory = TemporaryDirectory()
        let sample = try await SampleFile(path: directory.file())
        sample.close()
        let first = try Tool.run(["export", sample.path])
        #expect(first.status == 0, "\(first.stderr)")
        let copy = directory.file("copy.strata")
        let imported = try Tool.run(["import", copy], input: first.stdout)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "imported 10 objects of 3 classes into \(copy)\n")
        let second = try Tool.run(["export", copy])
        #expect(second.status == 0)
        #expect(second.stdout == first.stdout)

        // --input reads a file instead of stdin; the result is the same again.
        let exportFile = directory.file("export.jsonl")
        try first.stdout.write(toFile: exportFile, atomically: true, encoding: .utf8)
        let third = directory.file("third.strata")
        #expect(try Tool.run(["import", third, "--input", exportFile]).status == 0)
        #expect(try Tool.run(["export", third]).stdout == first.stdout)
        #expect(try Tool.run(["verify", third]).status == 0)

        // The imported file holds what the engine wrote: same values, links resolved, embedded objects owned.
        let database = try Database.open(path: copy, options: DatabaseOptions(readOnly: true))
        defer { database.close() }
        let read = try database.beginRead()
        let person = try #require(try read.table(named: "Person"))
        let dogs = try person.column(named: "dogs")
        #expect(try person.value(ObjectKey(4), dogs.key) == .list([.link(ObjectKey(2)), .link(ObjectKey(2))]))
        let address = try #require(try read.table(named: "Address"))
        #expect(address.count == 6)
    }

    @Test("The export's lines: the header, then objects by class and key, links as primary or object keys")
    func exactLines() async throws {
        let directory = TemporaryDirectory()
        let sample = try await SampleFile(path: directory.file())
        sample.close()
        let run = try Tool.run(["export", sample.path, "--class", "Dog"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 6)
        #expect(
            lines[0].hasPrefix(
                #"{"strata":"export","format":1,"classes":[{"name":"Address","embedded":true,"properties":[{"name":"street","type":"string"},{"name":"city","type":"string"},{"name":"zip","type":"string","optional":true}]},{"name":"Dog","embedded":false,"#
            )
        )
        #expect(
            Array(lines[1...]) == [
                #"{"class":"Dog","key":0,"object":{"name":"Rex","age":3}}"#,
                #"{"class":"Dog","key":1,"object":{"name":"Fido","age":5}}"#,
                #"{"class":"Dog","key":2,"object":{"name":"Spot","age":1}}"#,
                #"{"class":"Dog","key":3,"object":{"name":"Lost","age":9}}"#,
                "",
            ]
        )
        let all = try Tool.run(["export", sample.path])
        #expect(
            all.stdout.contains(
                #"{"class":"Person","key":4,"object":{"id":4,"name":"Dee","age":52,"score":99.0,"active":false,"nick":null,"ratio":1.0,"born":"1993-04-15T00:00:00.370370367Z","balance":"31253E-2","oid":"031425364758697a8b9cadbe","uid":"FCF9F6F3-F0ED-EAE7-E4E1-DEDBD8D5D2CF","photo":null,"anything":null,"dogs":[2,2],"bestFriend":4,"tags":["a","c"],"lucky":[3],"prices":{"a":4e-300,"b":3.5},"pets":{},"address":{"street":"Main St","city":"Shelbyville","zip":"03123"},"extras":[{"type":"float","value":"inf"},{"type":"date","value":"1969-12-31T23:59:58.999999995Z"},null]}}"#
                    + "\n"
            )
        )
        let embedded = try Tool.run(["export", sample.path, "--class", "Address"])
        #expect(embedded.status == 1)
        #expect(
            embedded.stderr
                == "strata export: Address is embedded (each object has one owner): its objects are exported inside their owners\n"
        )
    }

    @Test("A link to an object whose optional primary key is null is written by object key, and round-trips")
    func linkToNullPrimaryKey() async throws {
        let directory = TemporaryDirectory()
        let database = try Database.open(path: directory.file())
        let write = try await database.beginWrite()
        let tag = try write.createTable(named: "Tag")
        let label = try write.addColumn(ColumnSpec(name: "label", type: .string, nullable: true, unique: true), to: tag)
        let post = try write.createTable(named: "Post")
        let tags = try write.addColumn(
            ColumnSpec(name: "tags", type: .link, collection: .list, linkTable: tag),
            to: post
        )
        let untagged = try write.createObject(in: tag, values: [label: .null])
        let swift = try write.createObject(in: tag, values: [label: .string("swift")])
        try write.createObject(in: post, values: [tags: .list([.link(swift), .link(untagged)])])
        try write.commit()
        database.close()
        let first = try Tool.run(["export", directory.file()])
        #expect(first.status == 0)
        let lines = first.stdout.split(separator: "\n").map(String.init)
        #expect(
            Array(lines[1...]) == [
                #"{"class":"Post","key":0,"object":{"tags":["swift",{"key":0}]}}"#,
                #"{"class":"Tag","key":0,"object":{"label":null}}"#,
                #"{"class":"Tag","key":1,"object":{"label":"swift"}}"#,
            ]
        )
        let copy = directory.file("copy.strata")
        #expect(try Tool.run(["import", copy], input: first.stdout).status == 0)
        #expect(try Tool.run(["export", copy]).stdout == first.stdout)
        // Naming an object that has a primary key by its object key is refused: there is one spelling.
        let other = directory.file("other.strata")
        let byKey = first.stdout.replacingOccurrences(of: #"["swift",{"key":0}]"#, with: #"[{"key":1},{"key":0}]"#)
        let refused = try Tool.run(["import", other], input: byKey)
        #expect(refused.status == 1)
        #expect(refused.stderr == "strata import: line 2: tags: Tag 1 has a primary key: link to it by that\n")
    }

    /// A change to one line of a valid export, the line it lands on, and the start of the message.
    static let badInputs: [(name: String, line: Int, edit: @Sendable (inout [String]) -> Void, message: String)] = [
        (
            "malformed JSON", 3, { $0[2] = "{\"class\":\"Dog\",\"key\":1,\"object\":{\"name\":\"Fido\",\"age\":5}" },
            "line 3: malformed JSON at column 56: unexpected end of text in an object"
        ),
        (
            "a value of the wrong type", 4,
            { $0[3] = $0[3].replacingOccurrences(of: "\"age\":1", with: "\"age\":\"one\"") },
            "line 4: Dog.age: expected an integer, found a string"
        ),
        (
            "an unknown class", 2, { $0[1] = $0[1].replacingOccurrences(of: "\"Dog\"", with: "\"Cat\"") },
            "line 2: unknown class Cat"
        ),
        (
            "an unknown property", 5,
            { $0[4] = $0[4].replacingOccurrences(of: "\"age\":9", with: "\"age\":9,\"tail\":true") },
            "line 5: Dog has no property tail"
        ),
        (
            "a duplicate object key", 3, { $0[2] = $0[2].replacingOccurrences(of: "\"key\":1", with: "\"key\":0") },
            "line 3: table Dog already has an object with key 0"
        ),
        (
            "an object key past the last", 3,
            { $0[2] = $0[2].replacingOccurrences(of: "\"key\":1", with: "\"key\":9223372036854775807") },
            "line 3: object key 9223372036854775807 is out of range (0 to 9223372036854775806)"
        ),
        (
            "a duplicate primary key", 7, { $0[6] = $0[6].replacingOccurrences(of: "\"id\":2", with: "\"id\":1") },
            "line 7: Person.id already has an object with the value 1"
        ),
        (
            "a link to an object no line defines", 6,
            { $0[5] = $0[5].replacingOccurrences(of: "\"dogs\":[0,1]", with: "\"dogs\":[0,17]") },
            "line 6: dogs: no Dog has the object key 17"
        ),
        (
            "a bad date", 8, { $0[7] = $0[7].replacingOccurrences(of: "1992-03-11T", with: "1992-02-30T") },
            "line 8: Person.born: expected a date such as \"2026-01-31T12:00:00.000000000Z\", found a string"
        ),
        (
            "an embedded class on a line of its own", 2,
            { $0[1] = #"{"class":"Address","key":0,"object":{"street":"x","city":"y","zip":null}}"# },
            "line 2: Address is embedded: its objects belong inside their owners"
        ),
    ]

    @Test("import refuses the first bad line with its number, and leaves no file behind", arguments: 0..<9)
    func importRefusesBadLines(_ index: Int) async throws {
        let bad = Self.badInputs[index]
        let directory = TemporaryDirectory()
        let sample = try await SampleFile(path: directory.file())
        sample.close()
        var lines = try Tool.run(["export", sample.path]).stdout.split(separator: "\n").map(String.init)
        bad.edit(&lines)
        let target = directory.file("target.strata")
        let run = try Tool.run(["import", target], input: lines.joined(separator: "\n") + "\n")
        #expect(run.status == 1, "\(bad.name)")
        #expect(run.stderr == "strata import: \(bad.message)\n", "\(bad.name)")
        #expect(!FileManager.default.fileExists(atPath: target), "\(bad.name)")
    }

    @Test("import refuses a file that already holds classes, and a header that is not one")
    func importRefusesNonEmptyFilesAndBadHeaders() async throws {
        let directory = TemporaryDirectory()
        let sample = try await SampleFile(path: directory.file())
        sample.close()
        let export = try Tool.run(["export", sample.path]).stdout
        let into = try Tool.run(["import", sample.path], input: export)
        #expect(into.status == 1)
        #expect(
            into.stderr == "strata import: \(sample.path) is not empty (3 classes): import fills a new or empty file\n"
        )
        let target = directory.file("target.strata")
        let headerless = try Tool.run(["import", target], input: #"{"class":"Dog","key":0,"object":{}}"# + "\n")
        #expect(headerless.status == 1)
        #expect(
            headerless.stderr == "strata import: line 1: bad header: the first line must be a Strata export header\n"
        )
        let empty = try Tool.run(["import", target], input: "")
        #expect(empty.status == 1)
        #expect(empty.stderr == "strata import: line 1: the input is empty (no header line)\n")
        #expect(!FileManager.default.fileExists(atPath: target))
    }
}
