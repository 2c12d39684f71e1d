// Every file of WhereaboutsUI compiles only where SwiftUI and MapKit exist and the views have a platform to run on:
// iOS, iPadOS, Mac Catalyst, macOS and visionOS. On watchOS and tvOS, and on Linux, the module is empty.
#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
import Foundation
import SwiftUI
import Whereabouts

/// The views' default texts: each `PermissionText`'s key looked up in `Localizable.strings` in this module's
/// resources, with its English from the core module when the key has no translation, wrapped in a `Text` an app can
/// replace with its own.
enum DefaultTexts {
    static func text(_ text: PermissionText) -> Text {
        Text(verbatim: Bundle.module.localizedString(forKey: text.key, value: text.defaultValue, table: nil))
    }

    static var explanationTitle: Text { text(.explanationTitle) }
    static var explanationPurpose: Text { text(.explanationPurpose) }
    static var explanationAllow: Text { text(.explanationAllow) }
    static var explanationDecline: Text { text(.explanationDecline) }
    static var deniedTitle: Text { text(.deniedTitle) }
    static var deniedMessage: Text { text(.deniedMessage) }
    static var openSettings: Text { text(.deniedOpenSettings) }
    static var servicesOffTitle: Text { text(.servicesOffTitle) }
    static var servicesOffMessage: Text { text(.servicesOffMessage) }
    static var restrictedTitle: Text { text(.restrictedTitle) }
    static var restrictedMessage: Text { text(.restrictedMessage) }
    static var requestPrecise: Text { text(.requestPrecise) }
    static var indicatorLabel: Text { text(.indicatorLabel) }
}
#endif
