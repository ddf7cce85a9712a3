// FaultInjectingFileSystem.swift: an I/O layer for tests that fails chosen calls and simulates power loss.
//
// Part of StrataTestSupport (not the engine): the engine takes it through its `FileSystem` parameter like any
// other I/O layer.
//
// It forwards every call to a real `FileSystem` and, on the way:
//   - counts the calls of each kind and fails the Nth one (once, or from then on) with a chosen errno,
//     the way realm-core's simulated failures do;
//   - can make every sync slow (`delaySyncs`), so that concurrent commits form groups;
//   - numbers every mutating step (write, sync, reserve, truncate, rename, directory sync); at the chosen
//     step the "power goes out": that call and every later one fail with `SimulatedPowerLoss`;
//   - remembers, per file, every write not yet made durable by a sync (with the bytes it overwrote), so
//     `imageAfterPowerLoss` can build the file as a disk might leave it: each unsynced write kept, dropped
//     or garbled, as SQLite's crash VFS does.

import Glibc
import Synchronization

#if canImport(StrataCore)
    import StrataCore
#endif

/// The error every call throws once a simulated power loss has happened.
package struct SimulatedPowerLoss: Error, CustomStringConvertible {
    package var description: String { "simulated power loss" }
}

/// What became of one unsynced write when the power went out.
package enum UnsyncedWriteFate: Sendable {
    case kept
    case dropped
    case garbled
}

/// A `FileSystem` that injects errors and simulates power loss (see the file comment).
package final class FaultInjectingFileSystem: FileSystem {
    /// The kinds of call that can be made to fail.
    package enum Call: Hashable, Sendable {
        case write, sync, reserve, truncate, map, open, rename, syncDirectory
    }

    /// A planned failure: the `occurrence`-th call (0-based) of kind `call` fails with `code`;
    /// a persistent fault also fails every later call of that kind.
    package struct Fault: Sendable {
        package var call: Call
        package var occurrence: Int
        package var code: Int32
        package var persistent: Bool

        package init(call: Call, occurrence: Int, code: Int32, persistent: Bool = false) {
            self.call = call
            self.occurrence = occurrence
            self.code = code
            self.persistent = persistent
        }
    }

    struct PendingWrite {
        var offset: UInt64
        var previous: [UInt8]
        var length: Int
    }

    struct State {
        var counts: [Call: Int] = [:]
        var faults: [Fault] = []
        var step = 0
        var powerLossAtStep: Int?
        var poweredOff = false
        var pending: [String: [PendingWrite]] = [:]
        var openFiles = 0
        var mappings: [WeakMapping] = []
        var syncDelay: UInt32 = 0
        var afterWrite: (@Sendable (any StorageFile, UInt64, Int) throws -> Void)?
    }

    struct WeakMapping {
        weak var mapping: MemoryMapping?
    }

    private let base: any FileSystem
    let state = Locked(State())

    package init(base: any FileSystem = PosixFileSystem()) {
        self.base = base
    }

    /// Adds a planned failure.
    package func inject(_ fault: Fault) {
        state.withLock { $0.faults.append(fault) }
    }

    /// Makes every later sync take at least `microseconds` (a slow disk), so that commits from concurrent
    /// tasks queue behind it and are synced in groups.
    package func delaySyncs(byMicroseconds microseconds: UInt32) {
        state.withLock { $0.syncDelay = microseconds }
    }

    var syncDelay: UInt32 { state.withLock { $0.syncDelay } }

    /// Calls `hook` after every write that succeeds, with the underlying file (so that what the hook writes is not
    /// counted, faulted or hooked again), the write's offset and its length: a test that must change the file between
    /// two of the engine's own steps (damage a node before the slot naming it is synced) does it there.
    package func afterEachWrite(_ hook: @escaping @Sendable (any StorageFile, UInt64, Int) throws -> Void) {
        state.withLock { $0.afterWrite = hook }
    }

    var afterWrite: (@Sendable (any StorageFile, UInt64, Int) throws -> Void)? { state.withLock { $0.afterWrite } }

    /// Removes all planned failures (a simulated power loss stays).
    package func clearFaults() {
        state.withLock { $0.faults.removeAll() }
    }

    /// Makes the `step`-th mutating call from now (0-based) and everything after it fail with power loss.
    package func cutPower(atStep step: Int) {
        state.withLock { $0.powerLossAtStep = $0.step + step }
    }

    /// Mutating steps performed so far.
    package var steps: Int { state.withLock { $0.step } }

    /// How many calls of a kind have been made so far.
    package func count(of call: Call) -> Int { state.withLock { $0.counts[call, default: 0] } }

    /// Writes to `path` that no sync has made durable yet.
    package func unsyncedWriteCount(for path: String) -> Int { state.withLock { $0.pending[path]?.count ?? 0 } }

    /// The bytes of `path` as a disk might hold them after the power went out now: each unsynced write
    /// is kept, dropped or garbled as `fate` decides (called with the write's index, oldest first).
    package func imageAfterPowerLoss(
        of path: String,
        fate: (Int) -> UnsyncedWriteFate,
        garbage: (Int) -> [UInt8]
    ) throws -> [UInt8] {
        let pending = state.withLock { $0.pending[path] ?? [] }
        let file = try base.open(path, mode: .readOnly)
        defer { file.close() }
        var image = try readBytes(file, count: Int(try file.size()), at: 0)
        let fates = pending.indices.map(fate)
        for index in pending.indices.reversed() {
            let write = pending[index]
            let start = Int(write.offset)
            switch fates[index] {
            case .kept:
                continue
            case .dropped:
                for i in 0..<write.length where start + i < image.count {
                    image[start + i] = i < write.previous.count ? write.previous[i] : 0
                }
            case .garbled:
                let noise = garbage(write.length)
                for i in 0..<write.length where start + i < image.count { image[start + i] = noise[i] }
            }
        }
        return image
    }

    /// Counts a call, applies a due fault or power loss; `mutating` calls advance the step counter.
    func enter(_ call: Call, path: String, mutating: Bool) throws {
        let failure: Error? = state.withLock { state in
            if state.poweredOff { return SimulatedPowerLoss() }
            if mutating {
                if let cut = state.powerLossAtStep, state.step >= cut {
                    state.poweredOff = true
                    return SimulatedPowerLoss()
                }
                state.step += 1
            }
            let occurrence = state.counts[call, default: 0]
            state.counts[call] = occurrence + 1
            for fault in state.faults where fault.call == call {
                if occurrence == fault.occurrence || (fault.persistent && occurrence > fault.occurrence) {
                    return SystemError("\(call) (injected)", code: fault.code, path: path)
                }
            }
            return nil
        }
        if let failure { throw failure }
    }

    func recordWrite(path: String, offset: UInt64, previous: [UInt8], length: Int) {
        state.withLock {
            $0.pending[path, default: []].append(PendingWrite(offset: offset, previous: previous, length: length))
        }
    }

    func recordSync(path: String) {
        state.withLock { $0.pending[path] = [] }
    }

    package func open(_ path: String, mode: FileOpenMode) throws -> any StorageFile {
        try enter(.open, path: path, mutating: false)
        let file = FaultInjectingFile(base: try base.open(path, mode: mode), owner: self)
        state.withLock { $0.openFiles += 1 }
        return file
    }

    /// Files opened through this file system and not yet closed (a leak check).
    package var openFileCount: Int { state.withLock { $0.openFiles } }

    /// Mappings made through this file system that are still mapped (a leak check).
    package var liveMappingCount: Int { state.withLock { $0.mappings.filter { $0.mapping != nil }.count } }

    func fileClosed() { state.withLock { $0.openFiles -= 1 } }

    func mapped(_ mapping: MemoryMapping) { state.withLock { $0.mappings.append(WeakMapping(mapping: mapping)) } }

    package func syncDirectory(_ path: String) throws {
        try enter(.syncDirectory, path: path, mutating: true)
        try base.syncDirectory(path)
    }

    package func rename(_ source: String, to destination: String) throws {
        try enter(.rename, path: source, mutating: true)
        try base.rename(source, to: destination)
        state.withLock { $0.pending[destination] = $0.pending.removeValue(forKey: source) }
    }

    package func remove(_ path: String) throws {
        try base.remove(path)
        _ = state.withLock { $0.pending.removeValue(forKey: path) }
    }

    package func fileExists(_ path: String) -> Bool { base.fileExists(path) }
}

/// A file of a `FaultInjectingFileSystem`.
final class FaultInjectingFile: StorageFile {
    private let base: any StorageFile
    private let owner: FaultInjectingFileSystem
    private let closed = AtomicFlag()

    init(base: any StorageFile, owner: FaultInjectingFileSystem) {
        self.base = base
        self.owner = owner
    }

    var path: String { base.path }

    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) throws -> Int {
        try base.read(into: buffer, at: offset)
    }

    func write(_ bytes: UnsafeRawBufferPointer, at offset: UInt64) throws {
        try owner.enter(.write, path: path, mutating: true)
        var previous = [UInt8](repeating: 0, count: bytes.count)
        let read = try previous.withUnsafeMutableBytes { try base.read(into: $0, at: offset) }
        previous.removeLast(bytes.count - read)
        try base.write(bytes, at: offset)
        owner.recordWrite(path: path, offset: offset, previous: previous, length: bytes.count)
        try owner.afterWrite?(base, offset, bytes.count)
    }

    func sync() throws {
        try owner.enter(.sync, path: path, mutating: true)
        let delay = owner.syncDelay
        if delay > 0 { usleep(delay) }
        try base.sync()
        owner.recordSync(path: path)
    }

    func size() throws -> UInt64 { try base.size() }

    func reserve(upTo size: UInt64) throws {
        try owner.enter(.reserve, path: path, mutating: true)
        try base.reserve(upTo: size)
    }

    func truncate(to size: UInt64) throws {
        try owner.enter(.truncate, path: path, mutating: true)
        try base.truncate(to: size)
    }

    func map(length: Int) throws -> MemoryMapping {
        try owner.enter(.map, path: path, mutating: false)
        let mapping = try base.map(length: length)
        owner.mapped(mapping)
        return mapping
    }

    func close() {
        guard closed.setOnce() else { return }
        base.close()
        owner.fileClosed()
    }
}
