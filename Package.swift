// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Strata",
    products: [
        .library(name: "Strata", targets: ["Strata"]),
        .executable(name: "strata", targets: ["StrataCLI"]),
    ],
    targets: [
        // The engine: file, pages, allocator, B+trees, tables, versions, transactions. No public API.
        .target(name: "StrataCore"),
        // The public API (grows with parts 2-6).
        .target(name: "Strata", dependencies: ["StrataCore"]),
        // The `strata` command-line tool.
        .executableTarget(name: "StrataCLI", dependencies: ["StrataCore"], path: "Sources/strata"),
        // Child process of the crash tests: commits numbered transactions and acknowledges each one.
        .executableTarget(name: "StrataCrashWriter", dependencies: ["StrataCore"]),
        // Release-mode engine figures: open time, bulk insert, scan rate, point reads.
        .executableTarget(name: "StrataEngineBenchmark", dependencies: ["StrataCore"]),
        // Child process of the public-API crash and load tests.
        .executableTarget(name: "StrataAPICrashWriter", dependencies: ["Strata"]),
        .testTarget(name: "StrataCoreTests", dependencies: ["StrataCore", "StrataCrashWriter"]),
        .testTarget(name: "StrataTests", dependencies: ["Strata", "StrataCore", "StrataAPICrashWriter"]),
        // Runs the built `strata` tool as a process on files made through the engine.
        .testTarget(name: "StrataCLITests", dependencies: ["StrataCore", "StrataCLI"]),
    ],
    swiftLanguageModes: [.v6]
)
