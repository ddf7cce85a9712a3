// InnerNode.swift: the inner nodes of a cluster tree.
//
// Format of an INNR node, after the node header:
//   u32 count, u32 reserved
//   count x i64  lower bound of each child's keys (child i holds keys in [key[i], key[i+1]))
//   count x u64  child refs
//   count x u64  objects in each child's subtree
//
// Invariants:
//   (1) count >= 1; lower bounds strictly ascending.
//   (2) Every child is non-empty and all leaves are at the same depth.

/// A zero-copy view of an INNR node.
struct InnerNodeView {
    let node: NodeView
    let count: Int

    init(_ node: NodeView) throws {
        precondition(node.kind == .inner)
        var reader = node.reader()
        count = Int(try reader.read(UInt32.self))
        guard count >= 1, count * 24 + 8 <= node.body.count else {
            throw StorageError.corrupt("inner node \(node.ref) claims \(count) children")
        }
        self.node = node
    }

    private static let keysStart = NodeHeader.size + 8

    /// The lower bound of child `index`.
    @inline(__always)
    func key(at index: Int) -> Int64 {
        Int64(littleEndian: node.bytes.loadUnaligned(fromByteOffset: Self.keysStart + index * 8, as: Int64.self))
    }

    /// The ref of child `index`.
    @inline(__always)
    func child(at index: Int) -> Ref {
        let raw = UInt64(
            littleEndian: node.bytes.loadUnaligned(
                fromByteOffset: Self.keysStart + (count + index) * 8,
                as: UInt64.self
            )
        )
        return Ref(raw & ~7)
    }

    /// Objects under child `index`.
    @inline(__always)
    func childCount(at index: Int) -> Int {
        Int(
            UInt64(
                littleEndian: node.bytes.loadUnaligned(
                    fromByteOffset: Self.keysStart + (2 * count + index) * 8,
                    as: UInt64.self
                )
            )
        )
    }

    /// The child whose key range holds `key`: the last child whose lower bound is <= key, or 0.
    func childIndex(for key: Int64) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) >> 1
            if self.key(at: middle) <= key { low = middle + 1 } else { high = middle }
        }
        return max(low - 1, 0)
    }

    /// Objects under the node.
    var totalCount: Int { (0..<count).reduce(0) { $0 + childCount(at: $1) } }
}

/// A child of an inner node, or a tree's root: a node in the file, or one being written.
enum TreeNode {
    case clean(Ref)
    case leaf(ClusterLeaf)
    case inner(InnerNode)
}

/// An inner node being written.
final class InnerNode {
    // Storage marked @exclusivity(unchecked) is never reached while an inout access to it is under way; the
    // run-time checks it skips are explained in Benchmarks/NOTES.md ("Exclusivity checks").
    @exclusivity(unchecked) var keys: [Int64]
    @exclusivity(unchecked) var children: [TreeNode]
    @exclusivity(unchecked) var counts: [Int]

    init(keys: [Int64], children: [TreeNode], counts: [Int]) {
        self.keys = keys
        self.children = children
        self.counts = counts
    }

    convenience init(_ view: InnerNodeView) {
        self.init(
            keys: (0..<view.count).map { view.key(at: $0) },
            children: (0..<view.count).map { .clean(view.child(at: $0)) },
            counts: (0..<view.count).map { view.childCount(at: $0) }
        )
    }

    /// The child whose key range holds `key`.
    func childIndex(for key: Int64) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) >> 1
            if keys[middle] <= key { low = middle + 1 } else { high = middle }
        }
        return max(low - 1, 0)
    }

    /// Moves the children from `index` on into a new node.
    func split(from index: Int) -> InnerNode {
        let tail = InnerNode(
            keys: Array(keys[index...]),
            children: Array(children[index...]),
            counts: Array(counts[index...])
        )
        keys.removeSubrange(index...)
        children.removeSubrange(index...)
        counts.removeSubrange(index...)
        return tail
    }

    /// Encodes an INNR node whose children have already been written to `refs`, its checksum computed with `scheme`.
    ///
    /// The body is stored in one pass into the zeroed buffer: appending each of the 3 × count words through the
    /// writer was most of a small commit's inner-node encoding (a path's two inner nodes hold hundreds of children).
    func encode(refs: [Ref], scheme: NodeChecksum) -> [UInt8] {
        precondition(refs.count == keys.count && refs.count == counts.count && !keys.isEmpty)
        let count = keys.count
        var writer = ByteWriter(capacity: NodeHeader.size + 8 + count * 24)
        writer.appendZeros(NodeHeader.size)
        writer.append(count: 8 + count * 24) { body in
            body.storeBytes(of: UInt32(count).littleEndian, toByteOffset: 0, as: UInt32.self)
            var offset = 8
            for key in keys {
                body.storeBytes(of: key.littleEndian, toByteOffset: offset, as: Int64.self)
                offset += 8
            }
            for ref in refs {
                body.storeBytes(of: ref.offset.littleEndian, toByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            for subtree in counts {
                body.storeBytes(of: UInt64(subtree).littleEndian, toByteOffset: offset, as: UInt64.self)
                offset += 8
            }
        }
        var bytes = writer.take()
        NodeHeader.seal(&bytes, kind: .inner, scheme: scheme)
        return bytes
    }
}
