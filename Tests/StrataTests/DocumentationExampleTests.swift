import Foundation
import Strata
import Testing

// Every Swift example of Docs.docc/Collections.md and Docs.docc/QueryLanguage.md, copied here verbatim so the
// compiler checks it and a test checks its answer. `everyExampleIsHere` fails when an article's example is not
// found in this file (compared line by line, ignoring indentation, blank lines and `//` comments), so an edited
// example must be edited here too.

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

    /// QueryLanguage.md's data: four people and five dogs.
    static func makePeople() async throws -> Realm {
        let realm = try await Realm(configuration: memoryConfiguration())
        try await realm.write { realm in
            let dogs = [("Rex", 3), ("Fido", 1), ("Max", 5), ("Lone", 2)].map { Dog(value: ["name": $0, "age": $1]) }
            for dog in dogs { try realm.add(dog) }
            let ada = Person(value: ["id": 1, "name": "Ada", "age": 36])
            let bob = Person(value: ["id": 2, "name": "Bob", "age": 17])
            let cy = Person(value: ["id": 3, "name": "Cy"])
            let alvaro = Person(value: ["id": 4, "name": "Álvaro", "age": 52])
            ada.dogs.append(objectsIn: [dogs[0], dogs[1]])
            ada.bestFriend = bob
            ada.address = Address(value: ["city": "London"])
            bob.dogs.append(dogs[2])
            cy.address = Address(value: ["city": "Paris"])
            alvaro.dogs.append(dogs[0])
            try realm.add([ada, bob, cy, alvaro])
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

    // MARK: QueryLanguage.md

    @Test("QueryLanguage.md: overview")
    func overview() async throws {
        let realm = try await Self.makePeople()
        let names = await realm.read { realm in
            realm.objects(Person.self)
                .filter("age >= %d AND name BEGINSWITH[c] %@", 18, "a")
                .sorted(byKeyPath: "name")
                .map(\.name)
        }
        let adults = try await realm.read { realm in
            try realm.objects(Person.self).where { $0.age >= 18 && $0.dogs.count > 0 }.freeze()
        }
        #expect(names == ["Ada"])
        #expect(adults.map(\.name) == ["Ada", "Álvaro"])
    }

    @Test("QueryLanguage.md: comparisons and strings")
    func comparisonsAndStrings() async throws {
        let realm = try await Self.makePeople()
        let matches = await realm.read { realm in
            let people = realm.objects(Person.self)
            return [
                people.filter("age BETWEEN {18, 40}"),
                people.filter("name IN %@", ["Bob", "Cy"]),
                people.filter("name LIKE[c] 'a*a'"),
                people.filter("name BEGINSWITH[cd] 'al'"),
                people.filter("age == nil"),
                people.filter("NOT (age > 18) OR name ENDSWITH 'y'"),
            ].map { $0.map(\.name) }
        }
        #expect(matches == [["Ada"], ["Bob", "Cy"], ["Ada"], ["Álvaro"], ["Cy"], ["Bob", "Cy"]])
    }

    @Test("QueryLanguage.md: links, lists and linking objects")
    func linksAndCollections() async throws {
        let realm = try await Self.makePeople()
        let owners = await realm.read { realm in
            let people = realm.objects(Person.self)
            return [
                people.filter("ANY dogs.age > 4"),
                people.filter("ALL dogs.age >= 3"),
                people.filter("NONE dogs.name == 'Rex'"),
                people.filter("dogs.@count == 2"),
                people.filter("dogs.@avg.age > 2"),
                people.filter("SUBQUERY(dogs, $dog, $dog.age < 4).@count >= 1"),
                people.filter("bestFriend.name == 'Bob'"),
                people.filter("address.city == nil"),
            ].map { $0.map(\.name) }
        }
        #expect(
            owners == [
                ["Bob"], ["Bob", "Cy", "Álvaro"], ["Bob", "Cy"], ["Ada"], ["Bob", "Álvaro"], ["Ada", "Álvaro"], ["Ada"],
                ["Bob", "Álvaro"],
            ]
        )
        let dogs = await realm.read { realm in
            realm.objects(Dog.self).filter("ANY owners.age > 40 OR @links.Person.dogs.@count == 0").map(\.name)
        }
        #expect(dogs == ["Rex", "Lone"])
    }

    @Test("QueryLanguage.md: arguments")
    func arguments() async throws {
        let realm = try await Self.makePeople()
        let byArguments = await realm.read { realm in
            let bob = realm.object(ofType: Person.self, forPrimaryKey: 2)!
            let people = realm.objects(Person.self)
            return [
                people.filter("%K == %@", "name", "Cy"),
                people.filter("age > %d AND age < %f", 10, 40.5),
                people.filter("bestFriend == %@", bob),
                people.filter("name == $0 OR name == $1", "Bob", "Cy"),
            ].map { $0.map(\.name) }
        }
        #expect(byArguments == [["Cy"], ["Ada", "Bob"], ["Ada"], ["Bob", "Cy"]])
    }

    @Test("QueryLanguage.md: sort, distinct and limit in the query")
    func sortDistinctLimit() async throws {
        let realm = try await Self.makePeople()
        let firstTwo = await realm.read { realm in
            realm.objects(Dog.self).filter("age > 0 SORT(age DESC, name ASC) DISTINCT(age) LIMIT(2)").map(\.name)
        }
        #expect(firstTwo == ["Max", "Rex"])
    }

    @Test("QueryLanguage.md: type-safe queries, RealmPredicate and #Predicate")
    func typeSafe() async throws {
        let realm = try await Self.makePeople()
        let typed = try await realm.read { realm in
            let people = realm.objects(Person.self)
            let withDogs = try RealmPredicate(format: "dogs.@count > %d", 0)
            return [
                people.where { $0.age > 18 && $0.name.starts(with: "a", options: .caseInsensitive) },
                people.where { $0.dogs.age.max > 4 },
                people.where { ($0.dogs.age < 4 && $0.dogs.name == "Rex").count > 0 },
                try people.filter(withDogs),
                try people.filter(#Predicate<Person> { $0.name == "Cy" }),
            ].map { $0.map(\.name) }
        }
        #expect(typed == [["Ada"], ["Bob"], ["Ada", "Álvaro"], ["Ada", "Bob", "Álvaro"], ["Cy"]])
    }

    @Test("QueryLanguage.md: errors")
    func errors() async throws {
        let realm = try await Self.makePeople()
        let mistyped = try RealmPredicate(format: "age == 'old'")
        let message = await realm.read { realm in
            do {
                _ = try realm.objects(Person.self).filter(mistyped)
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(message == "Invalid query at column 8: cannot compare 'age' of type int with \"old\" using ==")
    }

    @Test("QueryLanguage.md: sorting, distinct and aggregates")
    func sortingDistinctAggregates() async throws {
        let realm = try await Self.makePeople()
        let ordered = await realm.read { realm in
            let people = realm.objects(Person.self)
            return (
                people.sorted(byKeyPath: "age", ascending: false).map(\.name),
                people.sorted(by: [SortDescriptor(keyPath: "name")]).map(\.name),
                realm.objects(Dog.self).distinct(by: ["age"]).count,
                people.average(ofProperty: "age") as Double?
            )
        }
        #expect(ordered.0 == ["Álvaro", "Ada", "Bob", "Cy"])
        #expect(ordered.1 == ["Ada", "Álvaro", "Bob", "Cy"])
        #expect(ordered.2 == 4)
        #expect(ordered.3 == 35)
    }

    @Test("QueryLanguage.md: lists, sets and linking objects")
    func listQueries() async throws {
        let realm = try await Self.makePeople()
        let summary = await realm.read { realm -> (names: [String], oldest: Int?) in
            let ada = realm.object(ofType: Person.self, forPrimaryKey: 1)!
            return (ada.dogs.filter("age >= 3").sorted(byKeyPath: "name").map(\.name), ada.dogs.max(ofProperty: "age"))
        }
        #expect(summary.names == ["Rex"])
        #expect(summary.oldest == 3)
    }

    // MARK: The articles and this file agree

    /// The lines of `text` that carry code: trimmed, without blank lines and `//` comments.
    private static func codeLines(_ text: Substring) -> [Substring] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces)[...] }
            .filter { !$0.isEmpty && !$0.hasPrefix("//") }
    }

    @Test(
        "every Swift example of Collections.md and QueryLanguage.md is compiled by this file",
        arguments: [
            "Collections.md", "QueryLanguage.md",
        ]
    )
    func everyExampleIsHere(article: String) throws {
        let testFile = URL(fileURLWithPath: #filePath)
        let root = testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let markdown = try String(contentsOf: root.appendingPathComponent("Docs.docc/\(article)"), encoding: .utf8)
        let here = Self.codeLines(try String(contentsOf: testFile, encoding: .utf8)[...])
        let examples = markdown.components(separatedBy: "```swift\n").dropFirst().map {
            Self.codeLines($0.components(separatedBy: "```")[0][...])
        }
        #expect(!examples.isEmpty)
        for example in examples {
            let found = here.indices.contains { start in here[start...].starts(with: example) }
            #expect(found, "not compiled by DocumentationExampleTests.swift:\n\(example.joined(separator: "\n"))")
        }
    }
}
