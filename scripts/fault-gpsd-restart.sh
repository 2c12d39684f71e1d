#!/usr/bin/env bash
# Fault test: gpsd killed and restarted N times (default 100) while `whereabouts track` streams from it.
#
# A real gpsd (/usr/sbin/gpsd) reads a looping NMEA feed (a small TCP server in this script, one epoch per
# 0.1 s, each epoch one second of track time later than the one before). `whereabouts track --source
# gpsd://...` streams NDJSON. gpsd is killed N times (SIGTERM and SIGKILL in turn), stays down 0.1-1.0 s,
# and is started again. Checks: the client never exits, each reconnect (gpsd started -> the next new fix
# at the client) takes at most 2 s, timestamps never go backwards, no fix is printed twice.
#
# Usage: scripts/fault-gpsd-restart.sh [N] [SEED]      Exit 0 only when every check passes.
set -euo pipefail
N="${1:-100}"
SEED="${2:-1}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
GPSD=/usr/sbin/gpsd
PYTHON=/usr/bin/python3
[ -x "$GPSD" ] || { echo "gpsd is missing: apt-get install -y --no-install-recommends gpsd" >&2; exit 2; }
cd "$ROOT"
# WHEREABOUTS_BIN_DIR: use binaries built already (e.g. .build-tsan/debug) instead of a release build.
if [ -n "${WHEREABOUTS_BIN_DIR:-}" ]; then
    BIN_DIR="$WHEREABOUTS_BIN_DIR"
else
    echo "Building whereabouts (release)..." >&2
    swift build -c release --product whereabouts >&2
    BIN_DIR="$(swift build -c release --show-bin-path)"
fi
BIN="$BIN_DIR/whereabouts"
SCRATCH="$(mktemp -d /tmp/whereabouts-gpsd-restart.XXXXXX)"
trap 'rm -rf "$SCRATCH"' EXIT
"$PYTHON" - "$N" "$SEED" "$BIN" "$GPSD" "$SCRATCH" <<'PY'
import json, os, random, signal, socket, statistics, subprocess, sys, threading, time

n, seed, client_bin, gpsd_bin, scratch = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
rng = random.Random(seed)
EPOCH_INTERVAL = 0.1          # seconds of wall time between two epochs of the feed
GOAL = 2.0                    # the longest reconnect allowed, in seconds

def checksum(body):
    c = 0
    for ch in body.encode():
        c ^= ch
    return "$%s*%02X\r\n" % (body, c)

def epoch_sentences(e):
    """One epoch of NMEA: 2025-06-01 00:00:00 UTC + e seconds, walking north-east from Paris."""
    t = e % 86400
    hhmmss = "%02d%02d%02d.00" % (t // 3600, t // 60 % 60, t % 60)
    lat, lon = 48.85 + e * 1e-5, 2.35 + e * 1e-5
    la = "%02d%07.4f" % (int(lat), (lat - int(lat)) * 60)
    lo = "%03d%07.4f" % (int(lon), (lon - int(lon)) * 60)
    return (checksum("GPGGA,%s,%s,N,%s,E,1,08,0.9,35.0,M,44.0,M,," % (hhmmss, la, lo))
            + checksum("GPGSA,A,3,05,07,13,17,19,24,28,30,,,,,1.6,0.9,1.3")
            + checksum("GPRMC,%s,A,%s,N,%s,E,2.70,45.0,010625,,,A" % (hhmmss, la, lo))).encode()

class Feeder:
    """A TCP NMEA source: every EPOCH_INTERVAL the next epoch goes to every connected gpsd."""
    def __init__(self):
        self.server = socket.socket()
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind(("127.0.0.1", 0)); self.server.listen(8)
        self.port = self.server.getsockname()[1]
        self.connections, self.lock, self.epoch, self.running = [], threading.Lock(), 0, True
        threading.Thread(target=self.accept, daemon=True).start()
        threading.Thread(target=self.feed, daemon=True).start()
    def accept(self):
        while self.running:
            try:
                c, _ = self.server.accept()
            except OSError:
                return
            with self.lock:
                self.connections.append(c)
    def feed(self):
        while self.running and self.epoch < 86000:
            self.epoch += 1
            data = epoch_sentences(self.epoch)
            with self.lock:
                for c in list(self.connections):
                    try:
                        c.sendall(data)
                    except OSError:
                        self.connections.remove(c); c.close()
            time.sleep(EPOCH_INTERVAL)
    def stop(self):
        self.running = False; self.server.close()

def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p

feeder = Feeder()
gpsd_port = free_port()
gpsd_args = [gpsd_bin, "-N", "-n", "-b", "-S", str(gpsd_port), "-F", scratch + "/gpsd.sock",
             "-P", scratch + "/gpsd.pid", "tcp://127.0.0.1:%d" % feeder.port]
gpsd_log = open(scratch + "/gpsd.log", "ab")
def start_gpsd():
    return subprocess.Popen(gpsd_args, stdout=gpsd_log, stderr=subprocess.STDOUT)

def wait_port(port, timeout=5.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close(); return True
        except OSError:
            time.sleep(0.01)
    return False

fixes = []                     # (arrival time, timestamp text), in arrival order
fixes_lock = threading.Lock()
def read_client(stream):
    for line in stream:
        now = time.monotonic()
        try:
            stamp = json.loads(line)["timestamp"]
        except (ValueError, KeyError):
            continue
        with fixes_lock:
            fixes.append((now, stamp))

gpsd = start_gpsd()
if not wait_port(gpsd_port):
    print("FAIL: gpsd did not start; see", scratch + "/gpsd.log"); sys.exit(1)
client_err = open(scratch + "/client.err", "wb")
client = subprocess.Popen([client_bin, "track", "--source", "gpsd://127.0.0.1:%d" % gpsd_port, "--format", "ndjson",
                           "--answer", "while-using", "--precise", "--consent-file", scratch + "/consent.json"],
                          stdout=subprocess.PIPE, stderr=client_err, text=True, bufsize=1)
reader = threading.Thread(target=read_client, args=(client.stdout,), daemon=True); reader.start()

def wait_new_fix(after_time, after_stamp, timeout=10.0):
    """The arrival time of the first fix that arrived after `after_time` and is newer than `after_stamp`."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with fixes_lock:
            hits = [a for a, s in fixes if a > after_time and (after_stamp is None or s > after_stamp)]
        if hits:
            return hits[0]
        time.sleep(0.002)
    return None

failures, latencies, downs = [], [], []
start = time.monotonic()
if wait_new_fix(start - 1, None, 15.0) is None:
    print("FAIL: no fix reached the client within 15 s; see", scratch + "/client.err"); sys.exit(1)
for i in range(1, n + 1):
    time.sleep(rng.uniform(0.5, 1.5))                              # fixes flow
    sig = signal.SIGTERM if i % 2 else signal.SIGKILL
    gpsd.send_signal(sig); gpsd.wait()
    down = rng.uniform(0.1, 1.0); downs.append(down)
    time.sleep(down)
    if client.poll() is not None:
        failures.append("restart %d: the client exited with %s" % (i, client.returncode)); break
    with fixes_lock:
        last_stamp = fixes[-1][1] if fixes else None
    restarted = time.monotonic()
    gpsd = start_gpsd()
    arrival = wait_new_fix(restarted, last_stamp)
    if arrival is None:
        failures.append("restart %d (%s): no new fix within 10 s" % (i, sig.name)); latencies.append(float("inf"))
        continue
    latencies.append(arrival - restarted)
    if arrival - restarted > GOAL:
        failures.append("restart %d (%s, down %.2f s): reconnect took %.2f s" % (i, sig.name, down, arrival - restarted))
time.sleep(1.0)
alive = client.poll() is None
if not alive:
    failures.append("the client exited with %s before the end" % client.returncode)
client.send_signal(signal.SIGINT)
try:
    code = client.wait(timeout=10)
except subprocess.TimeoutExpired:
    client.kill(); code = client.wait(); failures.append("the client did not stop within 10 s of Ctrl-C")
reader.join(timeout=5)
gpsd.send_signal(signal.SIGTERM); gpsd.wait(); feeder.stop()
if alive and code != 0:
    failures.append("the client's exit code after Ctrl-C was %d (expected 0)" % code)

stamps = [s for _, s in fixes]
backwards = sum(1 for a, b in zip(stamps, stamps[1:]) if b < a)
duplicates = len(stamps) - len(set(stamps))
if backwards: failures.append("%d timestamps went backwards" % backwards)
if duplicates: failures.append("%d fixes were printed twice" % duplicates)
finite = sorted(x for x in latencies if x != float("inf"))
client_stderr = open(scratch + "/client.err", errors="replace").read()
warnings = client_stderr.count("reconnecting")
races = client_stderr.count("WARNING: ThreadSanitizer")   # only with a --sanitize=thread build
if races: failures.append("ThreadSanitizer reported %d race(s) in the client" % races)
print("fault-gpsd-restart: %d restarts of a real gpsd (SIGTERM and SIGKILL in turn, down %.1f-%.1f s, seed %d) in %.0f s"
      % (len(latencies), min(downs), max(downs), seed, time.monotonic() - start))
print("  client: alive to the end: %s; exit code after Ctrl-C: %d" % ("yes" if alive else "no", code))
if finite:
    print("  reconnect (gpsd started -> next new fix at the client): median %.3f s, p90 %.3f s, max %.3f s (goal <= %.1f s)"
          % (statistics.median(finite), finite[int(0.9 * (len(finite) - 1))], finite[-1], GOAL))
print("  fixes received: %d; timestamps backwards: %d; duplicates: %d; 'reconnecting' warnings on stderr: %d"
      % (len(stamps), backwards, duplicates, warnings))
for f in failures[:20]: print("  FAIL", f)
print("PASS" if not failures else "FAIL (%d)" % len(failures))
sys.exit(0 if not failures else 1)
PY
