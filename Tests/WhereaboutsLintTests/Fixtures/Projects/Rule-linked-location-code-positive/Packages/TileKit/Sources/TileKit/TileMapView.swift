import UIKit

/// A map of tiles; shows the user's position only when `showsUserPosition` is turned on.
public final class TileMapView: UIView {
    public var showsUserPosition = false {
        didSet { if showsUserPosition { provider.showUserPosition() } }
    }

    private let provider = UserLocationProvider()
}
