"""Download SV-COMP verification tasks from sosy-lab/sv-benchmarks (shared by the fetch scripts).

Role: the one place that reads a task's `.yml` for the files it names and downloads a task
with them from raw.githubusercontent.com, keeping the repository's own layout under the
folder the user names (DIR/c/<folder>/<task>.yml, DIR/c/<folder>/<input>,
DIR/c/properties/<property>.prp), so the task's relative paths work as they are:

    pycorral svcomp DIR/c/<folder>/<task>.yml --timeout 60

A task is pinned to a commit (`Pin`): its .yml and the property files it names are read at
that commit, its input files at `inputs_commit` when given (a sample assembled from copies
of the files at different commits says so per task), else at the same commit.  Nothing is
downloaded twice (an existing file is kept); a download that fails is reported and the
other tasks go on (exit status 1 if any failed).  The files are public benchmarks: keep
them out of the repository.

Used by scripts/fetch_ldv_tasks.py (Linux driver tasks) and scripts/fetch_float_tasks.py
(floating-point tasks); `main` is their command line: DIR [--commit SHA] [--list].
"""
from __future__ import annotations

import argparse
import re
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Iterable

REPO = "sosy-lab/sv-benchmarks"
RAW = "https://raw.githubusercontent.com/{repo}/{commit}/{path}"

Reader = Callable[[str, str], bytes]          # (repository path, commit) -> the file's bytes


@dataclass(frozen=True)
class Pin:
    """A task (the repository path of its .yml) at a commit."""
    yml: str
    commit: str
    inputs_commit: str | None = None        # the input files' commit, when not `commit`


_INPUTS = re.compile(r"^input_files:[ \t]*(.*)$", re.M)
_PROPERTY = re.compile(r"property_file:\s*(\S+)")


def inputs_of(yml: str) -> list[str]:
    """The input files a task names (`input_files: 'x.i'` or a list of `- x.i` lines)."""
    m = _INPUTS.search(yml)
    if m is None:
        return []
    first = m.group(1).strip()
    if first:
        return [first.strip("'\"")]
    out = []
    for line in yml[m.end():].splitlines()[1:]:
        s = line.strip()
        if not s.startswith("- "):
            break
        out.append(s[2:].strip().strip("'\""))
    return out


def properties_of(yml: str) -> list[str]:
    """The property files a task names, each once, in order."""
    return list(dict.fromkeys(p.strip("'\"") for p in _PROPERTY.findall(yml)))


def join(base: str, rel: str) -> str:
    """`rel` relative to the folder of repository path `base` (`..` resolved)."""
    parts = base.split("/")[:-1]
    for p in rel.split("/"):
        if p == "..":
            parts.pop()
        elif p not in ("", "."):
            parts.append(p)
    return "/".join(parts)


def read_raw(path: str, commit: str) -> bytes:
    """The file at `path` of sv-benchmarks at `commit`, from raw.githubusercontent.com."""
    url = RAW.format(repo=REPO, commit=commit, path=path)
    with urllib.request.urlopen(url, timeout=120) as r:
        return r.read()


def download(path: str, commit: str, out: Path, read: Reader = read_raw) -> str:
    """OUT/path (downloaded unless it exists), as text."""
    dest = out / path
    if dest.exists():
        return dest.read_text(encoding="latin-1")
    data = read(path, commit)
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_bytes(data)
    return data.decode("latin-1")


def fetch_task(pin: Pin, out: Path, read: Reader = read_raw) -> None:
    """The task's .yml, its input files and its property files, under OUT."""
    yml = download(pin.yml, pin.commit, out, read)
    for rel in inputs_of(yml):
        download(join(pin.yml, rel), pin.inputs_commit or pin.commit, out, read)
    for rel in properties_of(yml):
        download(join(pin.yml, rel), pin.commit, out, read)


def fetch(out: Path, pins: Iterable[Pin], read: Reader = read_raw) -> int:
    """Every task under OUT; 1 if any download failed (reported on stderr), else 0."""
    failed = 0
    for pin in pins:
        try:
            fetch_task(pin, out, read)
            print(f"ok      {pin.yml}")
        except (urllib.error.URLError, OSError) as e:
            failed += 1
            print(f"failed  {pin.yml}: {e}", file=sys.stderr)
    return 1 if failed else 0


def parse_sample(table: str, commits: dict[str, str]) -> list[tuple[Pin, str]]:
    """The tasks of a fetch script's table (lines `YML COMMIT INPUTS_COMMIT VERDICT`, the
    commits abbreviated to keys of `commits`), each with its expected verdict."""
    out = []
    for line in table.strip().splitlines():
        yml, commit, inputs_commit, verdict = line.split()
        inputs = None if inputs_commit == commit else commits[inputs_commit]
        out.append((Pin(yml, commits[commit], inputs), verdict))
    return out


def main(argv: list[str] | None, description: str, pins: Iterable[Pin],
         commit_help: str) -> int:
    """The fetch scripts' command line: DIR [--commit SHA] [--list]."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("dir", type=Path, help="folder to download into")
    ap.add_argument("--commit", help=f"sv-benchmarks commit for every file ({commit_help})")
    ap.add_argument("--list", action="store_true", help="print the task paths only")
    a = ap.parse_args(argv)
    pins = list(pins)
    if a.list:
        print("\n".join(p.yml for p in pins))
        return 0
    if a.commit:
        pins = [replace(p, commit=a.commit, inputs_commit=None) for p in pins]
    a.dir.mkdir(parents=True, exist_ok=True)
    return fetch(a.dir, pins)
