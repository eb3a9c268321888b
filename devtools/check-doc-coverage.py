#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# Every option a user can give appears in the guide: each DPAA_MODEL setting,
# value, board, wire and wire option the parser accepts (lib/dpaa_model), each
# DPAA2_KERNEL_MODEL setting, value and board (lib/dpaa2_model), each
# device argument the drivers parse or announce (drivers/net/dpaa,
# drivers/bus/dpaa, drivers/net/dpaa2) and each environment variable they
# read. The lists come from the source, so a new option without
# documentation fails this check.
# It looks in the literal text (``...`` and literal blocks) of
# doc/guides/nics/dpaa.rst, dpaa_model_wires.rst, dpaa_usdpaa_emu.rst,
# dpaa2_model.rst, dpaa2_fslmc_emu.rst or dpaa2.rst: a key must appear as
# "key=", a word as itself.
# It also checks that the "Features" table of each NIC guide (dpaa.rst,
# dpaa2.rst) names exactly the rows its features/*.ini claims, so that the
# guide and DPDK's feature matrix cannot drift apart.
#
#   devtools/check-doc-coverage.py [source root]
import pathlib
import re
import sys

DOCS = [
    "doc/guides/nics/dpaa.rst",
    "doc/guides/nics/dpaa_model_wires.rst",
    "doc/guides/nics/dpaa_usdpaa_emu.rst",
    "doc/guides/nics/dpaa2_model.rst",
    "doc/guides/nics/dpaa2_fslmc_emu.rst",
    "doc/guides/nics/dpaa2.rst",
]
MODEL_PARSER = ["lib/dpaa_model/config.cpp", "lib/dpaa_model/wire_*.cpp"]
BOARDS = "lib/dpaa_model/board.cpp"
# The DPAA2 model's own settings and boards (its wires are DPAA1's parser's).
DPAA2_PARSER = "lib/dpaa2_model/config.cpp"
DPAA2_BOARDS = "lib/dpaa2_model/board.cpp"
# The run settings (mode, throttle, cpu) both models take, parsed once in the
# shared wire items by run_setting().
SHARED_RUN_SETTINGS = "lib/dpaa_model/wire_config.cpp"
RUN_SETTING_BODY = re.compile(r"\brun_setting\s*\([^)]*\)\s*\{(.*?)^\}", re.S | re.M)
DRIVERS = ["drivers/net/dpaa", "drivers/bus/dpaa", "drivers/net/dpaa2"]
CODE = ["drivers", "lib"]
SOURCE_SUFFIXES = {".c", ".cpp", ".h", ".hpp"}
# (the feature matrix's file, the guide whose "Features" table lists its rows)
FEATURE_LISTS = [("doc/guides/nics/features/dpaa.ini", "doc/guides/nics/dpaa.rst"),
                 ("doc/guides/nics/features/dpaa2.ini", "doc/guides/nics/dpaa2.rst")]
# The "Features" section up to the next heading of any level.
FEATURES_SECTION = re.compile(r"^Features\n-{8}\n(.*?)(?=^\S[^\n]*\n[-=~]{3,}\n|\Z)", re.S | re.M)
TABLE_ROW = re.compile(r"^   \* - (.+)$", re.M)

WORD = r"[A-Za-z_][\w-]*"
# <variable> == "literal": the variable's name says what the literal is: a key
# (key, k), a wire kind, a value.
COMPARISON = re.compile(r"\b(\w+)\s*==\s*\"(" + WORD + r")\"")
KEY_NAMES = {"key", "k"}
KIND_NAMES = {"kind"}
VALUE_NAMES = {"value", "v"}
# options(it, kind, rest, {"rx", "tx"}, opts): the keys a wire accepts.
OPTION_LIST = re.compile(r"\boptions\s*\([^{;)]*\{([^}]*)\}", re.S)
BOARD_ENTRY = re.compile(r"^\s*\{\s*\"([a-z0-9]+(?:-[a-z0-9]+)+)\"\s*,\s*$", re.M)
# {"lx2160a-rdb", "LX2160A", ...: the board's name first, on the entry's line.
DPAA2_BOARD_ENTRY = re.compile(r"^\s*\{\s*\"([a-z0-9]+(?:-[a-z0-9]+)+)\"\s*,\s*\"", re.M)
KVARGS_PARSE = re.compile(r"\brte_kvargs_parse\s*\([^,]+,\s*(\w+)\s*\)")
PARAM_STRING = re.compile(r"\b\w*REGISTER_PARAM_STRING\s*\(\s*\w+\s*,((?:\s*\"[^\"]*\")+)\s*\)")
GETENV = re.compile(r"\b(?:secure_)?getenv\s*\(\s*(\"[^\"]+\"|\w+)\s*\)")
STRING = re.compile(r"\"([^\"]*)\"")


def line_of(text, pos):
    return text.count("\n", 0, pos) + 1


class Source:
    def __init__(self, root, rel):
        self.rel = rel
        self.text = (root / rel).read_text(encoding="utf-8")

    def where(self, pos):
        return f"{self.rel}:{line_of(self.text, pos)}"

    def constant(self, name):
        """The string a `name = "..."` in this file gives name, or None."""
        m = re.search(r"\b" + re.escape(name) + r"\s*(?:\[\s*\])?\s*=\s*\"([^\"]*)\"", self.text)
        return m.group(1) if m else None

    def array(self, name):
        """The strings of `name[] = {...}`, identifiers resolved in this file."""
        m = re.search(r"\b" + re.escape(name) + r"\s*\[\s*\]\s*=\s*\{([^}]*)\}", self.text)
        if not m:
            return None
        out = []
        for item in (i.strip() for i in m.group(1).split(",")):
            if item.startswith('"'):
                out.append(item.strip('"'))
            elif item and item not in ("nullptr", "NULL"):
                value = self.constant(item)
                if value is None:
                    return None
                out.append(value)
        return out


def sources(root, patterns):
    for pattern in patterns:
        for path in sorted(root.glob(pattern)):
            if path.is_dir():
                for f in sorted(path.rglob("*")):
                    if f.suffix in SOURCE_SUFFIXES:
                        yield Source(root, f.relative_to(root))
            else:
                yield Source(root, path.relative_to(root))


def literal_text(rst):
    """The inline literals and literal blocks of a reStructuredText file."""
    parts = [m.group(1) for m in re.finditer(r"``(.+?)``", rst, re.S)]
    lines = rst.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].rstrip().endswith("::"):
            i += 1
            while i < len(lines) and (not lines[i].strip() or lines[i][0] in " \t"):
                parts.append(lines[i])
                i += 1
        else:
            i += 1
    return "\n".join(parts)


class Needs:
    """What the guide must show: (category, token, form, where in the source)."""

    def __init__(self):
        self.items = {}

    def add(self, category, token, form, where):
        self.items.setdefault((category, token, form), where)

    def count(self, category):
        return sum(1 for c, _, _ in self.items if c == category)


def model_options(root, needs):
    for src in sources(root, MODEL_PARSER):
        for m in COMPARISON.finditer(src.text):
            what, literal = m.group(1), m.group(2)
            if what in KEY_NAMES:
                needs.add("DPAA_MODEL setting or wire option", literal, "key", src.where(m.start()))
            elif what in KIND_NAMES:
                needs.add("DPAA_MODEL wire", literal, "word", src.where(m.start()))
            elif what in VALUE_NAMES:
                needs.add("DPAA_MODEL value", literal, "word", src.where(m.start()))
        for m in OPTION_LIST.finditer(src.text):
            for key in STRING.findall(m.group(1)):
                needs.add("DPAA_MODEL setting or wire option", key, "key", src.where(m.start()))
    src = Source(root, BOARDS)
    for m in BOARD_ENTRY.finditer(src.text):
        needs.add("DPAA_MODEL board", m.group(1), "word", src.where(m.start()))
        needs.add("DPAA_MODEL setting or wire option", "board", "key", src.where(m.start()))


def dpaa2_model_options(root, needs):
    """DPAA2_KERNEL_MODEL's settings and values, and the DPAA2 boards; False
    when the tree has no DPAA2 model."""
    if not (root / DPAA2_PARSER).exists():
        return False
    src = Source(root, DPAA2_PARSER)
    spans = [(src, 0, len(src.text))]
    shared = Source(root, SHARED_RUN_SETTINGS)
    body = RUN_SETTING_BODY.search(shared.text)
    if body:
        spans.append((shared, body.start(1), body.end(1)))
    for text_src, start, end in spans:
        for m in COMPARISON.finditer(text_src.text, start, end):
            what, literal = m.group(1), m.group(2)
            if what in KEY_NAMES:
                needs.add("DPAA2_KERNEL_MODEL setting", literal, "key", text_src.where(m.start()))
            elif what in VALUE_NAMES:
                needs.add("DPAA2_KERNEL_MODEL value", literal, "word", text_src.where(m.start()))
    src = Source(root, DPAA2_BOARDS)
    for m in DPAA2_BOARD_ENTRY.finditer(src.text):
        needs.add("DPAA2_KERNEL_MODEL board", m.group(1), "word", src.where(m.start()))
        needs.add("DPAA2_KERNEL_MODEL setting", "board", "key", src.where(m.start()))
    return True


def devargs(root, needs, problems):
    for src in sources(root, DRIVERS):
        for m in KVARGS_PARSE.finditer(src.text):
            keys = src.array(m.group(1))
            if keys is None:
                problems.append(f"{src.where(m.start())}: cannot read the keys of {m.group(1)}[]; "
                                "update devtools/check-doc-coverage.py")
                continue
            for key in keys:
                needs.add("device argument", key, "key", src.where(m.start()))
        for m in PARAM_STRING.finditer(src.text):
            text = "".join(STRING.findall(m.group(1)))
            for param in text.split():
                key, _, values = param.partition("=")
                needs.add("device argument", key, "key", src.where(m.start()))
                for value in values.split("|"):
                    if re.fullmatch(WORD, value):
                        needs.add("device argument value", value, "word", src.where(m.start()))


def environment(root, needs, problems):
    for src in sources(root, CODE):
        for m in GETENV.finditer(src.text):
            arg = m.group(1)
            name = arg.strip('"') if arg.startswith('"') else src.constant(arg)
            if name is None:
                problems.append(f"{src.where(m.start())}: getenv({arg}): cannot tell which "
                                "variable; update devtools/check-doc-coverage.py")
                continue
            needs.add("environment variable", name, "word", src.where(m.start()))


def ini_features(text):
    """The rows of a features/*.ini that say Y."""
    rows = []
    for line in text.splitlines():
        line = line.split(";")[0].strip()
        name, _, value = line.partition("=")
        if value.strip() == "Y":
            rows.append(name.strip())
    return rows


def guide_features(text):
    """The first column of the list-table in the guide's "Features" section,
    header row excluded, or None when there is none."""
    m = FEATURES_SECTION.search(text)
    cells = TABLE_ROW.findall(m.group(1)) if m else []
    return [c.strip() for c in cells[1:]] if cells else None


def feature_tables(root, problems):
    for ini, guide in FEATURE_LISTS:
        claimed = ini_features((root / ini).read_text(encoding="utf-8"))
        listed = guide_features((root / guide).read_text(encoding="utf-8"))
        if not claimed:
            problems.append(f"{ini}: no feature says Y; update devtools/check-doc-coverage.py")
            continue
        if listed is None:
            problems.append(f"{guide}: no list-table in its \"Features\" section")
            continue
        for name in claimed:
            if name not in listed:
                problems.append(f"{ini}: '{name}' is not a row of {guide}'s \"Features\" table")
        for name in listed:
            if name not in claimed:
                problems.append(f"{guide}: its \"Features\" table lists '{name}', which {ini} "
                                "does not claim")


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    needs = Needs()
    problems = []
    model_options(root, needs)
    dpaa2 = dpaa2_model_options(root, needs)
    devargs(root, needs, problems)
    environment(root, needs, problems)
    feature_tables(root, problems)

    # The extraction itself must have found something of each kind: a parser
    # rewritten in another shape must not make this check pass on nothing.
    categories = ["DPAA_MODEL setting or wire option", "DPAA_MODEL wire", "DPAA_MODEL value",
                  "DPAA_MODEL board", "device argument", "environment variable"]
    if dpaa2:
        categories += ["DPAA2_KERNEL_MODEL setting", "DPAA2_KERNEL_MODEL value", "DPAA2_KERNEL_MODEL board"]
    for category in categories:
        if needs.count(category) == 0:
            problems.append(f"found no {category} in the source: the code has changed shape; "
                            "update devtools/check-doc-coverage.py")

    docs = "\n".join(literal_text((root / d).read_text(encoding="utf-8")) for d in DOCS)
    missing = []
    for (category, token, form), where in sorted(needs.items.items()):
        pattern = r"(?<![\w-])" + re.escape(token) + ("=" if form == "key" else r"(?![\w-])")
        if not re.search(pattern, docs):
            shown = token + "=" if form == "key" else token
            missing.append(f"{where}: {category} '{shown}' is not in {' or '.join(DOCS)}")

    for line in problems + missing:
        print(f"FAIL: {line}")
    if problems or missing:
        return 1
    print(f"PASS: the guide shows all {len(needs.items)} options found in the source "
          f"({', '.join(sorted({c for c, _, _ in needs.items}))}), and each guide's "
          f"\"Features\" table the rows of its features/*.ini")
    return 0


if __name__ == "__main__":
    sys.exit(main())
