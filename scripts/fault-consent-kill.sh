#!/usr/bin/env bash
# Fault test: the consent store's writer killed with kill -9 at random moments, N times (default 1000).
#
# `whereabouts-bench fault-consent-writer` writes a known sequence of grant changes through FileConsentStore,
# printing "begin K" before and "committed K" after each write. `whereabouts-bench fault-consent-kill` starts it,
# kills it (SIGKILL) after a random 0-40 ms, and checks the file: it must parse, read without a warning, and hold
# exactly the grants after the last committed write or after the one in flight; never an earlier state (a lost
# grant), never another one (an invented grant), never a file moved aside as corrupt. The next writer goes on
# from there. See `whereabouts-bench fault-consent-kill --help`.
#
# Usage: scripts/fault-consent-kill.sh [N] [SEED]      Exit 0 only when every kill passes.
set -euo pipefail
N="${1:-1000}"
SEED="${2:-1}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
# WHEREABOUTS_BIN_DIR: use binaries built already (e.g. .build-tsan/debug) instead of a release build.
if [ -n "${WHEREABOUTS_BIN_DIR:-}" ]; then
    BIN_DIR="$WHEREABOUTS_BIN_DIR"
else
    echo "Building whereabouts-bench (release)..." >&2
    swift build -c release --product whereabouts-bench >&2
    BIN_DIR="$(swift build -c release --show-bin-path)"
fi
# The consent file lives on a real disk folder under the scratch path, as a user's would (not tmpfs).
mkdir -p "$ROOT/.build"
WORK="$(mktemp -d "$ROOT/.build/consent-kill.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
"$BIN_DIR/whereabouts-bench" fault-consent-kill --kills "$N" --seed "$SEED" --work-directory "$WORK"
