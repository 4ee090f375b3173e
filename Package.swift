// swift-tools-version: 6.0
import PackageDescription

/// FoundationNetworking asks the linker for libcurl; on Linux, LazyCurl provides its functions
/// instead, so that only a run that makes a request loads it. (Unsafe flags keep BoxOfficeCore from
/// being a dependency pinned by version; it is this tool's library, not a published one.)
let withoutLibcurl: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-autolink-library", "-Xfrontend", "curl"], .when(platforms: [.linux])),
]

let package = Package(
    name: "boxoffice",
    products: [
        .library(name: "BoxOfficeCore", targets: ["BoxOfficeCore"]),
        .executable(name: "boxoffice", targets: ["boxoffice"]),
    ],
    targets: [
        .target(name: "BoxOfficeCore", swiftSettings: withoutLibcurl),
        // libcurl's functions, loaded on the first request rather than at start-up.
        .target(name: "LazyCurl", linkerSettings: [.linkedLibrary("dl")]),
        .executableTarget(name: "boxoffice", dependencies: ["BoxOfficeCore", "LazyCurl"], swiftSettings: withoutLibcurl),
        .testTarget(name: "BoxOfficeCoreTests", dependencies: ["BoxOfficeCore"]),
        .testTarget(name: "boxofficeTests", dependencies: ["boxoffice", "BoxOfficeCore"]),
    ],
    swiftLanguageModes: [.v6]
)
