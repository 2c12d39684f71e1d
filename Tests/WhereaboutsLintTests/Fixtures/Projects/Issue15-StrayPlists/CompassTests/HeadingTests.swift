import XCTest

final class HeadingTests: XCTestCase {}
