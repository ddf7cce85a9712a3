// swift-tools-version:6.0
import PackageDescription

// A runnable example with a path dependency on Strata, so that `swift test` at the root stays lean.
let package = Package(
    name: "Replicas",
    dependencies: [.package(name: "Strata", path: "../..")],
    targets: [
        .executableTarget(
            name: "Replicas",
            dependencies: [
                .product(name: "Strata", package: "Strata"),
                .product(name: "StrataSync", package: "Strata"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
