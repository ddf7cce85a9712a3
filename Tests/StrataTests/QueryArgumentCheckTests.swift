import Foundation
import Strata
import Testing

// Query arguments checked against what they are compared with, as Realm Swift and realm-core check them:
// - an object compared with a link must be of the link's class (objects of two classes may share a key, and the key
//   alone used to match the wrong object), and an object compared with a mixed value matches only itself;
// - an integer property compared with infinity (or with a Float NaN) is refused ("Infinity not supported for int");
// - a Float argument finds a whole number through an integer property's index, as a Double does;
// - a NaN constant compared with a double property matches what it matches on a float property;
// - a null may stand inside an array argument (`name IN %@`).

/// The class a link points to.
final class QACTarget: Object {
    @Persisted var name = ""
}

/// Another class whose objects take the same keys as ``QACTarget``'s.
final class QACStranger: Object {
    @Persisted var name = ""
}

/// The queried class.
final class QACHolder: Object {
    @Persisted var link: QACTarget?
    @Persisted var links: List<QACTarget>
    @Persisted var mixed: AnyRealmValue
    @Persisted(indexed: true) var indexedNumber = 0
    @Persisted var number = 0
    @Persisted var double = 0.0
    @Persisted var float: Float = 0
    @Persisted var name: String?
}

@Suite("Query arguments checked against their comparison")
struct QueryArgumentCheckTests {
    /// A realm with two targets and two strangers (created in the same order, so their keys coincide) and three
    /// holders: the first links the first target and holds the first stranger as its mixed value.
    func open() async throws -> Realm {
        let realm = try await Realm(
            configuration: memoryConfiguration([QACTarget.self, QACStranger.self, QACHolder.self])
        )
        try await realm.write { realm in
            let targets = ["t0", "t1"].map { QACTarget(value: ["name": $0]) }
            let strangers = ["s0", "s1"].map { QACStranger(value: ["name": $0]) }
            for object in targets + strangers { try realm.add(object) }
            let values: [(Int, Double, String?)] = [(456, 1.5, "a"), (789, .nan, nil), (123, 2.5, "b")]
            for (index, (number, double, name)) in values.enumerated() {
                let holder = QACHolder()
                holder.link = index == 0 ? targets[0] : nil
                if index == 0 { holder.links.append(targets[0]) }
                holder.mixed = index == 0 ? .object(strangers[0]) : .int(index)
                holder.indexedNumber = number
                holder.number = number
                holder.double = double
                holder.float = Float(double)
                holder.name = name
                try realm.add(holder)
            }
        }
        return realm
    }

    /// The number of holders `format` matches with `arguments`, or the message of the query error it throws.
    func outcome(_ realm: Realm, _ format: String, _ arguments: @escaping @Sendable (isolated Realm) -> [Any]) async
        -> Result<Int, RealmError>
    {
        await realm.read { realm in
            do {
                let predicate = try RealmPredicate(format: format, argumentArray: arguments(realm))
                return .success(try realm.objects(QACHolder.self).filter(predicate).count)
            } catch let error as RealmError {
                return .failure(error)
            } catch {
                return .failure(.invalidQuery("\(error)"))
            }
        }
    }

    @Test("An object of another class than the link's is refused, with both class names")
    func linkOfAnotherClass() async throws {
        let realm = try await open()
        let stranger: @Sendable (isolated Realm) -> [Any] = { realm in [realm.objects(QACStranger.self).first!] }
        for format in ["link == %@", "ANY links == %@", "%@ IN links", "link != %@"] {
            guard case .failure(.invalidQuery(let message)) = await outcome(realm, format, stranger) else {
                Issue.record("'\(format)' should be refused")
                continue
            }
            #expect(message.contains("QACStranger") && message.contains("QACTarget"), "\(message)")
        }
        let strangers: @Sendable (isolated Realm) -> [Any] = { realm in [Array(realm.objects(QACStranger.self))] }
        guard case .failure(.invalidQuery) = await outcome(realm, "link IN %@", strangers) else {
            Issue.record("'link IN %@' with objects of another class should be refused")
            return
        }
        // The same key, of the link's class, matches.
        let target: @Sendable (isolated Realm) -> [Any] = { realm in [realm.objects(QACTarget.self).first!] }
        #expect(await outcome(realm, "link == %@", target) == .success(1))
        #expect(await outcome(realm, "ANY links == %@", target) == .success(1))
        #expect(await outcome(realm, "link != %@", target) == .success(2))
    }

    @Test("A mixed value holding an object matches that object only, not one of another class with its key")
    func mixedObject() async throws {
        let realm = try await open()
        #expect(
            await outcome(realm, "mixed == %@", { realm in [realm.objects(QACStranger.self).first!] }) == .success(1)
        )
        #expect(await outcome(realm, "mixed == %@", { realm in [realm.objects(QACTarget.self).first!] }) == .success(0))
        #expect(
            await outcome(
                realm,
                "mixed == %@",
                { realm in [AnyRealmValue.object(realm.objects(QACTarget.self).first!)] }
            )
                == .success(0)
        )
    }

    @Test(
        "An integer compared with infinity or a Float NaN is refused; with a Double NaN it matches nothing",
        arguments: ["indexedNumber", "number"]
    )
    func infinity(property: String) async throws {
        let realm = try await open()
        let refused: [(any Sendable, String)] = [
            (Double.infinity, "Infinity not supported for int"), (-Double.infinity, "Infinity not supported for int"),
            (Float.infinity, "Infinity not supported for int"), (Float.nan, "NaN not supported for int"),
        ]
        for (value, message) in refused {
            let result = await outcome(realm, "\(property) == %@", { _ in [value] })
            guard case .failure(.invalidQuery(let text)) = result else {
                Issue.record("\(property) == \(value) should be refused: \(result)")
                continue
            }
            #expect(text.hasSuffix(message), "\(property) == \(value): \(text)")
        }
        #expect(await outcome(realm, "\(property) == %@", { _ in [Double.nan] }) == .success(0))
        #expect(await outcome(realm, "\(property) IN %@", { _ in [[1, Double.infinity]] }) != .success(0))
    }

    @Test("A Float argument finds a whole number through the index as the unindexed property does")
    func floatArgument() async throws {
        let realm = try await open()
        for property in ["indexedNumber", "number"] {
            #expect(await outcome(realm, "\(property) == %@", { _ in [Float(789)] }) == .success(1))
            #expect(await outcome(realm, "\(property) == %@", { _ in [Float(789.5)] }) == .success(0))
            #expect(
                await outcome(realm, "\(property) IN %@", { _ in [[Float(456), 123.0, Float(1000.1)]] }) == .success(2)
            )
        }
    }

    @Test("NaN compared with a double property matches as with a float property")
    func nanConstant() async throws {
        let realm = try await open()
        for format in ["%K == NaN", "%K != NaN", "%K > NaN", "%K <= NaN"] {
            let double = await outcome(realm, format, { _ in ["double"] })
            let float = await outcome(realm, format, { _ in ["float"] })
            #expect(double == float, "\(format): double \(double), float \(float)")
        }
        for format in ["%K == %@", "%K != %@", "%K > %@", "%K <= %@"] {
            let double = await outcome(realm, format, { _ in ["double", Double.nan] })
            let float = await outcome(realm, format, { _ in ["float", Float.nan] })
            #expect(double == float, "\(format): double \(double), float \(float)")
        }
        // Without a NaN stored, `== NaN` matches nothing (realm-core's Parser_basic_serialisation facts).
        #expect(await outcome(realm, "double == NaN AND name != nil", { _ in [] }) == .success(0))
    }

    @Test("A null inside an array argument matches the nulls")
    func nullInArray() async throws {
        let realm = try await open()
        #expect(await outcome(realm, "name IN %@", { _ in [["a", NSNull()]] }) == .success(2))
        #expect(await outcome(realm, "name IN %@", { _ in [[NSNull()]] }) == .success(1))
        #expect(await outcome(realm, "name IN %@", { _ in [["zzz", NSNull()]] }) == .success(1))
        #expect(await outcome(realm, "NOT name IN %@", { _ in [["a", NSNull()]] }) == .success(1))
    }
}
