"""Mutants of SV-COMP task definitions (`.yml`) and property files (`.prp`).

The seed is the `loop_calls` task (its program has a reachable `reach_error`), run as
`pycorral svcomp task.yml` or `pycorral svcomp --property P.prp prog.c`.  Families: renamed
or unknown keys, values of the wrong type, deep nesting, missing files, path traversal and
device files, YAML syntax damage, alias bombs, bytes that are not UTF-8, odd versions and
options, many properties, and damaged property files.

A mutant is marked `expect_reject` when it is malformed for sure (YAML that does not load,
a missing or non-C input file, a property file that is not a property): the answer may
then be exit 2 or UNKNOWN, never TRUE or FALSE.
"""
from __future__ import annotations

import random

import yaml

from .mutants import (Mutant, byte_flip, first_changed_line, non_utf8, to_bytes, truncate,
                      utf8)
from .seeds import UNREACH_CALL, Seeds

SVCOMP_TIMEOUT = 3.0

# Paths into the task: top-level keys, the first property, the options.
KEY_PATHS = [("format_version",), ("input_files",), ("properties",),
             ("properties", 0), ("properties", 0, "property_file"),
             ("properties", 0, "expected_verdict"), ("options",), ("options", "language"),
             ("options", "data_model")]

WRONG_VALUES = [42, 3.5, None, True, [], {}, "string", [1, 2], {"a": 1}, -1, "",
                "-", [None], [[]], {"property_file": 1}, "\t", 10 ** 40]


def _load(text: str):
    return yaml.safe_load(text)


def _get_parent(doc, path):
    node = doc
    for key in path[:-1]:
        node = node[key]
    return node


def _set(doc, path, value):
    _get_parent(doc, path)[path[-1]] = value


def _dump(doc) -> str:
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=10 ** 6)


def _loads_ok(text: str) -> bool | None:
    """Does the text load as YAML?  None when our own loader gives up (deep nesting)."""
    try:
        yaml.safe_load(text)
        return True
    except yaml.YAMLError:
        return False
    except (RecursionError, MemoryError):
        return None


def bad_key(rng: random.Random, doc) -> tuple[str, bool]:
    path = rng.choice(KEY_PATHS)
    try:
        parent = _get_parent(doc, path)
    except (KeyError, IndexError, TypeError):
        return _dump(doc), False
    key = path[-1]
    r = rng.random()
    if isinstance(parent, dict) and key in parent and r < 0.4:
        parent[key + rng.choice(["s", "_", "X", ""]) + "_fz"] = parent.pop(key)
        required = key in ("input_files", "properties", "property_file")
        return _dump(doc), required
    if isinstance(parent, dict) and key in parent and r < 0.7:
        del parent[key]
        return _dump(doc), key in ("input_files", "properties", "property_file")
    if isinstance(parent, dict):
        parent[rng.choice(["fz_key", "", "input_files ", "<<", "~"])] = rng.choice(WRONG_VALUES)
    return _dump(doc), False


def wrong_type(rng: random.Random, doc) -> tuple[str, bool]:
    path = rng.choice(KEY_PATHS)
    value = rng.choice(WRONG_VALUES)
    try:
        _set(doc, path, value)
    except (KeyError, IndexError, TypeError):
        return _dump(doc), False
    sure = path in (("input_files",), ("properties",)) and not isinstance(value, (str, list)) \
        or path == ("properties", 0, "property_file") and not isinstance(value, str)
    return _dump(doc), sure


def deep(rng: random.Random, text: str, big: bool) -> str:
    d = rng.choice([100, 1000, 5000] + ([50000] if big else []))
    key = rng.choice(["input_files", "properties", "options", "format_version", "fz"])
    value = rng.choice(["[" * d + "]" * d, "{a: " * d + "1" + "}" * d,
                        "".join("\n" + "  " * i + "- " for i in range(min(d, 500))) + "x"])
    return text + f"\n{key}: {value}\n" if key == "fz" else _replace_top(text, key, value)


def _replace_top(text: str, key: str, value: str) -> str:
    """The task text with top-level `key`'s block replaced by `key: value`."""
    lines = text.split("\n")
    out, skipping = [], False
    for line in lines:
        if line.startswith(key + ":"):
            out.append(f"{key}: {value}")
            skipping = True
            continue
        if skipping and (line.startswith((" ", "-")) or not line):
            continue
        skipping = False
        out.append(line)
    return "\n".join(out)


MISSING = [("nope.c", True), (["nope.c"], True), (".", True), ("empty.c", False),
           (["loop_calls.c", "nope.c"], True), ("sub/../loop_calls.c", False),
           (["loop_calls.c", "loop_calls.c"], False), ("LOOP_CALLS.C", True)]
TRAVERSAL = [("../" * 30 + "etc/passwd", True), ("/etc/passwd", True), ("/dev/null", False),
             ("~/loop_calls.c", True), ("file:///etc/passwd", True), ("/", True),
             ("../" * 30 + "etc/hostname", True), ("/proc/self/status", True)]


def missing_or_traversal(rng: random.Random, doc, table) -> tuple[str, bool, dict]:
    value, sure = rng.choice(table)
    extra = {"empty.c": b""} if value == "empty.c" else {}
    if rng.random() < 0.7:
        doc["input_files"] = value
    else:
        prp = value if isinstance(value, str) else value[-1]
        doc["properties"][0]["property_file"] = prp.replace(".c", ".prp")
        sure = True                         # none of these names a property file
    return _dump(doc), sure, extra


def alias_bomb(rng: random.Random, text: str, big: bool) -> str:
    levels = rng.choice([4, 6] + ([7] if big else []))
    lines = ['fz0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    for i in range(1, levels):
        refs = ", ".join([f"*a{i - 1}"] * 10)
        lines.append(f"fz{i}: &a{i} [{refs}]")
    target = rng.choice(["input_files", "properties", "options"])
    return "\n".join(lines) + "\n" + _replace_top(text, target, f"*a{levels - 1}") + "\n"


def odd_values(rng: random.Random, doc) -> str:
    r = rng.random()
    if r < 0.25:
        doc["format_version"] = rng.choice(["1.0", "3.0", 2.0, "x", "2.0.0"])
    elif r < 0.5:
        doc.setdefault("options", {})["data_model"] = rng.choice(["ILP64", "", "lp64", 32])
    elif r < 0.7:
        doc.setdefault("options", {})["language"] = rng.choice(["Java", "", "c", None])
    elif r < 0.85:
        doc["properties"] = doc["properties"] * rng.choice([2, 1000])
    else:
        doc["properties"][0]["expected_verdict"] = rng.choice(["maybe", 42, None, "true"])
        if rng.random() < 0.5:
            doc["properties"][0]["subproperty"] = rng.choice(["valid-free", 1, None])
    return _dump(doc)


def whole_text(rng: random.Random, text: str) -> str:
    return rng.choice(["", "null", "42", "---\n" + text + "---\n" + text, text.replace("  ", "\t"),
                       utf8("\ufeff") + text, text.replace("\n", "\r\n"), "- " + text,
                       text + "\n'unclosed: [\n"])


PROPERTIES = [
    ("", True), ("garbage\n", True), ("CHECK( init(main()), LTL(G ! call(reach_error()))", True),
    ("CHECK( init(fz_main()), LTL(G ! call(reach_error())) )\n", True),
    ("CHECK( init(main()), LTL(G ! call(fz_error())) )\n", False),
    ("CHECK( init(main()), LTL(G valid-free) )\n"
     "CHECK( init(main()), LTL(G valid-deref) )\n", False),
    ("CHECK( init(main()), LTL(F end) )\n", False),
    ("CHECK( init(main()), LTL(G ! overflow) )\n", False),
    (UNREACH_CALL * 2, False), (UNREACH_CALL.replace("\n", "\r\n"), False),
    ("CHECK" + "(" * 5000 + ")" * 5000 + "\n", True),
    (UNREACH_CALL.strip() + " " * 100000 + "\n", False),
    ("\ufeff" + UNREACH_CALL, False),
    (UNREACH_CALL.replace("reach_error", "reach_error" + "\xff"), True),
]


def property_file(rng: random.Random) -> tuple[bytes, bool, str]:
    r = rng.random()
    if r < 0.7:
        text, sure = rng.choice(PROPERTIES)
        return text.encode("utf-8") if "\xff" not in text else to_bytes(text), sure, "table"
    if r < 0.85:
        return to_bytes(byte_flip(rng, UNREACH_CALL)), False, "byte_flip"
    cut = truncate(rng, UNREACH_CALL)
    # only the final line break cut off leaves a valid property (seed 35's false finding)
    return to_bytes(cut), cut.strip() != UNREACH_CALL.strip(), "truncate"


def gen_svcomp(rng: random.Random, seeds: Seeds, big: bool) -> Mutant:
    base = seeds.task
    files = {"loop_calls.c": to_bytes(seeds.program), "unreach-call.prp": UNREACH_CALL.encode()}
    family = rng.choice(["bad_key", "wrong_type", "deep_nesting", "missing_file",
                         "path_traversal", "yaml_syntax", "alias_bomb", "non_utf8",
                         "odd_values", "whole_text", "property", "property_cli"])
    sure: bool | None = False
    doc = _load(base)
    text = base
    if family == "bad_key":
        text, sure = bad_key(rng, doc)
    elif family == "wrong_type":
        text, sure = wrong_type(rng, doc)
    elif family == "deep_nesting":
        text = deep(rng, base, big)
    elif family in ("missing_file", "path_traversal"):
        text, sure, extra = missing_or_traversal(
            rng, doc, MISSING if family == "missing_file" else TRAVERSAL)
        files.update(extra)
    elif family == "yaml_syntax":
        text = rng.choice([byte_flip, truncate])(rng, base)
        sure = _loads_ok(text) is False
    elif family == "alias_bomb":
        text = alias_bomb(rng, base, big)
    elif family == "non_utf8":
        text = non_utf8(rng, base, "c", rng.choice(["string", "ident"]))
        sure = True
    elif family == "odd_values":
        text = odd_values(rng, doc)
    elif family == "whole_text":
        text = whole_text(rng, base)
        sure = _loads_ok(text) is False
    t = str(SVCOMP_TIMEOUT)
    argv = ["svcomp", "task.yml", "--timeout", t]
    if family in ("property", "property_cli"):
        content, sure, how = property_file(rng)
        files["unreach-call.prp"] = content
        if family == "property_cli":
            argv = ["svcomp", "--property", "unreach-call.prp", "loop_calls.c", "--timeout", t]
    if rng.random() < 0.25:
        argv += ["--witness", "w.graphml"] if rng.random() < 0.5 else \
            ["--witness", "w.yml", "--witness-format", "yaml"]
    files["task.yml"] = to_bytes(text) if isinstance(text, str) else text
    return Mutant("svcomp", family, "loop_calls.yml", files, argv, timeout=SVCOMP_TIMEOUT,
                  wall=30.0, expect_reject=bool(sure),
                  changed_line=first_changed_line(base, text) if isinstance(text, str) else None)
