"""SV-COMP task definitions (`.yml`, format 2.0) and property files (`.prp`), read into values.

Role: the input side of SV-COMP mode.  `read_task(path)` turns a task file into a `Task`
(input files resolved against the task's folder, its properties with expected verdicts, the
data model and language); `read_property(path)` turns a property file into a `Property`
whose `kind` names it ("unreach-call", "no-overflow", ...).  Only the reachability property
`CHECK( init(main()), LTL(G ! call(reach_error())) )` is recognized by its content (with any
entry function); the kind of any other property is taken from the file name.  Bad input
raises `TaskError` carrying one `file:line: error: message` line.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

UNREACH_CALL_TEXT = "CHECK( init(main()), LTL(G ! call(reach_error())) )"

_UNREACH = re.compile(r"^CHECK\(\s*init\(\s*([A-Za-z_]\w*)\s*\(\s*\)\s*\)\s*,\s*"
                      r"LTL\(\s*G\s*!\s*call\(\s*([A-Za-z_]\w*)\s*\(\s*\)\s*\)\s*\)\s*\)$")


class TaskError(Exception):
    """Bad task or property file; the message is one `file:line: error: ...` line."""


@dataclass(frozen=True, slots=True)
class Property:
    """A property file: `kind` is "unreach-call" when the text is the reachability of an
    error function's call, else the file's stem (e.g. "no-overflow")."""
    kind: str
    text: str
    path: str = ""
    entry: str = "main"                 # the function of init(...)
    error_function: str | None = None   # for unreach-call: the function that must not be called

    @property
    def supported(self) -> bool:
        return self.kind == "unreach-call" and self.error_function == "reach_error"


@dataclass(frozen=True, slots=True)
class TaskProperty:
    property_file: str                  # resolved path
    expected_verdict: bool | None       # None when the task does not say
    subproperty: str | None = None


@dataclass(frozen=True, slots=True)
class Task:
    path: str
    input_files: tuple[str, ...]        # resolved paths
    properties: tuple[TaskProperty, ...]
    data_model: str = "ILP32"
    language: str = "C"

    def property_for(self, kind: str | None) -> TaskProperty | None:
        """The task's property of this kind (by the property file's stem or content); with
        kind None, the unreach-call one if the task has it, else the first."""
        found = [(tp, _kind_of(tp.property_file)) for tp in self.properties]
        if kind is not None:
            return next((tp for tp, k in found if k == kind), None)
        return next((tp for tp, k in found if k == "unreach-call"),
                    self.properties[0] if self.properties else None)


def parse_property_text(text: str, path: str = "") -> Property:
    """The property of a .prp file's text (comments `//` and blank lines ignored)."""
    lines = [ln.split("//", 1)[0].strip() for ln in text.splitlines()]
    body = " ".join(ln for ln in lines if ln)
    m = _UNREACH.match(body)
    if m:
        return Property("unreach-call", body, path, entry=m.group(1), error_function=m.group(2))
    stem = Path(path).stem if path else ""
    return Property(stem or "unknown", body, path)


def read_property(path: str) -> Property:
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError as e:
        raise TaskError(f"{path}:1: error: cannot read property file: {e.strerror or e}") \
            from None
    if not text.strip():
        raise TaskError(f"{path}:1: error: empty property file")
    return parse_property_text(text, path)


def _kind_of(prp_path: str) -> str:
    try:
        return read_property(prp_path).kind
    except TaskError:
        return Path(prp_path).stem


def read_task(path: str) -> Task:
    """Read an SV-COMP task definition (format_version 1.x or 2.x)."""
    import yaml

    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError as e:
        raise TaskError(f"{path}:1: error: cannot read task file: {e.strerror or e}") from None
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 1
        problem = getattr(e, "problem", None) or "invalid YAML"
        raise TaskError(f"{path}:{line}: error: {problem}") from None
    if not isinstance(doc, dict):
        raise TaskError(f"{path}:1: error: a task file is a YAML mapping")
    where = os.path.dirname(os.path.abspath(path))

    def line_of(key: str) -> int:
        for i, ln in enumerate(text.splitlines(), 1):
            if ln.lstrip().startswith(key + ":"):
                return i
        return 1

    version = str(doc.get("format_version", "1.0"))
    if not re.fullmatch(r"[12](\.\d+)?", version):
        raise TaskError(f"{path}:{line_of('format_version')}: error: unsupported task "
                        f"format_version {version!r} (expected 1.x or 2.x)")
    files = doc.get("input_files")
    if isinstance(files, str):
        files = [files]
    if not isinstance(files, list) or not files or \
            not all(isinstance(f, str) and f for f in files):
        raise TaskError(f"{path}:{line_of('input_files')}: error: input_files must be a file "
                        "name or a non-empty list of file names")
    inputs = tuple(os.path.normpath(os.path.join(where, f)) for f in files)
    props = []
    raw_props = doc.get("properties") or []
    if not isinstance(raw_props, list):
        raise TaskError(f"{path}:{line_of('properties')}: error: properties must be a list")
    for p in raw_props:
        if not isinstance(p, dict) or not isinstance(p.get("property_file"), str):
            raise TaskError(f"{path}:{line_of('properties')}: error: each property needs a "
                            "property_file")
        verdict = p.get("expected_verdict")
        if verdict is not None and not isinstance(verdict, bool):
            raise TaskError(f"{path}:{line_of('expected_verdict')}: error: expected_verdict "
                            f"must be true or false, not {verdict!r}")
        props.append(TaskProperty(os.path.normpath(os.path.join(where, p["property_file"])),
                                  verdict, p.get("subproperty")))
    options = doc.get("options") or {}
    if not isinstance(options, dict):
        raise TaskError(f"{path}:{line_of('options')}: error: options must be a mapping")
    data_model = str(options.get("data_model", "ILP32"))
    if data_model not in ("ILP32", "LP64"):
        raise TaskError(f"{path}:{line_of('data_model')}: error: unknown data_model "
                        f"{data_model!r} (ILP32 or LP64)")
    return Task(path, inputs, tuple(props), data_model, str(options.get("language", "C")))
