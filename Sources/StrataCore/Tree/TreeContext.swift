// TreeContext.swift: what a tree needs from the transaction it belongs to.
//
// Reads resolve refs through `reader` (one version's mapping). Writes never touch the file: a node
// made dirty or dropped has its extent recorded in `released`, which the commit frees at the new version.

/// The reader and the release log shared by every tree of one transaction.
final class TreeContext {
    let reader: NodeReader
    /// Extents of committed nodes the transaction no longer references: (offset, length).
    private(set) var released: [(offset: UInt64, length: UInt64)] = []
    /// Whether writes are allowed.
    let writable: Bool

    init(reader: NodeReader, writable: Bool) {
        self.reader = reader
        self.writable = writable
    }

    /// Records that a committed node is no longer referenced.
    func release(_ view: NodeView) {
        precondition(writable)
        released.append((view.ref.offset, view.extentLength))
    }

    /// Records that a committed blob is no longer referenced.
    func release(_ blob: BlobRef) {
        precondition(writable)
        released.append((blob.ref.offset, blob.extentLength))
    }

    /// Records that a committed extent is no longer referenced.
    func release(offset: UInt64, length: UInt64) {
        precondition(writable)
        released.append((offset, length))
    }
}
