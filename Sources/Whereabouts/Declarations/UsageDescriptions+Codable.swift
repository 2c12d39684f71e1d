extension UsageDescriptions {
    enum CodingKeys: String, CodingKey {
        case whenInUse, always, temporaryPurposes, defaultAccuracyReduced, backgroundModes, appName
        case requiresExplicitServiceSession
    }

    /// Decodes declarations; a key added after the first version (`requiresExplicitServiceSession`) may be absent.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: What the decoder throws for a missing or mistyped key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            whenInUse: try container.decodeIfPresent(String.self, forKey: .whenInUse),
            always: try container.decodeIfPresent(String.self, forKey: .always),
            temporaryPurposes: try container.decode([String: String].self, forKey: .temporaryPurposes),
            defaultAccuracyReduced: try container.decode(Bool.self, forKey: .defaultAccuracyReduced),
            backgroundModes: try container.decode([String].self, forKey: .backgroundModes),
            appName: try container.decodeIfPresent(String.self, forKey: .appName)
        )
        requiresExplicitServiceSession =
            try container.decodeIfPresent(Bool.self, forKey: .requiresExplicitServiceSession) ?? false
    }
}
