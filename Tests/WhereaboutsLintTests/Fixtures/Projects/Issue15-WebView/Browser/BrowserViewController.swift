import UIKit
import WebKit

/// A browser tab: pages may ask for the location through the web geolocation API.
final class BrowserViewController: UIViewController {
    private lazy var webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())

    override func loadView() {
        view = webView
    }
}
