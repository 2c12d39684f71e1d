extension Grant {
    enum CodingKeys: String, CodingKey {
        case decision, precise, alwaysPromptShown, provisionalAlways, monitoredRegions
        case locationButtonApproved, monitorConditions
    }

    /// Decodes a grant; `monitoredRegions`, `locationButtonApproved` and `monitorConditions`, added after the first
    /// version, may be absent.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: What the decoder throws for a missing or mistyped key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            decision: try container.decode(Decision.self, forKey: .decision),
            precise: try container.decodeIfPresent(Bool.self, forKey: .precise),
            alwaysPromptShown: try container.decode(Bool.self, forKey: .alwaysPromptShown),
            provisionalAlways: try container.decode(Bool.self, forKey: .provisionalAlways)
        )
        monitoredRegions = try container.decodeIfPresent([Region].self, forKey: .monitoredRegions) ?? []
        locationButtonApproved = try container.decodeIfPresent(Bool.self, forKey: .locationButtonApproved) ?? false
        monitorConditions =
            try container.decodeIfPresent([MonitoredCondition].self, forKey: .monitorConditions) ?? []
    }
}
