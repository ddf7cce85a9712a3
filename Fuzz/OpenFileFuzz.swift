// OpenFileFuzz.swift: libFuzzer entry point for opening damaged files.
//
// Built with the engine's and StrataTestSupport's sources in one module by `Fuzz/run` into the one fuzzing binary (FuzzMain.swift picks the target). Each input is a
// whole file image, opened, verified and read by DamagedFileProbe: it must open and read cleanly or give a
// StorageError, never crash, hang or leak.

/// The `open` target (FuzzMain.swift calls it for each input).
func openFileFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    do {
        try DamagedFileProbe.probe(Array(UnsafeBufferPointer(start: data, count: size)))
    } catch is StorageError {
    } catch {
        fatalError("opening a damaged file threw something other than a StorageError: \(error)")
    }
    return 0
}
