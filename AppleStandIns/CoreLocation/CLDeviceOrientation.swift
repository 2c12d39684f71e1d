// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).

/// `CLDeviceOrientation` (`int`): the physical orientation headings are measured from.
public enum CLDeviceOrientation: Int32, Sendable {
    /// `CLDeviceOrientationUnknown`.
    case unknown = 0
    /// `CLDeviceOrientationPortrait`, the default.
    case portrait = 1
    /// `CLDeviceOrientationPortraitUpsideDown`.
    case portraitUpsideDown = 2
    /// `CLDeviceOrientationLandscapeLeft`.
    case landscapeLeft = 3
    /// `CLDeviceOrientationLandscapeRight`.
    case landscapeRight = 4
    /// `CLDeviceOrientationFaceUp`.
    case faceUp = 5
    /// `CLDeviceOrientationFaceDown`.
    case faceDown = 6
}
