// NodeChecksum.swift: which checksum function a node's header and a slot's manifest use.
//
// Format: a node stores its scheme in the header's second word (NodeHeader.swift, offset 4); a slot's format number
// implies its manifest's (FileHeader.swift): formats 2-5 `serial`, formats 6 and 7 `lanes`.
//
// Invariants:
//   (1) A file's scheme is chosen when it is made and never changes: a file made by this build writes `lanes`
//       nodes and format 6 or 7 slots, which earlier builds refuse with `unsupportedFormat`; a file made by an
//       earlier build keeps writing `serial` nodes and format 4 or 5 slots, so those builds can still open it,
//       compacted copies included (Compactor.swift: compaction on open, `strata compact`); a copy made to be another
//       database (`writeCopy`, a seed file) is a new file.
//   (2) Reading never depends on the file's scheme: every node names its own, so a node is checked the same way by
//       `NodeReader`, `strata verify` and recovery, whatever the slot that led to it.

/// The checksum function of a node and of a slot's manifest (Checksum.swift).
package enum NodeChecksum: UInt32, Sendable {
    /// `Checksum.hash`, one lane: files made by builds before format 6.
    case serial = 0
    /// `Checksum.laneHash`, four lanes: files made by this build.
    case lanes = 1

    /// The scheme of the nodes a slot of `format` leads to, and of its manifest.
    init(slotFormat format: UInt32) {
        self = format >= FileHeader.lanesFormatVersion ? .lanes : .serial
    }

    /// The checksum of `bytes` from `seed` under this scheme.
    @inline(__always)
    func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        switch self {
        case .serial: Checksum.hash(bytes, seed: seed)
        case .lanes: Checksum.laneHash(bytes, seed: seed)
        }
    }
}
