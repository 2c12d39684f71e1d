// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Routing",
    products: [.library(name: "Routing", targets: ["Routing"])],
    targets: [.target(name: "Routing")]
)
