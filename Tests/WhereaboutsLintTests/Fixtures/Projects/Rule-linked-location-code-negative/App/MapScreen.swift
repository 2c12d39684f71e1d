import TileKit
import UIKit

/// Loads the tile map to check that the package links; never turns the position puck on.
final class MapScreen: UIViewController {
    let map = TileMapView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(map)
    }
}
