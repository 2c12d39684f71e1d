import Foundation

/// gpsd's own Python client (`python3-gps`, `import gps`), the baseline: a small script the bench writes into its
/// scratch folder and runs with `/usr/bin/python3` (the Debian interpreter that has the `gps` module).
///
/// It connects with `gps.gps(host, port, mode=WATCH_ENABLE|WATCH_JSON)` and reads with `session.next()`, which
/// parses each JSON line into the session's state, as a gpsd client program does.
/// - `latency PORT`: prints `READY` once it has a TPV with a time, keeps `time.monotonic()` (CLOCK_MONOTONIC,
///   the clock the bench reads) and the TPV's time for each TPV, and prints them when 2 s pass without data.
/// - `throughput PORT N`: prints `N SECONDS`, the time from the first TPV to the N-th.
enum PythonGPSClient {
    /// The interpreter: Debian's, which has `gps`; a pyenv `python3` first on PATH usually does not.
    static let interpreter = "/usr/bin/python3"

    static let script = #"""
        import sys, time, gps

        mode, port = sys.argv[1], int(sys.argv[2])
        session = gps.gps(host="127.0.0.1", port=port, mode=gps.WATCH_ENABLE | gps.WATCH_JSON)
        if mode == "latency":
            seen, ready = [], False
            while session.waiting(2.0):
                report = session.next()
                if report.get("class") == "TPV" and "time" in report:
                    seen.append((time.monotonic(), report["time"]))
                    if not ready:
                        ready = True
                        print("READY", flush=True)
            for stamp, fix_time in seen:
                print("%.9f %s" % (stamp, fix_time))
        else:
            count, n, first = int(sys.argv[3]), 0, None
            while n < count:
                report = session.next()
                if report.get("class") == "TPV" and "lat" in report:
                    n += 1
                    if first is None:
                        first = time.monotonic()
            print("%d %.9f" % (n, time.monotonic() - first))
        """#

    /// Whether the baseline can run: the interpreter exists and imports `gps`.
    static func check() -> String? {
        guard FileManager.default.isExecutableFile(atPath: interpreter) else {
            return "\(interpreter) is missing; install python3-gps (apt-get install -y python3-gps)"
        }
        let result = try? Measure.run(interpreter, ["-c", "import gps"], captureOutput: true)
        guard result?.status == 0 else {
            return "\(interpreter) cannot import gps; install python3-gps (apt-get install -y python3-gps)"
        }
        return nil
    }

    /// Writes the script into `folder` and returns its path.
    static func install(in folder: URL) throws -> String {
        let url = folder.appendingPathComponent("gps_client.py")
        try script.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}
