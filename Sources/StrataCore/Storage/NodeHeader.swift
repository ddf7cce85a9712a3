// NodeHeader.swift: the 24 bytes that open every node in the file.
//
// Format (little-endian):
//   0  u32 kind      one of `NodeKind`
//   4  u32 scheme    the checksum's function (NodeChecksum.swift): 0 `Checksum.hash` (every node of formats 2-5,
//                    when this word was reserved and zero), 1 `Checksum.laneHash` (nodes of formats 6 and 7)
//   8  u64 length    bytes of the node including this header; the node occupies alignedTo8(length)
//  16  u64 checksum  the scheme's hash of bytes[24..<length], seed: kind << 32 ^ length
//
// Invariants:
//   (1) A node is immutable once written: copy-on-write replaces it, never edits it.
//   (2) A node lies entirely below the file end of every version that references it.
//   (3) Every read checks kind and bounds, and the checksum the first time this process reads the node
//       (`NodeReader.node`, VerifiedNodes.swift); `verify()` checks every checksum again, every time.

/// The kinds of node in a Strata file.
package enum NodeKind: UInt32, Sendable {
    case top = 0x4E50_4F54  // "TOPN": a version's root: catalog of tables
    case freeList = 0x4545_5246  // "FREE": free extents and when they were freed, fixed width (format 2)
    case compactFreeList = 0x4345_5246  // "FREC": the same, as variable-length integers
    case inner = 0x524E_4E49  // "INNR": inner node of a cluster tree
    case leaf = 0x4641_454C  // "LEAF": cluster of objects, column by column
    case blob = 0x424F_4C42  // "BLOB": a long string, binary or collection value
}

/// The fixed header of a node.
package enum NodeHeader {
    /// Bytes of the header.
    package static let size = 24

    /// The checksum a sealed node's header stores.
    static func storedChecksum(of node: [UInt8]) -> UInt64 {
        node.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) }
    }

    /// Writes a header for a node of `kind` into the first 24 bytes of `node` and fills in its checksum, computed
    /// with `scheme` (the file's, NodeChecksum.swift invariant 1).
    package static func seal(_ node: inout [UInt8], kind: NodeKind, scheme: NodeChecksum) {
        precondition(node.count >= size)
        let length = UInt64(node.count)
        let checksum = node.withUnsafeBytes { raw in
            scheme.hash(UnsafeRawBufferPointer(rebasing: raw[size...]), seed: UInt64(kind.rawValue) << 32 ^ length)
        }
        node.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: kind.rawValue.littleEndian, toByteOffset: 0, as: UInt32.self)
            raw.storeBytes(of: scheme.rawValue.littleEndian, toByteOffset: 4, as: UInt32.self)
            raw.storeBytes(of: length.littleEndian, toByteOffset: 8, as: UInt64.self)
            raw.storeBytes(of: checksum.littleEndian, toByteOffset: 16, as: UInt64.self)
        }
    }
}

/// A node in the mapped file, bounds-checked against the version it belongs to.
package struct NodeView {
    /// Where the node is.
    let ref: Ref
    /// Its kind.
    let kind: NodeKind
    /// All its bytes, header included.
    let bytes: UnsafeRawBufferPointer

    /// A view of `bytes` (header included) as the node of `kind` at `ref`; `bytes` must stay valid while used.
    package init(ref: Ref, kind: NodeKind, bytes: UnsafeRawBufferPointer) {
        self.ref = ref
        self.kind = kind
        self.bytes = bytes
    }

    /// The bytes after the header.
    var body: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[NodeHeader.size...]) }

    /// The extent the node occupies in the file.
    var extentLength: UInt64 { UInt64(alignedTo8(bytes.count)) }

    /// A reader positioned just after the header.
    func reader() -> ByteReader {
        ByteReader(bytes, position: NodeHeader.size, context: "node", ref: ref)
    }

    /// The checksum stored in the header.
    var storedChecksum: UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) }

    /// The checksum scheme the node's header names; nil for one this build does not know (only damage writes it).
    var scheme: NodeChecksum? {
        NodeChecksum(rawValue: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
    }

    /// Whether the stored checksum matches the bytes, under the scheme the node names (false for a scheme this
    /// build does not know, which only damage writes).
    package func checksumHolds() -> Bool {
        guard let scheme else { return false }
        let seed = UInt64(kind.rawValue) << 32 ^ UInt64(bytes.count)
        return scheme.hash(body, seed: seed) == storedChecksum
    }
}

/// Resolves refs to nodes inside one version's mapped bytes, verifying each node's checksum the first time the
/// process reads it.
struct NodeReader: @unchecked Sendable {
    // Proof of `@unchecked Sendable`: the four stored properties are `let`s of `Sendable` types (`MemoryMapping`,
    // `VerifiedNodes` and `PendingNodes` prove theirs); the mapped bytes are PROT_READ, a pinned version's nodes never
    // change and neither does a pending image, so any number of threads may copy a reader and read through it at once.
    /// The mapping (kept alive by this reader).
    let mapping: MemoryMapping
    /// The end of the version's used space; no ref of the version points past it.
    let limit: UInt64
    /// The file's verified nodes (shared by every reader of the file made while the table fits).
    let verified: VerifiedNodes
    /// For the tip of commits in flight: the nodes the sync thread has not written yet, read from here first
    /// (PendingNodes.swift). Nil for every published version.
    let pending: PendingNodes?

    init(mapping: MemoryMapping, limit: UInt64, verified: VerifiedNodes, pending: PendingNodes? = nil) {
        precondition(limit <= UInt64(mapping.length))
        self.mapping = mapping
        self.limit = limit
        self.verified = verified
        self.pending = pending
    }

    /// Where the node at `offset` (within the version's bounds) starts, and how many bytes may be read from there:
    /// its image when a commit in flight wrote it, else the mapping up to the version's end.
    @inline(__always)
    private func start(of offset: UInt64) -> (base: UnsafeRawPointer, available: UInt64) {
        if let pending, let image = pending.image(at: offset) {
            return (image.bytes.baseAddress!, UInt64(image.bytes.count))
        }
        return (mapping.base + Int(offset), limit - offset)
    }

    /// The node of a tree at `ref`: a leaf or an inner node.
    @inline(__always)
    func treeNode(_ ref: Ref) throws -> NodeView {
        guard ref.offset >= UInt64(FileHeader.size), ref.offset + UInt64(NodeHeader.size) <= limit else {
            throw StorageError.corrupt("\(verified.path): ref \(ref) lies outside the file (end \(limit))")
        }
        let raw = UInt32(littleEndian: start(of: ref.offset).base.loadUnaligned(as: UInt32.self))
        if raw == NodeKind.leaf.rawValue { return try node(ref, .leaf) }
        if raw == NodeKind.inner.rawValue { return try node(ref, .inner) }
        return try node(ref, oneOf: [.leaf, .inner])  // (reports the unexpected kind)
    }

    /// The node at `ref`, which must be of one of `kinds`.
    func node(_ ref: Ref, oneOf kinds: [NodeKind]) throws -> NodeView {
        guard ref.offset >= UInt64(FileHeader.size), ref.offset + UInt64(NodeHeader.size) <= limit else {
            throw StorageError.corrupt("\(verified.path): ref \(ref) lies outside the file (end \(limit))")
        }
        let raw = UInt32(littleEndian: start(of: ref.offset).base.loadUnaligned(as: UInt32.self))
        guard let kind = NodeKind(rawValue: raw), kinds.contains(kind) else {
            throw StorageError.corrupt(
                "\(verified.path): node \(ref) has kind 0x\(String(raw, radix: 16)), expected one of \(kinds)"
            )
        }
        return try node(ref, kind)
    }

    /// The node at `ref`, which must be of `kind`; throws `StorageError.corrupt` if it lies outside the version,
    /// has another kind or fails its checksum (checked the first time this process reads it).
    func node(_ ref: Ref, _ kind: NodeKind) throws -> NodeView {
        let offset = ref.offset
        guard offset >= UInt64(FileHeader.size), offset % 8 == 0, offset + UInt64(NodeHeader.size) <= limit else {
            throw StorageError.corrupt(
                "\(verified.path): ref \(ref) to a \(kind) node lies outside the file (end \(limit))"
            )
        }
        let (base, available) = start(of: offset)
        let storedKind = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
        guard storedKind == kind.rawValue else {
            throw StorageError.corrupt(
                "\(verified.path): node \(ref) should be \(kind) but has kind 0x\(String(storedKind, radix: 16))"
            )
        }
        let length = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        guard length >= UInt64(NodeHeader.size), length <= available else {
            throw StorageError.corrupt(
                "\(verified.path): \(kind) node \(ref) claims length \(length), past the end of the file"
            )
        }
        let view = NodeView(ref: ref, kind: kind, bytes: UnsafeRawBufferPointer(start: base, count: Int(length)))
        try verified.check(view)
        return view
    }
}
