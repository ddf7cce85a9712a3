// swift-tools-version:6.0
// Strata against SQLite on the workloads of DESIGN.md section 5. Its own package, so the library stays
// dependency-free: run it with `bash Benchmarks/run` (installs libsqlite3-dev if missing). The replication figures
// (StrataSync through PostgreSQL) are a second executable: `bash Benchmarks/run-sync`.
import PackageDescription

let package = Package(
    name: "StrataBenchmarks",
    dependencies: [.package(name: "Strata", path: "..")],
    targets: [
        // SQLite's C API from the system (Debian's libsqlite3-dev).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .executableTarget(
            name: "StrataBenchmarks",
            dependencies: [.product(name: "Strata", package: "Strata"), "CSQLite"]
        ),
        .executableTarget(
            name: "StrataSyncBenchmarks",
            dependencies: [
                .product(name: "Strata", package: "Strata"), .product(name: "StrataSync", package: "Strata"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
