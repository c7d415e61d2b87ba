"""Writes violation witnesses in the YAML witness format 2.0 (`violation_sequence`).

Role: `violation_witness_yaml(path, meta)` turns a `witness_trace.ViolationPath` into one
`violation_sequence` entry: metadata (format_version "2.0", uuid, creation_time, producer,
task with input files, their SHA-256 hashes, specification, data model, language) and a
content of segments, each ending in one `follow` waypoint: a `function_return` waypoint per
value a nondeterministic call returned (constraint `\\result == v` in format
acsl_expression, located at the call's closing parenthesis as the format requires), and a
final segment with the `target` waypoint at the call of the error function.
Format: the sv-witnesses documentation "Format for Violation Witnesses, version 2.0";
`witness_check.check_yaml` checks it.
"""
from __future__ import annotations

import uuid as _uuid

from .witness_graphml import WitnessMeta
from .witness_trace import ViolationPath


def _location(file: str, line: int, col: int, function: str) -> dict:
    loc: dict = {"file_name": file, "line": line}
    if col > 0:
        loc["column"] = col
    if function:
        loc["function"] = function
    return loc


def _metadata(meta: WitnessMeta) -> dict:
    producer_name, _, version = meta.producer.partition(" ")
    return {
        "format_version": "2.0",
        "uuid": str(_uuid.uuid4()),
        "creation_time": meta.created(),
        "producer": {"name": producer_name, "version": version or "unknown"},
        "task": {
            "input_files": list(meta.program_files),
            "input_file_hashes": dict(zip(meta.program_files, meta.program_hashes)),
            "specification": meta.specification,
            "data_model": meta.data_model,
            "language": "C",
        },
    }


def violation_entry(path: ViolationPath, meta: WitnessMeta) -> dict:
    metadata = _metadata(meta)
    content = []
    for inp in path.inputs:
        if inp.function is None or inp.line <= 0:
            continue
        content.append({"segment": [{"waypoint": {
            "type": "function_return",
            "action": "follow",
            "location": _location(inp.file, inp.line, inp.end_col, inp.scope),
            "constraint": {"value": f"\\result == {inp.value}",
                           "format": "acsl_expression"},
        }}]})
    if path.target is not None:
        t = path.target
        content.append({"segment": [{"waypoint": {
            "type": "target",
            "action": "follow",
            "location": _location(t.file, t.line, t.col, t.function),
        }}]})
    return {"entry_type": "violation_sequence", "metadata": metadata, "content": content}


def violation_witness_yaml(path: ViolationPath, meta: WitnessMeta) -> str:
    import yaml

    return yaml.safe_dump([violation_entry(path, meta)], sort_keys=False,
                          default_flow_style=False, width=1000)


def invariant_set_entry(invariants, meta: WitnessMeta) -> dict:
    """A correctness witness of format 2.0: one `invariant_set` entry whose content is a
    `loop_invariant` per proved loop invariant (`svcomp.invariants.CInvariant`), a C
    expression at the loop's line."""
    content = [{"invariant": {
        "type": inv.kind if inv.kind == "loop_invariant" else "location_invariant",
        "location": _location(inv.file, inv.line, 0, inv.function),
        "value": inv.text,
        "format": "c_expression",
    }} for inv in invariants]
    return {"entry_type": "invariant_set", "metadata": _metadata(meta), "content": content}


def correctness_witness_yaml(invariants, meta: WitnessMeta) -> str:
    import yaml

    return yaml.safe_dump([invariant_set_entry(invariants, meta)], sort_keys=False,
                          default_flow_style=False, width=1000)
