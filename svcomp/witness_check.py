"""Structural checks of SV-COMP witnesses, written from the sv-witnesses documentation.

Role: the acceptance gate for the witnesses pycorral writes (and a linter for any witness).
`check_graphml(text)` follows README-GraphML.md (format 1.0): the `graphml` root with one
directed `graph`; every `key` declared with `id`, `for`, `attr.name`, `attr.type`, and the
documented domain and type for the documented keys; the eight required graph data
(witness-type, sourcecodelang, producer, specification, programfile, programhash as SHA-256,
architecture, creationtime as ISO 8601); data only with declared keys of the right domain;
unique node ids, exactly one entry node, a violation node reachable from it in a violation
witness and neither violation nor sink nodes in a correctness witness; edges between
existing nodes, integer lines and offsets, `control` values, assumptions as a sequence of
C expression statements each ending in ';' without function calls, `\\result` only with
`assumption.resultfunction`.
`check_yaml(text)` follows "Format for Violation Witnesses, version 2.0": a non-empty list of
`violation_sequence` entries with metadata (format_version "2.0", RFC 4122 uuid, ISO 8601
creation_time, producer name/version, task with input files, their SHA-256 hashes,
specification, data model, language C) and content of segments: each a list of waypoints,
zero or more `avoid` then exactly one `follow` at the end, the last segment ending in the
one `target` waypoint; waypoint types, locations, constraints and their formats as documented.
Both return a list of problems (empty: the witness passes).
"""
from __future__ import annotations

import re
import uuid as _uuid
import xml.etree.ElementTree as ET
from pathlib import Path

from .c_expr import assumption_problem, expression_problem
from .yaml_input import YamlInputError, load_yaml

GRAPHML_NS = "http://graphml.graphdrawing.org/xmlns"
REQUIRED_GRAPH_DATA = ("witness-type", "sourcecodelang", "producer", "specification",
                       "programfile", "programhash", "architecture", "creationtime")
# documented keys: id -> (for, attr.type)
DOCUMENTED_KEYS = {
    **{k: ("graph", "string") for k in REQUIRED_GRAPH_DATA + ("witness-format-version",)},
    "entry": ("node", "boolean"), "sink": ("node", "boolean"),
    "violation": ("node", "boolean"), "invariant": ("node", "string"),
    "invariant.scope": ("node", "string"),
    "assumption": ("edge", "string"), "assumption.scope": ("edge", "string"),
    "assumption.resultfunction": ("edge", "string"), "control": ("edge", "string"),
    "startline": ("edge", "int"), "endline": ("edge", "int"),
    "startoffset": ("edge", "int"), "endoffset": ("edge", "int"),
    "enterLoopHead": ("edge", "boolean"), "enterFunction": ("edge", "string"),
    "returnFromFunction": ("edge", "string"), "threadId": ("edge", "string"),
    "createThread": ("edge", "string"),
}
ATTR_TYPES = {"boolean", "int", "long", "float", "double", "string"}
ISO_8601 = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")
SHA256 = re.compile(r"^[0-9a-fA-F]{64}$")
C_IDENT = re.compile(r"^[A-Za-z_]\w*$")
_CALL = re.compile(r"\b([A-Za-z_]\w*)\s*\(")
_C_KEYWORDS_BEFORE_PAREN = {"sizeof", "_Alignof", "__alignof__", "unsigned", "signed", "int",
                            "char", "short", "long", "float", "double", "_Bool", "void"}


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _children(el: ET.Element, name: str) -> list[ET.Element]:
    return [c for c in el if _local(c.tag) == name]


def _strip_strings(expr: str) -> str:
    return re.sub(r'"(\\.|[^"\\])*"|\'(\\.|[^\'\\])*\'', '0', expr)


def assumption_problems(text: str, has_resultfunction: bool) -> list[str]:
    """An `assumption`: C expression statements, each ending in ';', no function calls."""
    out: list[str] = []
    body = text.strip()
    if not body:
        return ["empty assumption"]
    if not body.endswith(";"):
        out.append(f"assumption {text!r} does not end in ';'")
    code = _strip_strings(body)
    if any(not stmt.strip() for stmt in code.split(";")[:-1]):
        out.append(f"assumption {text!r} has an empty statement")
    for m in _CALL.finditer(code):
        if m.group(1) not in _C_KEYWORDS_BEFORE_PAREN:
            out.append(f"assumption {text!r} calls a function ({m.group(1)})")
    if "\\result" in code and not has_resultfunction:
        out.append(f"assumption {text!r} uses \\result without assumption.resultfunction")
    if code.count("(") != code.count(")"):
        out.append(f"assumption {text!r} has unbalanced parentheses")
    if not out:
        syntax = assumption_problem(text)
        if syntax is not None:
            out.append(f"assumption {text!r} is not C expression statements: {syntax[1]} "
                       f"at character {syntax[0] + 1}")
    return out


def check_graphml(text: str) -> list[str]:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        return [f"not well-formed XML: {e}"]
    if _local(root.tag) != "graphml":
        return [f"root element is {_local(root.tag)!r}, not 'graphml'"]
    problems: list[str] = []
    if "}" in root.tag and root.tag[1:].split("}")[0] != GRAPHML_NS:
        problems.append(f"root namespace is not {GRAPHML_NS}")
    keys = _check_keys(root, problems)
    graphs = _children(root, "graph")
    if len(graphs) != 1:
        return problems + [f"expected exactly one graph element, found {len(graphs)}"]
    graph = graphs[0]
    if graph.get("edgedefault") != "directed":
        problems.append("graph edgedefault must be 'directed'")
    gdata = _data_of(graph, "graph", keys, problems)
    _check_graph_data(gdata, problems)
    wtype = gdata.get("witness-type")
    nodes = _check_nodes(graph, keys, wtype, problems)
    _check_edges(graph, keys, nodes, wtype, problems)
    return problems


def _check_keys(root: ET.Element, problems: list[str]) -> dict[str, str]:
    """Declared keys: id -> domain ('graph', 'node', 'edge' or 'all')."""
    keys: dict[str, str] = {}
    for k in _children(root, "key"):
        kid, for_ = k.get("id"), k.get("for")
        name, typ = k.get("attr.name"), k.get("attr.type")
        if not kid:
            problems.append("a key has no id")
            continue
        if kid in keys:
            problems.append(f"key {kid!r} declared twice")
        if for_ not in ("graph", "node", "edge", "all"):
            problems.append(f"key {kid!r}: 'for' is {for_!r} (graph, node, edge or all)")
        if not name:
            problems.append(f"key {kid!r} has no attr.name")
        if typ not in ATTR_TYPES:
            problems.append(f"key {kid!r}: attr.type {typ!r} is not a GraphML type")
        doc = DOCUMENTED_KEYS.get(kid)
        if doc is not None:
            if for_ not in (doc[0], "all"):
                problems.append(f"key {kid!r} is for {doc[0]} data, declared for {for_!r}")
            if typ != doc[1]:
                problems.append(f"key {kid!r} has attr.type {doc[1]}, declared {typ!r}")
        for d in _children(k, "default"):
            if doc is not None and doc[1] == "boolean" and (d.text or "").strip() not in (
                    "true", "false"):
                problems.append(f"key {kid!r}: default {d.text!r} is not a boolean")
        keys[kid] = for_ or ""
    return keys


def _data_of(el: ET.Element, domain: str, keys: dict[str, str],
             problems: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    where = el.get("id") or (f"{el.get('source')}->{el.get('target')}"
                             if domain == "edge" else domain)
    for d in _children(el, "data"):
        k = d.get("key")
        if k not in keys:
            problems.append(f"{domain} {where}: data key {k!r} is not declared")
            continue
        if keys[k] not in (domain, "all"):
            problems.append(f"{domain} {where}: key {k!r} is declared for {keys[k]} data")
        if k in out:
            problems.append(f"{domain} {where}: data key {k!r} given twice")
        out[k] = (d.text or "").strip()
    return out


def _check_graph_data(gdata: dict[str, str], problems: list[str]) -> None:
    for k in REQUIRED_GRAPH_DATA:
        if not gdata.get(k):
            problems.append(f"graph data {k!r} is missing")
    wtype = gdata.get("witness-type")
    if wtype and wtype not in ("violation_witness", "correctness_witness"):
        problems.append(f"witness-type {wtype!r} (violation_witness or correctness_witness)")
    lang = gdata.get("sourcecodelang")
    if lang and lang not in ("C", "Java"):
        problems.append(f"sourcecodelang {lang!r} (C or Java)")
    h = gdata.get("programhash")
    if h and not SHA256.match(h):
        problems.append(f"programhash {h!r} is not a SHA-256 hash")
    t = gdata.get("creationtime")
    if t and not ISO_8601.match(t):
        problems.append(f"creationtime {t!r} is not ISO 8601 (YYYY-MM-DDThh:mm:ss and Z or "
                        "an offset)")
    v = gdata.get("witness-format-version")
    if v and v != "1.0":
        problems.append(f"witness-format-version {v!r} (only 1.0)")


def _check_nodes(graph: ET.Element, keys: dict[str, str], wtype: str | None,
                 problems: list[str]) -> dict[str, dict[str, str]]:
    nodes: dict[str, dict[str, str]] = {}
    for n in _children(graph, "node"):
        nid = n.get("id")
        if not nid:
            problems.append("a node has no id")
            continue
        if nid in nodes:
            problems.append(f"node id {nid!r} used twice")
        data = _data_of(n, "node", keys, problems)
        for k in ("entry", "sink", "violation"):
            if k in data and data[k] not in ("true", "false"):
                problems.append(f"node {nid}: {k} is {data[k]!r}, not true/false")
        nodes[nid] = data
    entries = [i for i, d in nodes.items() if d.get("entry") == "true"]
    if len(entries) != 1:
        problems.append(f"expected exactly one entry node, found {len(entries)}")
    violations = [i for i, d in nodes.items() if d.get("violation") == "true"]
    if wtype == "violation_witness" and not violations:
        problems.append("a violation witness has no violation node")
    if wtype == "correctness_witness":
        for i, d in nodes.items():
            if d.get("violation") == "true" or d.get("sink") == "true":
                problems.append(f"node {i}: violation and sink nodes are not allowed in a "
                                "correctness witness")
            if "invariant" in d and (bad := expression_problem(d["invariant"])) is not None:
                problems.append(f"node {i}: the invariant is not a C expression ({bad})")
    if wtype == "violation_witness":
        for i, d in nodes.items():
            if "invariant" in d:
                problems.append(f"node {i}: invariants are not allowed in a violation witness")
    return nodes


def _check_edges(graph: ET.Element, keys: dict[str, str], nodes: dict[str, dict[str, str]],
                 wtype: str | None, problems: list[str]) -> None:
    succ: dict[str, list[str]] = {i: [] for i in nodes}
    for e in _children(graph, "edge"):
        src, dst = e.get("source"), e.get("target")
        where = f"edge {src}->{dst}"
        for end, nid in (("source", src), ("target", dst)):
            if nid not in nodes:
                problems.append(f"{where}: {end} {nid!r} is not a node")
        if src in nodes and nodes[src].get("sink") == "true":
            problems.append(f"{where}: leaves a sink node")
        if src in succ and dst in nodes:
            succ[src].append(dst)
        data = _data_of(e, "edge", keys, problems)
        for k in ("startline", "endline", "startoffset", "endoffset"):
            if k in data:
                if not re.fullmatch(r"\d+", data[k]):
                    problems.append(f"{where}: {k} {data[k]!r} is not a non-negative integer")
                elif k.endswith("line") and int(data[k]) < 1:
                    problems.append(f"{where}: {k} must be at least 1")
        if "control" in data and data["control"] not in ("condition-true", "condition-false"):
            problems.append(f"{where}: control {data['control']!r}")
        if "assumption" in data:
            problems.extend(f"{where}: {p}" for p in assumption_problems(
                data["assumption"], "assumption.resultfunction" in data))
        for k in ("enterFunction", "returnFromFunction", "assumption.scope",
                  "assumption.resultfunction"):
            if k in data and not C_IDENT.match(data[k]):
                problems.append(f"{where}: {k} {data[k]!r} is not a function name")
        if "assumption.resultfunction" in data and "\\result" not in data.get("assumption", ""):
            problems.append(f"{where}: assumption.resultfunction without \\result in the "
                            "assumption")
        if "enterLoopHead" in data and data["enterLoopHead"] not in ("true", "false"):
            problems.append(f"{where}: enterLoopHead {data['enterLoopHead']!r}")
    if wtype == "violation_witness":
        entry = next((i for i, d in nodes.items() if d.get("entry") == "true"), None)
        seen, stack = set(), [entry] if entry else []
        while stack:
            n = stack.pop()
            if n not in seen:
                seen.add(n)
                stack.extend(succ.get(n, ()))
        if entry and not any(nodes[v].get("violation") == "true" for v in seen):
            problems.append("no violation node is reachable from the entry node")


# ----------------------------------------------------------------------------- YAML 2.0

WAYPOINT_TYPES = {"assumption", "target", "function_enter", "function_return", "branching"}
_RESULT_CONSTRAINT = re.compile(r"^\s*\\result\s*(==|!=|<=|>=|<|>)\s*-?\s*(0[xX][0-9a-fA-F]+|\d+)"
                                r"[uUlL]*\s*$")


def check_yaml(text: str) -> list[str]:
    try:
        doc = load_yaml(text).data
    except YamlInputError as e:
        return [f"not valid YAML: {e}"]
    if not isinstance(doc, list) or not doc:
        return ["a witness is a non-empty list of entries"]
    problems: list[str] = []
    for i, entry in enumerate(doc):
        where = f"entry {i}"
        if not isinstance(entry, dict):
            problems.append(f"{where}: not a mapping")
            continue
        extra = set(entry) - {"entry_type", "metadata", "content"}
        if extra:
            problems.append(f"{where}: unknown keys {sorted(extra)}")
        kind = entry.get("entry_type")
        if kind not in ("violation_sequence", "invariant_set"):
            problems.append(f"{where}: entry_type {kind!r} "
                            "(violation_sequence or invariant_set)")
        _check_metadata(entry.get("metadata"), where, problems)
        if kind == "invariant_set":
            _check_invariants(entry.get("content"), where, problems)
        else:
            _check_content(entry.get("content"), where, problems)
    return problems


INVARIANT_TYPES = ("loop_invariant", "location_invariant")


def _check_invariants(content, where: str, problems: list[str]) -> None:
    """The content of an `invariant_set` (correctness witness, format 2.0): a list of
    `{invariant: {type, location, value, format: c_expression}}`."""
    if not isinstance(content, list):
        problems.append(f"{where}: the content of an invariant_set is a list")
        return
    for i, item in enumerate(content):
        iw = f"{where} invariant {i}"
        if not isinstance(item, dict) or set(item) != {"invariant"} \
                or not isinstance(item["invariant"], dict):
            problems.append(f"{iw}: must be {{invariant: {{...}}}}")
            continue
        inv = item["invariant"]
        extra = set(inv) - {"type", "location", "value", "format"}
        if extra:
            problems.append(f"{iw}: unknown keys {sorted(extra)}")
        if inv.get("type") not in INVARIANT_TYPES:
            problems.append(f"{iw}: type {inv.get('type')!r} (one of {INVARIANT_TYPES})")
        if inv.get("format") != "c_expression":
            problems.append(f"{iw}: format {inv.get('format')!r} (c_expression)")
        _check_location(inv.get("location"), iw, problems)
        value = inv.get("value")
        if not isinstance(value, str) or not value.strip():
            problems.append(f"{iw}: value must be a C expression")
        elif (bad := expression_problem(value)) is not None:
            problems.append(f"{iw}: value is not a C expression ({bad})")


def _check_location(loc, where: str, problems: list[str]) -> None:
    if not isinstance(loc, dict):
        problems.append(f"{where}: location missing")
        return
    extra = set(loc) - {"file_name", "line", "column", "function"}
    if extra:
        problems.append(f"{where}: unknown location keys {sorted(extra)}")
    if not isinstance(loc.get("file_name"), str) or not loc.get("file_name"):
        problems.append(f"{where}: location.file_name missing")
    if type(loc.get("line")) is not int or loc["line"] < 1:
        problems.append(f"{where}: location.line must be a positive integer")
    if "column" in loc and (type(loc["column"]) is not int or loc["column"] < 1):
        problems.append(f"{where}: location.column must be a positive integer")
    if "function" in loc and not (isinstance(loc["function"], str)
                                  and C_IDENT.match(loc["function"])):
        problems.append(f"{where}: location.function {loc['function']!r}")


def _check_metadata(meta, where: str, problems: list[str]) -> None:
    if not isinstance(meta, dict):
        problems.append(f"{where}: metadata missing or not a mapping")
        return
    if meta.get("format_version") != "2.0":
        problems.append(f"{where}: metadata.format_version {meta.get('format_version')!r} "
                        "(the string \"2.0\")")
    try:
        _uuid.UUID(str(meta.get("uuid")))
    except ValueError:
        problems.append(f"{where}: metadata.uuid {meta.get('uuid')!r} is not a UUID")
    ct = meta.get("creation_time")
    if not isinstance(ct, str) or not ISO_8601.match(ct):
        problems.append(f"{where}: metadata.creation_time {ct!r} is not ISO 8601")
    prod = meta.get("producer")
    if not isinstance(prod, dict) or not isinstance(prod.get("name"), str) \
            or not isinstance(prod.get("version"), str):
        problems.append(f"{where}: metadata.producer needs name and version (strings)")
    task = meta.get("task")
    if not isinstance(task, dict):
        problems.append(f"{where}: metadata.task missing")
        return
    files = task.get("input_files")
    if not isinstance(files, list) or not files or not all(isinstance(f, str) for f in files):
        problems.append(f"{where}: task.input_files must be a non-empty list of file names")
        files = []
    hashes = task.get("input_file_hashes")
    if not isinstance(hashes, dict):
        problems.append(f"{where}: task.input_file_hashes missing")
    else:
        for f in files:
            if not SHA256.match(str(hashes.get(f, ""))):
                problems.append(f"{where}: no SHA-256 hash for input file {f!r}")
    if not isinstance(task.get("specification"), str) or not task.get("specification"):
        problems.append(f"{where}: task.specification missing")
    if task.get("data_model") not in ("ILP32", "LP64"):
        problems.append(f"{where}: task.data_model {task.get('data_model')!r} (ILP32 or LP64)")
    if task.get("language") != "C":
        problems.append(f"{where}: task.language {task.get('language')!r} (only C)")


def _check_content(content, where: str, problems: list[str]) -> None:
    if not isinstance(content, list) or not content:
        problems.append(f"{where}: content must be a non-empty list of segments")
        return
    for si, seg in enumerate(content):
        swhere = f"{where} segment {si}"
        if not isinstance(seg, dict) or set(seg) != {"segment"} \
                or not isinstance(seg["segment"], list) or not seg["segment"]:
            problems.append(f"{swhere}: must be {{segment: [waypoints...]}} with at least one "
                            "waypoint")
            continue
        wps = seg["segment"]
        last = si == len(content) - 1
        for wi, item in enumerate(wps):
            wwhere = f"{swhere} waypoint {wi}"
            if not isinstance(item, dict) or set(item) != {"waypoint"} \
                    or not isinstance(item["waypoint"], dict):
                problems.append(f"{wwhere}: must be {{waypoint: {{...}}}}")
                continue
            wp = item["waypoint"]
            _check_waypoint(wp, wwhere, problems)
            is_end = wi == len(wps) - 1
            action = wp.get("action")
            if is_end and action != "follow":
                problems.append(f"{wwhere}: a segment ends with a 'follow' waypoint")
            if not is_end and action != "avoid":
                problems.append(f"{wwhere}: only the last waypoint of a segment is 'follow'")
            if wp.get("type") == "target" and not (last and is_end):
                problems.append(f"{wwhere}: a target waypoint ends the final segment only")
            if last and is_end and wp.get("type") != "target":
                problems.append(f"{wwhere}: the final segment must end with the target "
                                "waypoint")


def _check_waypoint(wp: dict, where: str, problems: list[str]) -> None:
    extra = set(wp) - {"type", "action", "location", "constraint"}
    if extra:
        problems.append(f"{where}: unknown keys {sorted(extra)}")
    typ = wp.get("type")
    if typ not in WAYPOINT_TYPES:
        problems.append(f"{where}: type {typ!r} (one of {sorted(WAYPOINT_TYPES)})")
    if wp.get("action") not in ("follow", "avoid"):
        problems.append(f"{where}: action {wp.get('action')!r} (follow or avoid)")
    if typ == "target" and wp.get("action") == "avoid":
        problems.append(f"{where}: a target waypoint cannot be avoided")
    _check_location(wp.get("location"), where, problems)
    c = wp.get("constraint")
    if typ in ("target", "function_enter"):
        if c is not None:
            problems.append(f"{where}: a {typ} waypoint has no constraint")
        return
    if typ not in WAYPOINT_TYPES:
        return
    if not isinstance(c, dict) or not isinstance(c.get("value"), str) or not c["value"]:
        problems.append(f"{where}: a {typ} waypoint needs constraint.value")
        return
    extra = set(c) - {"value", "format"}
    if extra:
        problems.append(f"{where}: unknown constraint keys {sorted(extra)}")
    fmt = c.get("format")
    if typ == "branching":
        if c["value"] not in ("true", "false") or fmt not in (None,):
            problems.append(f"{where}: a branching constraint is 'true' or 'false' without "
                            "format")
    elif typ == "function_return":
        if fmt != "acsl_expression":
            problems.append(f"{where}: a function_return constraint has format "
                            "acsl_expression")
        if not _RESULT_CONSTRAINT.match(c["value"]):
            problems.append(f"{where}: a function_return constraint is '\\result <op> "
                            f"<constant>', not {c['value']!r}")
    elif typ == "assumption":
        if fmt not in (None, "c_expression"):
            problems.append(f"{where}: an assumption constraint has format c_expression")
        if "\\result" in c["value"]:
            problems.append(f"{where}: an assumption constraint cannot use \\result")


def check_witness(path: str) -> list[str]:
    """Check a witness file by its kind (GraphML if it starts like XML, else YAML)."""
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    return check_graphml(text) if text.lstrip().startswith("<") else check_yaml(text)
