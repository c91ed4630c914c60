// swift-tools-version: 6.1
import PackageDescription

/// EntityGen: declarative models, JSON mappers and persistence glue generated from YAML entity schemas.
///
/// Targets:
/// - `_EntityGenCore`: the engine (parse -> validate -> translate -> render; `check` reads feed pages
///   through `EntityGenImport`'s `FeedLayout`). No API promise.
/// - `entitygen`: the command-line tool (`infer`, `lint`, `generate`, `check`); `entitygen-tool`: the same
///   without `infer`, which the plugins run (so users' builds never compile OpenAPIKit); `EntityGenCommands`:
///   the commands both share; `_EntityGenOpenAPI`: `infer` from OpenAPI documents. No API promise.
/// - `EntityGenRuntime`: what generated mappers import. No dependencies.
/// - `EntityGenImport`: the backend-neutral import core (feeds, prepared pages, reports). No database.
/// - `EntityGenPersistence`: what generated persistence code imports, on GRDB (re-exports `EntityGenImport`).
/// - `EntityGenPostgres`: the PostgreSQL backend's runtime, on postgres-nio (re-exports `EntityGenImport`);
///   built only by targets that depend on it.
/// - `EntityGenPlugin` / `GenerateEntitiesCommand`: the build-tool and command plugins.
let package = Package(
    name: "EntityGen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "entitygen", targets: ["entitygen"]),
        .library(name: "EntityGenRuntime", targets: ["EntityGenRuntime"]),
        .library(name: "EntityGenImport", targets: ["EntityGenImport"]),
        .library(name: "EntityGenPersistence", targets: ["EntityGenPersistence"]),
        .library(name: "EntityGenPostgres", targets: ["EntityGenPostgres"]),
        .plugin(name: "EntityGenPlugin", targets: ["EntityGenPlugin"]),
        .plugin(name: "GenerateEntitiesCommand", targets: ["GenerateEntitiesCommand"]),
    ],
    // Ranges, so that apps resolve EntityGen beside their own dependencies (.ci/dependency-check: with
    // swift-openapi-generator, vapor, fluent-postgres-driver and hummingbird); each lower bound is the
    // lowest release built and tested here. Reasons in README.md ("Dependencies").
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // `traits: []`: without ExternalLoading (async loading of external references), as
        // swift-openapi-generator depends on it; it builds faster.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0", traits: []),
    ],
    targets: [
        .target(
            name: "_EntityGenCore",
            dependencies: ["EntityGenRuntime", "EntityGenImport", .product(name: "Yams", package: "Yams")]),
        // The commands both executables share (no API promise).
        .target(
            name: "EntityGenCommands",
            dependencies: [
                "_EntityGenCore", "EntityGenRuntime", "EntityGenImport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "entitygen",
            dependencies: [
                "EntityGenCommands", "_EntityGenCore", "_EntityGenOpenAPI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // What the plugins run: the commands without `infer`, so users' builds never compile OpenAPIKit.
        .executableTarget(
            name: "entitygen-tool",
            dependencies: ["EntityGenCommands", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // `entitygen infer` for OpenAPI documents, read with OpenAPIKit (what swift-openapi-generator reads
        // them with). No API promise.
        .target(
            name: "_EntityGenOpenAPI",
            dependencies: [
                "_EntityGenCore", "EntityGenRuntime",
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
                .product(name: "Yams", package: "Yams"),
            ]),
        .target(name: "EntityGenRuntime"),
        .executableTarget(
            name: "entitygen-bench",
            dependencies: [
                "EntityGenRuntime", "EntityGenPersistence", "EntityGenPostgres",
                // EntityGenTestSupport: the loopback listener the push benchmark's server shares with the tests'.
                "EntityGenTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            exclude: ["Schemas/README.md"],
            plugins: ["EntityGenPlugin"]
        ),
        .executableTarget(
            name: "entitygen-demo",
            dependencies: ["EntityGenRuntime", "EntityGenPersistence", .product(name: "GRDB", package: "GRDB.swift")],
            plugins: ["EntityGenPlugin"]
        ),
        .target(name: "EntityGenImport", dependencies: ["EntityGenRuntime"]),
        .target(
            name: "EntityGenPersistence",
            dependencies: [
                "EntityGenRuntime",
                "EntityGenImport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]),
        .target(
            name: "EntityGenPostgres",
            dependencies: [
                "EntityGenRuntime",
                "EntityGenImport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]),
        .plugin(name: "EntityGenPlugin", capability: .buildTool(), dependencies: ["entitygen-tool"]),
        .plugin(
            name: "GenerateEntitiesCommand",
            capability: .command(
                intent: .custom(
                    verb: "generate-entities", description: "Generate entity code from the package's schemas"),
                permissions: [
                    .writeToPackageDirectory(reason: "Writes generated Swift files into the package's sources")
                ]
            ),
            dependencies: ["entitygen-tool"]
        ),
        .testTarget(
            name: "_EntityGenCoreTests",
            // EntityGenPersistence: built so that generated persistence code can be type-checked against it.
            dependencies: [
                "_EntityGenCore", "_EntityGenOpenAPI", "EntityGenRuntime", "EntityGenPersistence", "EntityGenPostgres",
                "EntityGenTestSupport",
                .product(name: "Yams", package: "Yams"),
            ],
            resources: [.copy("Fixtures")]
        ),
        // Helpers the test targets share (temporary folders removed when the test process exits).
        .target(name: "EntityGenTestSupport", dependencies: ["EntityGenRuntime"], path: "Tests/EntityGenTestSupport"),
        .testTarget(name: "entitygenTests", dependencies: ["EntityGenTestSupport"]),
        .testTarget(name: "EntityGenRuntimeTests", dependencies: ["EntityGenRuntime"]),
        .testTarget(name: "EntityGenImportTests", dependencies: ["EntityGenImport"]),
        .testTarget(
            name: "EntityGenPostgresTests",
            // _EntityGenCore: migrations planned from schemas written in the test run on the server as printed.
            dependencies: ["EntityGenPostgres", "_EntityGenCore", "EntityGenTestSupport"], plugins: ["EntityGenPlugin"]),
        // Schemas `entitygen infer` wrote from Tests/Corpora (checked byte for byte by _EntityGenCoreTests),
        // built by the plugin: the corpora imported and read back through the generated code.
        .testTarget(
            name: "EntityGenInferredTests",
            dependencies: [
                "EntityGenRuntime", "EntityGenPersistence", "EntityGenTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            plugins: ["EntityGenPlugin"]
        ),
        // The hand-written reference of the generated-lines measure, beside the code the plugin
        // generates for the same schema: the two behave alike; `entitygen-bench generate` counts both.
        .testTarget(
            name: "EntityGenReferenceTests",
            dependencies: [
                "EntityGenRuntime", "EntityGenPersistence", "EntityGenTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            plugins: ["EntityGenPlugin"]
        ),
        .testTarget(
            name: "EntityGenConsumerTests",
            dependencies: [
                "EntityGenRuntime", "EntityGenPersistence", "_EntityGenCore", "EntityGenTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            resources: [.copy("Fixtures")],
            plugins: ["EntityGenPlugin"]
        ),
    ]
)

// Fuzz targets (Fuzz/README.md): declared only for `Fuzz/run`, which sets ENTITYGEN_FUZZ and builds them
// with libFuzzer and AddressSanitizer in a scratch folder of their own.
if Context.environment["ENTITYGEN_FUZZ"] != nil {
    let fuzzTargets: [(String, [Target.Dependency])] = [
        ("FuzzJSONReader", ["EntityGenRuntime"]),
        ("FuzzMapping", ["EntityGenRuntime"]),
        ("FuzzArraySplitter", ["EntityGenRuntime", "EntityGenImport"]),
        ("FuzzSchema", ["_EntityGenCore"]),
        ("FuzzGenerate", ["_EntityGenCore"]),
        ("FuzzInfer", ["_EntityGenCore", "EntityGenRuntime"]),
    ]
    // Nothing built for fuzzing uses the plugins; their tool would be built with libFuzzer's main too.
    for target in package.targets where target.plugins != nil { target.plugins = nil }
    for (name, dependencies) in fuzzTargets {
        package.targets.append(
            .executableTarget(name: name, dependencies: dependencies, path: "Fuzz/\(name)"))
    }
}
