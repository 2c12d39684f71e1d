// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "LocationClient",
    products: [.library(name: "LocationClient", targets: ["LocationClient"])],
    targets: [.target(name: "LocationClient")]
)
