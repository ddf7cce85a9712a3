import Foundation
import Strata
import Testing

// Every Swift example of Docs.docc/Collections.md (this file), Docs.docc/QueryLanguage.md
// (DocumentationExampleTests+QueryLanguage.swift) and six more articles (DocumentationExampleTests+Articles.swift),
// copied verbatim so the compiler checks it and a test checks its answer. `everyExampleIsHere` fails when a
// paragraph of an article's example is not found in these files (compared line by line, ignoring indentation,
// blank lines and `//` comments, after replacing the lines listed in `adaptedLines`), so an edited example must be
// edited here too.

// MARK: Collections.md: the models

final class Author: Object {
    @Persisted(primaryKey: true) var name = ""
    @Persisted(originProperty: "author") var books: LinkingObjects<Book>
}

final class Book: Object {
    @Persisted(primaryKey: true) var title = ""
    @Persisted var genre = ""
    @Persisted var pages = 0
    @Persisted var rating: Double?
    @Persisted var price: Decimal128 = 0
    @Persisted var author: Author?
}

final class Shelf: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var books: List<Book>
    @Persisted var favorites: MutableSet<Book>
    @Persisted var pageCounts: List<Int>
    @Persisted var loans: Map<String, Int>
}

// MARK: Collections.md: strings from a request

struct PageRequest: Sendable {
    var query: String
    var sortField: String
    var totalField: String
}

func page(_ realm: isolated Realm, _ request: PageRequest) throws -> (titles: [String], total: Double) {
    let matching = try realm.objects(Book.self).filter(RealmPredicate(format: request.query))
    let sorted = try matching.sorted(checkedByKeyPath: request.sortField)
    let total: Double = try sorted.sum(checkedOfProperty: request.totalField)
    return (sorted.map(\.title), total)
}

// MARK: Collections.md: generic code

func titles<C: RealmCollection>(_ books: C) -> [String] where C.Element == Book {
    books.sorted(byKeyPath: "title").map(\.title)
}

// MARK: Collections.md: projections

final class BookCard: Projection<Book> {
    @Projected(\Book.title) var heading
    @Projected(\Book.author?.name) var byline
}

final class ShelfCard: Projection<Shelf> {
    @Projected(\Shelf.books.projectTo.title) var titles: ProjectedCollection<String>
}

/// A decimal from its text (the test's literals are valid).
private func decimal(_ text: String) -> Decimal128 { try! Decimal128(string: text) }

@Suite("Documentation examples: Collections.md and QueryLanguage.md")
struct DocumentationExampleTests {
    /// Collections.md's data: three books by two authors on shelf 1, nothing on shelf 2.
    static func makeLibrary() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration([Author.self, Book.self, Shelf.self]))
        try await realm.write { realm in
            let herbert = Author(value: ["name": "Herbert"])
            let leGuin = Author(value: ["name": "Le Guin"])
            let rows: [(String, String, Int, Double?, String, Author)] = [
                ("Dune", "sf", 412, 4.5, "9.99", herbert), ("Earthsea", "fantasy", 183, nil, "7.50", leGuin),
                ("The Dispossessed", "sf", 387, 4.0, "8.25", leGuin),
            ]
            let books = rows.map { title, genre, pages, rating, price, author in
                let book = Book(value: ["title": title, "genre": genre, "pages": pages, "price": decimal(price)])
                (book.rating, book.author) = (rating, author)
                return book
            }
            let shelf = Shelf(value: ["id": 1])
            shelf.books.append(objectsIn: books)
            shelf.favorites.insert(books[0])
            shelf.pageCounts.append(objectsIn: [412, 183, 387])
            shelf.loans["bo"] = 1
            shelf.loans["ann"] = 2
            try realm.add([shelf, Shelf(value: ["id": 2])])
        }
        return realm
    }

    // MARK: Collections.md

    @Test("Collections.md: generic code over Results, a list and a set")
    func genericCode() async throws {
        let realm = try await Self.makeLibrary()
        let everyTitle = await realm.read { realm in
            let shelf = realm.object(ofType: Shelf.self, forPrimaryKey: 1)!
            return [titles(realm.objects(Book.self)), titles(shelf.books), titles(shelf.favorites)]
        }
        let all = ["Dune", "Earthsea", "The Dispossessed"]
        #expect(everyTitle == [all, all, ["Dune"]])
    }

    @Test("Collections.md: AnyRealmCollection")
    func anyRealmCollection() async throws {
        let realm = try await Self.makeLibrary()
        let counts = await realm.read { realm in
            let shelf = realm.object(ofType: Shelf.self, forPrimaryKey: 1)!
            let sources: [AnyRealmCollection<Book>] = [
                AnyRealmCollection(realm.objects(Book.self)),
                AnyRealmCollection(shelf.books),
                AnyRealmCollection(shelf.favorites),
            ]
            return sources.map { $0.filter("pages > 200").count }
        }
        #expect(counts == [2, 2, 1])
    }

    @Test("Collections.md: results are equal only to themselves and their copies")
    func resultsEquality() async throws {
        let realm = try await Self.makeLibrary()
        let answers = await realm.read { realm in
            let books = realm.objects(Book.self)
            let copy = books
            let same = books == copy  // true: the same results
            let other = books == realm.objects(Book.self)  // false: another results value
            return [same, other]
        }
        #expect(answers == [true, false])
    }

    @Test("Collections.md: queries on lists, sets, maps and linking objects")
    func collectionQueries() async throws {
        let realm = try await Self.makeLibrary()
        let found = await realm.read { realm in
            let shelf = realm.object(ofType: Shelf.self, forPrimaryKey: 1)!
            let leGuin = realm.object(ofType: Author.self, forPrimaryKey: "Le Guin")!
            return [
                shelf.books.where { $0.genre == "sf" }.map(\.title),
                shelf.favorites.filter("rating > 4").map(\.title),
                leGuin.books.sorted(byKeyPath: "pages").map(\.title),
                shelf.loans.filter("self >= 2").map(String.init),
            ]
        }
        #expect(found == [["Dune", "The Dispossessed"], ["Dune"], ["Earthsea", "The Dispossessed"], ["2"]])
    }

    @Test("Collections.md: collections of values and self")
    func valuesAndSelf() async throws {
        let realm = try await Self.makeLibrary()
        let pages = await realm.read { realm in
            let counts = realm.object(ofType: Shelf.self, forPrimaryKey: 1)!.pageCounts
            return (
                Array(counts.filter("self > 200")),
                Array(counts.sorted(ascending: false)),
                counts.index(of: 183)
            )
        }
        #expect(pages.0 == [412, 387])
        #expect(pages.1 == [412, 387, 183])
        #expect(pages.2 == 1)
    }

    @Test("Collections.md: aggregates")
    func aggregates() async throws {
        let realm = try await Self.makeLibrary()
        let stats = await realm.read { realm in
            let books = realm.objects(Book.self)
            let none = books.filter("pages > 1000")
            let averageRating: Double? = books.average(ofProperty: "rating")
            let pageCounts = realm.object(ofType: Shelf.self, forPrimaryKey: 1)!.pageCounts
            let averagePages: Double? = pageCounts.average()
            return (averageRating, books.sum(of: \.price), none.max(of: \.pages), none.sum(of: \.pages), averagePages)
        }
        #expect(stats.0 == 4.25)
        #expect(stats.1 == decimal("25.74"))
        #expect(stats.2 == nil)
        #expect(stats.3 == 0)
        #expect(stats.4 == 982.0 / 3)
    }

    @Test("Collections.md: key-value coding")
    func keyValueCoding() async throws {
        let realm = try await Self.makeLibrary()
        let (genres, authors, totalPages) = await realm.read { realm in
            let books = realm.objects(Book.self)
            return (
                books.value(forKey: "genre") as? [String],
                books.value(forKeyPath: "author.name") as? [String],
                books.value(forKeyPath: "@sum.pages") as? Int
            )
        }
        try await realm.write { realm in
            realm.objects(Book.self).filter("genre == 'sf'").setValue("science fiction", forKey: "genre")
        }
        #expect(genres == ["sf", "fantasy", "sf"])
        #expect(authors == ["Herbert", "Le Guin", "Le Guin"])
        #expect(totalPages == 982)
        let after = await realm.read { realm in realm.objects(Book.self).map(\.genre) }
        #expect(after == ["science fiction", "fantasy", "science fiction"])
    }

    @Test("Collections.md: set-based writes")
    func setBasedWrites() async throws {
        let realm = try await Self.makeLibrary()
        try await realm.write { realm in
            try realm.objects(Book.self).filter("genre == 'sf'").update(\.pages) { $0 + 10 }
        }
        let pages = await realm.read { realm in realm.objects(Book.self).filter("genre == 'sf'").map(\.pages) }
        #expect(pages == [422, 397])
    }

    @Test("Collections.md: strings from a request throw through the checked forms")
    func stringsFromRequest() async throws {
        let realm = try await Self.makeLibrary()
        let good = try await realm.read { realm in
            try page(realm, PageRequest(query: "genre == 'sf'", sortField: "pages", totalField: "pages"))
        }
        let typo = await realm.read { realm in
            Result { try page(realm, PageRequest(query: "genre == 'sf'", sortField: "pgaes", totalField: "pages")) }
        }
        #expect(good.titles == ["The Dispossessed", "Dune"])
        #expect(good.total == 799)
        guard case .failure(let error) = typo else {
            Issue.record("the misspelled sort key path did not throw")
            return
        }
        #expect("\(error)" == "Cannot sort on key path 'pgaes': property 'Book.pgaes' does not exist.")
    }

    @Test("Collections.md: map entries")
    func mapEntries() async throws {
        let realm = try await Self.makeLibrary()
        let loans = await realm.read { realm in
            let map = realm.object(ofType: Shelf.self, forPrimaryKey: 1)!.loans
            return (
                map.map { "\($0.key)=\($0.value)" },
                map.asKeyValueSequence().map(\.key),
                map["ann"],
                map.sum()
            )
        }
        #expect(loans.0 == ["ann=2", "bo=1"])
        #expect(loans.1 == ["ann", "bo"])
        #expect(loans.2 == 2)
        #expect(loans.3 == 3)
    }

    @Test("Collections.md: sectioned results")
    func sectionedResults() async throws {
        let realm = try await Self.makeLibrary()
        let shelves = await realm.read { realm in
            let books = realm.objects(Book.self)
            let byGenre = books.sectioned(by: \.genre)
            let byInitial = books.sectioned(by: { String($0.title.prefix(1)) }, sortDescriptors: ["title"])
            return (
                byGenre.map { "\($0.key): " + $0.map(\.title).joined(separator: ", ") },
                byInitial.allKeys,
                byGenre[key: "sf"].count
            )
        }
        #expect(shelves.0 == ["fantasy: Earthsea", "sf: Dune, The Dispossessed"])
        #expect(shelves.1 == ["D", "E", "T"])
        #expect(shelves.2 == 2)
    }

    @Test("Collections.md: projections")
    func projections() async throws {
        let realm = try await Self.makeLibrary()
        let cards = await realm.read { realm in
            let books = realm.objects(BookCard.self).sorted(byKeyPath: "pages")
            let shelf = ShelfCard(projecting: realm.object(ofType: Shelf.self, forPrimaryKey: 1)!)
            return (books.map { "\($0.heading) by \($0.byline ?? "?")" }, Array(shelf.titles))
        }
        #expect(cards.0 == ["Earthsea by Le Guin", "The Dispossessed by Le Guin", "Dune by Herbert"])
        #expect(cards.1 == ["Dune", "Earthsea", "The Dispossessed"])
    }

    @Test("Collections.md: freeze and thaw")
    func freezeAndThaw() async throws {
        let realm = try await Self.makeLibrary()
        let frozen = try await realm.read { realm in try realm.objects(Book.self).freeze() }
        let totalPages = await Task.detached { frozen.sum(of: \.pages) }.value
        let live = await realm.read { _ in frozen.thaw()?.isFrozen }
        #expect(totalPages == 982)
        #expect(live == false)
    }

    @Test("Collections.md: Encodable")
    func encodable() async throws {
        let realm = try await Self.makeLibrary()
        let json = try await realm.read { realm in
            let shelf = realm.object(ofType: Shelf.self, forPrimaryKey: 1)!
            let encoder = JSONEncoder()
            return (try encoder.encode(shelf.pageCounts), try encoder.encode(shelf.loans.filter("self > 1")))
        }
        let decoded = try JSONDecoder().decode(List<Int>.self, from: json.0)
        #expect(String(decoding: json.0, as: UTF8.self) == "[412,183,387]")
        #expect(String(decoding: json.1, as: UTF8.self) == "[2]")
        #expect(Array(decoded) == [412, 183, 387])
    }

    // MARK: The articles and these files agree

    /// The lines of `text` that carry code: trimmed, without blank lines and `//` comments (whole lines, or after
    /// the code).
    private static func codeLines(_ text: Substring) -> [Substring] {
        text.split(separator: "\n").map { line in
            let code = line.range(of: " //").map { line[..<$0.lowerBound] } ?? line
            return code.trimmingCharacters(in: .whitespaces)[...]
        }
        .filter { !$0.isEmpty && !$0.hasPrefix("//") }
    }

    /// The articles whose every example these files run.
    static let articles = [
        "Collections.md", "QueryLanguage.md", "GettingStarted.md", "Modeling.md", "Notifications.md",
        "Migrations.md", "FrozenObjects.md", "Concurrency.md",
    ]

    @Test("every Swift example of the articles is compiled by these tests", arguments: articles)
    func everyExampleIsHere(article: String) throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let root = folder.deletingLastPathComponent().deletingLastPathComponent()
        let markdown = try String(contentsOf: root.appendingPathComponent("Docs.docc/\(article)"), encoding: .utf8)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("DocumentationExampleTests") }
        let here = try files.map {
            try Self.codeLines(String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)[...])
        }
        // Each paragraph of an example (code between blank lines), with the lines the tests adapt replaced.
        let paragraphs = markdown.components(separatedBy: "```swift\n").dropFirst().flatMap { example in
            example.components(separatedBy: "```")[0].split(separator: /\n[ \t]*\n/).map { paragraph in
                Self.codeLines(paragraph).flatMap { line in
                    Self.adaptedLines[String(line)].map { $0.split(separator: "\n") } ?? [line]
                }
            }
        }
        .filter { !$0.isEmpty }
        // A paragraph of `public` declarations quotes the API: its lines are declarations of Sources/Strata.
        let sources = try FileManager.default.subpathsOfDirectory(atPath: root.path + "/Sources/Strata")
            .filter { $0.hasSuffix(".swift") }
            .flatMap {
                try Self.codeLines(String(contentsOfFile: root.path + "/Sources/Strata/" + $0, encoding: .utf8)[...])
            }
        let declarations = Set(sources.map { $0.hasSuffix(" {") ? $0.dropLast(2) : $0 })
        #expect(files.count == 3)
        #expect(!paragraphs.isEmpty)
        for paragraph in paragraphs {
            if paragraph.allSatisfy({ $0.hasPrefix("public ") }) {
                let missing = paragraph.filter { !declarations.contains($0) }
                #expect(missing.isEmpty, "not declared so in Sources/Strata:\n\(missing.joined(separator: "\n"))")
                continue
            }
            let found = here.contains { lines in lines.indices.contains { lines[$0...].starts(with: paragraph) } }
            #expect(found, "not compiled by DocumentationExampleTests*.swift:\n\(paragraph.joined(separator: "\n"))")
        }
    }
}
