"""Reads the `--json` output of `pycorral check` back into a `Trace`, as untrusted input.

Role: the input side of `pycorral replay --trace-json`.  `load_trace_json(path) -> Trace`;
every problem raises `TraceJsonError` with the 1-based line and column in the JSON file:
- a first pass over the tokens (`_scan`, iterative) records where each value starts (keyed
  by its path of keys and indices), and rejects nesting deeper than `MAX_DEPTH` (Python's
  json module would overflow its stack) and integer literals longer than
  `MAX_NUMBER_DIGITS` (its `int()` refuses more than 4,300 digits, with a ValueError);
- `json.loads` then reads the text (syntax errors carry their own line and column);
- the document is checked against the shape `Trace.to_json()` writes: a (possible) bug verdict, steps
  and nondet choices with fields of the right types, nondet values the replay harness can
  take (integer literals, `5bv32`, true/false), and the typestate rule violated (`--rules`),
  which the replay stops at.
"""
from __future__ import annotations

import json
import os
import re
import stat
from bisect import bisect_right
from typing import Any

from verifier.result import MemoryWrite, NondetChoice, Trace, TraceStep, Violation

from . import harness

MAX_DEPTH = 100                 # the format nests 5 levels
MAX_NUMBER_DIGITS = 100         # the format's numbers are lines, columns, depths, seconds
MAX_BYTES = 200_000_000

_TOKEN = re.compile(r"""
    [ \t\r\n]*
    (?: (?P<str>"(?:[^"\\]|\\.)*")
      | (?P<num>-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)
      | (?P<lit>true|false|null|NaN|-?Infinity)
      | (?P<punct>[{}\[\]:,])
    )""", re.X)

_STEP_FIELDS = {"kind": str, "proc": str, "depth": int, "label": str, "file": str,
                "line": int, "col": int, "text": str, "values": dict}
_STEP_REQUIRED = ("kind", "proc", "depth")
_NONDET_FIELDS = {"what": str, "value": str, "proc": str, "file": str, "line": int,
                  "col": int}
_NONDET_REQUIRED = ("what", "value", "proc")
_MEMORY_FIELDS = {"function": str, "file": str, "line": int, "kind": str}
_KINDS = ("block", "call", "return", "fail")


class TraceJsonError(Exception):
    def __init__(self, line: int, col: int, message: str):
        super().__init__(f"{line}:{col}: {message}")
        self.line, self.col, self.message = line, col, message


class _Text:
    """Offsets of a text as (line, column)."""

    def __init__(self, text: str):
        self.starts = [0] + [m.end() for m in re.finditer(r"\n", text)]

    def at(self, offset: int) -> tuple[int, int]:
        line = bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1


def _scan(text: str, where: _Text) -> dict[tuple, int]:
    """The offset where each value starts, by its path; checks depth and number lengths.
    Stops quietly at the first token it does not know (json.loads reports it)."""
    starts: dict[tuple, int] = {}
    stack: list[list] = []          # [kind "{" or "[", current key or index, awaiting key]
    pos = 0
    while True:
        m = _TOKEN.match(text, pos)
        if m is None:
            return starts
        pos = m.end()
        group = m.lastgroup
        tok = m.group(group)
        off = m.start(group)
        top = stack[-1] if stack else None
        if group == "punct":
            if tok in "{[":
                _value_at(stack, starts, off)
                if len(stack) >= MAX_DEPTH:
                    raise TraceJsonError(*where.at(off), f"nested more than {MAX_DEPTH} "
                                                         "levels deep")
                stack.append([tok, 0 if tok == "[" else None, tok == "{"])
            elif tok in "}]":
                if stack:
                    stack.pop()
            elif tok == "," and top is not None:
                if top[0] == "[":
                    top[1] += 1
                else:
                    top[2] = True
            continue
        if top is not None and top[0] == "{" and top[2] and group == "str":
            try:
                top[1] = json.loads(tok)
            except ValueError:
                return starts
            top[2] = False
            continue
        if group == "num":
            digits = len(re.match(r"-?([0-9]*)", tok).group(1))
            if digits > MAX_NUMBER_DIGITS:
                raise TraceJsonError(*where.at(off), f"a number of {digits} digits is too "
                                                     f"long (at most {MAX_NUMBER_DIGITS})")
        _value_at(stack, starts, off)


def _value_at(stack: list[list], starts: dict[tuple, int], off: int) -> None:
    starts[tuple(frame[1] for frame in stack)] = off


def load_trace_json(path: str) -> Trace:
    """The trace of a `pycorral check --json` output file; raises TraceJsonError (and
    OSError when the file cannot be read)."""
    with open(path, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):      # /dev/zero never ends
            raise TraceJsonError(1, 1, "not a regular file")
        data = fh.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise TraceJsonError(1, 1, f"larger than {MAX_BYTES // 1_000_000} MB")
    try:
        text = data.decode("utf-8")                  # JSON is UTF-8 (RFC 8259)
    except UnicodeDecodeError as e:
        line_start = data.rfind(b"\n", 0, e.start) + 1
        raise TraceJsonError(data.count(b"\n", 0, e.start) + 1,
                             len(data[line_start:e.start].decode("utf-8")) + 1,
                             f"not UTF-8: byte 0x{data[e.start]:02x}") from None
    where = _Text(text)
    starts = _scan(text, where)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise TraceJsonError(e.lineno, e.colno, f"not valid JSON: {e.msg}") from None
    except (ValueError, RecursionError) as e:        # what the scan should have caught
        raise TraceJsonError(1, 1, f"not valid JSON: {type(e).__name__}") from None

    def fail(message: str, *path) -> TraceJsonError:
        for cut in range(len(path), -1, -1):        # the deepest located prefix
            if tuple(path[:cut]) in starts:
                return TraceJsonError(*where.at(starts[tuple(path[:cut])]), message)
        return TraceJsonError(1, 1, message)

    if not isinstance(doc, dict) or doc.get("verdict") not in ("bug", "possible-bug") \
            or not doc.get("trace"):
        raise fail("not the JSON of a bug verdict (pycorral check --json)")
    return _trace(doc["trace"], fail)


def _trace(doc: Any, fail) -> Trace:
    if not isinstance(doc, dict):
        raise fail("the trace is an object (steps, inputs, nondet)", "trace")
    steps = tuple(TraceStep(**_fields(s, _STEP_FIELDS, _STEP_REQUIRED, fail, "steps", i))
                  for i, s in enumerate(_list(doc, "steps", fail)))
    for i, s in enumerate(steps):
        if s.kind not in _KINDS:
            raise fail(f"step kind {s.kind[:40]!r} (one of {', '.join(_KINDS)})",
                       "trace", "steps", i, "kind")
    nondet = tuple(NondetChoice(**_fields(c, _NONDET_FIELDS, _NONDET_REQUIRED, fail,
                                          "nondet", i))
                   for i, c in enumerate(_list(doc, "nondet", fail)))
    for i, c in enumerate(nondet):
        if len(c.value) > MAX_NUMBER_DIGITS:
            raise fail(f"nondet value of {len(c.value)} characters fits no C type",
                       "trace", "nondet", i, "value")
        try:
            harness.value_to_u64(c.value)
        except ValueError:
            raise fail(f"nondet value {c.value[:40]!r} is not an integer (or true/false)",
                       "trace", "nondet", i, "value") from None
    inputs = doc.get("inputs") or {}
    if not isinstance(inputs, dict) or not all(isinstance(v, str) for v in inputs.values()):
        raise fail("inputs map names to values (strings)", "trace", "inputs")
    memory = tuple(MemoryWrite(**_fields(m, _MEMORY_FIELDS, ("function",), fail,
                                         "memory_writes", i))
                   for i, m in enumerate(_list(doc, "memory_writes", fail)))
    return Trace(steps, tuple(inputs.items()), nondet, violation=_violation(doc, fail),
                 memory=memory)


_VIOLATION_FIELDS = {"rule": str, "message": str, "description": str, "function": str,
                     "file": str, "line": int, "col": int, "step": int,
                     "kind": str, "id": str}     # kind: rule | property (a check's id)


def _violation(doc: dict, fail) -> Violation | None:
    """The typestate rule (`--rules`) or property check a trace violates, when it says so."""
    v = doc.get("violation")
    if v is None:
        return None
    if not isinstance(v, dict) or not {"rule", "message"} <= set(v):
        raise fail("the violation is an object with a rule and a message", "trace",
                   "violation")
    for name, value in v.items():
        want = _VIOLATION_FIELDS.get(name)
        if want is None:
            raise fail(f"unknown field {name[:40]!r} in the violation", "trace", "violation",
                       name)
        if not isinstance(value, want) or (want is int and isinstance(value, bool)):
            raise fail(f"{name} must be a{'n' if want is int else ''} "
                       f"{'integer' if want is int else want.__name__}", "trace",
                       "violation", name)
    if v.get("kind", "rule") not in ("rule", "property"):
        raise fail("kind must be 'rule' or 'property'", "trace", "violation", "kind")
    return Violation.from_json(v)


def _list(doc: dict, key: str, fail) -> list:
    value = doc.get(key) or []
    if not isinstance(value, list):
        raise fail(f"{key} is a list", "trace", key)
    return value


def _fields(obj: Any, types: dict[str, type], required: tuple[str, ...], fail,
            key: str, i: int) -> dict[str, Any]:
    """The keyword arguments of a step or nondet choice, type-checked."""
    if not isinstance(obj, dict):
        raise fail(f"each of {key} is an object", "trace", key, i)
    for name in required:
        if name not in obj:
            raise fail(f"{key}[{i}] has no {name!r}", "trace", key, i)
    out: dict[str, Any] = {}
    for name, value in obj.items():
        want = types.get(name)
        if want is None:
            raise fail(f"unknown field {name[:40]!r} in {key}[{i}]", "trace", key, i, name)
        if not isinstance(value, want) or (want is int and isinstance(value, bool)):
            raise fail(f"{name} must be a{'n' if want is int else ''} "
                       f"{'integer' if want is int else want.__name__}", "trace", key, i,
                       name)
        out[name] = value
    if "values" in out:
        vals = out["values"]
        if not all(isinstance(v, str) for v in vals.values()):
            raise fail("values map names to values (strings)", "trace", key, i, "values")
        out["values"] = tuple(vals.items())
    return out
