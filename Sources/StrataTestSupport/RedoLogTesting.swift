// RedoLogTesting.swift: the options and crash images the redo log's tests share.
//
// Part of StrataTestSupport (not the engine): the engine's reliability suites and the `strata` tool's tests both
// open databases whose commits go through the redo log and copy their files as a crash leaves them.

import Foundation

#if canImport(StrataCore)
    import StrataCore
#endif

extension DatabaseOptions {
    /// Options for a test through `fileSystem`, with the redo log on when `redoLog` (a ring of `ringLength` bytes when
    /// given). The ring is checkpointed only when full and at close, never after a quiet second: a slow machine would
    /// otherwise checkpoint between two commits, and the tests count records, steps and syncs.
    package static func testing(
        _ fileSystem: any FileSystem,
        redoLog: Bool,
        ringLength: Int? = nil
    ) -> DatabaseOptions {
        var options = DatabaseOptions(fileSystem: fileSystem, redoLog: redoLog)
        options.quietCheckpoint = .seconds(3600)
        if let ringLength { options.redoLogLength = ringLength }
        return options
    }
}

extension FaultInjectingFileSystem {
    /// Copies the database at `path` and its redo log, if it has one, to `crashed` as a killed process leaves them:
    /// every write kept (the page cache outlives the process). Cuts the power first, so that nothing the database
    /// does afterwards (its close) reaches the files.
    package func copyAfterKill(of path: String, to crashed: String) throws {
        cutPower(atStep: 0)
        for suffix in ["", ".redo"] where FileManager.default.fileExists(atPath: path + suffix) {
            let image = try imageAfterPowerLoss(of: path + suffix, fate: { _ in .kept }, garbage: { _ in [] })
            try Data(image).write(to: URL(fileURLWithPath: crashed + suffix))
        }
    }
}
