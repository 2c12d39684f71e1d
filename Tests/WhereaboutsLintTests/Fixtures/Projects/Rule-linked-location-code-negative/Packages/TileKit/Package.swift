// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "TileKit",
    products: [.library(name: "TileKit", targets: ["TileKit"])],
    targets: [.target(name: "TileKit")]
)
