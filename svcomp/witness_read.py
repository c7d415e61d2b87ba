"""Reads a violation witness (GraphML 1.0 or YAML 2.0) back into the inputs it prescribes.

Role: the consumer side of pycorral's witnesses, used to replay them (natively or through
the verifier).  `read_witness(path, programs) -> WitnessPath`: `inputs` are the values the
witness says the nondeterministic calls return, in path order, each with its source line and
the called function; `target_line` is the line of the violation.
- GraphML: the shortest path of transitions from the entry node to a violation node; every
  transition whose assumption is `\\result == v;` (with `assumption.resultfunction`) is an
  input; the line of the transition into the violation node is the target.
- YAML 2.0: the `follow` waypoint of each segment; a `function_return` waypoint with
  constraint `\\result == v` is an input (the called function is read from the source text:
  the call whose closing parenthesis is at the waypoint's column), the `target` waypoint
  gives the target line.
The witness is validated before it is used, so a malformed one is bad input rather than a
path that does not reach the error: node ids unique, exactly one entry node, edges between
declared nodes, a violation node (a target waypoint) reachable, line numbers within the
program (`programs`: the files replayed), assumptions and constraints well-formed C
expressions (`svcomp.c_expr`), and the witness's program hash (when it gives one) that of a
program file.  Bad witnesses raise `WitnessError` with the witness file's line and column of
the offending element (GraphML read with expat, which reports positions; YAML through
`svcomp.yaml_input`).
"""
from __future__ import annotations

import hashlib
import os
import re
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence
from xml.parsers import expat

from .c_expr import assumption_problem, expression_problem
from .yaml_input import YamlInputError, load_yaml, read_input_bytes, utf8_text

MAX_WITNESS_BYTES = 200_000_000
MAX_WAYPOINTS = 100_000         # a path of 10^5 nondeterministic choices is already huge
_RESULT_EQ = re.compile(r"^\s*\\result\s*==\s*(\(?\s*-?\s*(?:0[xX][0-9a-fA-F]+|\d+)[uUlL]*"
                        r"\s*\)?)\s*;?\s*$")
_IDENT = re.compile(r"[A-Za-z_]\w*\Z")
_MAX_VALUE_DIGITS = 60          # a C value has at most 39 digits (128 bits)


class WitnessError(Exception):
    """The file is not a violation witness this reader accepts; `line` and `col` (1-based)
    locate the offending element in the witness file, `str()` is the message."""

    def __init__(self, message: str, line: int = 1, col: int = 1):
        super().__init__(message)
        self.message, self.line, self.col = message, line, col


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
    if len(digits) > _MAX_VALUE_DIGITS:
        raise ValueError(f"the value of {len(digits)} digits fits no C type")
    n = int(digits, 16) if digits.lower().startswith("0x") else int(digits)
    return str(-n if neg else n)


def read_witness(path: str, programs: Sequence[str] = ()) -> WitnessPath:
    """The path a witness file prescribes; `programs` (the program's files) enable the
    checks of line numbers and of the program hash."""
    try:
        data = read_input_bytes(path, MAX_WITNESS_BYTES)
    except OSError as e:
        raise WitnessError(f"cannot read: {e.strerror or e}") from None
    progs = _Programs(programs)
    if data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        return read_graphml(data, progs)         # XML declares its own encoding
    try:
        text = utf8_text(data)
    except YamlInputError as e:
        raise WitnessError(e.message, e.line, e.col) from None
    return read_yaml(text, base=os.path.dirname(os.path.abspath(path)), programs=progs)


class _Programs:
    """The program files a witness is checked against: their line counts and hashes."""

    def __init__(self, paths: Sequence[str] = ()):
        self.paths = [p for p in paths if os.path.isfile(p)]
        self._lines: dict[str, int] = {}

    def find(self, name: str | None) -> str | None:
        """The program file `name` refers to (same path, else same base name); with no
        name, the program when it is one file."""
        if not name:
            return self.paths[0] if len(self.paths) == 1 else None
        for p in self.paths:
            if p == name or os.path.abspath(p) == os.path.abspath(name):
                return p
        base = os.path.basename(name)
        return next((p for p in self.paths if os.path.basename(p) == base), None)

    def line_count(self, path: str) -> int:
        if path not in self._lines:
            data = Path(path).read_bytes()
            self._lines[path] = data.count(b"\n") + (0 if not data or data.endswith(b"\n")
                                                       else 1)
        return self._lines[path]

    def hash_matches(self, digest: str) -> bool:
        """Whether `digest` (SHA-256, or SHA-1 of older witnesses) is that of a program
        file; an unrecognized digest or no programs: True (nothing to compare)."""
        digest = digest.strip().lower()
        algo = {64: hashlib.sha256, 40: hashlib.sha1}.get(len(digest))
        if algo is None or not re.fullmatch(r"[0-9a-f]+", digest) or not self.paths:
            return True
        return any(algo(Path(p).read_bytes()).hexdigest() == digest for p in self.paths)

    def check_line(self, line: int, file: str | None, what: str) -> str | None:
        """A problem with a line number of `file` (None: fine)."""
        if line < 1:
            return f"{what} {line} is not a line number (lines start at 1)"
        p = self.find(file)
        if p is not None and line > self.line_count(p):
            return (f"{what} {line} is beyond the end of {os.path.basename(p)} "
                    f"({self.line_count(p)} lines)")
        return None


# ----------------------------------------------------------------------------- GraphML

@dataclass(slots=True)
class _El:
    """An XML element with its position (1-based line and column of its start tag)."""
    tag: str
    attrs: dict[str, str]
    line: int
    col: int
    children: list["_El"] = field(default_factory=list)
    text: list[str] = field(default_factory=list)

    def kids(self, tag: str) -> list["_El"]:
        return [c for c in self.children if c.tag == tag]


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1].rsplit(":", 1)[-1]


def _parse_xml(text: str | bytes) -> _El:
    """The element tree of `text`, read with expat (iteratively: nesting depth is no
    problem); DTDs that declare entities are refused (no entity expansion bombs)."""
    parser = expat.ParserCreate(namespace_separator="}")
    root: list[_El] = []
    stack: list[_El] = []

    def start(tag, attrs):
        el = _El(_local(tag), {_local(k): v for k, v in attrs.items()},
                 parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
        (stack[-1].children if stack else root).append(el)
        stack.append(el)

    def end(tag):
        stack.pop()

    def chars(data):
        if stack:
            stack[-1].text.append(data)

    def entity_decl(name, *rest):
        # expat is past the declaration's name here: point at its `<!ENTITY`
        start = data.rfind(b"<!ENTITY", 0, parser.CurrentByteIndex + 1)
        line = data.count(b"\n", 0, start) + 1
        col = len(data[data.rfind(b"\n", 0, start) + 1:start].decode("utf-8", "replace")) + 1
        raise WitnessError(f"XML entity declarations are not accepted (entity {name!r})",
                           line, col)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    parser.EntityDeclHandler = entity_decl
    data = text.encode("utf-8") if isinstance(text, str) else text
    try:
        parser.Parse(data, True)
    except expat.ExpatError as e:
        raise WitnessError(f"not well-formed XML: {expat.ErrorString(e.code)}",
                           e.lineno, e.offset + 1) from None
    return root[0]


def _data(el: _El) -> dict[str, tuple[str, _El]]:
    """The element's `<data key=...>` children: key -> (text, the data element)."""
    return {d.attrs.get("key", ""): ("".join(d.text).strip(), d) for d in el.kids("data")}


def _fail(message: str, el: _El) -> WitnessError:
    return WitnessError(message, el.line, el.col)


def read_graphml(text: str | bytes, programs: _Programs | None = None) -> WitnessPath:
    progs = programs or _Programs()
    root = _parse_xml(text)
    if root.tag != "graphml":
        raise _fail(f"the root element is {root.tag!r}, not 'graphml'", root)
    graphs = root.kids("graph")
    if len(graphs) != 1:
        raise _fail("no graph element" if not graphs else "more than one graph element",
                    graphs[1] if len(graphs) > 1 else root)
    graph = graphs[0]
    gdata = _data(graph)
    wtype, wel = gdata.get("witness-type", ("violation_witness", graph))
    if wtype != "violation_witness":
        raise _fail(f"not a violation witness ({wtype})", wel)
    if "programhash" in gdata and not progs.hash_matches(gdata["programhash"][0]):
        raise _fail(f"programhash {gdata['programhash'][0][:64]!r} is not the hash of "
                    "the program: the witness is for another program", gdata["programhash"][1])
    nodes = _graphml_nodes(graph)
    entry = _graphml_entry(graph, nodes)
    default_file = gdata.get("programfile", ("", graph))[0] or None
    out: dict[str, list[tuple[str, dict[str, tuple[str, _El]]]]] = {}
    for e in graph.kids("edge"):
        src, dst = e.attrs.get("source"), e.attrs.get("target")
        for end, nid in (("source", src), ("target", dst)):
            if nid is None:
                raise _fail(f"an edge without a {end}", e)
            if nid not in nodes:
                raise _fail(f"edge {src}->{dst}: {end} {nid!r} is not a declared node", e)
        data = _data(e)
        _check_edge_data(data, progs, default_file)
        out.setdefault(src, []).append((dst, data))
    edges = _violation_path(entry, nodes, out)
    inputs = []
    for data in edges:
        assumption, el = data.get("assumption", ("", None))
        try:
            v = _value(assumption) if "assumption.resultfunction" in data else None
        except ValueError as e:
            raise _fail(f"assumption '{_clip(assumption)}': {e}", el) from None
        if v is not None and "startline" in data:
            inputs.append(WitnessInput(int(data["startline"][0]), v,
                                       data["assumption.resultfunction"][0]))
    last = edges[-1].get("startline", ("", None))[0] if edges else ""
    return WitnessPath(tuple(inputs), int(last) if last else None)


def _graphml_nodes(graph: _El) -> dict[str, dict[str, tuple[str, _El]]]:
    nodes: dict[str, dict[str, tuple[str, _El]]] = {}
    for n in graph.kids("node"):
        nid = n.attrs.get("id")
        if not nid:
            raise _fail("a node without an id", n)
        if nid in nodes:
            raise _fail(f"node id {nid!r} is declared twice", n)
        data = _data(n)
        for k in ("entry", "violation", "sink"):
            if k in data and data[k][0] not in ("true", "false"):
                raise _fail(f"node {nid}: {k} is {data[k][0][:40]!r}, not true or false",
                            data[k][1])
        nodes[nid] = data
    return nodes


def _graphml_entry(graph: _El, nodes) -> str:
    entries = [(i, d["entry"][1]) for i, d in nodes.items()
               if d.get("entry", ("",))[0] == "true"]
    if not entries:
        raise _fail('no entry node (a node with <data key="entry">true</data>)', graph)
    if len(entries) > 1:
        raise _fail(f"a second entry node ({entries[1][0]})", entries[1][1])
    return entries[0][0]


def _check_edge_data(data, progs: _Programs, default_file: str | None) -> None:
    file = data.get("originfile", (default_file, None))[0] or default_file
    for k in ("startline", "endline", "startoffset", "endoffset"):
        if k not in data:
            continue
        text, el = data[k]
        if not re.fullmatch(r"-?\d{1,18}", text):
            raise _fail(f"{k} {text[:40]!r} is not a number", el)
        if k.endswith("offset"):
            if int(text) < 0:
                raise _fail(f"{k} {text} is negative", el)
            continue
        problem = progs.check_line(int(text), file, k)
        if problem:
            raise _fail(problem, el)
    if "assumption" in data:
        text, el = data["assumption"]
        p = assumption_problem(text)
        if p is not None:
            raise _fail(f"assumption '{_clip(text)}' is not C expression statements: "
                        f"{p[1]} at character {p[0] + 1}", el)
    for k in ("assumption.resultfunction", "enterFunction", "returnFromFunction",
              "assumption.scope"):
        if k in data and not _IDENT.match(data[k][0]):
            raise _fail(f"{k} {_clip(data[k][0])!r} is not a function name", data[k][1])


def _violation_path(entry: str, nodes, out) -> list[dict[str, tuple[str, _El]]]:
    """The data of the edges of a shortest path (breadth first) from the entry node to a
    violation node."""
    prev: dict[str, tuple[str, dict] | None] = {entry: None}
    queue, goal = deque([entry]), None
    while queue:
        n = queue.popleft()
        if nodes[n].get("violation", ("",))[0] == "true":
            goal = n
            break
        for dst, data in out.get(n, ()):
            if dst not in prev:
                prev[dst] = (n, data)
                queue.append(dst)
    if goal is None:
        el = nodes[entry]["entry"][1]
        raise _fail("no violation node is reachable from the entry node", el)
    edges: list[dict] = []
    n = goal
    while prev[n] is not None:
        src, data = prev[n]
        edges.append(data)
        n = src
    edges.reverse()
    return edges


def _clip(text: str, n: int = 60) -> str:
    """`text` for a one-line message: white space runs as one space, at most n chars."""
    text = " ".join(text.split())
    return text if len(text) <= n else text[:n - 3] + "..."


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


WAYPOINT_TYPES = ("assumption", "target", "function_enter", "function_return", "branching")


def read_yaml(text: str, base: str = ".", programs: _Programs | None = None) -> WitnessPath:
    progs = programs or _Programs()
    try:
        yd = load_yaml(text)
    except YamlInputError as e:
        raise WitnessError(f"not valid YAML: {e.message}", e.line, e.col) from None
    doc = yd.data

    def fail(message: str, *at) -> WitnessError:
        return WitnessError(message, *yd.position(*at))

    if not isinstance(doc, list):
        raise fail("a YAML witness is a list of entries")
    index = next((i for i, e in enumerate(doc) if isinstance(e, dict)
                  and e.get("entry_type") == "violation_sequence"), None)
    if index is None:
        raise fail("no violation_sequence entry")
    entry = doc[index]
    _check_yaml_hashes(entry, progs, lambda msg, *at: fail(msg, index, *at))
    content = entry.get("content")
    if not isinstance(content, list) or not content:
        raise fail("the violation sequence has no content (a list of segments)", index,
                   "content")
    inputs: list[WitnessInput] = []
    target = None
    walked = 0
    checked: set[int] = set()
    for si, seg in enumerate(content):
        at = (index, "content", si)
        wps = seg.get("segment") if isinstance(seg, dict) else None
        if not isinstance(wps, list) or not wps:
            raise fail("a segment is {segment: [waypoints...]} with at least one waypoint",
                       *at)
        walked += len(wps)
        if walked > MAX_WAYPOINTS:     # YAML aliases can repeat a long segment cheaply
            raise fail(f"more than {MAX_WAYPOINTS} waypoints", *at)
        for wi, item in enumerate(wps):
            wp = item.get("waypoint") if isinstance(item, dict) else None
            if not isinstance(wp, dict):
                raise fail("a waypoint is {waypoint: {type, action, location, ...}}",
                           *at, "segment", wi)
            if id(wp) not in checked:   # an aliased waypoint is checked once
                _check_waypoint(wp, progs, base, lambda msg, *w: fail(
                    msg, *at, "segment", wi, "waypoint", *w))
                checked.add(id(wp))
        wp = wps[-1]["waypoint"]
        loc = wp["location"]
        line = loc["line"]
        if wp.get("type") == "function_return":
            try:
                v = _value(wp["constraint"]["value"])
            except ValueError as e:
                raise fail(f"constraint: {e}", *at, "segment", len(wps) - 1, "waypoint",
                           "constraint", "value") from None
            if v is None:
                continue      # a range constraint, not one value
            file = _resolve(str(loc.get("file_name", "")), base, progs)
            callee = _callee_ending_at(file, line, loc.get("column") or 0)
            inputs.append(WitnessInput(line, v, callee))
        elif wp.get("type") == "target":
            target = line
    if target is None:
        raise fail("the violation sequence has no target waypoint (the error's location)",
                   index, "content")
    return WitnessPath(tuple(inputs), target)


def _resolve(file: str, base: str, progs: _Programs) -> str:
    found = progs.find(file)
    if found is not None:
        return found
    if not os.path.isabs(file) and os.path.isfile(os.path.join(base, file)):
        return os.path.join(base, file)
    return file


def _check_yaml_hashes(entry: dict, progs: _Programs, fail) -> None:
    task = (entry.get("metadata") or {}).get("task") if isinstance(
        entry.get("metadata"), dict) else None
    hashes = task.get("input_file_hashes") if isinstance(task, dict) else None
    if not isinstance(hashes, dict) or not hashes:
        return
    digests = [str(h) for h in hashes.values()]
    if not any(progs.hash_matches(d) for d in digests):
        raise fail("input_file_hashes are not the hashes of the program: the witness is "
                   "for another program", "metadata", "task", "input_file_hashes")


def _check_waypoint(wp: dict, progs: _Programs, base: str, fail) -> None:
    typ = wp.get("type")
    if typ not in WAYPOINT_TYPES:
        raise fail(f"waypoint type {_clip(str(typ))!r} (one of {', '.join(WAYPOINT_TYPES)})",
                   "type")
    if wp.get("action") not in ("follow", "avoid"):
        raise fail(f"waypoint action {_clip(str(wp.get('action')))!r} (follow or avoid)",
                   "action")
    loc = wp.get("location")
    if not isinstance(loc, dict):
        raise fail("a waypoint needs a location (file_name, line, column)", "location")
    line = loc.get("line")
    if type(line) is not int:
        raise fail("location.line must be a line number", "location", "line")
    file = loc.get("file_name")
    problem = progs.check_line(line, file if isinstance(file, str) else None, "line")
    if problem:
        raise fail(problem, "location", "line")
    col = loc.get("column")
    if col is not None and (type(col) is not int or col < 1):
        raise fail("location.column must be a positive column number", "location", "column")
    if typ in ("target", "function_enter"):
        return
    c = wp.get("constraint")
    value = c.get("value") if isinstance(c, dict) else None
    if typ == "branching" and isinstance(value, bool):
        return                                   # `value: true` unquoted
    if not isinstance(value, str) or not value.strip():
        raise fail(f"a {typ} waypoint needs constraint.value", "constraint")
    if typ == "branching":
        if value.strip() not in ("true", "false"):
            raise fail(f"a branching constraint is true or false, not {_clip(value)!r}",
                       "constraint", "value")
        return
    p = expression_problem(value)
    if p is not None:
        raise fail(f"constraint '{_clip(value)}' is not an expression: {p[1]} at character "
                   f"{p[0] + 1}", "constraint", "value")
