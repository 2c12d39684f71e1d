#if canImport(SwiftUI) && canImport(MapKit) && !os(watchOS) && !os(tvOS)
import SwiftUI

/// The precise dot's view inside its annotation, drawn by the environment's ``UserLocationIndicatorStyle`` (the
/// app sets it on its `Map`).
struct UserLocationDot: View {
    let bearing: Angle?
    @Environment(\.userLocationIndicatorStyle) private var style

    var body: some View {
        AnyView(style.makeBody(configuration: UserLocationIndicatorStyleConfiguration(bearing: bearing)))
    }
}
#endif
