// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Strata",
    products: [
        .library(name: "Strata", targets: ["Strata"]),
        .library(name: "StrataSync", targets: ["StrataSync"]),
        .executable(name: "strata", targets: ["StrataCLI"]),
    ],
    targets: [
        // The engine: file, pages, allocator, B+trees, tables, versions, transactions. No public API.
        .target(name: "StrataCore"),
        // What the object layer reads from the Swift runtime directly: the running task's address (a C function).
        .target(name: "CStrataRuntime"),
        // The public API (grows with parts 2-6).
        .target(name: "Strata", dependencies: ["StrataCore", "CStrataRuntime"]),
        // Replication through PostgreSQL (DESIGN.md section 7): libpq is loaded at run time, so nothing new is linked.
        .target(name: "StrataSync", dependencies: ["Strata", "StrataCore"]),
        // Test harnesses, not shipped in a product: the model-based operation stream, the crash schema, the
        // damaged-file probe, the seeded generator and the fault-injecting file system. Fuzz/run compiles
        // these files into one module with the engine's.
        .target(name: "StrataTestSupport", dependencies: ["StrataCore"]),
        // The `strata` command-line tool.
        .executableTarget(name: "StrataCLI", dependencies: ["StrataCore", "StrataSync"], path: "Sources/strata"),
        // Child process of the crash tests: commits numbered transactions and acknowledges each one.
        .executableTarget(name: "StrataCrashWriter", dependencies: ["StrataCore", "StrataTestSupport"]),
        // Release-mode engine figures: open time, bulk insert, scan rate, point reads.
        .executableTarget(name: "StrataEngineBenchmark", dependencies: ["StrataCore"]),
        // Child process of the public-API crash and load tests.
        .executableTarget(name: "StrataAPICrashWriter", dependencies: ["Strata"]),
        // Child process of the multi-process sync tests: a synced realm committing numbered dogs.
        .executableTarget(name: "StrataSyncWriter", dependencies: ["StrataSync", "Strata"]),
        .testTarget(
            name: "StrataCoreTests",
            dependencies: ["StrataCore", "StrataTestSupport", "StrataCrashWriter"]
        ),
        .testTarget(
            name: "StrataTests",
            dependencies: ["Strata", "StrataCore", "StrataTestSupport", "StrataAPICrashWriter"]
        ),
        // Replication tests against a PostgreSQL cluster the tests start in a temporary directory.
        .testTarget(
            name: "StrataSyncTests",
            dependencies: ["StrataSync", "Strata", "StrataCore", "StrataTestSupport", "StrataSyncWriter"],
            exclude: ["Hub"]
        ),
        // Runs the built `strata` tool as a process on files made through the engine.
        .testTarget(name: "StrataCLITests", dependencies: ["StrataCore", "StrataTestSupport", "StrataCLI"]),
    ],
    swiftLanguageModes: [.v6]
)
