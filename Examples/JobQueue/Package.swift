// swift-tools-version:6.0
import PackageDescription

// A runnable example with a path dependency on Strata, so that `swift test` at the root stays lean.
let package = Package(
    name: "JobQueue",
    dependencies: [.package(name: "Strata", path: "../..")],
    targets: [
        .executableTarget(name: "JobQueue", dependencies: [.product(name: "Strata", package: "Strata")])
    ],
    swiftLanguageModes: [.v6]
)
