import Foundation
import StrataCore
import StrataTestSupport

/// A directory of its own for one test, removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() {
        path = "\(FileManager.default.temporaryDirectory.path)/strata-cli-tests-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String = "test.strata") -> String { "\(path)/\(name)" }
}

/// What one run of the tool printed, and how it ended.
struct ToolRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum Tool {
    /// The `strata` executable, built beside the test bundle by `swift test`.
    static var path: String {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().appendingPathComponent("strata").path
    }

    /// Runs the tool to completion with `arguments`, feeding it `input` on stdin.
    static func run(_ arguments: [String], input: String? = nil) throws -> ToolRun {
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        let process = try ChildProcess(
            executable: path,
            arguments: arguments,
            standardInput: .pipe(stdin),
            standardOutput: .pipe(stdout),
            standardError: .pipe(stderr)
        )
        // Read both pipes while the tool runs, so that a large output cannot fill a pipe and stall it.
        let outputs = Locked<[Int: Data]>([:])
        let group = DispatchGroup()
        for (index, pipe) in [stdout, stderr].enumerated() {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                outputs.withLock { $0[index] = data }
                group.leave()
            }
        }
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        let data = outputs.withLock { $0 }
        return ToolRun(
            status: process.terminationStatus,
            stdout: String(decoding: data[0] ?? Data(), as: UTF8.self),
            stderr: String(decoding: data[1] ?? Data(), as: UTF8.self)
        )
    }
}

/// The sample file of these tests: every property type, links (to classes with and without primary keys),
/// lists, sets, maps, mixed values (nested, linking) and embedded objects.
///
///   Person (primary key id, which is also each object's key: created in ascending order from 1)
///   key id name    age score  active nick    dogs     tags          address
///   1   1  Ann     31  88.5   true   "annie" [0, 1]   {a, b}        Main St
///   2   2  Bob     45  null   false  null    [1]      {}            Elm St
///   3   3  Cy      27  61.25  true   "c"     []       {b}           Oak Ave
///   4   4  Dee     52  99.0   false  null    [2, 2]   {a, c}        Main St
///   5   5  Eve     38  0.1    true   "eve"   [0]      {c}           Pine Rd
///   6   6  Fay     19  null   true   null    []       {a, b, c}     Elm St
///   Dog (no primary key: linked by object key): 0 Rex 3y, 1 Fido 5y, 2 Spot 1y, 3 Lost 9y (no owner)
///   Address (embedded: each object linked from exactly one Person): street, city, zip?
struct SampleFile {
    let path: String
    let database: Database
    var person: TableKey!
    var dog: TableKey!
    var address: TableKey!
    var columns: [String: ColumnKey] = [:]

    static let names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
    static let ages: [Int64] = [31, 45, 27, 52, 38, 19]
    static let scores: [Double?] = [88.5, nil, 61.25, 99.0, 0.1, nil]
    static let dogsOf: [[Int64]] = [[0, 1], [1], [], [2, 2], [0], []]
    static let tagsOf: [[String]] = [["a", "b"], [], ["b"], ["a", "c"], ["c"], ["a", "b", "c"]]
    static let streets = ["Main St", "Elm St", "Oak Ave", "Main St", "Pine Rd", "Elm St"]

    init(path: String) async throws {
        self.path = path
        database = try Database.open(path: path)
        let write = try await database.beginWrite()
        dog = try write.createTable(named: "Dog")
        address = try write.createTable(named: "Address")
        person = try write.createTable(named: "Person")
        func add(_ table: TableKey, _ spec: ColumnSpec) throws {
            columns["\(table == person ? "Person" : table == dog ? "Dog" : "Address").\(spec.name)"] =
                try write.addColumn(spec, to: table)
        }
        try add(dog, ColumnSpec(name: "name", type: .string))
        try add(dog, ColumnSpec(name: "age", type: .int))
        try add(address, ColumnSpec(name: "street", type: .string))
        try add(address, ColumnSpec(name: "city", type: .string))
        try add(address, ColumnSpec(name: "zip", type: .string, nullable: true))
        try add(person, ColumnSpec(name: "id", type: .int, unique: true))
        try add(person, ColumnSpec(name: "name", type: .string, indexed: true))
        try add(person, ColumnSpec(name: "age", type: .int))
        try add(person, ColumnSpec(name: "score", type: .double, nullable: true))
        try add(person, ColumnSpec(name: "active", type: .bool))
        try add(person, ColumnSpec(name: "nick", type: .string, nullable: true))
        try add(person, ColumnSpec(name: "ratio", type: .float))
        try add(person, ColumnSpec(name: "born", type: .timestamp))
        try add(person, ColumnSpec(name: "balance", type: .decimal128))
        try add(person, ColumnSpec(name: "oid", type: .objectId))
        try add(person, ColumnSpec(name: "uid", type: .uuid, nullable: true))
        try add(person, ColumnSpec(name: "photo", type: .binary, nullable: true))
        try add(person, ColumnSpec(name: "anything", type: .mixed))
        try add(person, ColumnSpec(name: "dogs", type: .link, collection: .list, linkTable: dog))
        try add(person, ColumnSpec(name: "bestFriend", type: .link, linkTable: person))
        try add(person, ColumnSpec(name: "tags", type: .string, collection: .set))
        try add(person, ColumnSpec(name: "lucky", type: .int, nullable: true, collection: .list))
        try add(person, ColumnSpec(name: "prices", type: .double, collection: .dictionary))
        try add(person, ColumnSpec(name: "pets", type: .link, collection: .dictionary, linkTable: dog))
        try add(person, ColumnSpec(name: "address", type: .link, linkTable: address))
        try add(person, ColumnSpec(name: "extras", type: .mixed, collection: .list))
        for (name, age) in [("Rex", 3), ("Fido", 5), ("Spot", 1), ("Lost", 9)] {
            try write.createObject(
                in: dog,
                values: [columns["Dog.name"]!: .string(name), columns["Dog.age"]!: .int(Int64(age))]
            )
        }
        let mixedValues: [Value] = [
            .int(7), .string("seven"), .double(-0.0), .null,
            .list([.int(1), .string("two"), .dictionary([DictionaryEntry(key: "k", value: .bool(true))])]),
            .typedLink(dog, ObjectKey(3)),
        ]
        for index in 0..<6 {
            let street = try write.createObject(
                in: address,
                values: [
                    columns["Address.street"]!: .string(Self.streets[index]),
                    columns["Address.city"]!: .string(index % 2 == 0 ? "Springfield" : "Shelbyville"),
                    columns["Address.zip"]!: index == 1 ? .null : .string("0\(index)123"),
                ]
            )
            var values: [ColumnKey: Value] = [
                columns["Person.id"]!: .int(Int64(index + 1)),
                columns["Person.name"]!: .string(Self.names[index]),
                columns["Person.age"]!: .int(Self.ages[index]),
                columns["Person.score"]!: Self.scores[index].map(Value.double) ?? .null,
                columns["Person.active"]!: .bool(index != 1 && index != 3),
                columns["Person.nick"]!: [0: "annie", 2: "c", 4: "eve"][index].map(Value.string) ?? .null,
                columns["Person.ratio"]!: .float(Float(index) / 3),
                columns["Person.born"]!: .timestamp(
                    Timestamp(
                        seconds: 631_152_000 + Int64(index) * 86_400 * 400,
                        nanoseconds: Int32(index * 123_456_789)
                    )
                ),
                columns["Person.balance"]!: .decimal128(DecimalBits.encode(Decimal(string: "\(index)12.5\(index)")!)),
                columns["Person.oid"]!: .objectId((0..<12).map { UInt8($0 * 17 + index) }),
                columns["Person.uid"]!: index == 5 ? .null : .uuid((0..<16).map { UInt8(255 - $0 * 3 - index) }),
                columns["Person.photo"]!: index % 2 == 0 ? .binary([0, 1, 2, 255, UInt8(index)]) : .null,
                columns["Person.anything"]!: mixedValues[index],
                columns["Person.dogs"]!: .list(Self.dogsOf[index].map { .link(ObjectKey($0)) }),
                columns["Person.tags"]!: .list(Self.tagsOf[index].map(Value.string)),
                columns["Person.lucky"]!: .list(index == 0 ? [.int(7), .null, .int(-3)] : [.int(Int64(index))]),
                columns["Person.prices"]!: .dictionary(
                    index == 2
                        ? []
                        : [
                            DictionaryEntry(key: "b", value: .double(Double(index) + 0.5)),
                            DictionaryEntry(key: "a", value: .double(1e-300 * Double(index + 1))),
                        ]
                ),
                columns["Person.pets"]!: .dictionary(
                    index == 0 ? [DictionaryEntry(key: "first", value: .link(ObjectKey(2)))] : []
                ),
                columns["Person.address"]!: .link(street),
                columns["Person.extras"]!: .list(
                    index == 3 ? [.float(.infinity), .timestamp(Timestamp(seconds: -1, nanoseconds: -5)), .null] : []
                ),
            ]
            if index == 4 { values[columns["Person.ratio"]!] = .float(.nan) }
            try write.createObject(in: person, values: values)
        }
        // Links among the Person objects: Ann → Cy, Dee → Dee (a Person's object key is its primary key).
        try write.set(.link(ObjectKey(3)), of: columns["Person.bestFriend"]!, in: person, object: ObjectKey(1))
        try write.set(.link(ObjectKey(4)), of: columns["Person.bestFriend"]!, in: person, object: ObjectKey(4))
        try write.commit()
    }

    func close() { database.close() }
}
