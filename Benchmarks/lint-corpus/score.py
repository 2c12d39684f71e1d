#!/usr/bin/env python3
"""Score `whereabouts lint` against a corpus of real apps judged by hand.

The judgement (judgement.json beside this script, or --judgement) lists each app: its repository, the
commit it was judged at, what a careful reviewer expects the linter to report (`expected`), and facts the
linter has got wrong before (`notExpected`, kept as documentation; anything reported and not expected is
a false finding anyway). For each app the script runs

    whereabouts lint <CHECKOUTS>/<OWNER+NAME>[/<lintPath>] --format json

from inside CHECKOUTS, turns every finding into a matching key, and compares the keys with the judgement.

The matching key is (rule, target, subject), compared case-insensitively; line numbers are not part of it,
since they move with every edit. The subject depends on the rule:

- missing-usage-description: the purpose key named ("needs NSLocation…");
- vague-usage-description: the purpose string's label (`NSLocationWhenInUseUsageDescription`, or
  `NSLocationTemporaryUsageDescriptionDictionary.<purpose>`);
- unused-location-key: the key, `NSLocationTemporaryUsageDescriptionDictionary.<purpose>`, or
  `UIBackgroundModes:location`;
- misspelled-or-deprecated-key: the key as written;
- missing-temporary-purpose-key: the purpose key ("uses purpose key \"X\""), or
  `NSLocationTemporaryUsageDescriptionDictionary` when the dictionary has the wrong type;
- reduced-default-needs-precise: `NSLocationDefaultAccuracyReduced`;
- background-updates-without-mode: `UIBackgroundModes:location`;
- always-without-background-use: `requestAlwaysAuthorization`;
- background-only-service-without-always: the API (`startMonitoringVisits`,
  `startMonitoringSignificantLocationChanges`, `startMonitoring`);
- unreadable-file: the file, relative to the app's folder;
- no-app-bundle: `-` (target `-`).

An expected item marked "optional" (a borderline purpose string, a deprecated key's text) counts as true
when reported and is not missed when absent. Several findings with one key count once (the same key reported
at two call sites is one judgement).
A reported key that the judgement expects is true; one it does not expect is false; an expected key
not reported is missed. Findings of rules not in the list above (notes, future rules) are listed, not
scored. Per rule the script prints precision (true / reported) and recall (true / expected), then the
totals, every false and missed finding, and the apps the linter did not fully check: a lint that
failed, 0 targets or 0 files, fewer files than the judgement's `minFiles` for the app (its targets' source
files, counted by hand), or a summary that says some targets were not checked.

With --mirrors DIR (a folder holding OWNER+NAME/repo or OWNER+NAME.git bare repositories), a missing
checkout is cloned from its mirror and every checkout is put at the recorded commit (detached HEAD);
without it, a checkout whose HEAD is not the recorded commit is scored anyway, with a warning.

    python3 Benchmarks/lint-corpus/score.py --checkouts /work/corpus --whereabouts .build/debug/whereabouts
    python3 Benchmarks/lint-corpus/score.py --checkouts /work/corpus --mirrors /work/.mirror --app owntracks+ios
    python3 Benchmarks/lint-corpus/score.py --checkouts /work/corpus --save-json /tmp/lint-json --markdown
    python3 Benchmarks/lint-corpus/score.py --checkouts /work/corpus --reports /tmp/lint-json

Exit status: 0 when the run completed (whatever the scores), 2 on a usage error or a judgement file
that does not parse.
"""

import argparse
import collections
import json
import os
import re
import subprocess
import sys

SCORED_RULES = [
    "missing-usage-description",
    "missing-temporary-purpose-key",
    "background-updates-without-mode",
    "vague-usage-description",
    "unused-location-key",
    "misspelled-or-deprecated-key",
    "always-without-background-use",
    "background-only-service-without-always",
    "reduced-default-needs-precise",
    "unreadable-file",
    "no-app-bundle",
]

TEMPORARY = "NSLocationTemporaryUsageDescriptionDictionary"


def subject_of(rule, message, relative_file):
    """The subject part of a finding's matching key, read from its message (see the module docs)."""
    if rule == "missing-usage-description":
        match = re.search(r"needs (NS\w+)", message)
        return match.group(1) if match else message.split(" ")[0]
    if rule == "vague-usage-description":
        match = re.match(r"(NS\w+(?:\.[^\s(]+)?)", message)
        return match.group(1) if match else "?"
    if rule == "unused-location-key":
        if message.startswith("UIBackgroundModes"):
            return "UIBackgroundModes:location"
        match = re.match(TEMPORARY + r' declares purpose "([^"]+)"', message)
        if match:
            return TEMPORARY + "." + match.group(1)
        return message.split(" ")[0]
    if rule == "misspelled-or-deprecated-key":
        return message.split(" ")[0]
    if rule == "missing-temporary-purpose-key":
        match = re.search(r'purpose key "([^"]+)"', message)
        return match.group(1) if match else TEMPORARY
    if rule == "reduced-default-needs-precise":
        return "NSLocationDefaultAccuracyReduced"
    if rule == "background-updates-without-mode":
        return "UIBackgroundModes:location"
    if rule == "always-without-background-use":
        return "requestAlwaysAuthorization"
    if rule == "background-only-service-without-always":
        match = re.match(r"(\w+)\(", message)
        return match.group(1) if match else "?"
    if rule == "unreadable-file":
        return relative_file
    if rule == "no-app-bundle":
        return "-"
    return message[:60]


def key_of(rule, target, subject):
    """The matching key, normalised for comparison."""
    return (rule, (target or "-").strip().lower(), subject.strip().lower())


def git(path, *args):
    """Runs git in a checkout; returns (exit status, stdout)."""
    done = subprocess.run(["git", "-C", path] + list(args), capture_output=True, text=True)
    return done.returncode, done.stdout.strip()


def find_mirror(mirrors, app):
    """The bare repository for an app in a mirror folder, if there is one."""
    for candidate in (os.path.join(mirrors, app, "repo"), os.path.join(mirrors, app + ".git"),
                      os.path.join(mirrors, app)):
        if os.path.isdir(candidate) and os.path.exists(os.path.join(candidate, "HEAD")):
            return candidate
    return None


def prepare_checkout(checkouts, app, commit, mirrors, warnings):
    """Makes sure the checkout exists (and, with mirrors, is at the recorded commit); returns its path or None."""
    path = os.path.join(checkouts, app)
    mirror = find_mirror(mirrors, app) if mirrors else None
    if not os.path.isdir(path):
        if mirror is None:
            warnings.append(f"{app}: no checkout at {path}" + (" and no mirror" if mirrors else "") + "; skipped")
            return None
        subprocess.run(["git", "clone", "-q", mirror, path], check=False)
    status, head = git(path, "rev-parse", "HEAD")
    if status != 0:
        warnings.append(f"{app}: {path} is not a git checkout; scored without checking its commit")
        return path
    if head != commit:
        if mirror is not None:
            status, _ = git(path, "checkout", "-q", "--detach", commit)
            if status != 0:
                git(path, "fetch", "-q", mirror, commit)
                status, _ = git(path, "checkout", "-q", "--detach", commit)
            _, head = git(path, "rev-parse", "HEAD")
        if head != commit:
            warnings.append(f"{app}: checkout is at {head[:12]}, the judgement is for {commit[:12]}; "
                            "findings may differ for that reason (give --mirrors to check it out)")
    return path


def run_lint(whereabouts, checkouts, app, lint_path, timeout):
    """Runs the linter on one app; returns (exit status or a failure word, the parsed JSON or None, stderr)."""
    relative = os.path.join(app, lint_path) if lint_path else app
    try:
        done = subprocess.run([whereabouts, "lint", relative, "--format", "json"], cwd=checkouts,
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", None, ""
    try:
        return done.returncode, json.loads(done.stdout), done.stderr
    except json.JSONDecodeError:
        return done.returncode, None, done.stderr


def ratio(numerator, denominator):
    return f"{numerator / denominator:.2f}" if denominator else "—"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--checkouts", required=True, help="folder of checkouts named OWNER+NAME")
    parser.add_argument("--whereabouts", default=".build/debug/whereabouts", help="the whereabouts binary")
    parser.add_argument("--judgement", default=os.path.join(here, "judgement.json"))
    parser.add_argument("--mirrors", help="folder of bare repositories (OWNER+NAME/repo) to check out from")
    parser.add_argument("--app", action="append", help="score only this app (repeatable)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per app (default 600)")
    parser.add_argument("--save-json", help="folder to keep each app's lint JSON in")
    parser.add_argument("--reports", help="score saved reports (DIR/OWNER+NAME.json from --save-json) instead of "
                        "running the linter")
    parser.add_argument("--markdown", action="store_true", help="print the per-rule table as Markdown")
    args = parser.parse_args()

    try:
        with open(args.judgement, encoding="utf-8") as handle:
            judgement = json.load(handle)
    except (OSError, json.JSONDecodeError) as error:
        print(f"cannot read the judgement {args.judgement}: {error}", file=sys.stderr)
        return 2
    whereabouts = os.path.abspath(args.whereabouts)
    if not args.reports and not os.access(whereabouts, os.X_OK):
        print(f"no whereabouts binary at {whereabouts}; build it with `swift build --product whereabouts`",
              file=sys.stderr)
        return 2
    checkouts = os.path.abspath(args.checkouts)
    if args.save_json:
        os.makedirs(args.save_json, exist_ok=True)

    counts = {rule: collections.Counter() for rule in SCORED_RULES}
    false_findings, missed_findings, unscored, unchecked, warnings = [], [], [], [], []
    apps = [entry for entry in judgement["apps"] if not args.app or entry["app"] in args.app]
    for entry in apps:
        app = entry["app"]
        path = prepare_checkout(checkouts, app, entry["commit"], args.mirrors, warnings)
        if path is None:
            continue
        if args.reports:
            try:
                with open(os.path.join(args.reports, app + ".json"), encoding="utf-8") as handle:
                    status, report, stderr = "saved", json.load(handle), ""
            except (OSError, json.JSONDecodeError) as error:
                status, report, stderr = "no saved report", None, str(error)
        else:
            status, report, stderr = run_lint(whereabouts, checkouts, app, entry.get("lintPath", ""), args.timeout)
        if report is None:
            unchecked.append(f"{app}: lint gave no JSON (exit {status}) {stderr.strip()[:200]}")
            report = {"findings": [], "summary": {"targets": 0, "files": 0, "text": ""}}
        elif args.save_json:
            with open(os.path.join(args.save_json, app + ".json"), "w", encoding="utf-8") as handle:
                json.dump(report, handle, indent=1, sort_keys=True)
        summary = report.get("summary", {})
        text = summary.get("text", "")
        if report["findings"] or summary.get("targets", 0) or summary.get("files", 0):
            if summary.get("targets", 0) == 0 or summary.get("files", 0) == 0:
                unchecked.append(f"{app}: {text}")
            elif "not checked" in text:
                unchecked.append(f"{app}: {text}")
            elif summary.get("files", 0) < entry.get("minFiles", 0):
                unchecked.append(f"{app}: {text} — the app's targets have at least {entry['minFiles']} source files")
        elif status not in (0, 2, "saved") or not text:
            unchecked.append(f"{app}: lint exit {status}, nothing reported")
        else:
            unchecked.append(f"{app}: {text}")

        prefix = app + "/"
        reported = {}
        for finding in report["findings"]:
            rule = finding["ruleId"]
            relative_file = finding.get("file", "")
            relative_file = relative_file[len(prefix):] if relative_file.startswith(prefix) else relative_file
            if rule not in counts:
                unscored.append(f"{app}: {rule} {finding.get('target')} {relative_file}:{finding.get('line')}: "
                                f"{finding['message'][:160]}")
                continue
            subject = subject_of(rule, finding["message"], relative_file)
            key = key_of(rule, finding.get("target"), subject)
            reported.setdefault(key, (finding, relative_file, subject))
        expected = {}
        for item in entry.get("expected", []):
            expected[key_of(item["rule"], item["target"], item["subject"])] = item
        for key, (finding, relative_file, subject) in sorted(reported.items()):
            if key in expected:
                counts[key[0]]["true"] += 1
            else:
                counts[key[0]]["false"] += 1
                note = next((item for item in entry.get("notExpected", [])
                             if key_of(item["rule"], item["target"], item["subject"]) == key), None)
                why = f" — judged: {note['reason']} (cause {note.get('cause', '?')})" if note else ""
                false_findings.append(
                    f"{app}: {key[0]} target={finding.get('target')} subject={subject} at "
                    f"{relative_file}:{finding.get('line')}: {finding['message'][:200]}{why}")
        for key, item in sorted(expected.items()):
            if key not in reported and not item.get("optional"):
                counts[key[0]]["missed"] += 1
                missed_findings.append(f"{app}: {item['rule']} target={item['target']} subject={item['subject']} "
                                       f"({item.get('where', '')}): {item['reason']}")

    print(f"whereabouts lint on {len(apps)} apps ({args.judgement})\n")
    rows = []
    total = collections.Counter()
    for rule in SCORED_RULES:
        count = counts[rule]
        total.update(count)
        rows.append((rule, count["true"], count["false"], count["missed"],
                     ratio(count["true"], count["true"] + count["false"]),
                     ratio(count["true"], count["true"] + count["missed"])))
    rows.append(("total", total["true"], total["false"], total["missed"],
                 ratio(total["true"], total["true"] + total["false"]),
                 ratio(total["true"], total["true"] + total["missed"])))
    header = ("rule", "true", "false", "missed", "precision", "recall")
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "|".join(["---"] + ["---:"] * 5) + "|")
        for row in rows:
            print("| " + " | ".join(str(cell) for cell in row) + " |")
    else:
        print(f"{header[0]:<40} {header[1]:>5} {header[2]:>6} {header[3]:>7} {header[4]:>10} {header[5]:>7}")
        for row in rows:
            print(f"{row[0]:<40} {row[1]:>5} {row[2]:>6} {row[3]:>7} {row[4]:>10} {row[5]:>7}")
    for title, lines in (("False findings", false_findings), ("Missed findings", missed_findings),
                         ("Apps not fully checked (the linter's own summary)", unchecked),
                         ("Findings of rules not scored", unscored), ("Warnings", warnings)):
        print(f"\n{title} ({len(lines)}):")
        for line in lines:
            print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
