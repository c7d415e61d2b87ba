"""Reads untrusted YAML (SV-COMP task definitions, YAML witnesses) into plain data, keeping
the source position of every node for diagnostics.

Role: the one YAML door of `svcomp.task` and `svcomp.witness_read`.  `load_yaml(text)`
returns a `YamlDoc`: `data` (what `yaml.safe_load` gives) and `position(*path)`, the 1-based
(line, column) of the node reached by a path of mapping keys and sequence indices (of the
deepest node on the path that exists).  Every problem raises `YamlInputError` with a line
and column:
- only PyYAML's SafeLoader tags are known: `!!python/object` and other tags are an error at
  the tag, never constructed;
- nesting deeper than `MAX_DEPTH` is an error at the collection that goes too deep.  It is
  checked on PyYAML's event stream (its scanner and parser keep explicit stacks) before the
  composer and constructor run, which recurse once per level: 1,000 levels would exhaust
  Python's stack (a RecursionError);
- values the constructor cannot build (an integer of 5,000 digits, a date with month 13)
  are an error at that value.
"""
from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from typing import Any

import yaml

MAX_DEPTH = 100         # task files nest 3 levels, witnesses 7; far below the stack's limit


class YamlInputError(Exception):
    """Bad YAML: `line` and `col` are 1-based, `message` has no location."""

    def __init__(self, line: int, col: int, message: str):
        super().__init__(f"{line}:{col}: {message}")
        self.line, self.col, self.message = line, col, message


@dataclass(frozen=True, slots=True)
class YamlDoc:
    data: Any
    root: Any           # PyYAML's node of the document, or None for an empty document

    def position(self, *path: Any) -> tuple[int, int]:
        """(line, column) of the node at `path` (keys and indices), or of the deepest
        node on the way when the path leaves the document."""
        node, _ = self._walk(path)
        return _start(node)

    def key_position(self, *path: Any) -> tuple[int, int]:
        """(line, column) of the key of the last step of `path` in its mapping (where
        "key: value" starts), else as `position`."""
        parent, complete = self._walk(path[:-1])
        if path and complete and isinstance(parent, yaml.MappingNode):
            for k, _ in parent.value:
                if isinstance(k, yaml.ScalarNode) and k.value == str(path[-1]):
                    return _start(k)
        return self.position(*path)

    def _walk(self, path) -> tuple[Any, bool]:
        node = self.root
        for step in path:
            child = _child(node, step)
            if child is None:
                return node, False
            node = child
        return node, True


def _start(node) -> tuple[int, int]:
    if node is None:
        return 1, 1
    return node.start_mark.line + 1, node.start_mark.column + 1


def _child(node, step):
    if node is None:
        return None
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value == str(step):
                return v
        return None
    if isinstance(node, yaml.SequenceNode) and isinstance(step, int) \
            and 0 <= step < len(node.value):
        return node.value[step]
    return None


def _char_name(c) -> str:
    code = c if isinstance(c, int) else ord(c) if isinstance(c, str) and len(c) == 1 else None
    return f"#x{code:04x}" if code is not None else repr(c)


def _error_at(mark, message: str) -> YamlInputError:
    if mark is None:
        return YamlInputError(1, 1, message)
    return YamlInputError(mark.line + 1, mark.column + 1, message)


def _problem(e: yaml.YAMLError, text: str) -> YamlInputError:
    if isinstance(e, yaml.reader.ReaderError):     # a character YAML does not allow
        before = text[:e.position]
        line = before.count("\n") + 1
        return YamlInputError(line, e.position - (before.rfind("\n") + 1) + 1,
                              f"character {_char_name(e.character)} is not allowed in YAML")
    mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
    problem = getattr(e, "problem", None) or str(e).splitlines()[0] or "invalid YAML"
    context = getattr(e, "context", None)
    if context and getattr(e, "problem_mark", None) is not None:
        problem = f"{problem} ({context})"
    return _error_at(mark, " ".join(str(problem).split()))


# libyaml's parser when PyYAML was built with it (about ten times faster), else PyYAML's
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_SAFE_LOADER):
    """The safe loader, with construction errors naming the node they happened at."""

    def construct_object(self, node, deep=False):
        try:
            return super().construct_object(node, deep=deep)
        except (ValueError, OverflowError, TypeError) as e:
            text = str(e).splitlines()[0] if str(e) else type(e).__name__
            if "integer string conversion" in text:
                text = "integer with too many digits"
            raise _error_at(node.start_mark, f"cannot read this value: {text}") from None


def _check_depth(text: str) -> None:
    try:
        _check_depth_with(text, _SAFE_LOADER)
    except yaml.scanner.ScannerError as e:
        # libyaml 0.2.6 (PyYAML 6.0.4's wheels) has its own nesting limit, reached by its
        # scanner's look-ahead before our check sees the 101st level: find that level
        # with PyYAML's own scanner, which reads one token at a time
        if _SAFE_LOADER is yaml.SafeLoader or "nesting depth" not in str(e):
            raise
        _check_depth_with(text, yaml.SafeLoader)
        raise


def _check_depth_with(text: str, loader) -> None:
    depth = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise _error_at(event.start_mark,
                                f"nested more than {MAX_DEPTH} levels deep")
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def load_yaml(text: str) -> YamlDoc:
    """The one YAML document of `text`; raises YamlInputError."""
    try:
        _check_depth(text)
        loader = _Loader(text)
        try:
            root = loader.get_single_node()
            data = loader.construct_document(root) if root is not None else None
        finally:
            loader.dispose()
    except yaml.YAMLError as e:
        raise _problem(e, text) from None
    return YamlDoc(data, root)


def read_input_bytes(path: str, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes.  Raises OSError with a message
    for a directory, a device (`/dev/zero` never ends) or a file too large for what it
    claims to be."""
    with open(path, "rb") as fh:
        mode = os.fstat(fh.fileno()).st_mode
        if stat.S_ISDIR(mode):
            raise OSError(f"{path} is a directory, not a file")
        if not stat.S_ISREG(mode):
            raise OSError(f"{path} is not a regular file")
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise OSError(f"{path} is larger than {limit // 1_000_000} MB")
    return data


def utf8_text(data: bytes) -> str:
    """`data` decoded; YamlInputError at the first byte that is not UTF-8 (YAML and the
    SV-COMP formats are UTF-8: replacing the byte would answer for another file)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line_start = data.rfind(b"\n", 0, e.start) + 1
        col = len(data[line_start:e.start].decode("utf-8")) + 1
        raise YamlInputError(data.count(b"\n", 0, e.start) + 1, col,
                             f"not UTF-8: byte 0x{data[e.start]:02x}") from None


def read_input_text(path: str, limit: int) -> str:
    """The text of a regular UTF-8 file (read_input_bytes, then utf8_text)."""
    return utf8_text(read_input_bytes(path, limit))
