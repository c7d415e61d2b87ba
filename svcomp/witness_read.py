"""Reads a violation witness (GraphML 1.0 or YAML 2.0) back into the inputs it prescribes.

Role: the consumer side of pycorral's witnesses, used to replay them (natively or through
the verifier).  `read_witness(path) -> WitnessPath`: `inputs` are the values the witness
says the nondeterministic calls return, in path order, each with its source line and the
called function; `target_line` is the line of the violation.
- GraphML: the shortest path of transitions from the entry node to a violation node; every
  transition whose assumption is `\\result == v;` (with `assumption.resultfunction`) is an
  input; the line of the transition into the violation node is the target.
- YAML 2.0: the `follow` waypoint of each segment; a `function_return` waypoint with
  constraint `\\result == v` is an input (the called function is read from the source text:
  the call whose closing parenthesis is at the waypoint's column), the `target` waypoint
  gives the target line.
Bad witnesses raise `WitnessError` (one line).
"""
from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from collections import deque
from dataclasses import dataclass
from pathlib import Path

_RESULT_EQ = re.compile(r"^\s*\\result\s*==\s*(\(?\s*-?\s*(?:0[xX][0-9a-fA-F]+|\d+)[uUlL]*"
                        r"\s*\)?)\s*;?\s*$")


class WitnessError(Exception):
    """The file is not a violation witness this reader understands."""


@dataclass(frozen=True, slots=True)
class WitnessInput:
    line: int
    value: str               # a C integer literal's value, e.g. "-5", "4294967295"
    function: str | None     # the called function (e.g. "__VERIFIER_nondet_int")


@dataclass(frozen=True, slots=True)
class WitnessPath:
    inputs: tuple[WitnessInput, ...]
    target_line: int | None

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(int(i.value) for i in self.inputs)


def _value(text: str) -> str | None:
    m = _RESULT_EQ.match(text)
    if not m:
        return None
    lit = re.sub(r"[\s()uUlL]", "", m.group(1))
    neg = lit.startswith("-")
    digits = lit.lstrip("-")
    n = int(digits, 16) if digits.lower().startswith("0x") else int(digits)
    return str(-n if neg else n)


def read_witness(path: str) -> WitnessPath:
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError as e:
        raise WitnessError(f"{path}: cannot read: {e.strerror or e}") from None
    if text.lstrip().startswith("<"):
        return read_graphml(text)
    return read_yaml(text, base=os.path.dirname(os.path.abspath(path)))


# ----------------------------------------------------------------------------- GraphML

def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _data(el: ET.Element) -> dict[str, str]:
    return {d.get("key", ""): (d.text or "").strip() for d in el if _local(d.tag) == "data"}


def read_graphml(text: str) -> WitnessPath:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        raise WitnessError(f"not well-formed XML: {e}") from None
    graph = next((g for g in root if _local(g.tag) == "graph"), None)
    if graph is None:
        raise WitnessError("no graph element")
    gdata = _data(graph)
    if gdata.get("witness-type", "violation_witness") != "violation_witness":
        raise WitnessError(f"not a violation witness ({gdata.get('witness-type')})")
    nodes = {n.get("id"): _data(n) for n in graph if _local(n.tag) == "node"}
    entry = next((i for i, d in nodes.items() if d.get("entry") == "true"), None)
    if entry is None:
        raise WitnessError("no entry node")
    out: dict[str, list[tuple[str, dict[str, str]]]] = {}
    for e in graph:
        if _local(e.tag) == "edge":
            out.setdefault(e.get("source"), []).append((e.get("target"), _data(e)))
    # shortest path (breadth first) from the entry to a violation node
    prev: dict[str, tuple[str, dict[str, str]] | None] = {entry: None}
    queue, goal = deque([entry]), None
    while queue:
        n = queue.popleft()
        if nodes.get(n, {}).get("violation") == "true":
            goal = n
            break
        for dst, data in out.get(n, ()):
            if dst not in prev:
                prev[dst] = (n, data)
                queue.append(dst)
    if goal is None:
        raise WitnessError("no violation node reachable from the entry node")
    edges: list[dict[str, str]] = []
    n = goal
    while prev[n] is not None:
        src, data = prev[n]
        edges.append(data)
        n = src
    edges.reverse()
    inputs = []
    for data in edges:
        v = _value(data.get("assumption", "")) if "assumption.resultfunction" in data else None
        if v is not None and data.get("startline", "").isdigit():
            inputs.append(WitnessInput(int(data["startline"]), v,
                                       data["assumption.resultfunction"]))
    last = edges[-1].get("startline", "") if edges else ""
    return WitnessPath(tuple(inputs), int(last) if last.isdigit() else None)


# ----------------------------------------------------------------------------- YAML 2.0

def _callee_ending_at(file: str, line: int, col: int) -> str | None:
    """The function called by the call whose closing parenthesis is at (line, col)."""
    try:
        lines = Path(file).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    if not 0 < line <= len(lines):
        return None
    text = lines[line - 1]
    if not 0 < col <= len(text) or text[col - 1] != ")":
        return None
    depth = 0
    for j in range(col - 1, -1, -1):
        if text[j] == ")":
            depth += 1
        elif text[j] == "(":
            depth -= 1
            if depth == 0:
                m = re.search(r"([A-Za-z_]\w*)\s*$", text[:j])
                return m.group(1) if m else None
    return None


def read_yaml(text: str, base: str = ".") -> WitnessPath:
    import yaml

    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise WitnessError(f"not valid YAML: {str(e).splitlines()[0]}") from None
    if not isinstance(doc, list):
        raise WitnessError("a YAML witness is a list of entries")
    entry = next((e for e in doc if isinstance(e, dict)
                  and e.get("entry_type") == "violation_sequence"), None)
    if entry is None:
        raise WitnessError("no violation_sequence entry")
    inputs: list[WitnessInput] = []
    target = None
    for seg in entry.get("content") or []:
        wps = seg.get("segment") if isinstance(seg, dict) else None
        if not wps:
            raise WitnessError("a segment without waypoints")
        wp = wps[-1].get("waypoint", {}) if isinstance(wps[-1], dict) else {}
        loc = wp.get("location") or {}
        line = loc.get("line")
        if not isinstance(line, int):
            raise WitnessError("a waypoint without a line")
        if wp.get("type") == "function_return":
            v = _value(str((wp.get("constraint") or {}).get("value", "")))
            if v is None:
                continue      # a range constraint, not one value
            file = str(loc.get("file_name", ""))
            if not os.path.isabs(file) and os.path.isfile(os.path.join(base, file)):
                file = os.path.join(base, file)
            callee = _callee_ending_at(file, line, loc.get("column") or 0)
            inputs.append(WitnessInput(line, v, callee))
        elif wp.get("type") == "target":
            target = line
    return WitnessPath(tuple(inputs), target)
