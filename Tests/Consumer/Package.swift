// swift-tools-version: 6.0
// An app's package that adopts BoxOfficeCore by version, as a user would: plain Swift 6, no
// upcoming features. `Tests/boxofficeTests/ConsumerPackageTests.swift` tags a clone of this
// repository 1.0.0, names it in BOXOFFICE_REPOSITORY_URL, adds the README's library examples
// beside main.swift and builds and runs it.
import Foundation
import PackageDescription

let repository = ProcessInfo.processInfo.environment["BOXOFFICE_REPOSITORY_URL"] ?? "https://example.invalid/boxoffice.git"

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(url: repository, from: "1.0.0")
    ],
    targets: [
        .executableTarget(
            name: "Consumer",
            dependencies: [
                .product(name: "BoxOfficeCore", package: "boxoffice"),
                .product(name: "BoxOfficeURLSession", package: "boxoffice"),
                .product(name: "BoxOfficeArchive", package: "boxoffice"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
