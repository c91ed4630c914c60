// swift-tools-version: 6.1
import PackageDescription

// A Hummingbird server that keeps a PostgreSQL copy of a paginated feed: EntityGen's build plugin
// generates the model, mapper, table and migrations from `Sources/PodServer/Pods.yaml`.
let package = Package(
    name: "PodServer",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "EntityGen", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
    ],
    targets: [
        .executableTarget(
            name: "PodServer",
            dependencies: [
                .product(name: "EntityGenRuntime", package: "EntityGen"),
                .product(name: "EntityGenPostgres", package: "EntityGen"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            plugins: [.plugin(name: "EntityGenPlugin", package: "EntityGen")]
        )
    ]
)
