#!/usr/bin/env bash
# Fault test: revoke while fixes flow at full speed; no fix may follow the revoke event.
#
# Part 1, across processes with the real CLI, N times (default 200): `whereabouts track --speed max --loop
# forever --format ndjson` streams the bundled walk as fast as it can, standard output and standard error into
# one file (each line is one write, so the file keeps their order). After a random 0-1 s, `whereabouts consent
# revoke` runs in another process; track notices the change of the consent file and prints "Settings changed:"
# (the revoke event; fixes the engine had already handed to the output are printed before it). Check: not one
# NDJSON fix after that line, and fixes before it.
# Part 2, in one process, 4*N runs (default 800): `whereabouts-bench fault-revoke-engine` revokes through the
# engine in four ways while a source feeds it as fast as it takes fixes (see its help).
#
# Usage: scripts/fault-revoke.sh [N] [SEED]      Exit 0 only when both parts pass.
set -euo pipefail
N="${1:-200}"
SEED="${2:-1}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
# WHEREABOUTS_BIN_DIR: use binaries built already (e.g. .build-tsan/debug) instead of a release build.
if [ -n "${WHEREABOUTS_BIN_DIR:-}" ]; then
    BIN_DIR="$WHEREABOUTS_BIN_DIR"
else
    echo "Building whereabouts and whereabouts-bench (release)..." >&2
    swift build -c release --product whereabouts >&2
    swift build -c release --product whereabouts-bench >&2
    BIN_DIR="$(swift build -c release --show-bin-path)"
fi
SCRATCH="$(mktemp -d /tmp/whereabouts-revoke.XXXXXX)"
trap 'rm -rf "$SCRATCH"' EXIT
status=0
/usr/bin/python3 - "$N" "$SEED" "$BIN_DIR/whereabouts" "$SCRATCH" <<'PY' || status=1
import os, random, signal, statistics, subprocess, sys, time

n, seed, cli, scratch = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
rng = random.Random(seed)
app = "com.example.wayfinder"                 # the bundled demo app
notice = b"Settings changed:"
failures, before_counts, rates, notice_delays = [], [], [], []
total_after = 0
start = time.monotonic()

def wait_for(path, needle, offset, timeout):
    """Polls the growing file from `offset` until `needle` appears; returns the time it was seen, or None."""
    end = time.monotonic() + timeout
    tail = b""
    with open(path, "rb") as f:
        f.seek(offset)
        while time.monotonic() < end:
            chunk = f.read()
            if chunk:
                tail = (tail + chunk)[-(len(needle) + 65536):]
                if needle in tail:
                    return time.monotonic()
            else:
                time.sleep(0.001)
    return None

for i in range(1, n + 1):
    consent = os.path.join(scratch, "consent-%d.json" % i)
    out_path = os.path.join(scratch, "out.txt")
    with open(out_path, "wb") as out:
        track = subprocess.Popen([cli, "track", "--speed", "max", "--loop", "forever", "--format", "ndjson",
                                  "--answer", "while-using", "--precise", "--consent-file", consent],
                                 stdout=out, stderr=out)
    began = time.monotonic()
    if wait_for(out_path, b'{"', 0, 20) is None:
        track.kill(); track.wait()
        failures.append("run %d: track printed no fix within 20 s" % i); continue
    first_fix = time.monotonic()
    time.sleep(rng.uniform(0.0, 1.0))
    size_at_revoke = os.path.getsize(out_path)
    revoke = subprocess.run([cli, "consent", "revoke", app, "--consent-file", consent], capture_output=True)
    revoked = time.monotonic()
    if revoke.returncode != 0:
        failures.append("run %d: consent revoke failed: %s" % (i, revoke.stderr.decode(errors="replace").strip()))
    seen = wait_for(out_path, notice, max(0, size_at_revoke - 1024), 60)
    if seen is None:
        failures.append("run %d: track did not report the change within 60 s of the revoke" % i)
    else:
        notice_delays.append(seen - revoked)
    time.sleep(0.3)                                    # would any fix still come?
    track.send_signal(signal.SIGINT)
    try:
        code = track.wait(timeout=10)
    except subprocess.TimeoutExpired:
        track.kill(); code = track.wait(); failures.append("run %d: track did not stop on Ctrl-C" % i)
    if code != 0:
        failures.append("run %d: track exited with %d" % (i, code))
    before = after = 0
    noticed = False
    with open(out_path, "rb") as f:
        for line in f:
            if line.startswith(b"WARNING: ThreadSanitizer"):
                failures.append("run %d: ThreadSanitizer reported a race in track" % i)
            if line.startswith(notice):
                noticed = True
            elif line.startswith(b'{"'):
                if noticed: after += 1
                else: before += 1
    os.remove(out_path)
    before_counts.append(before)
    if seen is not None:
        rates.append(before / (seen - first_fix) if seen > first_fix else 0)
    if before == 0:
        failures.append("run %d: no fix before the revoke" % i)
    total_after += after
    if after:
        failures.append("run %d: %d fixes after the revoke event" % (i, after))

print("fault-revoke (CLI): %d runs of track --speed max + consent revoke from another process (seed %d) in %.0f s"
      % (n, seed, time.monotonic() - start))
if before_counts:
    print("  fixes before the revoke event: median %d per run (min %d, max %d); fixes after it: %d in all"
          % (statistics.median(before_counts), min(before_counts), max(before_counts),
             total_after))
if rates:
    print("  track's output rate before the revoke: median %.0f fixes/s (file output, both streams)" % statistics.median(rates))
if notice_delays:
    d = sorted(notice_delays)
    print("  revoke command done -> 'Settings changed' in the output: median %.3f s, max %.3f s (the consent file is polled every 0.25 s)"
          % (statistics.median(d), d[-1]))
for f in failures[:20]: print("  FAIL", f)
print("PASS" if not failures else "FAIL (%d)" % len(failures))
sys.exit(0 if not failures else 1)
PY
echo
"$BIN_DIR/whereabouts-bench" fault-revoke-engine --runs $((4 * N)) --seed "$SEED" || status=1
exit $status
