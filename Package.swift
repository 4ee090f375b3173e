// swift-tools-version: 6.0
import PackageDescription

/// FoundationNetworking asks the linker for libcurl; on Linux, LazyCurl provides its functions
/// instead, so that only a run that makes a request loads it. (Unsafe flags keep BoxOfficeCore from
/// being a dependency pinned by version; it is this tool's library, not a published one.)
let withoutLibcurl: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-autolink-library", "-Xfrontend", "curl"], .when(platforms: [.linux])),
]

/// An async function runs on its caller's executor unless it asks for another, so a run that never
/// waits on the network (`--version`, a cached chart) stays on the main thread and starts no
/// threads; the concurrent fetches of a range still run in parallel as child tasks. Every target
/// takes it, the tests too: a test target built without it crashed calling into the library.
let onTheCallersExecutor: [SwiftSetting] = [
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]

let package = Package(
    name: "boxoffice",
    products: [
        .library(name: "BoxOfficeCore", targets: ["BoxOfficeCore"]),
        .executable(name: "boxoffice", targets: ["boxoffice"]),
    ],
    targets: [
        .target(name: "BoxOfficeCore", swiftSettings: withoutLibcurl + onTheCallersExecutor),
        // libcurl's functions, loaded on the first request rather than at start-up.
        .target(name: "LazyCurl", linkerSettings: [.linkedLibrary("dl")]),
        // The loader's relocation table, dropped from memory once applied.
        .target(name: "LoaderTables"),
        .executableTarget(
            name: "boxoffice", dependencies: ["BoxOfficeCore", "LazyCurl", "LoaderTables"], swiftSettings: withoutLibcurl + onTheCallersExecutor),
        .testTarget(name: "BoxOfficeCoreTests", dependencies: ["BoxOfficeCore"], swiftSettings: onTheCallersExecutor),
        .testTarget(name: "boxofficeTests", dependencies: ["boxoffice", "BoxOfficeCore"], swiftSettings: onTheCallersExecutor),
    ],
    swiftLanguageModes: [.v6]
)
