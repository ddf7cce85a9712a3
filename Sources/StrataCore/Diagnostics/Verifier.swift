// Verifier.swift: walks a whole version and checks every structural invariant (realm-core's verify(),
// SQLite's integrity check).
//
// Checks:
//   (1) header, top node and free list checksums; every node's checksum, kind and bounds; in a file of formats 2-5
//       (one-lane checksums, NodeChecksum.swift) no node checksummed in four lanes, which the builds that may open
//       such a file cannot verify (this build writes none there: NodeChecksum.swift invariant 1);
//   (2) cluster trees: keys strictly ascending, inside their parent's bounds, counts exact, all leaves
//       at one depth, no empty node but the root; every column block readable;
//   (3) table counts and key allocation (`objectCount`, keys below `nextObjectKey`);
//   (4) indexes: each object filed once under the hash of its value; unique indexes hold no duplicates;
//   (4b) collection trees: each list, set or dictionary cell's tree is walked like a table's, its count exact;
//   (5) links: every target exists, and the target's backlink column mirrors the links exactly;
//   (6) space: nodes never overlap each other or a free extent, and nodes plus free extents cover the
//       used region [header, fileEnd) exactly: nothing leaked, nothing used twice.

/// What `verify()` walked.
package struct VerificationReport: Sendable, CustomStringConvertible {
    var version: Version = 0
    var tables = 0
    var objects = 0
    var nodes = 0
    var usedBytes: UInt64 = 0
    var freeBytes: UInt64 = 0
    var fileEnd: UInt64 = 0

    package var description: String {
        "version \(version): \(tables) tables, \(objects) objects, \(nodes) nodes, \(usedBytes) bytes used, "
            + "\(freeBytes) free, file end \(fileEnd)"
    }
}

extension Database {
    /// Verifies the newest version; throws `StorageError.corrupt` naming the first problem found.
    @discardableResult
    package func verify() throws -> VerificationReport {
        var verifier = Verifier(transaction: try beginRead(), fileScheme: nodeChecksum)
        return try verifier.run()
    }
}

/// One verification pass over a read transaction's version.
struct Verifier {
    let transaction: ReadTransaction
    /// The checksum scheme of the file's newest slot.
    let fileScheme: NodeChecksum
    private var extents: [(offset: UInt64, length: UInt64, what: String)] = []
    private var report = VerificationReport()

    init(transaction: ReadTransaction, fileScheme: NodeChecksum) {
        self.transaction = transaction
        self.fileScheme = fileScheme
    }

    var reader: NodeReader { transaction.snapshot.reader }

    mutating func run() throws -> VerificationReport {
        let snapshot = transaction.snapshot
        report.version = snapshot.version
        report.fileEnd = snapshot.fileEnd
        try claim(try reader.node(snapshot.topRef, .top), "top node")
        var free = FreeSpace(fileEnd: snapshot.fileEnd)
        if !snapshot.catalog.freeListRef.isNone {
            let node = try FreeSpace.node(at: snapshot.catalog.freeListRef, in: reader)
            try claim(node, "free list")
            free = try FreeSpace.decode(node, fileEnd: snapshot.fileEnd)
        }
        var tableKeys = Set<TableKey>()
        for spec in snapshot.catalog.tables {
            guard tableKeys.insert(spec.key).inserted, spec.key.rawValue < snapshot.catalog.nextTableKey else {
                throw StorageError.corrupt("table key \(spec.key) is duplicated or unallocated")
            }
            try verifyTable(spec)
        }
        try verifyLinks()
        report.tables = snapshot.catalog.tables.count
        report.freeBytes = free.freeBytes
        try verifySpace(free)
        return report
    }

    private mutating func claim(_ node: NodeView, _ what: String) throws {
        guard node.checksumHolds() else { throw StorageError.corrupt("\(what) \(node.ref) fails its checksum") }
        if fileScheme == .serial, node.scheme == .lanes {
            throw StorageError.corrupt(
                "\(what) \(node.ref) is checksummed in four lanes (format 6) in a file of format 4 or 5, whose other "
                    + "readers (builds before format 6) cannot verify it"
            )
        }
        extents.append((node.ref.offset, node.extentLength, what))
        report.nodes += 1
    }

    // MARK: Trees

    private mutating func verifyTable(_ spec: TableSpec) throws {
        let keys = try walkTree(root: spec.root, layout: spec.layout, what: "table \(spec.name)")
        guard keys.count == spec.objectCount else {
            throw StorageError.corrupt("table \(spec.name) says \(spec.objectCount) objects but holds \(keys.count)")
        }
        if let last = keys.last, last >= spec.nextObjectKey {
            throw StorageError.corrupt(
                "table \(spec.name) holds key \(last) at or past its next key \(spec.nextObjectKey)"
            )
        }
        report.objects += keys.count
        let table = try transaction.table(spec.key)
        for column in spec.columns where column.indexed {
            try verifyIndex(table, column, objectKeys: keys)
        }
        for position in spec.columns.indices where spec.columns[position].collection != .single {
            for key in keys { try verifyCollectionTree(table, key: key, position: position) }
        }
        for key in keys { _ = try table.row(ObjectKey(key)) }
    }

    /// Walks the tree of a collection cell, if it holds one, claiming its nodes and checking its count.
    private mutating func verifyCollectionTree(_ table: Table, key: Int64, position: Int) throws {
        guard case .bytes(let bytes)? = try table.tree.cell(key, column: position),
            let handle = CollectionTreeHandle(bytes)
        else { return }
        let what = "\(table.name).\(table.spec.columns[position].name) of object \(key)"
        guard case .committed(let root, let count) = handle else {
            throw StorageError.corrupt("\(what) refers to an uncommitted collection tree")
        }
        let orderKeys = try walkTree(root: root, layout: CollectionTree.layout, what: "collection tree of \(what)")
        guard orderKeys.count == count, orderKeys.first.map({ $0 >= 1 }) ?? true else {
            throw StorageError.corrupt("\(what) says \(count) elements, its tree holds \(orderKeys.count)")
        }
    }

    /// Walks a cluster tree, claiming its nodes and blobs; returns its keys in order.
    private mutating func walkTree(root: Ref, layout: LeafLayout, what: String) throws -> [Int64] {
        guard !root.isNone else { return [] }
        var keys: [Int64] = []
        var leafDepth: Int?
        func walk(_ ref: Ref, depth: Int, low: Int64?, high: Int64?, verifier: inout Verifier) throws -> Int {
            guard depth <= ClusterTree.maximumDepth else { throw StorageError.corrupt("\(what) is too deep (a cycle)") }
            let node = try verifier.reader.node(ref, oneOf: [.leaf, .inner])
            try verifier.claim(node, "\(what) node")
            if node.kind == .leaf {
                let leaf = try ClusterLeafView(node)
                guard leafDepth == nil || leafDepth == depth else {
                    throw StorageError.corrupt("\(what): leaves at different depths")
                }
                leafDepth = depth
                guard leaf.count > 0 || depth == 0 else { throw StorageError.corrupt("\(what): empty leaf \(ref)") }
                for index in 0..<leaf.count {
                    let key = leaf.key(at: index)
                    guard keys.last.map({ $0 < key }) ?? true else {
                        throw StorageError.corrupt("\(what): keys out of order at \(ref)")
                    }
                    guard low.map({ key >= $0 }) ?? true, high.map({ key < $0 }) ?? true else {
                        throw StorageError.corrupt("\(what): key \(key) outside its parent's range at \(ref)")
                    }
                    keys.append(key)
                }
                for columnKey in leaf.columnKeys {
                    guard let block = try leaf.block(columnKey) else { continue }
                    guard block.kind == .variable else { continue }
                    for row in 0..<block.count where !block.isNull(row) {
                        if block.isExternal(row) {
                            let blob = try block.blobRef(row)
                            let blobNode = try verifier.reader.node(blob.ref, .blob)
                            guard UInt64(blobNode.body.count) == blob.length else {
                                throw StorageError.corrupt("\(what): blob \(blob.ref) has the wrong length")
                            }
                            try verifier.claim(blobNode, "\(what) blob")
                        } else {
                            _ = try block.variableBytes(row)
                        }
                    }
                }
                return leaf.count
            }
            let inner = try InnerNodeView(node)
            guard inner.count >= 2 || depth > 0 || inner.count >= 1 else {
                throw StorageError.corrupt("\(what): empty inner node")
            }
            if depth == 0 && inner.count < 2 { throw StorageError.corrupt("\(what): root inner node with one child") }
            var total = 0
            for index in 0..<inner.count {
                let lower = inner.key(at: index)
                if index > 0 && lower <= inner.key(at: index - 1) {
                    throw StorageError.corrupt("\(what): inner keys out of order")
                }
                let upper = index + 1 < inner.count ? inner.key(at: index + 1) : high
                let counted = try walk(
                    inner.child(at: index),
                    depth: depth + 1,
                    low: lower,
                    high: upper,
                    verifier: &verifier
                )
                guard counted == inner.childCount(at: index), counted > 0 else {
                    throw StorageError.corrupt(
                        "\(what): inner node \(ref) counts \(inner.childCount(at: index)), child holds \(counted)"
                    )
                }
                total += counted
            }
            return total
        }
        _ = try walk(root, depth: 0, low: nil, high: nil, verifier: &self)
        return keys
    }

    private mutating func verifyIndex(_ table: Table, _ column: ColumnSpec, objectKeys: [Int64]) throws {
        let what = "index of \(table.name).\(column.name)"
        let hashes = try walkTree(root: column.indexRoot, layout: .index, what: what)
        let index = SearchIndex(root: column.indexRoot, context: TreeContext(reader: reader, writable: false))
        var filed = 0
        var seenValues = Set<Value>()
        for hash in hashes {
            let keys = try index.candidates(hash: hash)
            guard !keys.isEmpty, zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }) else {
                throw StorageError.corrupt("\(what): entry \(hash) is empty or unsorted")
            }
            for key in keys {
                guard try table.contains(key) else { throw StorageError.corrupt("\(what) files missing object \(key)") }
                let value = try table.value(key, column.key)
                guard ValueCodec.indexHash(value) == hash else {
                    throw StorageError.corrupt("\(what) files \(key) under the wrong value")
                }
                if column.unique, !seenValues.insert(value).inserted {
                    throw StorageError.corrupt("\(what) is unique but holds \(value) twice")
                }
            }
            filed += keys.count
        }
        guard filed == objectKeys.count else {
            throw StorageError.corrupt("\(what) files \(filed) objects, the table holds \(objectKeys.count)")
        }
    }

    // MARK: Links

    private func verifyLinks() throws {
        for spec in transaction.tableSpecs {
            let table = try transaction.table(spec.key)
            for column in spec.columns where column.isLink {
                guard let targetKey = column.linkTable, transaction.tableSpecs.contains(where: { $0.key == targetKey })
                else {
                    throw StorageError.corrupt("\(spec.name).\(column.name) links to a missing table")
                }
                let target = try transaction.table(targetKey)
                var expected: [ObjectKey: [ObjectKey]] = [:]
                for key in try table.keys() {
                    for linked in linkTargets(try table.value(key, column.key)) {
                        guard try target.contains(linked) else {
                            throw StorageError.corrupt(
                                "\(spec.name) \(key).\(column.name) links to missing \(target.name) \(linked)"
                            )
                        }
                        expected[linked, default: []].append(key)
                    }
                }
                for key in try target.keys() {
                    let actual = try target.backlinks(key, from: spec.key, column: column.key)
                    // Backlinks keep the order their links were made in (WriteTransaction+Objects.swift): compared as multisets.
                    guard actual.sorted() == (expected[key] ?? []).sorted() else {
                        throw StorageError.corrupt(
                            "backlinks of \(target.name) \(key) from \(spec.name).\(column.name) disagree with the links"
                        )
                    }
                }
            }
        }
    }

    private func linkTargets(_ value: Value) -> [ObjectKey] {
        switch value {
        case .link(let key): return [key]
        case .list(let elements): return elements.flatMap(linkTargets)
        case .dictionary(let entries): return entries.flatMap { linkTargets($0.value) }
        default: return []
        }
    }

    // MARK: Space

    private mutating func verifySpace(_ free: FreeSpace) throws {
        var all = extents
        for extent in free.extents { all.append((extent.offset, extent.length, "free extent")) }
        all.sort { $0.offset < $1.offset }
        var position = UInt64(FileHeader.size)
        for extent in all {
            if extent.offset < position {
                throw StorageError.corrupt("\(extent.what) at \(extent.offset) overlaps the space before \(position)")
            }
            if extent.offset > position {
                throw StorageError.corrupt("bytes \(position)..<\(extent.offset) are neither used nor free (leaked)")
            }
            position = extent.offset + extent.length
        }
        guard position == free.fileEnd else {
            throw StorageError.corrupt("the used region ends at \(position), the file end is \(free.fileEnd)")
        }
        report.usedBytes = extents.reduce(0) { $0 + $1.length }
    }
}
