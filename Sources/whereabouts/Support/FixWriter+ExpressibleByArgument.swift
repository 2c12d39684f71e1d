import ArgumentParser

/// `--format table|ndjson|geojson` on the command line.
extension FixWriter.Format: ExpressibleByArgument {}
