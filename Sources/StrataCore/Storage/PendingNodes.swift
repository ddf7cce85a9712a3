// PendingNodes.swift: the nodes of commits in flight that the sync thread has not written to the file yet.
//
// A commit that queues behind another (GroupCommit.swift) does not write its nodes itself: it hands them to its
// group, and the sync thread writes the group's nodes, one run at a time, before the group's slot or redo record. The
// next writer builds on such a commit at once, so the tip's reader (NodeReader, NodeHeader.swift) finds those nodes
// here first. Readers of published versions never need this: a version is published after its group's nodes are
// written.
//
// Format: none (memory). Each node is a copy of its sealed bytes in memory of its own, 8-aligned.
//
// Invariants:
//   (1) An image holds exactly the bytes its commit will write at its offset, and never changes.
//   (2) A `PendingNodes` is immutable; a reader that holds one keeps every image in it alive, so a view it handed out
//       stays valid while the reader lives (as the mapping does for mapped nodes).
//   (3) No two nodes of commits in flight share an offset: what a commit in flight frees is reused only once its
//       version is published (ReuseRule.swift), after its group's nodes are written.
//
//   encoded by a queued commit ──▶ pending (the tip's reader reads it here) ──written by the sync thread──▶ dropped
//                                                                             (the mapping shows the same bytes)

/// One node's sealed bytes, in memory that stays put while the image lives.
final class NodeImage: @unchecked Sendable {
    // Proof of `@unchecked Sendable`: `bytes` is allocated and filled in `init` and only read afterwards (invariant
    // 1), and freed in `deinit`, when no reader can hold the image any more; any number of threads may read it.
    /// The memory allocated for the node (at least one byte, 8-aligned).
    private let storage: UnsafeMutableRawBufferPointer
    /// The node, header included.
    let bytes: UnsafeRawBufferPointer

    /// A copy of `node`.
    init(_ node: [UInt8]) {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(node.count, 1), alignment: 8)
        node.withUnsafeBytes { storage.copyMemory(from: $0) }
        self.storage = storage
        bytes = UnsafeRawBufferPointer(start: storage.baseAddress, count: node.count)
    }

    deinit { storage.deallocate() }
}

/// The nodes of the commits in flight, by offset (see the file comment).
final class PendingNodes: Sendable {
    /// Every node not written yet, by the offset it will be written at.
    let images: [UInt64: NodeImage]

    init(_ images: [UInt64: NodeImage]) {
        self.images = images
    }

    /// The image to be written at `offset`, if a commit in flight wrote a node there.
    @inline(__always)
    func image(at offset: UInt64) -> NodeImage? { images[offset] }
}
