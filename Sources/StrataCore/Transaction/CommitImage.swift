// CommitImage.swift: what a small commit's redo record holds: the bytes of the nodes it wrote, where they go,
// and the version's top node and file end (the payload of a `RedoRecord`, RedoRing.swift).
//
// Why images as well as DESIGN.md's logical record (LogicalRecord.swift): measured on this machine
// (Benchmarks/NOTES.md, 2026-12-03), a lone commit's sync costs about the places written more than the bytes, and
// replaying images is copying bytes: it cannot depend on local state and needs no second encoding of every kind of
// write. So inserts, deletions, collections, links and mixed values log their images; a commit that only assigns
// scalar values of existing objects logs its final values instead (a lap holds one kind). Other processes still
// learn of changes by diffing versions.
//
// Format (little-endian):
//    0  u64  top ref      the version's top node
//    8  u64  file end     bytes in use by the version
//   16  u32  r            runs
//   20  u32  reserved, 0
//   24  r runs, each: u64 offset, u64 length n, then n bytes and zeros up to a multiple of 8
//
// Invariants:
//   (1) Runs lie in file order, do not overlap, and lie inside the file end, past the header and 8-byte
//       aligned; `decode` checks all of it, so a record that passed its frame's checksum but was made by a
//       faulty writer still cannot direct a write into the header or past the version's end.
//   (2) Applying the images of versions a+1 ... b in order to a file holding the checkpoint of version a gives
//       every node reachable from version b: each node of b is either one of the checkpoint's, never freed
//       since (so never overwritten), or written by one of the records, and a later record's bytes win.

/// The node images a commit wrote, and the version they make.
package struct CommitImage: Equatable, Sendable {
    /// One written byte range and its bytes.
    package struct Run: Equatable, Sendable {
        package var offset: UInt64
        package var bytes: [UInt8]

        package init(offset: UInt64, bytes: [UInt8]) {
            self.offset = offset
            self.bytes = bytes
        }
    }

    /// The version's top node.
    package var topRef: Ref
    /// Bytes in use by the version.
    package var fileEnd: UInt64
    /// The written ranges, in file order.
    package var runs: [Run]

    package init(topRef: Ref, fileEnd: UInt64, runs: [Run]) {
        self.topRef = topRef
        self.fileEnd = fileEnd
        self.runs = runs
    }

    /// The record payload.
    package func encode() -> [UInt8] {
        var writer = ByteWriter(capacity: 24 + runs.reduce(0) { $0 + 16 + alignedTo8($1.bytes.count) })
        writer.append(topRef.offset)
        writer.append(fileEnd)
        writer.append(UInt32(runs.count))
        writer.append(UInt32(0))
        for run in runs {
            writer.append(run.offset)
            writer.append(UInt64(run.bytes.count))
            writer.append(bytes: run.bytes)
            writer.alignTo8()
        }
        return writer.take()
    }

    /// Parses a record payload of the file at `path`, checking invariant 1; throws `StorageError.corrupt` naming
    /// what does not hold.
    package static func decode(_ payload: [UInt8], path: String) throws -> CommitImage {
        func damaged(_ detail: String) -> StorageError { .corrupt("\(path): a commit log record \(detail)") }
        do {
            return try payload.withUnsafeBytes { raw in
                var reader = ByteReader(raw, context: "commit log record")
                let topRef = try reader.read(UInt64.self)
                let fileEnd = try reader.read(UInt64.self)
                let count = Int(try reader.read(UInt32.self))
                _ = try reader.read(UInt32.self)
                let headerEnd = UInt64(FileHeader.size)
                guard topRef % 8 == 0, topRef >= headerEnd, topRef < fileEnd else {
                    throw damaged("names top node @\(topRef) outside its file end \(fileEnd)")
                }
                var runs: [Run] = []
                runs.reserveCapacity(min(count, reader.remaining / 16))
                var previousEnd = headerEnd
                for index in 0..<count {
                    let offset = try reader.read(UInt64.self)
                    let length = try reader.read(UInt64.self)
                    guard offset % 8 == 0, offset >= previousEnd, offset < fileEnd, length > 0,
                        length <= fileEnd - offset
                    else {
                        throw damaged(
                            "has run \(index) at \(offset) of \(length) bytes, out of order or outside the file"
                        )
                    }
                    guard length <= UInt64(reader.remaining) else { throw damaged("ends inside run \(index)") }
                    runs.append(Run(offset: offset, bytes: Array(try reader.readBytes(Int(length)))))
                    reader.alignTo8()
                    guard reader.remaining >= 0 else { throw damaged("ends inside run \(index)") }
                    previousEnd = offset + length
                }
                guard reader.remaining == 0 else { throw damaged("has \(reader.remaining) bytes after its runs") }
                return CommitImage(topRef: Ref(topRef), fileEnd: fileEnd, runs: runs)
            }
        } catch StorageError.corrupt(let detail) where !detail.hasPrefix(path) {
            throw StorageError.corrupt("\(path): \(detail)")  // a field past the end, from `ByteReader`
        }
    }
}
