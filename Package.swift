// swift-tools-version: 6.0
import PackageDescription

/// By default the compiler finds the metadata of a concrete generic type (`[String: String]`,
/// `Set<APIService>`, a decoder's `KeyedDecodingContainer<CodingKeys>`) by its mangled name, and
/// the runtime then looks up each conformance it needs by scanning every conformance record in
/// the binary: about 25 µs each in the static build, which holds all of Foundation's. Called
/// through their accessors with the conformances passed in, an uncached `daily` is about 1 ms
/// faster; the code is slightly larger. (Unsafe flags keep BoxOfficeCore from being a dependency
/// pinned by version; it is this tool's library, not a published one.)
let directMetadata: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
]

/// An async function runs on its caller's executor unless it asks for another, so a run that never
/// waits on the network (`--version`, a cached chart) stays on the main thread and starts no
/// threads; the concurrent fetches of a range still run in parallel as child tasks. Every target
/// takes it, the tests too: a test target built without it crashed calling into the library.
let onTheCallersExecutor: [SwiftSetting] = [
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]

/// Where the executable talks to the network through URLSession rather than libcurl (the same
/// condition as `Sources/boxoffice/Network.swift`).
let elsewhereThanLinux: [Platform] = [.macOS, .iOS, .tvOS, .watchOS, .visionOS, .macCatalyst, .windows, .android, .openbsd, .wasi]

let package = Package(
    name: "boxoffice",
    products: [
        .library(name: "BoxOfficeCore", targets: ["BoxOfficeCore"]),
        .library(name: "BoxOfficeURLSession", targets: ["BoxOfficeURLSession"]),
        .executable(name: "boxoffice", targets: ["boxoffice"]),
    ],
    targets: [
        .target(name: "BoxOfficeCore", swiftSettings: onTheCallersExecutor + directMetadata),
        // The transport everywhere but Linux; a module of its own so that Linux never links
        // FoundationNetworking (see URLSessionTransport.swift).
        .target(name: "BoxOfficeURLSession", dependencies: ["BoxOfficeCore"], swiftSettings: onTheCallersExecutor),
        // libcurl's functions, loaded on the first request rather than at start-up.
        .target(name: "LazyCurl", linkerSettings: [.linkedLibrary("dl")]),
        .executableTarget(
            name: "boxoffice",
            dependencies: [
                "BoxOfficeCore", "LazyCurl",
                .target(name: "BoxOfficeURLSession", condition: .when(platforms: elsewhereThanLinux)),
            ],
            swiftSettings: onTheCallersExecutor + directMetadata),
        .testTarget(name: "BoxOfficeCoreTests", dependencies: ["BoxOfficeCore"], swiftSettings: onTheCallersExecutor),
        .testTarget(name: "boxofficeTests", dependencies: ["boxoffice", "BoxOfficeCore", "BoxOfficeURLSession"], swiftSettings: onTheCallersExecutor),
    ],
    swiftLanguageModes: [.v6]
)
