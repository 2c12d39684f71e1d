#!/usr/bin/env python3
"""Line coverage of Sources/WhereaboutsCoreLocation in the live behaviour suite of scripts/check-apple.sh.

Usage: python3 scripts/live-coverage.py .build-apple/coverage/ios [.build-apple/coverage/macos ...]

Each argument names an lcov file (without its .lcov) that `llvm-cov export -format=lcov` wrote for one platform
flavour. Prints each flavour's figure and the figure of all of them together: a line counts once, as executable if
some flavour compiled it, and as executed if some flavour ran it. Then lists every line no flavour ran, each with why
(from scripts/live-coverage-reasons.tsv: file, the code of a span's first and last lines, the reason). Fails when such a line has no reason
recorded: say why it cannot run in the suite, or make the suite run it. That check needs all four live flavours
(ios, macos, visionos, watchos): with fewer, a line another flavour runs would look unexplained, so it is only noted.
"""
import os
import sys

GOAL = 90.0
# The flavours whose live suites run; a line only one of them compiles or runs is checked when all four ran.
LIVE_FLAVOURS = {"ios", "macos", "visionos", "watchos"}
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PREFIX = "Sources/WhereaboutsCoreLocation/"


def read_lcov(path):
    """{file relative to the package: {line: count}} of one lcov file."""
    lines, current = {}, None
    with open(path, encoding="utf-8") as handle:
        for raw in handle:
            raw = raw.strip()
            if raw.startswith("SF:"):
                name = os.path.relpath(raw[3:], ROOT)
                current = lines.setdefault(name, {}) if name.startswith(PREFIX) else None
            elif raw.startswith("DA:") and current is not None:
                number, count = raw[3:].split(",")[:2]
                current[int(number)] = max(current.get(int(number), 0), int(count))
    return lines


def read_reasons():
    """[(file, first line's code, last line's code, reason)] from the reasons table; `#` starts a comment line."""
    reasons = []
    path = os.path.join(ROOT, "scripts", "live-coverage-reasons.tsv")
    with open(path, encoding="utf-8") as handle:
        for number, raw in enumerate(handle, 1):
            if not raw.strip() or raw.startswith("#"):
                continue
            fields = raw.rstrip("\n").split("\t")
            if len(fields) != 4 or not fields[3].strip():
                sys.exit(
                    f"error: {path}:{number}: want four tab-separated fields: file, the first line's code, the last"
                    " line's code (the same for one line), reason"
                )
            reasons.append((fields[0], fields[1].strip(), fields[2].strip(), fields[3].strip()))
    return reasons


def explained(reasons, name, code_lines):
    """{line number: reason} for the spans the reasons name in this file (the first match of each span)."""
    spans = {}
    for file, first, last, reason in reasons:
        if file != name:
            continue
        starts = [index for index, code in enumerate(code_lines) if code.strip() == first]
        if not starts:
            sys.exit(f"error: scripts/live-coverage-reasons.tsv names a line not in {name}: {first}")
        start = starts[0]
        # The span ends at the first line with the last line's code indented no deeper than the first line (the
        # closing brace of a function, not one inside it).
        depth = len(code_lines[start]) - len(code_lines[start].lstrip())
        end = next(
            (
                index
                for index in range(start, len(code_lines))
                if code_lines[index].strip() == last
                and len(code_lines[index]) - len(code_lines[index].lstrip()) <= depth
            ),
            None,
        )
        if end is None:
            sys.exit(f"error: scripts/live-coverage-reasons.tsv: no line '{last}' after '{first}' in {name}")
        for index in range(start, end + 1):
            spans[index + 1] = reason
    return spans


def figure(lines):
    executable = sum(len(counts) for counts in lines.values())
    executed = sum(1 for counts in lines.values() for count in counts.values() if count > 0)
    percent = 100.0 * executed / executable if executable else 0.0
    return executed, executable, percent


def main(arguments):
    if not arguments:
        sys.exit(__doc__)
    union = {}
    print("== line coverage of Sources/WhereaboutsCoreLocation by the behaviour suite through LocationClient.live()")
    for argument in arguments:
        flavour = os.path.basename(argument)
        lines = read_lcov(argument + ".lcov")
        executed, executable, percent = figure(lines)
        print(f"{flavour}: {executed} of {executable} lines executed ({percent:.1f} %)")
        for name, counts in lines.items():
            merged = union.setdefault(name, {})
            for number, count in counts.items():
                merged[number] = max(merged.get(number, 0), count)
    executed, executable, percent = figure(union)
    verdict = "meets" if percent >= GOAL else "is below"
    print(
        f"all {len(arguments)} flavours: {executed} of {executable} lines executed ({percent:.1f} %), which {verdict}"
        f" the goal of {GOAL:.0f} %"
    )
    reasons = read_reasons()
    unexplained = 0
    missed = [(name, number) for name in sorted(union) for number in sorted(union[name]) if union[name][number] == 0]
    if missed:
        print("Lines no flavour executed, and why:")
    sources = {}
    for name, number in missed:
        if name not in sources:
            with open(os.path.join(ROOT, name), encoding="utf-8") as handle:
                code_lines = handle.read().split("\n")
            sources[name] = (code_lines, explained(reasons, name, code_lines))
        code_lines, spans = sources[name]
        reason = spans.get(number)
        if reason is None:
            unexplained += 1
            reason = "NO REASON RECORDED: add one to scripts/live-coverage-reasons.tsv, or make the suite run it"
        print(f"  {name}:{number}: {code_lines[number - 1].strip()}\n      {reason}")
    if unexplained:
        given = {os.path.basename(argument) for argument in arguments}
        if not LIVE_FLAVOURS <= given:
            missing = ", ".join(sorted(LIVE_FLAVOURS - given))
            print(
                f"note: {unexplained} line(s) not executed with no reason recorded (above), which {missing} may run:"
                " lines are checked for reasons only when all four live flavours ran (bash scripts/check-apple.sh"
                " with no flavour named)"
            )
            return 0
        print(f"error: {unexplained} line(s) not executed with no reason recorded (above)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
