// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Geo",
    products: [.library(name: "GeoKit", targets: ["GeoKit"])],
    targets: [
        .target(name: "GeoKit"),
        .testTarget(name: "GeoKitTests", dependencies: ["GeoKit"]),
    ]
)
