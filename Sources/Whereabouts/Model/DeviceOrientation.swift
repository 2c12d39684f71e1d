/// Which way up the device is held, as `CLDeviceOrientation`: the reference `CLLocationManager.headingOrientation`
/// measures headings from.
///
/// The engine records it and reports it; a source's headings are already measured in it.
public enum DeviceOrientation: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `CLDeviceOrientation.unknown`.
    case unknown
    /// `CLDeviceOrientation.portrait`, iOS's default.
    case portrait
    /// `CLDeviceOrientation.portraitUpsideDown`.
    case portraitUpsideDown
    /// `CLDeviceOrientation.landscapeLeft`.
    case landscapeLeft
    /// `CLDeviceOrientation.landscapeRight`.
    case landscapeRight
    /// `CLDeviceOrientation.faceUp`.
    case faceUp
    /// `CLDeviceOrientation.faceDown`.
    case faceDown

    /// The name.
    public var description: String { rawValue }
}
