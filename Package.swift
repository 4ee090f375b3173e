// swift-tools-version: 6.0
import PackageDescription

/// By default the compiler finds the metadata of a concrete generic type (`[String: String]`,
/// `Set<APIService>`, a decoder's `KeyedDecodingContainer<CodingKeys>`) by its mangled name, and
/// the runtime then looks up each conformance it needs by scanning every conformance record in
/// the binary: about 25 µs each in the static build. Called through their accessors with the
/// conformances passed in, a run is slightly faster. Only the executable's own target takes it:
/// SwiftPM refuses a library product with unsafe flags to any package that depends on it by
/// version, so BoxOfficeCore and BoxOfficeURLSession build with none.
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

/// `BOXOFFICE_TRANSPORT=urlsession swift build` makes the Linux binary talk through URLSession too,
/// as it does on Apple's systems, so that both transports are tested here end to end
/// (`TransportSignalsEndToEndTests`). It is not the default: FoundationNetworking loads the whole of
/// Foundation at start-up, which the Linux binary otherwise never does.
let urlSessionEverywhere = Context.environment["BOXOFFICE_TRANSPORT"] == "urlsession"

let package = Package(
    name: "boxoffice",
    // `Mutex` (Synchronization) guards the library's shared state, and it is there from these
    // releases on; the only older way to a Sendable lock, the OS's unfair lock, is not on Linux.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2), .macCatalyst(.v18)],
    products: [
        .library(name: "BoxOfficeCore", targets: ["BoxOfficeCore"]),
        .library(name: "BoxOfficeURLSession", targets: ["BoxOfficeURLSession"]),
        .library(name: "BoxOfficeArchive", targets: ["BoxOfficeArchive"]),
        .executable(name: "boxoffice", targets: ["boxoffice"]),
    ],
    targets: [
        .target(name: "BoxOfficeCore", swiftSettings: onTheCallersExecutor),
        // What the tool does, whichever door it is asked through: the commands, their outputs
        // and writers, and every sentence a person reads. In no product: an app gets the
        // models, not these.
        .target(name: "BoxOfficeApp", dependencies: ["BoxOfficeCore", "BoxOfficeArchive", "SignalPipe"], swiftSettings: onTheCallersExecutor + directMetadata),
        // The transport everywhere but Linux; a module of its own so that Linux never links
        // FoundationNetworking (see URLSessionTransport.swift).
        .target(name: "BoxOfficeURLSession", dependencies: ["BoxOfficeCore"], swiftSettings: onTheCallersExecutor),
        // The box office archive: daily charts in one SQLite file, for apps, tools and the CLI.
        .target(name: "BoxOfficeArchive", dependencies: ["BoxOfficeCore", "LazySQLite"], swiftSettings: onTheCallersExecutor),
        // The system's SQLite: on Linux loaded the first time an archive is opened, the
        // libsqlite3.so.0 the toolchain itself needs; elsewhere the SDK's, linked as usual.
        .target(
            name: "LazySQLite",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux])), .linkedLibrary("sqlite3", .when(platforms: [.macOS, .iOS, .tvOS, .watchOS, .visionOS, .macCatalyst]))]),
        // libcurl's functions, loaded on the first request rather than at start-up.
        .target(name: "LazyCurl", linkerSettings: [.linkedLibrary("dl")]),
        // Two system calls at start-up that keep a crash from writing the keys to a core file.
        .target(name: "CoreDumps"),
        // One call at start-up that keeps the blocks of megabytes a long range frees from piling up.
        .target(name: "Allocator"),
        // The handler of the signals that end a run: it writes the signal to a pipe and nothing
        // else, as a handler must; the executable does the rest.
        .target(name: "SignalPipe"),
        .executableTarget(
            name: "boxoffice",
            dependencies: [
                "BoxOfficeApp", "BoxOfficeCore", "LazyCurl", "CoreDumps", "Allocator",
                .target(name: "BoxOfficeURLSession", condition: urlSessionEverywhere ? nil : .when(platforms: elsewhereThanLinux)),
            ],
            swiftSettings: onTheCallersExecutor + directMetadata + (urlSessionEverywhere ? [.define("URLSESSION_EVERYWHERE")] : [])),
        // What the tests of the libraries and the application share: the fixtures and a stub loader.
        .target(name: "TestSupport", dependencies: ["BoxOfficeCore"], path: "Tests/TestSupport", swiftSettings: onTheCallersExecutor),
        .testTarget(name: "BoxOfficeCoreTests", dependencies: ["BoxOfficeCore", "BoxOfficeArchive", "TestSupport"], swiftSettings: onTheCallersExecutor),
        // The application in process: its commands, outputs and words, no process started.
        .testTarget(
            name: "BoxOfficeAppTests", dependencies: ["BoxOfficeApp", "BoxOfficeCore", "BoxOfficeArchive", "TestSupport"], swiftSettings: onTheCallersExecutor),
        .testTarget(
            name: "boxofficeTests", dependencies: ["boxoffice", "BoxOfficeApp", "BoxOfficeCore", "BoxOfficeArchive", "BoxOfficeURLSession", "TestSupport"],
            // The outputs a Korean reader checked, read by LanguageEndToEndTests.
            exclude: ["Golden"], swiftSettings: onTheCallersExecutor),
    ],
    swiftLanguageModes: [.v6]
)
