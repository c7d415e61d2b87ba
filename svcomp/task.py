"""SV-COMP task definitions (`.yml`, format 2.0) and property files (`.prp`), read into values.

Role: the input side of SV-COMP mode.  `read_task(path)` turns a task file into a `Task`
(input files resolved against the task's folder, its properties with expected verdicts, the
data model and language); `read_property(path)` turns a property file into a `Property`
whose `kind` names it ("unreach-call", "no-overflow", ...).  Only the reachability property
`CHECK( init(main()), LTL(G ! call(reach_error())) )` and the properties of
svcomp/properties.py (no-overflow `LTL(G ! overflow)`, valid-memsafety's three `CHECK`
lines valid-free/valid-deref/valid-memtrack, valid-memcleanup) are recognized by their
content (with any entry function); the kind of any other property is taken from the file
name.  Bad input
raises `TaskError` carrying one `file:line:col: error: message` line (YAML read by
`svcomp.yaml_input`: safe tags only, bounded nesting, every node located).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from .properties import FORMULAS, SUBPROPERTIES
from .yaml_input import YamlInputError, load_yaml, read_input_text

UNREACH_CALL_TEXT = "CHECK( init(main()), LTL(G ! call(reach_error())) )"

_UNREACH = re.compile(r"^CHECK\(\s*init\(\s*([A-Za-z_]\w*)\s*\(\s*\)\s*\)\s*,\s*"
                      r"LTL\(\s*G\s*!\s*call\(\s*([A-Za-z_]\w*)\s*\(\s*\)\s*\)\s*\)\s*\)$")


_CHECK = re.compile(r"CHECK\(\s*init\(\s*([A-Za-z_]\w*)\s*\(\s*\)\s*\)\s*,\s*"
                    r"LTL\(\s*([^()]*?)\s*\)\s*\)")


class TaskError(Exception):
    """Bad task or property file; the message is one `file:line:col: error: ...` line."""


@dataclass(frozen=True, slots=True)
class Property:
    """A property file: `kind` is "unreach-call" when the text is the reachability of an
    error function's call, else the file's stem (e.g. "no-overflow")."""
    kind: str
    text: str
    path: str = ""
    entry: str = "main"                 # the function of init(...)
    error_function: str | None = None   # for unreach-call: the function that must not be called
    recognized: bool = False            # the kind was read from the text (not the name)

    @property
    def supported(self) -> bool:
        if self.kind == "unreach-call":
            return self.error_function == "reach_error"
        return self.recognized and self.kind in SUBPROPERTIES


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
    properties_at: tuple[int, int] = (1, 1)     # (line, column) of `properties:`, messages

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
        return Property("unreach-call", body, path, entry=m.group(1), error_function=m.group(2),
                        recognized=True)
    checks = _CHECK.findall(body)
    if checks and _CHECK.sub("", body).strip() == "":
        entries = {e for e, _ in checks}
        subs = {FORMULAS.get(" ".join(f.split())) for _, f in checks}
        kind = next((k for k, v in SUBPROPERTIES.items() if set(v) == subs), None)
        if kind is not None and len(entries) == 1:
            return Property(kind, body, path, entry=entries.pop(), recognized=True)
    stem = Path(path).stem if path else ""
    return Property(stem or "unknown", body, path)


MAX_TASK_BYTES = 1_000_000           # SV-COMP task files are a few hundred bytes
MAX_PROPERTY_BYTES = 1_000_000
MAX_INPUT_FILES = 1_000              # SV-COMP tasks list one program file (rarely a few)


def task_error(path: str, line: int, col: int, message: str) -> TaskError:
    return TaskError(f"{path}:{line}:{col}: error: {message}")


def read_property(path: str) -> Property:
    try:
        text = read_input_text(path, MAX_PROPERTY_BYTES)
    except OSError as e:
        raise task_error(path, 1, 1, f"cannot read property file: {e.strerror or e}") \
            from None
    except YamlInputError as e:
        raise task_error(path, e.line, e.col, e.message) from None
    if not text.strip():
        raise task_error(path, 1, 1, "empty property file")
    return parse_property_text(text, path)


def _kind_of(prp_path: str) -> str:
    try:
        return read_property(prp_path).kind
    except TaskError:
        return Path(prp_path).stem


def select_property(task: Task, property_file: str | None) -> Property:
    """The property to check: that of `property_file` (the task must list its kind), else
    the task's unreach-call property, else its first one."""
    if property_file is not None:
        prop = read_property(property_file)
        if task.property_for(prop.kind) is None:
            raise task_error(task.path, *task.properties_at,
                             f"the task has no property {prop.kind!r}")
        return prop
    tp = task.property_for(None)
    if tp is None:
        raise task_error(task.path, *task.properties_at, "the task lists no property")
    return read_property(tp.property_file)


def read_task(path: str) -> Task:
    """Read an SV-COMP task definition (format_version 1.x or 2.x)."""
    try:
        yd = load_yaml(read_input_text(path, MAX_TASK_BYTES))
    except OSError as e:
        raise task_error(path, 1, 1, f"cannot read task file: {e.strerror or e}") from None
    except YamlInputError as e:
        raise task_error(path, e.line, e.col, e.message) from None
    doc = yd.data
    if not isinstance(doc, dict):
        raise task_error(path, *yd.position(), "a task file is a YAML mapping")
    where = os.path.dirname(os.path.abspath(path))

    def fail(message: str, *at) -> NoReturn:
        raise task_error(path, *yd.position(*at), message)

    version = str(doc.get("format_version", "1.0"))
    if not re.fullmatch(r"[12](\.\d+)?", version):
        fail(f"unsupported task format_version {version[:40]!r} (expected 1.x or 2.x)",
             "format_version")
    files, files_at = _input_file_names(doc.get("input_files"), fail)
    raw_props = doc.get("properties") or []
    if not isinstance(raw_props, list):
        fail("properties must be a list", "properties")
    props = []
    for i, p in enumerate(raw_props):
        if not isinstance(p, dict) or not isinstance(p.get("property_file"), str) \
                or not p["property_file"]:
            fail("each property needs a property_file", "properties", i)
        prp = os.path.normpath(os.path.join(where, p["property_file"]))
        verdict = p.get("expected_verdict")
        if verdict is not None and not isinstance(verdict, bool):
            fail(f"expected_verdict must be true or false, not {str(verdict)[:40]!r}",
                 "properties", i, "expected_verdict")
        sub = p.get("subproperty")
        props.append(TaskProperty(prp, verdict, sub if isinstance(sub, str) else None))
    options = doc.get("options") or {}
    if not isinstance(options, dict):
        fail("options must be a mapping", "options")
    data_model = str(options.get("data_model", "ILP32"))
    if data_model not in ("ILP32", "LP64"):
        fail(f"unknown data_model {data_model[:40]!r} (ILP32 or LP64)", "options",
             "data_model")
    inputs = _existing_files(files, files_at, where, fail)
    for i, tp in enumerate(props):
        if not os.path.isfile(tp.property_file):
            what = "is a directory" if os.path.isdir(tp.property_file) else "does not exist"
            fail(f"property file {raw_props[i]['property_file']!r} {what}",
                 "properties", i, "property_file")
    return Task(path, inputs, tuple(props), data_model, str(options.get("language", "C")),
                yd.key_position("properties") if "properties" in doc else (1, 1))


def _input_file_names(files, fail) -> tuple[list[str], list[tuple]]:
    """The task's input file names and the YAML path of each (for messages)."""
    if isinstance(files, str):
        return [files], [("input_files",)]
    if not isinstance(files, list) or not files:
        fail("input_files must be a file name or a non-empty list of file names",
             "input_files")
    for i, f in enumerate(files):
        if not isinstance(f, str) or not f:
            fail("input_files must be a file name or a non-empty list of file names",
                 "input_files", i)
    if len(files) > MAX_INPUT_FILES:
        fail(f"input_files lists {len(files)} files (at most {MAX_INPUT_FILES})",
             "input_files")
    return files, [("input_files", i) for i in range(len(files))]


def _existing_files(files: list[str], at: list[tuple], where: str, fail) -> tuple[str, ...]:
    """The input files resolved against the task's folder: existing regular files, each
    listed once."""
    seen: set[str] = set()
    for f, f_at in zip(files, at):
        full = os.path.normpath(os.path.join(where, f))
        if os.path.isdir(full):
            fail(f"input file {f!r} is a directory", *f_at)
        if not os.path.isfile(full):
            fail(f"input file {f!r} does not exist", *f_at)
        if full in seen:
            fail(f"input file {f!r} is listed twice", *f_at)
        seen.add(full)
    return tuple(os.path.normpath(os.path.join(where, f)) for f in files)
