#!/usr/bin/env python3
"""Compare what `whereabouts track` replays from GPX and NMEA files with what other readers read.

For every *.gpx and *.nmea file under the folders given, the script runs

    whereabouts track --source FILE --answer while-using --precise --speed max --format ndjson

(with a throw-away consent file) and one or two oracles:

- gpsbabel, for GPX and NMEA: `gpsbabel -t|-r|-w -i gpx|nmea -f FILE -o unicsv -F -`;
- gpxpy, for GPX: the points of `gpxpy.parse(...)` (tracks, routes or waypoints).

Both sides must read the same kind of points. `--points` (trk, rte, wpt, all) is passed to
whereabouts; with no `--points`, whereabouts plays the tracks, else the routes, else the waypoints,
and the oracle side is chosen the same way (the first kind the oracle finds any point of). With
`--points all`, gpxpy's points are listed waypoints first, then routes, then tracks, which is the
order of a GPX 1.1 file that follows the schema.

A file agrees with an oracle when both read the same number of points, every position is the same
within 1e-6 degree (`--tolerance`), and every point the oracle gives a time has the same time
within 1 ms (points without a time in the file get one from whereabouts and none from the oracle;
they are not compared). The script prints one line per disagreement and a summary by kind of
disagreement; it exits 0 when everything agrees, 1 when something disagrees, 2 on a usage error.

    python3 Benchmarks/compare-tracks.py /tmp/reference
    python3 Benchmarks/compare-tracks.py --oracle gpxpy --points all tracks/
    python3 Benchmarks/compare-tracks.py --whereabouts .build/release/whereabouts /tmp/reference

Needs: a built `whereabouts` (default: .build/debug/whereabouts, else `swift run`), gpsbabel
(`apt-get install gpsbabel`), gpxpy (`pip install gpxpy`); a missing oracle is skipped with a note.
"""

import argparse
import collections
import csv
import datetime
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile

KINDS = {"trk": "-t", "rte": "-r", "wpt": "-w"}
TIME_TOLERANCE = 0.001


class Point:
    """One point: latitude, longitude, and seconds since 1970 or None."""

    __slots__ = ("lat", "lon", "time")

    def __init__(self, lat, lon, time):
        self.lat = lat
        self.lon = lon
        self.time = time


def parse_iso(text):
    """Seconds since 1970 of an ISO 8601 time with a Z or an offset."""
    if text.endswith("Z"):
        text = text[:-1] + "+00:00"
    moment = datetime.datetime.fromisoformat(text)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=datetime.timezone.utc)
    return moment.timestamp()


def run_whereabouts(command, path, points, consent):
    """The points whereabouts replays, or an error string."""
    arguments = command + [
        "track", "--source", path, "--answer", "while-using", "--precise", "--speed", "max",
        "--format", "ndjson", "--consent-file", consent,
    ]
    if points:
        arguments += ["--points", points]
    result = subprocess.run(arguments, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=600)
    if result.returncode != 0:
        last = result.stderr.strip().splitlines()[-1:] or ["no message"]
        return f"exit {result.returncode}: {last[0]}"
    found = []
    for line in result.stdout.splitlines():
        if not line.startswith("{"):
            continue
        fix = json.loads(line)
        found.append(Point(fix["latitude"], fix["longitude"], parse_iso(fix["timestamp"])))
    return found


def gpsbabel_kind(path, format_name, kind):
    """The points of one kind gpsbabel reads, or an error string."""
    arguments = ["gpsbabel", KINDS[kind], "-i", format_name, "-f", path, "-o", "unicsv", "-F", "-"]
    result = subprocess.run(arguments, capture_output=True, text=True, errors="replace", timeout=600)
    if result.returncode != 0:
        return f"gpsbabel exit {result.returncode}: {result.stderr.strip()[:120]}"
    found = []
    for row in csv.DictReader(io.StringIO(result.stdout)):
        date = (row.get("Date") or "").strip()
        clock = (row.get("Time") or "").strip()
        time = None
        if date and clock:
            moment = datetime.datetime.strptime(date.replace("-", "/") + " " + clock.split(".")[0], "%Y/%m/%d %H:%M:%S")
            fraction = float("0." + clock.split(".")[1]) if "." in clock else 0.0
            time = moment.replace(tzinfo=datetime.timezone.utc).timestamp() + fraction
        found.append(Point(float(row["Latitude"]), float(row["Longitude"]), time))
    return found


def gpxpy_kind(path, kind):
    """The points of one kind gpxpy reads, or an error string."""
    import gpxpy  # noqa: PLC0415 (optional dependency)

    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            document = gpxpy.parse(handle)
    except Exception as error:  # noqa: BLE001 (any failure is the oracle's answer)
        return f"gpxpy: {type(error).__name__}: {str(error)[:120]}"
    if kind == "trk":
        raw = [p for track in document.tracks for segment in track.segments for p in segment.points]
    elif kind == "rte":
        raw = [p for route in document.routes for p in route.points]
    else:
        raw = list(document.waypoints)
    return [Point(p.latitude, p.longitude, p.time.timestamp() if p.time else None) for p in raw]


def oracle_points(name, path, format_name, points):
    """The oracle's points for the kind whereabouts plays."""
    if name == "gpsbabel":
        read = lambda kind: gpsbabel_kind(path, format_name, kind)  # noqa: E731
    else:
        read = lambda kind: gpxpy_kind(path, kind)  # noqa: E731
    if format_name == "nmea":
        return read("trk")
    if points == "all":
        parts = [read(kind) for kind in ("wpt", "rte", "trk")]
        errors = [part for part in parts if isinstance(part, str)]
        return errors[0] if errors else [p for part in parts for p in part]
    if points:
        return read(points)
    for kind in ("trk", "rte", "wpt"):
        found = read(kind)
        if isinstance(found, str) or found:
            return found
    return []


def compare(ours, theirs, tolerance):
    """The disagreements between two lists of points: (kind, detail) pairs."""
    if isinstance(theirs, str):
        return [("oracle error", theirs)]
    if isinstance(ours, str):
        return [("whereabouts error", ours)]
    if len(ours) != len(theirs):
        return [("count", f"whereabouts {len(ours)}, oracle {len(theirs)}")]
    found = []
    positions = [i for i, (a, b) in enumerate(zip(ours, theirs))
                 if abs(a.lat - b.lat) > tolerance or abs(a.lon - b.lon) > tolerance]
    if positions:
        i = positions[0]
        found.append(("position", f"{len(positions)} points, first #{i}: ({ours[i].lat}, {ours[i].lon}) vs "
                                  f"({theirs[i].lat}, {theirs[i].lon})"))
    times = [i for i, (a, b) in enumerate(zip(ours, theirs))
             if b.time is not None and abs(a.time - b.time) > TIME_TOLERANCE]
    if times:
        i = times[0]
        found.append(("time", f"{len(times)} points, first #{i}: {ours[i].time:.3f} vs {theirs[i].time:.3f}"))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", help="folders (or files) of .gpx and .nmea tracks")
    parser.add_argument("--oracle", choices=["gpsbabel", "gpxpy", "both"], default="both")
    parser.add_argument("--points", choices=["trk", "rte", "wpt", "all"], help="passed to whereabouts track")
    parser.add_argument("--tolerance", type=float, default=1e-6, help="degrees (default 1e-6)")
    parser.add_argument("--whereabouts", help="the whereabouts executable (default: .build/debug/whereabouts)")
    parser.add_argument("--quiet", action="store_true", help="print only the summary")
    options = parser.parse_args()

    if options.whereabouts:
        command = [options.whereabouts]
    elif os.access(".build/debug/whereabouts", os.X_OK):
        command = [".build/debug/whereabouts"]
    else:
        command = ["swift", "run", "--quiet", "whereabouts"]

    oracles = ["gpsbabel", "gpxpy"] if options.oracle == "both" else [options.oracle]
    if "gpsbabel" in oracles and not shutil.which("gpsbabel"):
        print("note: gpsbabel is missing (apt-get install gpsbabel); skipped", file=sys.stderr)
        oracles.remove("gpsbabel")
    if "gpxpy" in oracles:
        try:
            import gpxpy  # noqa: F401, PLC0415
        except ImportError:
            print("note: gpxpy is missing (pip install gpxpy); skipped", file=sys.stderr)
            oracles.remove("gpxpy")
    if not oracles:
        print("error: no oracle to compare with", file=sys.stderr)
        return 2

    files = []
    for folder in options.folders:
        if os.path.isfile(folder):
            files.append(folder)
            continue
        for root, _, names in os.walk(folder):
            files += [os.path.join(root, n) for n in names if n.lower().endswith((".gpx", ".nmea"))]
    files.sort()
    if not files:
        print("error: no .gpx or .nmea file in " + ", ".join(options.folders), file=sys.stderr)
        return 2

    summary = {oracle: collections.Counter() for oracle in oracles}
    with tempfile.TemporaryDirectory() as scratch:
        consent = os.path.join(scratch, "consent.json")
        for path in files:
            format_name = "gpx" if path.lower().endswith(".gpx") else "nmea"
            ours = run_whereabouts(command, path, options.points, consent)
            for oracle in oracles:
                if oracle == "gpxpy" and format_name == "nmea":
                    continue
                theirs = oracle_points(oracle, path, format_name, options.points)
                problems = compare(ours, theirs, options.tolerance)
                counts = summary[oracle]
                counts[format_name + " files"] += 1
                if not problems:
                    counts[format_name + " agree"] += 1
                    continue
                counts[format_name + " disagree"] += 1
                for kind, detail in problems:
                    counts[f"{format_name} disagree: {kind}"] += 1
                    if not options.quiet:
                        print(f"{path}: {oracle}: {kind}: {detail}")

    disagreements = 0
    for oracle, counts in summary.items():
        for format_name in ("gpx", "nmea"):
            total = counts[format_name + " files"]
            if not total:
                continue
            kinds = sorted(k for k in counts if k.startswith(format_name + " disagree: "))
            detail = ", ".join(f"{k.split(': ', 1)[1]} {counts[k]}" for k in kinds)
            disagreements += counts[format_name + " disagree"]
            print(f"{oracle}, {format_name}: {counts[format_name + ' agree']} of {total} files agree"
                  + (f"; disagreements: {detail}" if detail else ""))
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
