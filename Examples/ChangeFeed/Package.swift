// swift-tools-version:6.0
import PackageDescription

// A runnable example with a path dependency on Strata, so that `swift test` at the root stays lean.
let package = Package(
    name: "ChangeFeed",
    dependencies: [.package(name: "Strata", path: "../..")],
    targets: [
        .executableTarget(name: "ChangeFeed", dependencies: [.product(name: "Strata", package: "Strata")])
    ],
    swiftLanguageModes: [.v6]
)
