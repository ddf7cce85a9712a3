import Testing

@testable import Strata

// The lock-free table of property indexes by key path (`PersistedIndexCache` in Persisted.swift): key paths whose
// hashes meet keep their own slots instead of evicting each other on every access, and a lookup never answers with
// another key path's index.

/// An object whose identity stands for a key path's. The tokens live as long as the process, as the key paths the
/// table records do (an identity recorded in the table must never be reused).
private final class IndexCacheToken: Sendable {}

@Suite("PersistedIndexCache: key paths that share a slot")
struct PersistedIndexCacheTests {
    private static let tokens: [IndexCacheToken] = (0..<16_384).map { _ in IndexCacheToken() }

    private static func identifier(_ position: Int) -> ObjectIdentifier { ObjectIdentifier(tokens[position]) }

    @Test("Key paths with one home slot each keep their index, in any order of lookups")
    func collidingKeyPaths() throws {
        var byHome: [Int: [Int]] = [:]
        for position in Self.tokens.indices {
            byHome[PersistedIndexCache.home(PersistedIndexCache.address(Self.identifier(position))), default: []]
                .append(position)
        }
        let group = try #require(byHome.values.filter { $0.count >= 3 }.min { $0[0] < $1[0] })
        let colliding = Array(group.prefix(3))
        // The table is shared by the whole test process, whose models may have filled these slots already: a key path
        // that finds its slots full is left to the locked dictionary, and must then be a miss here, never a wrong hit.
        var recorded: [Bool] = []
        for (offset, position) in colliding.enumerated() {
            #expect(PersistedIndexCache.fast(Self.identifier(position)) == nil)
            let entry = PersistedIndexCache.Entry(
                keyPath: \IndexCacheToken.self,
                index: 40 + offset,
                encodable: offset == 1
            )
            let first = PersistedIndexCache.remember(Self.identifier(position), entry)
            #expect(PersistedIndexCache.remember(Self.identifier(position), entry) == first)
            recorded.append(first)
        }
        // Recording one never evicts another: each answer stays what it was when recorded, in any order of lookups.
        for round in 0..<6 {
            for (offset, position) in colliding.enumerated().reversed() where (round + offset) % 2 == 0 || round > 3 {
                let expected = (40 + offset) | (offset == 1 ? PersistedIndexCache.encodableFlag : 0)
                #expect(PersistedIndexCache.fast(Self.identifier(position)) == (recorded[offset] ? expected : nil))
                if recorded[offset] {
                    #expect(PersistedIndexCache.isEncodable(Self.identifier(position)) == (offset == 1))
                }
            }
        }
        // Once a later key path of the group is recorded, the earlier ones were too (slots fill in probe order).
        #expect(recorded == recorded.sorted { $0 && !$1 })
        // A token never recorded is a miss, not another token's index.
        let unrecorded = try #require(byHome.values.first { $0.count >= 4 && !$0.contains(colliding[0]) })
        #expect(PersistedIndexCache.fast(Self.identifier(unrecorded[3])) == nil)
    }
}
