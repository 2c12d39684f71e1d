// Every file of WhereaboutsUI compiles only where SwiftUI and MapKit exist and the views have a platform to run on:
// iOS, iPadOS, Mac Catalyst, macOS and visionOS. On watchOS and tvOS, and on Linux, the module is empty.
#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
import Foundation
import SwiftUI

/// The views' default texts, from `Localizable.strings` in this module's resources (English by default), each
/// wrapped in a `Text` an app can replace with its own.
enum DefaultTexts {
    static func text(_ key: String) -> Text {
        Text(verbatim: Bundle.module.localizedString(forKey: key, value: nil, table: nil))
    }

    static var explanationTitle: Text { text("explanation.title") }
    static var explanationPurpose: Text { text("explanation.purpose") }
    static var explanationAllow: Text { text("explanation.allow") }
    static var explanationDecline: Text { text("explanation.decline") }
    static var deniedTitle: Text { text("denied.title") }
    static var deniedMessage: Text { text("denied.message") }
    static var openSettings: Text { text("denied.openSettings") }
    static var servicesOffTitle: Text { text("servicesOff.title") }
    static var servicesOffMessage: Text { text("servicesOff.message") }
    static var restrictedTitle: Text { text("restricted.title") }
    static var restrictedMessage: Text { text("restricted.message") }
    static var requestPrecise: Text { text("precise.request") }
    static var indicatorLabel: Text { text("indicator.label") }
}
#endif
