// FuzzMain.swift: the one libFuzzer entry point of the fuzzing binary, which holds every target.
//
// `Fuzz/run` compiles the engine, StrataTestSupport and every Fuzz/*.swift file into one binary once, instead
// of once per target; the environment variable STRATA_FUZZ_TARGET (query, open or ops) says which target
// each run feeds. To replay a finding: `STRATA_FUZZ_TARGET=ops .build-fuzz/strata-fuzz .build-fuzz/findings/…`.

import Glibc

/// The target this process feeds, read once from STRATA_FUZZ_TARGET.
private let fuzzTarget: (UnsafePointer<UInt8>, Int) -> CInt = {
    switch getenv("STRATA_FUZZ_TARGET").map({ String(cString: $0) }) {
    case "query": return queryParserFuzz
    case "open": return openFileFuzz
    case "ops": return operationStreamFuzz
    case let other:
        fputs("STRATA_FUZZ_TARGET must be query, open or ops (got \(other ?? "nothing"))\n", stderr)
        exit(2)
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzTarget(data, size)
}
