"""Mutants of counterexamples for `pycorral replay`: GraphML and YAML violation witnesses
and `check --json` traces.

The seeds are the tool's own witnesses for `loop_calls.c` (see seeds.py).  Families:

* text: byte flips, truncation, bytes that are not UTF-8, deep nesting;
* GraphML: deleted elements, odd values (line numbers, assumptions, witness type, graph
  shape: dangling edges, cycles, no entry), entity bombs and external entities;
* YAML: values of the wrong type, huge numbers, deleted keys;
* JSON: values of the wrong type, 5000-digit integers, deep arrays, NaN, another verdict.

A mutant is `expect_reject` when the witness is malformed for sure (does not parse, has the
wrong shape, or is not a violation): replay may answer exit 2 or 20, never 0 or 1.
"""
from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET

import yaml

from .mutants import Mutant, byte_flip, huge_number, non_utf8, to_bytes, truncate
from .seeds import Seeds

REPLAY_TIMEOUT = "5"

ODD_NUMBERS = ["-1", "0", "99999999999", "abc", "", "1.5", "0x10", "1e3", " 11 ", "+11"]
ODD_ASSUMPTIONS = [r"\result == 99999999999999999999999", r"\result == -0x1p3",
                   r"\result = 3", "x == 3", r"\result == 1; \result == 2;", "",
                   r"\result == (int)3", r"\result == 'a'", r"\result == 1.5",
                   r"\result < 3", r"\result == 7 && \result == 8", r"\result ==",
                   r"\result == -2147483649", "(" * 1000 + r"\result == 1" + ")" * 1000]


def _xml_ok(text: str) -> bool:
    try:
        ET.fromstring(text.encode("latin-1"))
        return True
    except ET.ParseError:
        return False
    except (RecursionError, ValueError):
        return False


def graphml_mutation(rng: random.Random, text: str, big: bool) -> tuple[str, str, bool]:
    """(family, new text, malformed for sure)."""
    family = rng.choice(["byte_flip", "truncate", "non_utf8", "delete_element", "odd_number",
                         "odd_assumption", "witness_type", "dangling_edge", "cycle",
                         "no_entry", "entity_bomb", "external_entity", "deep_nesting",
                         "many_edges", "duplicate_ids", "wrong_root"])
    if family in ("byte_flip", "truncate"):
        new = (byte_flip if family == "byte_flip" else truncate)(rng, text)
        return family, new, not _xml_ok(new)
    if family == "non_utf8":
        return family, non_utf8(rng, text, "c", "string"), True
    if family == "delete_element":
        elems = list(re.finditer(r"<(edge|node|data|key)\b[^>]*?(/>|>.*?</\1>)", text, re.S))
        m = rng.choice(elems)
        return family, text[:m.start()] + text[m.end():], False
    if family == "odd_number":
        value = rng.choice(ODD_NUMBERS + [huge_number(rng)])
        return family, re.sub(r'(<data key="(startline|endline)">)[^<]*',
                              lambda m: m.group(1) + value, text, count=rng.randint(1, 3)), False
    if family == "odd_assumption":
        value = rng.choice(ODD_ASSUMPTIONS + [r"\result == " + huge_number(rng)])
        value = value.replace("&", "&amp;").replace("<", "&lt;")
        return family, re.sub(r'(<data key="assumption">)[^<]*', lambda m: m.group(1) + value,
                              text, count=1), False
    if family == "witness_type":
        kind = rng.choice(["correctness_witness", "", "violation", "fz"])
        return family, text.replace(">violation_witness<", f">{kind}<"), True
    if family == "dangling_edge":
        return family, re.sub(r'target="N\d+"', 'target="N99999"', text, count=1), False
    if family == "cycle":
        return family, text.replace("</graph>",
                                    '<edge source="N2" target="N1" /><edge source="N1" '
                                    'target="N0" /></graph>'), False
    if family == "no_entry":
        return family, text.replace('<data key="entry">true</data>', ""), False
    if family == "entity_bomb":
        bomb = ('<!DOCTYPE graphml [<!ENTITY a "aaaaaaaaaa">' +
                "".join(f'<!ENTITY {chr(98 + i)} "' + f"&{chr(97 + i)};" * 10 + '">'
                        for i in range(8)) + "]>\n")
        new = text.replace("<graphml", bomb + "<graphml", 1).replace(
            ">violation_witness<", ">&i;<")
        return family, new, True
    if family == "external_entity":
        new = text.replace("<graphml", '<!DOCTYPE graphml [<!ENTITY x SYSTEM '
                                       '"file:///etc/passwd">]>\n<graphml', 1)
        return family, new.replace("<data key=\"producer\">", "<data key=\"producer\">&x;"), True
    if family == "deep_nesting":
        d = rng.choice([100, 1000, 10000] + ([100000] if big else []))
        return family, text.replace("</graph>", "<x>" * d + "</x>" * d + "</graph>"), False
    if family == "many_edges":
        n = rng.choice([1000, 20000] + ([200000] if big else []))
        edges = "".join(f'<node id="M{i}"/><edge source="M{i}" target="M{i + 1}">'
                        f'<data key="startline">11</data></edge>' for i in range(n))
        return family, text.replace("</graph>", edges + "</graph>"), False
    if family == "duplicate_ids":
        return family, re.sub(r'<node id="N2"', '<node id="N1"', text, count=1), False
    return family, rng.choice(["<graphml/>", "<html></html>", "<?xml version='1.0'?><graphml>"
                               "<graph></graph></graphml>", "", "plain text"]), True


def yaml_mutation(rng: random.Random, text: str, big: bool) -> tuple[str, str, bool]:
    family = rng.choice(["byte_flip", "truncate", "non_utf8", "wrong_type", "huge_number",
                         "delete_key", "deep_nesting", "entry_type", "wrong_root"])
    if family in ("byte_flip", "truncate"):
        new = (byte_flip if family == "byte_flip" else truncate)(rng, text)
        return family, new, _yaml_fails(new)
    if family == "non_utf8":
        return family, non_utf8(rng, text, "c", rng.choice(["string", "ident"])), True
    if family == "deep_nesting":
        d = rng.choice([100, 1000, 5000] + ([50000] if big else []))
        key = rng.choice(["line", "value", "content", "segment", "location"])
        return family, re.sub(rf"(\b{key}:)[^\n]*", lambda m: m.group(1) + " " + "[" * d + "]" * d,
                              text, count=1), False
    doc = yaml.safe_load(text)
    sure = False
    paths = _paths(doc)
    path = rng.choice(paths)
    if family == "wrong_type":
        value = rng.choice([None, 42, "x", [], {}, 1.5, True, [1], {"a": 1}])
        _assign(doc, path, value)
        sure = path[-1] in ("content", "segment", "waypoint") and not isinstance(value, list)
    elif family == "huge_number":
        _assign(doc, path, "@@HUGE@@")
        number = ("" if rng.random() < 0.7 else "-") + huge_number(rng)
        text = _yaml_dump(doc)
        return family, text.replace("'@@HUGE@@'", number).replace("@@HUGE@@", number), False
    elif family == "delete_key":
        parent = _walk(doc, path[:-1])
        if isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.pop(path[-1])
    elif family == "entry_type":
        doc[0]["entry_type"] = rng.choice(["invariant_set", "", None, "violation_sequence_fz"])
        sure = True
    else:
        doc = rng.choice([None, 42, "text", {}, [], [[]]])
        sure = True
    return family, _yaml_dump(doc), sure


def _yaml_dump(doc) -> str:
    try:
        return yaml.safe_dump(doc, sort_keys=False, width=10 ** 6)
    except (ValueError, OverflowError):
        return json.dumps(doc)


def _yaml_fails(text: str) -> bool:
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError:
        return True
    except RecursionError:
        return False
    return not isinstance(doc, list)


def _paths(doc, prefix=()):
    """Every (key or index) path to a node of a loaded YAML/JSON document."""
    out = [prefix] if prefix else []
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, prefix + (i,))
    return out


def _walk(doc, path):
    for key in path:
        doc = doc[key]
    return doc


def _assign(doc, path, value):
    _walk(doc, path[:-1])[path[-1]] = value


def json_mutation(rng: random.Random, text: str, big: bool) -> tuple[str, str, bool]:
    family = rng.choice(["byte_flip", "truncate", "non_utf8", "wrong_type", "huge_number",
                         "delete_key", "deep_nesting", "nan", "verdict", "wrong_root"])
    if family in ("byte_flip", "truncate"):
        new = (byte_flip if family == "byte_flip" else truncate)(rng, text)
        return family, new, _json_fails(new)
    if family == "non_utf8":
        return family, non_utf8(rng, text, "c", "string"), True
    doc = json.loads(text)
    sure = False
    path = rng.choice([p for p in _paths(doc) if p[0] == "trace"] or _paths(doc))
    if family == "wrong_type":
        value = rng.choice([None, 42, "x", [], {}, 1.5, True, [1], {"a": 1}, "-"])
        _assign(doc, path, value)
        sure = path in (("trace",), ("trace", "nondet")) and not isinstance(value, (dict, list))
    elif family == "huge_number":
        nondet = doc["trace"]["nondet"]
        i = rng.randrange(len(nondet))
        key = rng.choice(["value", "line", "col"])
        number = "9" * rng.choice([20, 5000])
        nondet[i][key] = "@@HUGE@@"
        huge = rng.choice([number, '"' + number + '"'])
        return family, json.dumps(doc).replace('"@@HUGE@@"', huge), False
    elif family == "delete_key":
        parent = _walk(doc, path[:-1])
        if isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.pop(path[-1])
        sure = path in (("trace",),)
    elif family == "deep_nesting":
        d = rng.choice([100, 1000, 100000] + ([1000000] if big else []))
        nondet = doc["trace"]["nondet"]
        nondet[0]["value"] = "@@DEEP@@"
        return family, json.dumps(doc).replace('"@@DEEP@@"', "[" * d + "]" * d), False
    elif family == "nan":
        doc["trace"]["nondet"][0]["value"] = "@@NAN@@"
        odd = rng.choice(["NaN", "Infinity", "-Infinity", "1e999"])
        return family, json.dumps(doc).replace('"@@NAN@@"', odd), False
    elif family == "verdict":
        doc["verdict"] = rng.choice(["correct", "unknown", "", None, "BUG"])
        sure = doc["verdict"] in ("correct", "unknown")
    else:
        doc = rng.choice([None, 42, "text", [], [doc]])
        sure = True
    return family, json.dumps(doc), sure


def _json_fails(text: str) -> bool:
    try:
        doc = json.loads(text, parse_int=str)
    except ValueError:
        return True
    except RecursionError:
        return False
    return not isinstance(doc, dict)


def gen_witness(rng: random.Random, seeds: Seeds, big: bool) -> Mutant:
    fmt = rng.choice(["graphml", "yaml", "json"])
    text = seeds.witness[fmt]
    mutate = {"graphml": graphml_mutation, "yaml": yaml_mutation, "json": json_mutation}[fmt]
    family, new, sure = mutate(rng, text, big)
    name = {"graphml": "w.graphml", "yaml": "w.yml", "json": "trace.json"}[fmt]
    option = "--trace-json" if fmt == "json" else "--witness"
    argv = ["replay", "loop_calls.c", option, name, "--timeout", REPLAY_TIMEOUT]
    if rng.random() < 0.2:
        argv.append("--json")
    if rng.random() < 0.1:
        argv += ["--data-model", "LP64"]
    files = {"loop_calls.c": to_bytes(seeds.program), name: to_bytes(new)}
    return Mutant("witness", f"{fmt}:{family}", name, files, argv, timeout=None, wall=30.0,
                  expect_reject=sure)
