#!/usr/bin/env python3
"""Per-platform availability of the Apple stand-ins, generated from AppleStandIns/Declarations.tsv.

  python3 scripts/standins.py --check   changes nothing; exits 1 naming file:line and the fix when the stand-ins and
                                        the table disagree (scripts/check-apple.sh runs it first)
  python3 scripts/standins.py --write   rewrites, in place, the availability block before each declaration
  python3 scripts/standins.py --list    prints each declaration the tool finds (module, qualified name, file:line)

The table has one row per public or open declaration of AppleStandIns/ (types, members, enum cases, constants,
protocol requirements): its module, its qualified name, the platforms Apple's SDK lacks it on (ios, macos, watchos,
visionos, tvos, comma-separated, or `-`), and the header (`iOS 18.0 SDK, CoreLocation.framework/Headers/X.h`) or
documentation page (`https://developer.apple.com/documentation/...`) that says so.

For a declaration unavailable somewhere, --write puts, after its doc comment:

    #if WHEREABOUTS_STANDIN_MACOS
    @available(*, unavailable, message: "CLServiceSession is not available on macOS")
    #endif
    @available(macOS, unavailable)

The `#if` block is what makes a flavour of scripts/check-apple.sh (built with WHEREABOUTS_STANDIN_<FLAVOUR>) reject
the declaration; the `@available(<Platform>, unavailable)` marks are Apple's spelling, which the compiler on Linux
does not act on. A protocol requirement cannot be unavailable in a Swift protocol, so a requirement (and its default
implementation in an extension of the protocol) is left out instead, between `#if !(WHEREABOUTS_STANDIN_...)` and
`#endif`. Everything else in the files (bodies, doc comments, version availability) is left as it is, so --write
works on files whose bodies changed, and running it twice changes nothing the second time.

Files named StandIn*.swift are not Apple API (a runnable model behind the stand-ins) and are skipped, and so is
AppleStandIns/PreviewsMacros (the compiler plugin behind the stand-in `#Preview`, not a module of the SDK); declarations
that are neither public nor open, other than enum cases and protocol requirements, are not counted.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STANDINS = os.path.join(ROOT, "AppleStandIns")
TABLE = os.path.join(STANDINS, "Declarations.tsv")
WRITE_HINT = "run python3 scripts/standins.py --write"

# Platforms in the order their marks are written: (table name, Swift spelling, define).
PLATFORMS = [
    ("ios", "iOS", "WHEREABOUTS_STANDIN_IOS"),
    ("macos", "macOS", "WHEREABOUTS_STANDIN_MACOS"),
    ("watchos", "watchOS", "WHEREABOUTS_STANDIN_WATCHOS"),
    ("visionos", "visionOS", "WHEREABOUTS_STANDIN_VISIONOS"),
    ("tvos", "tvOS", "WHEREABOUTS_STANDIN_TVOS"),
]
PLATFORM_NAMES = [p[0] for p in PLATFORMS]
SWIFT_NAME = {p[0]: p[1] for p in PLATFORMS}
DEFINE = {p[0]: p[2] for p in PLATFORMS}

SOURCE_PATTERNS = [
    # An SDK header or Swift interface: "iOS 18.0 SDK, CoreLocation.framework/Headers/CLServiceSession.h" (a framework
    # name may hold underscores: _MapKit_SwiftUI.framework).
    re.compile(r"^(iOS|macOS|watchOS|visionOS|tvOS) \d+(\.\d+)+ SDK, [A-Za-z_]+\.framework/(Versions/A/)?"
               r"(Headers/[A-Za-z0-9_+]+\.h|Modules/[A-Za-z0-9_.+/-]+\.swiftinterface)$"),
    # A Swift interface shipped with Xcode: "Xcode 14.1, XcodeProjectPlugin.swiftinterface".
    re.compile(r"^Xcode \d+(\.\d+)+, [A-Za-z0-9_./+-]+\.swiftinterface$"),
    # An Apple documentation page.
    re.compile(r"^https://developer\.apple\.com/documentation/[a-z0-9_./():-]+$"),
]
SOURCE_FORMS = ("an SDK header with its SDK and version (\"iOS 18.0 SDK, CoreLocation.framework/Headers/"
                "CLLocationManager.h\"), \"Xcode <version>, <name>.swiftinterface\", or an Apple documentation page "
                "(\"https://developer.apple.com/documentation/corelocation/...\")")

DEFINE_TERM = r"WHEREABOUTS_STANDIN_[A-Z]+"
# The generated lines: an `#if`/`#elseif` naming one flavour, the unavailable attribute (on one line or as
# swift-format breaks it), `#endif`, Apple's marks, and the `#if !(...)` that leaves a requirement out.
IF_FLAVOUR = re.compile(r"^\s*#(if|elseif) (" + DEFINE_TERM + r"( \|\| " + DEFINE_TERM + r")*)\s*$")
IF_LEAVE_OUT = re.compile(r"^\s*#if !\(?(" + DEFINE_TERM + r"( \|\| " + DEFINE_TERM + r")*)\)?\s*$")
MARK = re.compile(r"@available\((iOS|macOS|watchOS|visionOS|tvOS), unavailable\)")
UNAVAILABLE_START = re.compile(r"^\s*@available\(\s*(\*, unavailable, message: \".*\"\))?\s*$")

TYPE_KEYWORDS = ("class", "struct", "enum", "protocol", "actor", "extension")
MODIFIERS = {"class", "public", "open", "final", "override", "nonisolated", "weak", "static", "convenience", "required",
             "mutating", "indirect", "dynamic", "lazy", "unowned", "internal", "private", "fileprivate", "package"}


class Failure:
    """The problems found, each with where it is and what to do."""

    def __init__(self):
        self.messages = []

    def add(self, where, what):
        self.messages.append(f"{where}: error: {what}")


def relative(path):
    return os.path.relpath(path, ROOT)


def standin_files():
    """The stand-in files the table covers: every .swift under AppleStandIns/ but StandIn*.swift and the macro plugin."""
    found = []
    for folder, _, names in os.walk(STANDINS):
        if os.path.relpath(folder, STANDINS).split(os.sep)[0] == "PreviewsMacros":
            continue
        for name in names:
            if name.endswith(".swift") and not name.startswith("StandIn"):
                found.append(os.path.join(folder, name))
    return sorted(found)


def module_of(path):
    return os.path.relpath(path, STANDINS).split(os.sep)[0]


def code_of(line):
    """The line without its comment and the contents of its string literals (for counting brackets)."""
    out, quoted, i = [], False, 0
    while i < len(line):
        c = line[i]
        if quoted:
            if c == "\\":
                i += 2
                continue
            if c == '"':
                quoted = False
                out.append(c)
        elif c == '"':
            quoted = True
            out.append(c)
        elif line.startswith("//", i):
            break
        else:
            out.append(c)
        i += 1
    return "".join(out)


# ---------------------------------------------------------------------------------------------------------------------
# Reading the table


def read_table(failure):
    """Rows keyed by (module, qualified name): (unavailable platforms, source, line)."""
    rows = {}
    where = relative(TABLE)
    if not os.path.exists(TABLE):
        failure.add(where, "the table is missing; it lists every stand-in declaration with its source")
        return rows
    header_seen = False
    with open(TABLE, encoding="utf-8") as table:
        for number, raw in enumerate(table, 1):
            line = raw.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            fields = line.split("\t")
            if not header_seen:
                header_seen = True
                if fields != ["module", "declaration", "unavailable", "source"]:
                    failure.add(f"{where}:{number}", "the header row must be module, declaration, unavailable and "
                                "source, separated by tabs")
                    return rows
                continue
            at = f"{where}:{number}"
            if len(fields) != 4:
                failure.add(at, f"a row has 4 tab-separated fields (module, declaration, unavailable, source); this "
                            f"one has {len(fields)}: separate them with one tab each")
                continue
            module, name, unavailable, source = (f.strip() for f in fields)
            if unavailable == "-":
                platforms = []
            else:
                platforms = [p.strip() for p in unavailable.split(",")]
                unknown = [p for p in platforms if p not in PLATFORM_NAMES]
                if unknown or not platforms:
                    failure.add(at, f"{name}: unknown platform {', '.join(unknown) or '(none)'} in the unavailable "
                                f"column; use {', '.join(PLATFORM_NAMES)} separated by commas, or - for none")
                    continue
            if not source:
                failure.add(at, f"{name} has no source: give the header or Apple documentation page it was checked "
                            f"against, as {SOURCE_FORMS}")
            elif not any(p.match(source) for p in SOURCE_PATTERNS):
                failure.add(at, f"{name}: the source \"{source}\" is not {SOURCE_FORMS}")
            if (module, name) in rows:
                failure.add(at, f"{module} {name} has a row already, at line {rows[(module, name)][2]}; keep one")
                continue
            rows[(module, name)] = (sorted(platforms, key=PLATFORM_NAMES.index), source, number)
    if not header_seen:
        failure.add(where, "the table has no header row (module, declaration, unavailable, source)")
    return rows


# ---------------------------------------------------------------------------------------------------------------------
# Finding declarations


class Declaration:
    """One public declaration: its qualified name and lines (0-based, first line to last line of its signature or
    body), and whether it is a protocol requirement or a default implementation of one (left out, not marked)."""

    def __init__(self, path, name, start, end, indent, leave_out):
        self.path, self.name, self.start, self.end = path, name, start, end
        self.indent, self.leave_out = indent, leave_out


def argument_labels(text, subscript=False):
    """`(a: Int, b c: Int, _ d: Int)` gives "a:b:_:"; attributes before a parameter (`@ViewBuilder content: ...`) are
    not labels. A subscript's parameters have no label unless they name one: `subscript(key: K)` gives "_:"."""
    depth, part, parts = 0, [], []
    for n, c in enumerate(text):
        if c in "([{<":
            depth += 1
        elif c in ")]}" or (c == ">" and text[n - 1 : n] != "-"):
            depth -= 1
        if c == "," and depth == 0:
            parts.append("".join(part))
            part = []
        else:
            part.append(c)
    parts.append("".join(part))
    labels = ""
    for p in parts:
        p = p.strip()
        if not p:
            continue
        head = [token for token in p.split(":")[0].split() if not token.startswith("@")]
        if subscript and len(head) < 2:
            labels += "_:"
            continue
        labels += (head[0] if head else "_") + ":"
    return labels


def signature_end(lines, start):
    """The line where a declaration's parameter list closes and its body (if it has one) ends."""
    paren, brace, i, opened = 0, 0, start, False
    while i < len(lines):
        code = code_of(lines[i])
        for c in code:
            if c == "(":
                paren += 1
            elif c == ")":
                paren -= 1
            elif c == "{":
                brace += 1
                opened = True
            elif c == "}":
                brace -= 1
        if paren <= 0 and brace <= 0:
            nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
            if opened or not nxt.startswith(("->", "throws", "async", "where", "{")):
                return i
        i += 1
    return len(lines) - 1


def parameters(lines, start, after):
    """The text inside the first parenthesis after column `after` of line `start`, across lines."""
    text = code_of(lines[start])[after:]
    i = start
    while text.count("(") == 0 or text.count("(") > text.count(")"):
        i += 1
        if i >= len(lines):
            break
        text += " " + code_of(lines[i])
    open_at = text.find("(")
    depth = 0
    for j in range(open_at, len(text)):
        if text[j] == "(":
            depth += 1
        elif text[j] == ")":
            depth -= 1
            if depth == 0:
                return text[open_at + 1:j]
    return text[open_at + 1:]


DECL = re.compile(r"^(\s*)((?:[a-z]+\s+)*?)(class|struct|enum|protocol|actor|extension|func|init|var|let|typealias|"
                  r"case|associatedtype|subscript|macro)\b\s*([A-Za-z_][A-Za-z0-9_]*|`[^`]+`)?")


def declarations(path, lines):
    """The public declarations of a file, in order, and the file's problems the table cannot describe."""
    found = []
    scopes = []  # (name, kind, depth inside its braces, public)
    protocols = set()
    depth = 0
    for index, line in enumerate(lines):
        code = code_of(line)
        stripped = code.strip()
        match = DECL.match(code) if stripped and not stripped.startswith(("@", "#")) else None
        if match:
            modifiers = match.group(2).split()
            keyword, name = match.group(3), match.group(4) or ""
            if keyword == "class" and name in ("func", "var", "let", "subscript"):
                modifiers.append("class")
                keyword = name
                rest = code[match.end():]
                named = re.match(r"\s*([A-Za-z_][A-Za-z0-9_]*)", rest)
                name = named.group(1) if named else ""
            if all(m in MODIFIERS for m in modifiers):
                inside = scopes[-1] if scopes and scopes[-1][2] == depth else None
                public = "public" in modifiers or "open" in modifiers
                in_protocol = inside is not None and inside[1] == "protocol"
                in_public_enum = inside is not None and inside[1] == "enum" and inside[3]
                counted = public or (keyword == "case" and in_public_enum) or (in_protocol and keyword != "case")
                prefix = ".".join(s[0] for s in scopes if s[2] <= depth)
                if keyword in ("func", "init", "subscript", "macro"):
                    after = code.find(name, match.start(3)) + len(name) if name else match.end(3)
                    if keyword in ("init", "subscript"):
                        after = match.end(3)
                        name = keyword
                    simple = f"{name}({argument_labels(parameters(lines, index, after), keyword == 'subscript')})"
                else:
                    simple = name
                qualified = f"{prefix}.{simple}" if prefix else simple
                if keyword in TYPE_KEYWORDS:
                    scopes.append((name, keyword, depth + 1, public))
                    if keyword == "protocol":
                        protocols.add(name)
                    if keyword == "extension":
                        counted = False
                if counted and keyword != "extension":
                    end = signature_end(lines, index) if keyword in ("func", "init", "subscript", "macro") else index
                    leave_out = in_protocol or (inside is not None and inside[1] == "extension" and inside[0] in protocols)
                    found.append(Declaration(path, qualified, index, end, match.group(1), leave_out))
        for c in code:
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                while scopes and scopes[-1][2] > depth:
                    scopes.pop()
    return found


# ---------------------------------------------------------------------------------------------------------------------
# Removing and generating the availability blocks


def in_bodies(lines):
    """For each line, whether it begins inside a body (of a function, property or closure) rather than among the
    declarations of a file or type: bodies are left as they are, whatever conditions they hold."""
    inside, stack = [], []
    for line in lines:
        inside.append("code" in stack)
        code = code_of(line)
        match = DECL.match(code)
        opens_type = bool(match) and match.group(3) in TYPE_KEYWORDS and "code" not in stack
        for c in code:
            if c == "{":
                stack.append("type" if opens_type else "code")
                opens_type = False
            elif c == "}" and stack:
                stack.pop()
    return inside


def strip_generated(path, lines, failure):
    """The file without its generated lines, and each kept line's number in the original (for messages). An
    `#if` naming a flavour that is not in a generated form is reported: per-symbol conditions come from the table."""
    keep = [True] * len(lines)
    body = in_bodies(lines)
    stack = []  # for each open #if: (line, "mark" | "leave-out" | "other")
    i = 0
    while i < len(lines):
        line = lines[i]
        s = line.strip()
        if body[i]:
            i += 1
            continue
        if IF_FLAVOUR.match(line) and s.startswith("#if"):
            # A generated block: #if/#elseif flavour, one unavailable attribute each, #endif.
            j, ok = i, True
            while j < len(lines):
                head = lines[j].strip()
                if head == "#endif":
                    break
                if not (IF_FLAVOUR.match(lines[j]) and (j == i or head.startswith("#elseif"))):
                    ok = False
                    break
                j += 1
                if j < len(lines) and re.match(r"^\s*@available\(\*, unavailable, message: \".*\"\)\s*$", lines[j]):
                    j += 1
                elif j < len(lines) and UNAVAILABLE_START.match(lines[j]) and lines[j].strip() == "@available(":
                    k = j + 1
                    while k < len(lines) and lines[k].strip() != ")":
                        k += 1
                    j = k + 1
                else:
                    ok = False
                    break
            if ok and j < len(lines):
                for k in range(i, j + 1):
                    keep[k] = False
                i = j + 1
                continue
            failure.add(f"{relative(path)}:{i + 1}", "a hand-written platform condition: per-platform availability "
                        f"comes from {relative(TABLE)}; delete the block, set the platforms in the declaration's row "
                        f"and {WRITE_HINT}")
            stack.append((i, "other"))
        elif IF_LEAVE_OUT.match(line):
            keep[i] = False
            stack.append((i, "leave-out"))
        elif s.startswith("#if"):
            if "WHEREABOUTS_STANDIN_" in s:
                failure.add(f"{relative(path)}:{i + 1}", "a hand-written platform condition: per-platform "
                            f"availability comes from {relative(TABLE)}; delete it, set the platforms in the "
                            f"declaration's row and {WRITE_HINT}")
            stack.append((i, "other"))
        elif s == "#endif" and stack:
            _, kind = stack.pop()
            if kind == "leave-out":
                keep[i] = False
        elif MARK.search(line) and s.startswith("@"):
            rest = MARK.sub("", line).strip()
            if rest:
                lines[i] = re.sub(r"\s+$", "", line[:len(line) - len(line.lstrip())] + re.sub(r"\s{2,}", " ", rest))
            else:
                keep[i] = False
        i += 1
    kept = [line for line, k in zip(lines, keep) if k]
    origin = [n for n, k in enumerate(keep) if k]
    return kept, origin


def unavailable_attribute(indent, message):
    one_line = f'{indent}@available(*, unavailable, message: "{message}")'
    if len(one_line) <= 120:
        return [one_line]
    inner = indent + "    "
    return [f"{indent}@available(", f"{inner}*,", f"{inner}unavailable,", f'{inner}message: "{message}"', f"{indent})"]


def marks(indent, platforms):
    each = [f"@available({SWIFT_NAME[p]}, unavailable)" for p in platforms]
    one_line = indent + " ".join(each)
    if len(one_line) <= 120:
        return [one_line]
    return [indent + m for m in each]


def enclosing(name):
    """The qualified names of the types a declaration is in, innermost first: A.B.c(x:) gives A.B and A."""
    parts = name.split("(")[0].split(".")
    return [".".join(parts[:n]) for n in range(len(parts) - 1, 0, -1)]


def inherited(module, name, rows):
    """The platforms a declaration's enclosing types already lack (so it needs no block of its own for them)."""
    found = set()
    for outer in enclosing(name):
        if (module, outer) in rows:
            found.update(rows[(module, outer)][0])
    return found


def generate(lines, found, rows, module):
    """The file with each declaration's availability block written from its row."""
    before, after = {}, {}
    for decl in found:
        row = rows.get((module, decl.name))
        if not row:
            continue
        outer = inherited(module, decl.name, rows)
        platforms = [p for p in row[0] if p not in outer]
        if not platforms:
            continue
        # The attributes directly above the declaration, then the doc comment above those.
        top = decl.start
        while top > 0 and lines[top - 1].strip().startswith("@"):
            top -= 1
        doc = top
        while doc > 0 and lines[doc - 1].strip().startswith("///"):
            doc -= 1
        block = []
        if decl.leave_out:
            condition = " || ".join(DEFINE[p] for p in platforms)
            condition = f"!({condition})" if len(platforms) > 1 else f"!{condition}"
            before.setdefault(doc, []).append(f"{decl.indent}#if {condition}")
            after.setdefault(decl.end, []).append(f"{decl.indent}#endif")
        else:
            for n, p in enumerate(platforms):
                block.append(f"{decl.indent}#{'if' if n == 0 else 'elseif'} {DEFINE[p]}")
                block += unavailable_attribute(decl.indent, f"{decl.name} is not available on {SWIFT_NAME[p]}")
            block.append(f"{decl.indent}#endif")
        block += marks(decl.indent, platforms)
        before.setdefault(top, []).extend(block)
    out = []
    for n, line in enumerate(lines):
        out += before.get(n, [])
        out.append(line)
        out += after.get(n, [])
    return out


# ---------------------------------------------------------------------------------------------------------------------


def main(argv):
    if len(argv) != 2 or argv[1] not in ("--check", "--write", "--list"):
        print("usage: python3 scripts/standins.py --check | --write | --list", file=sys.stderr)
        return 64
    mode = argv[1]
    failure = Failure()
    rows = read_table(failure)
    for (module, name), (platforms, _, number) in rows.items():
        missing = [p for p in sorted(inherited(module, name, rows), key=PLATFORM_NAMES.index) if p not in platforms]
        if missing:
            failure.add(f"{relative(TABLE)}:{number}", f"{name} is in a type that is unavailable on "
                        f"{', '.join(missing)}, which its row does not say: add {', '.join(missing)} to it")
    seen = set()
    changed = []
    for path in standin_files():
        with open(path, encoding="utf-8") as f:
            original = f.read().split("\n")
        module = module_of(path)
        stripped, origin = strip_generated(path, list(original), failure)
        found = declarations(path, stripped)
        for decl in found:
            where = f"{relative(path)}:{origin[decl.start] + 1}"
            if mode == "--list":
                print(f"{module}\t{decl.name}\t{where}")
            key = (module, decl.name)
            if key not in rows:
                if key in seen:
                    continue
                failure.add(where, f"{decl.name} has no row in {relative(TABLE)}: add \"{module}<TAB>{decl.name}"
                            f"<TAB><platforms it is unavailable on, or -><TAB><the header (SDK and version) or Apple "
                            f"documentation page it was checked against>\", then {WRITE_HINT}")
            seen.add(key)
        generated = generate(stripped, found, rows, module)
        if generated != original:
            changed.append(path)
            if mode == "--write":
                with open(path, "w", encoding="utf-8") as f:
                    f.write("\n".join(generated))
            elif mode == "--check":
                first = next((n for n, (a, b) in enumerate(zip(generated, original)) if a != b),
                             min(len(generated), len(original)))
                failure.add(f"{relative(path)}:{first + 1}", "the availability blocks differ from what "
                            f"{relative(TABLE)} gives (edited by hand, or the table changed): {WRITE_HINT}")
    for (module, name), (_, _, number) in sorted(rows.items(), key=lambda item: item[1][2]):
        if (module, name) not in seen:
            failure.add(f"{relative(TABLE)}:{number}", f"{module} {name} has a row but no declaration in "
                        f"AppleStandIns/{module}: delete the row, or correct its name to the declaration's")
    if failure.messages:
        print("\n".join(failure.messages), file=sys.stderr)
        print(f"error: the Apple stand-ins and {relative(TABLE)} disagree ({len(failure.messages)} problems above)",
              file=sys.stderr)
        return 1
    if mode == "--write":
        print(f"standins: {len(changed)} files rewritten from {relative(TABLE)}" if changed
              else f"standins: every file already follows {relative(TABLE)}")
    elif mode == "--check":
        print(f"standins: {len(seen)} declarations match {relative(TABLE)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
