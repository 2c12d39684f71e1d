import Whereabouts

extension AuthorizationStatus {
    /// A When In Use grant as the client under test reports it.
    ///
    /// A Mac has no When In Use: Core Location there calls an app the person allowed `authorizedAlways` (which macOS
    /// also spells `authorized`), whichever request asked, so `LocationClient.live()` in the macOS flavour reports
    /// ``AuthorizationStatus/authorizedAlways``. Every other client and platform reports
    /// ``AuthorizationStatus/authorizedWhenInUse``.
    static var whenInUseAsReported: AuthorizationStatus {
        #if WHEREABOUTS_LIVE_MACOS
        .authorizedAlways
        #else
        .authorizedWhenInUse
        #endif
    }
}
