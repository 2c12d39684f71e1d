// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Wrist",
    products: [.library(name: "WristTracking", targets: ["WristTracking"])],
    targets: [.target(name: "WristTracking")]
)
