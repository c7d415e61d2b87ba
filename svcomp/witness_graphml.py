"""Writes SV-COMP witnesses in the GraphML format (witness format 1.0).

Role: `violation_witness(path, meta)` turns a `witness_trace.ViolationPath` into a
violation-witness automaton: a chain of states from the entry node to the violation node,
one transition per C function entered or left (`enterFunction` / `returnFromFunction`) and
per value returned by a nondeterministic call (`assumption` "\\result == v;" with
`assumption.resultfunction` and `assumption.scope`), each keyed to its source line
(`startline`), and a last transition at the line that calls the error function.
`correctness_witness(meta, invariants)` is a correctness witness: the entry node and one node
per proved loop-head invariant, entered at the loop's line (with none, every state's
invariant is `true`).  The keys and their declarations follow the sv-witnesses GraphML
documentation (README-GraphML.md); `witness_check.check_graphml` checks them.
"""
from __future__ import annotations

import datetime as _dt
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from .witness_trace import CallEvent, NondetInput, ViolationPath

GRAPHML_NS = "http://graphml.graphdrawing.org/xmlns"
PRODUCER = "pycorral 0.1.0"

# (id, for, attr.type, default) of every key a pycorral witness uses
GRAPH_KEYS = ("witness-type", "sourcecodelang", "producer", "specification", "programfile",
              "programhash", "architecture", "creationtime")
KEYS: tuple[tuple[str, str, str, str | None], ...] = (
    *((k, "graph", "string", None) for k in GRAPH_KEYS),
    ("entry", "node", "boolean", "false"),
    ("sink", "node", "boolean", "false"),
    ("violation", "node", "boolean", "false"),
    ("invariant", "node", "string", None),
    ("invariant.scope", "node", "string", None),
    ("originfile", "edge", "string", None),
    ("startline", "edge", "int", None),
    ("endline", "edge", "int", None),
    ("control", "edge", "string", None),
    ("assumption", "edge", "string", None),
    ("assumption.scope", "edge", "string", None),
    ("assumption.resultfunction", "edge", "string", None),
    ("enterFunction", "edge", "string", None),
    ("returnFromFunction", "edge", "string", None),
    ("enterLoopHead", "edge", "boolean", "false"),
)


@dataclass(frozen=True, slots=True)
class WitnessMeta:
    """What a witness says about its task."""
    specification: str          # the property text, e.g. "CHECK( init(main()), LTL(...) )"
    program_files: tuple[str, ...]
    program_hashes: tuple[str, ...]   # SHA-256 of each file, same order
    data_model: str = "ILP32"
    producer: str = PRODUCER
    creation_time: str = ""     # ISO 8601; empty: now

    @property
    def architecture(self) -> str:
        return "64bit" if self.data_model == "LP64" else "32bit"

    def created(self) -> str:
        return self.creation_time or _dt.datetime.now(_dt.timezone.utc).strftime(
            "%Y-%m-%dT%H:%M:%SZ")


def _root(meta: WitnessMeta, witness_type: str) -> tuple[ET.Element, ET.Element]:
    root = ET.Element("graphml", {"xmlns": GRAPHML_NS,
                                  "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance"})
    for key_id, for_, typ, default in KEYS:
        k = ET.SubElement(root, "key", {"id": key_id, "attr.name": key_id,
                                        "attr.type": typ, "for": for_})
        if default is not None:
            ET.SubElement(k, "default").text = default
    graph = ET.SubElement(root, "graph", {"edgedefault": "directed"})
    values = {"witness-type": witness_type, "sourcecodelang": "C", "producer": meta.producer,
              "specification": meta.specification, "programfile": meta.program_files[0],
              "programhash": meta.program_hashes[0], "architecture": meta.architecture,
              "creationtime": meta.created()}
    for k in GRAPH_KEYS:
        _data(graph, k, values[k])
    return root, graph


def _data(parent: ET.Element, key: str, value: str) -> None:
    ET.SubElement(parent, "data", {"key": key}).text = value


def _node(graph: ET.Element, node_id: str, **flags: bool) -> None:
    n = ET.SubElement(graph, "node", {"id": node_id})
    for k, v in flags.items():
        if v:
            _data(n, k, "true")


def _text(root: ET.Element) -> str:
    ET.indent(root, "  ")
    body = ET.tostring(root, encoding="unicode", short_empty_elements=True)
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + body + "\n"


def assumption_of(inp: NondetInput) -> str:
    return f"\\result == {inp.value};"


def violation_witness(path: ViolationPath, meta: WitnessMeta) -> str:
    root, graph = _root(meta, "violation_witness")
    multi = len(meta.program_files) > 1
    _node(graph, "N0", entry=True)
    last = "N0"
    count = 0

    def edge(**data: str | int) -> None:
        nonlocal last, count
        count += 1
        nid = f"N{count}"
        _node(graph, nid)
        e = ET.SubElement(graph, "edge", {"source": last, "target": nid})
        for k, v in data.items():
            _data(e, k.replace("_", "."), str(v))
        last = nid

    for ev in path.events:
        origin = {"originfile": ev.file} if multi and ev.file else {}
        if isinstance(ev, CallEvent):
            key = "enterFunction" if ev.kind == "enter" else "returnFromFunction"
            edge(**origin, startline=ev.line, **{key: ev.function})
        elif ev.function is not None and ev.line > 0:
            edge(**origin, startline=ev.line, assumption=assumption_of(ev),
                 assumption_scope=ev.scope, assumption_resultfunction=ev.function)
    if path.target is not None:
        origin = {"originfile": path.target.file} if multi else {}
        edge(**origin, startline=path.target.line)
    # the last state is the violation state
    for n in graph.iter("node"):
        if n.get("id") == last:
            _data(n, "violation", "true")
    return _text(root)


def correctness_witness(meta: WitnessMeta, invariants=()) -> str:
    """A correctness witness: the entry node, and for each proved loop invariant
    (`svcomp.invariants.CInvariant`) a node carrying it (`invariant`, `invariant.scope`),
    reached from the entry by an edge entering the loop head at the loop's line."""
    root, graph = _root(meta, "correctness_witness")
    _node(graph, "N0", entry=True)
    multi = len(meta.program_files) > 1
    for i, inv in enumerate(invariants, start=1):
        n = ET.SubElement(graph, "node", {"id": f"N{i}"})
        _data(n, "invariant", inv.text)
        if inv.function:
            _data(n, "invariant.scope", inv.function)
        e = ET.SubElement(graph, "edge", {"source": "N0", "target": f"N{i}"})
        if multi:
            _data(e, "originfile", inv.file)
        _data(e, "startline", str(inv.line))
        _data(e, "enterLoopHead", "true")
    return _text(root)
