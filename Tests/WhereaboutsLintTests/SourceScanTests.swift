import Testing

@testable import WhereaboutsLint

/// The one-pass byte scan finds what the separate searches of `SourceBytes` find.
@Suite(.timeLimit(.minutes(5)))
struct SourceScanTests {
    static let samples = [
        "",
        "\"",
        "a\"",
        "enu",
        "enum",
        "x enum",
        "WKWebView",
        "WKWebVie",
        "let w = WKWebView(); let v = WKWebView()",
        "CLLocationManager",
        "CLLocationManage",
        "CLLocationUpdate.liveUpdates",
        "m.requestWhenInUseAuthorization()\nm.requestAlwaysAuthorization()",
        "requestrequestTemporaryFullAccuracyAuthorization(withPurposeKey: \"Nav\")",
        "startMonitoringstartMonitoring",
        "[m setAllowsBackgroundLocationUpdates:YES]; m.allowsBackgroundLocationUpdates = true",
        "kCLLocationAccuracyBestForNavigation CLMonitor CLServiceSession CLBackgroundActivitySession",
        "// é ö 中文 startMonitoring\n/* CLLocationManager */ let s = \"WKWebView\"",
        "CLMonitor",
        "CLMonito",
    ]

    @Test("the scan agrees with locationAPIOffsets, mayDeclareConstants, mentionsLocationType and webViewPosition")
    func agreesWithTheSeparateSearches() {
        for sample in Self.samples {
            let scan = SourceBytes.scan(sample)
            #expect(scan.locationAPIOffsets == SourceBytes.locationAPIOffsets(sample), "\(sample)")
            #expect(scan.mayDeclareConstants == SourceBytes.mayDeclareConstants(sample), "\(sample)")
            #expect(scan.mentionsLocationType == SourceBytes.mentionsLocationType(sample), "\(sample)")
            let position = scan.webViewOffset.map { SourceBytes.position(ofOffset: $0, in: sample) }
            let expected = SourceBytes.webViewPosition(sample)
            #expect(position?.line == expected?.line && position?.column == expected?.column, "\(sample)")
        }
    }

    @Test("a needle at the very end and overlapping names are found; a cut-off one is not")
    func edges() {
        #expect(SourceBytes.scan("x.startMonitoring").locationAPIOffsets == [2])
        #expect(SourceBytes.scan("startMonitorin").locationAPIOffsets.isEmpty)
        #expect(SourceBytes.scan("CLLocationManager").mentionsLocationType)
        #expect(SourceBytes.scan("let s = 1 // \"").mayDeclareConstants)
        #expect(!SourceBytes.scan("struct S {}").mayDeclareConstants)
    }
}
