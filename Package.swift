// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "boxoffice",
    products: [
        .library(name: "BoxOfficeCore", targets: ["BoxOfficeCore"]),
        .executable(name: "boxoffice", targets: ["boxoffice"]),
    ],
    targets: [
        .target(name: "BoxOfficeCore"),
        .executableTarget(name: "boxoffice", dependencies: ["BoxOfficeCore"]),
        .testTarget(name: "BoxOfficeCoreTests", dependencies: ["BoxOfficeCore"]),
        .testTarget(name: "boxofficeTests", dependencies: ["boxoffice", "BoxOfficeCore"]),
    ],
    swiftLanguageModes: [.v6]
)
