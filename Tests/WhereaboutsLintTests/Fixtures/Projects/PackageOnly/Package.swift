// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "GeoKit",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [.library(name: "GeoKit", targets: ["GeoKit"])],
    targets: [
        .target(name: "GeoKit"),
        .testTarget(name: "GeoKitTests", dependencies: ["GeoKit"]),
    ]
)
