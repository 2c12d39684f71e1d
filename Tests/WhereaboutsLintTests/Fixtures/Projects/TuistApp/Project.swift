import ProjectDescription

let project = Project(
    name: "Harbor",
    targets: [
        .target(
            name: "Harbor",
            destinations: .iOS,
            product: .app,
            bundleId: "com.example.harbor",
            deploymentTargets: .iOS("17.0"),
            infoPlist: .extendingDefault(with: [
                "UILaunchScreen": [:],
                "NSLocationWhenInUseUsageDescription": "Harbor shows the moorings closest to your boat.",
                "NSLocationTemporaryUsageDescriptionDictionary": [
                    "Docking": "Docking guidance needs your exact position.",
                ],
                "UIBackgroundModes": ["location"],
                "NSLocationDefaultAccuracyReduced": true,
            ]),
            sources: ["Targets/Harbor/Sources/**"],
            dependencies: [.target(name: "HarborWatch")]
        ),
        .target(
            name: "HarborWatch",
            destinations: [.appleWatch],
            product: .app,
            bundleId: "com.example.harbor.watchkitapp",
            infoPlist: .file(path: "Targets/HarborWatch/Info.plist"),
            sources: ["Targets/HarborWatch/Sources/**"]
        ),
    ]
)
