/// Records the user's runs; "visits" here are visits to the club's tracks, counted from check-ins.
struct RunTracker {
    var visits: [String] = []

    mutating func startMonitoringVisits() {
        visits.removeAll()
    }
}
