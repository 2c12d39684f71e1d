#!/usr/bin/env python3
"""Compare what `whereabouts track` replays from GPX and NMEA files with what other readers read.

Summary. Oracles: gpsbabel 1.8.0 (GPX and NMEA), gpxpy (GPX), gpsd 3.22's gpsdecode (NMEA). Inputs used:
gpsd's regression logs (ntpsec/gpsd test/daemon/*.log: 119 with NMEA positions, 80 binary/AIS/JSON skipped)
and gpsbabel's reference/ folder (reference/track/*.nmea, testsupplementalplane.nmea, waypoints.nmea), each
file written out with `git cat-file blob` (some blobs of those repositories are absent, so `git archive`
stops). Run:

    python3 Benchmarks/compare-tracks.py --oracle gpsbabel,gpsd /tmp/gpsd-logs \
        /tmp/gpxk-ref/reference/track/*.nmea /tmp/gpxk-ref/reference/testsupplementalplane.nmea \
        /tmp/gpxk-ref/reference/waypoints.nmea

Last result (129 NMEA files): gpsbabel agrees on 77, gpsd on 22 (4 of them only by gpsd's 1024-week
rollover); counting gpsd's unreported first/last epochs ("gpsd edges") as agreeing, 11 files agree with
neither. With `--include-estimated` it is 71 and 17: neither oracle replays RMC/GLL status V or a
quality-8 GGA as a fix (gpsbabel takes quality 6), so the default is the like-with-like reading. GPX
(`--oracle gpsbabel,gpxpy` over reference/): 223 of 224 files agree with both, to 1e-6 degree and 1 ms;
the last (track/trackfilter_discard_err.gpx) is not XML and all three refuse it. Where both NMEA oracles
are wrong, measured:
- gpsbabel gives each point the previous epoch's position when a cycle starts with RMC ("lag": of the 36
  files where its positions differ, gpsd's agree with whereabouts' in 33; the other 3 are below),
  and reads a cut field as latitude 0 (tcp-torture) or an unreadable time as 00:00:00 (nmeadatetime);
- gpsd reports an epoch only on the sentence that usually ends the cycle, so it drops the first and last
  epochs, a cycle that ends otherwise (gp-320fw-*: an RMC+GGA second without the closing GLL) or is cut
  where two captures were joined (bt451, ublox-lea-5h), and takes a backward jump for midnight (bt451);
- two-digit year 98 is 1998 (gpsd and whereabouts), 2098 in gpsbabel (nmeadate).
No right answer from the file: a week-rollover date (april6_2019: 1999-08-22, true date 2019-04-07), a GGA
55 s after the next sentences (ericsson-gru04), three different positions for one second (bundg_zeus_9:
whereabouts takes GGA's, gpsd the last, GLL's), corrupt time fields (nmeadatetime). By design: a log of
GGAs dated only by a ZDA at its end (gpsbabel's backfilldate*, addmultipledays*) gives only the last
epochs, as whereabouts holds at most 10 epochs / 10 s waiting for a date; `track --date` dates the rest
(backfilldate: 500 fixes, equal to gpsbabel's).

Details.

For every *.gpx, *.nmea and *.log file under the folders given, the script runs

    whereabouts track --source FILE --answer while-using --precise --speed max --format ndjson

(with a throw-away consent file) and one or two oracles:

- gpsbabel, for GPX and NMEA: `gpsbabel -t|-r|-w -i gpx|nmea -f FILE -o unicsv -F -`;
- gpxpy, for GPX: the points of `gpxpy.parse(...)` (tracks, routes or waypoints);
- gpsd, for NMEA: `gpsdecode -j < FILE` (gpsd 3.22's batch decoder, the same decoding as the
  daemon). Its fixes are the TPV reports with `mode` 2 or 3 and a latitude and longitude; gpsd
  reports an epoch again as each sentence of it arrives (until it knows which sentence ends the
  cycle), so consecutive TPVs with the same time count as one fix, the last of them. gpsdecode
  assumes a receiver with the GPS week rollover bug for any date before its own build and adds
  1024 weeks (a 2007 log comes out in 2027); a time that differs from ours by a whole number of
  1024-week eras is counted as agreeing and reported apart ("gpsd rollover"). gpsdecode reports an
  epoch only once it has a date and has seen the next cycle start, so it often leaves out a log's
  first and last epochs: when every gpsd fix is one of ours and the ones it lacks are all before its
  first or after its last, the disagreement is counted as "gpsd edges", apart from other counts.

What each oracle counts as a fix of an NMEA log: gpsbabel, every point of its track (`-t`), one a
time stamp of GGA/RMC/GLL/GNS (it back-fills the date from the next RMC or ZDA, without bound);
gpsd, the TPVs above; whereabouts, every location `track` prints.

A *.log file (gpsd's regression logs, test/daemon/*.log) is read only when it holds an NMEA
sentence with a position (`$--GGA`, `RMC`, `GLL` or `GNS`); the others (binary protocols, AIS,
JSON) are listed as skipped.

Both sides must read the same kind of points. `--points` (trk, rte, wpt, all) is passed to
whereabouts; with no `--points`, whereabouts plays the tracks, else the routes, else the waypoints,
and the oracle side is chosen the same way (the first kind the oracle finds any point of). With
`--points all`, gpxpy's points are listed waypoints first, then routes, then tracks, which is the
order of a GPX 1.1 file that follows the schema.

A file agrees with an oracle when both read the same number of points, every position is the same
within 1e-6 degree (`--tolerance`), and every point the oracle gives a time has the same time
within 1 ms (points without a time in the file get one from whereabouts and none from the oracle;
they are not compared). The script prints, per NMEA file, the three-way result (`ours N · gpsbabel M ok · gpsd K
count`), one line per disagreement and a summary by oracle and kind of disagreement; it exits 0 when everything agrees, 1 when something disagrees, 2 on a usage error.

    python3 Benchmarks/compare-tracks.py /tmp/reference
    python3 Benchmarks/compare-tracks.py --oracle gpxpy --points all tracks/
    python3 Benchmarks/compare-tracks.py --whereabouts .build/release/whereabouts /tmp/reference
    python3 Benchmarks/compare-tracks.py --oracle gpsbabel,gpsd /tmp/gpsd/test/daemon

Needs: a built `whereabouts` (default: .build/debug/whereabouts, else `swift run`), gpsbabel
(`apt-get install gpsbabel`), gpxpy (`pip install gpxpy`), gpsdecode (`apt-get install gpsd-tools`);
a missing oracle is skipped with a note.
"""

import argparse
import collections
import csv
import datetime
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

KINDS = {"trk": "-t", "rte": "-r", "wpt": "-w"}
TIME_TOLERANCE = 0.001
ORACLES = ("gpsbabel", "gpxpy", "gpsd")
GPS_ERA = 1024 * 7 * 86400
POSITION_SENTENCE = re.compile(rb"^\$[A-Z]{2}(GGA|RMC|GLL|GNS),", re.MULTILINE)


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


def run_whereabouts(command, path, points, consent, include_estimated=False):
    """The points whereabouts replays, or an error string."""
    arguments = command + [
        "track", "--source", path, "--answer", "while-using", "--precise", "--speed", "max",
        "--format", "ndjson", "--consent-file", consent,
    ]
    if points:
        arguments += ["--points", points]
    if include_estimated and not path.lower().endswith(".gpx"):
        arguments.append("--include-estimated")
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


def gpsd_points(path):
    """The fixes gpsdecode reports, or an error string."""
    with open(path, "rb") as handle:
        result = subprocess.run(["gpsdecode", "-j"], stdin=handle, capture_output=True, timeout=600)
    if result.returncode != 0:
        return f"gpsdecode exit {result.returncode}: {result.stderr.decode(errors='replace').strip()[:120]}"
    found = []
    last_time = None
    for line in result.stdout.decode(errors="replace").splitlines():
        if not line.startswith('{"class":"TPV"'):
            continue
        try:
            report = json.loads(line)
        except ValueError:
            continue
        if report.get("mode", 0) < 2 or "lat" not in report or "lon" not in report or "time" not in report:
            continue
        point = Point(report["lat"], report["lon"], parse_iso(report["time"]))
        if found and last_time == report["time"]:
            found[-1] = point
        else:
            found.append(point)
        last_time = report["time"]
    return found


def oracle_points(name, path, format_name, points):
    """The oracle's points for the kind whereabouts plays."""
    if name == "gpsd":
        return gpsd_points(path)
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


def by_time(ours, theirs, eras):
    """Which times only one side has, to tell a missing first or last epoch from a different reading."""
    def key(point, shift):
        return None if point.time is None else round((point.time - shift) * 1000)

    shift = 0
    if eras and ours and theirs and ours[0].time is not None and theirs[0].time is not None:
        shift = round((theirs[0].time - ours[0].time) / GPS_ERA) * GPS_ERA
    mine = {key(p, 0) for p in ours}
    other = {key(p, shift) for p in theirs}
    only_ours = [p for p in ours if key(p, 0) not in other]
    only_theirs = [p for p in theirs if key(p, shift) not in mine]

    def stamp(point, back=0):
        if point.time is None:
            return "no time"
        moment = datetime.datetime.fromtimestamp(point.time - back, datetime.timezone.utc)
        return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")

    parts = [f"times only ours {len(only_ours)}" + (f" (first {stamp(only_ours[0])})" if only_ours else ""),
             f"only oracle's {len(only_theirs)}" + (f" (first {stamp(only_theirs[0], shift)})" if only_theirs else "")]
    return ", ".join(parts)


def matched(ours, theirs, eras):
    """Pairs of points with the same time (gpsd's shifted back by whole eras)."""
    shift = 0
    if eras and ours and theirs and ours[-1].time is not None and theirs[-1].time is not None:
        shift = round((theirs[-1].time - ours[-1].time) / GPS_ERA) * GPS_ERA
    mine = {round(p.time * 1000): p for p in ours if p.time is not None}
    return [(mine[round((p.time - shift) * 1000)], p) for p in theirs
            if p.time is not None and round((p.time - shift) * 1000) in mine]


def matched_positions(ours, theirs, tolerance, eras):
    """Position disagreements among points of the same time, when the counts differ."""
    pairs = [(a, b) for a, b in matched(ours, theirs, eras)
             if abs(a.lat - b.lat) > tolerance or abs(a.lon - b.lon) > tolerance]
    if not pairs:
        return []
    a, b = pairs[0]
    return [("position", f"{len(pairs)} points of the same time, first ({a.lat}, {a.lon}) vs ({b.lat}, {b.lon})")]


def only_edges(ours, theirs):
    """Whether gpsd reports exactly our fixes but some first and last ones: every gpsd fix is one of
    ours, and ours that gpsd lacks all come before its first or after its last. gpsdecode reports an
    epoch once it has a date and has seen the cycle end (the next cycle starting), so a log's first
    epochs and its last are often not reported."""
    pairs = matched(ours, theirs, True)
    if not theirs or len(pairs) != len(theirs):
        return False
    first, last = pairs[0][0].time, pairs[-1][0].time
    inside = [p for p in ours if first <= p.time <= last]
    return len(inside) == len(theirs)


def compare(ours, theirs, tolerance, eras=False):
    """The disagreements between two lists of points: (kind, detail) pairs.

    With `eras`, a time off by whole 1024-week GPS eras agrees, and is reported as ("gpsd rollover", …).
    """
    if isinstance(theirs, str):
        return [("oracle error", theirs)]
    if isinstance(ours, str):
        return [("whereabouts error", ours)]
    if len(ours) != len(theirs):
        found = [("count", f"whereabouts {len(ours)}, oracle {len(theirs)}; " + by_time(ours, theirs, eras))]
        if eras and only_edges(ours, theirs):
            found = [("gpsd edges", found[0][1])]
        return found + matched_positions(ours, theirs, tolerance, eras)
    found = []
    positions = [i for i, (a, b) in enumerate(zip(ours, theirs))
                 if abs(a.lat - b.lat) > tolerance or abs(a.lon - b.lon) > tolerance]
    if positions:
        i = positions[0]
        found.append(("position", f"{len(positions)} points, first #{i}: ({ours[i].lat}, {ours[i].lon}) vs "
                                  f"({theirs[i].lat}, {theirs[i].lon})"))
    def era_off(a, b):
        eras_off = round((b.time - a.time) / GPS_ERA)
        return eras and eras_off != 0 and abs(b.time - eras_off * GPS_ERA - a.time) <= TIME_TOLERANCE

    rolled = [i for i, (a, b) in enumerate(zip(ours, theirs)) if b.time is not None and era_off(a, b)]
    if rolled:
        found.append(("gpsd rollover", f"{len(rolled)} points a whole number of 1024-week eras later"))
    times = [i for i, (a, b) in enumerate(zip(ours, theirs))
             if b.time is not None and abs(a.time - b.time) > TIME_TOLERANCE and not era_off(a, b)]
    if times:
        i = times[0]
        found.append(("time", f"{len(times)} points, first #{i}: {ours[i].time:.3f} vs {theirs[i].time:.3f}"))
    return found


def is_nmea_log(path):
    """Whether a file holds an NMEA sentence with a position (gpsd's logs are also binary, AIS or JSON)."""
    with open(path, "rb") as handle:
        return POSITION_SENTENCE.search(handle.read()) is not None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", help="folders (or files) of .gpx, .nmea and gpsd .log tracks")
    parser.add_argument("--oracle", default="all",
                        help="comma-separated: gpsbabel, gpxpy, gpsd; or all (default) or both (gpsbabel, gpxpy)")
    parser.add_argument("--points", choices=["trk", "rte", "wpt", "all"], help="passed to whereabouts track")
    parser.add_argument("--include-estimated", action="store_true",
                        help="passed to whereabouts track for NMEA (gpsbabel counts GGA quality 6 as a fix; neither oracle counts RMC/GLL status V)")
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

    if options.oracle == "all":
        oracles = list(ORACLES)
    elif options.oracle == "both":
        oracles = ["gpsbabel", "gpxpy"]
    else:
        oracles = [name.strip() for name in options.oracle.split(",")]
        unknown = [name for name in oracles if name not in ORACLES]
        if unknown:
            print(f"error: unknown oracle {', '.join(unknown)}; use {', '.join(ORACLES)}", file=sys.stderr)
            return 2
    for oracle, executable, install in (("gpsbabel", "gpsbabel", "apt-get install gpsbabel"),
                                        ("gpsd", "gpsdecode", "apt-get install gpsd-tools")):
        if oracle in oracles and not shutil.which(executable):
            print(f"note: {executable} is missing ({install}); skipped", file=sys.stderr)
            oracles.remove(oracle)
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
            files += [os.path.join(root, n) for n in names if n.lower().endswith((".gpx", ".nmea", ".log"))]
    files.sort()
    if not files:
        print("error: no .gpx, .nmea or .log file in " + ", ".join(options.folders), file=sys.stderr)
        return 2

    summary = {oracle: collections.Counter() for oracle in oracles}
    skipped = []
    neither = []
    with tempfile.TemporaryDirectory() as scratch:
        consent = os.path.join(scratch, "consent.json")
        for path in files:
            format_name = "gpx" if path.lower().endswith(".gpx") else "nmea"
            if path.lower().endswith(".log") and not is_nmea_log(path):
                skipped.append(path)
                continue
            ours = run_whereabouts(command, path, options.points, consent, options.include_estimated)
            line = [f"ours {ours if isinstance(ours, str) else len(ours)}"]
            compared = agreed = False
            for oracle in oracles:
                if oracle == "gpxpy" and format_name == "nmea" or oracle == "gpsd" and format_name == "gpx":
                    continue
                theirs = oracle_points(oracle, path, format_name, options.points)
                problems = compare(ours, theirs, options.tolerance, eras=oracle == "gpsd")
                compared = True
                agreed = agreed or all(kind in ("gpsd rollover", "gpsd edges") for kind, _ in problems)
                counts = summary[oracle]
                counts[format_name + " files"] += 1
                agreeing = [p for p in problems if p[0] == "gpsd rollover"]
                disagreeing = [p for p in problems if p[0] != "gpsd rollover"]
                for kind, _ in agreeing:
                    counts[f"{format_name} note: {kind}"] += 1
                size = theirs if isinstance(theirs, str) else len(theirs)
                verdict = "ok" if not disagreeing else "/".join(kind for kind, _ in disagreeing)
                line.append(f"{oracle} {size} {verdict}" + (" (rollover)" if agreeing else ""))
                if not disagreeing:
                    counts[format_name + " agree"] += 1
                    continue
                counts[format_name + " disagree"] += 1
                for kind, detail in disagreeing:
                    counts[f"{format_name} disagree: {kind}"] += 1
                    if not options.quiet:
                        print(f"{path}: {oracle}: {kind}: {detail}")
            if format_name == "nmea" and not options.quiet:
                print(f"{path}: " + " · ".join(line))
            if compared and not agreed:
                neither.append(path)

    if skipped:
        print(f"skipped {len(skipped)} .log files with no NMEA position sentence (binary, AIS or JSON): "
              + ", ".join(os.path.basename(p) for p in skipped))
    disagreements = 0
    for oracle, counts in summary.items():
        for format_name in ("gpx", "nmea"):
            total = counts[format_name + " files"]
            if not total:
                continue
            kinds = sorted(k for k in counts if k.startswith(format_name + " disagree: "))
            detail = ", ".join(f"{k.split(': ', 1)[1]} {counts[k]}" for k in kinds)
            notes = sorted(k for k in counts if k.startswith(format_name + " note: "))
            note = ", ".join(f"{k.split(': ', 1)[1]} {counts[k]}" for k in notes)
            disagreements += counts[format_name + " disagree"]
            print(f"{oracle}, {format_name}: {counts[format_name + ' agree']} of {total} files agree"
                  + (f" ({note} among them)" if note else "")
                  + (f"; disagreements: {detail}" if detail else ""))
    if neither:
        print(f"agreeing with no oracle (gpsd edges and rollover counted as agreeing): {len(neither)}: "
              + ", ".join(os.path.basename(p) for p in neither))
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
