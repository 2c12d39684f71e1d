enum PurposeKeys {
    static let navigation = "Navigation"
}
