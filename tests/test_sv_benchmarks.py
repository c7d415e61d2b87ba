"""The sv-benchmarks download scripts (scripts/sv_benchmarks.py and the task lists that use
it, fetch_ldv_tasks.py, fetch_float_tasks.py and fetch_memsafety_tasks.py), without the network: a reader over a
dictionary of files stands in for raw.githubusercontent.com."""
from __future__ import annotations

import importlib.util
import re
import sys
import urllib.error
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod            # the fetch scripts import sv_benchmarks by name
    spec.loader.exec_module(mod)
    return mod


svb = _load("sv_benchmarks")
ldv = _load("fetch_ldv_tasks")
flt = _load("fetch_float_tasks")
mem = _load("fetch_memsafety_tasks")

TASK_YML = """format_version: '2.0'
input_files: 'prog.c'
properties:
  - property_file: ../properties/termination.prp
    expected_verdict: true
  - property_file: ../properties/unreach-call.prp
    expected_verdict: false
  - property_file: ../properties/unreach-call.prp
options:
  language: C
  data_model: ILP32
"""


def test_task_file_parsing():
    assert svb.inputs_of(TASK_YML) == ["prog.c"]
    assert svb.inputs_of("input_files:\n  - a.c\n  - 'b.c'\nproperties:\n") == ["a.c", "b.c"]
    assert svb.inputs_of("format_version: '2.0'\n") == []
    assert svb.properties_of(TASK_YML) == ["../properties/termination.prp",
                                           "../properties/unreach-call.prp"]
    assert svb.join("c/float-benchs/t.yml", "../properties/u.prp") == "c/properties/u.prp"
    assert svb.join("c/f/t.yml", "./x/p.c") == "c/f/x/p.c"


class FakeRaw:
    """Files by (path, commit); counts the reads; a path in `broken` fails."""
    def __init__(self, files: dict[tuple[str, str], str], broken=()):
        self.files, self.broken, self.reads = files, set(broken), []

    def __call__(self, path: str, commit: str) -> bytes:
        self.reads.append((path, commit))
        if path in self.broken or (path, commit) not in self.files:
            raise urllib.error.URLError(f"404 {path}@{commit}")
        return self.files[(path, commit)].encode()


def test_fetch_keeps_the_layout_and_the_pinned_commits(tmp_path, capsys):
    raw = FakeRaw({("c/f/t.yml", "Y"): TASK_YML, ("c/f/prog.c", "I"): "int main(){}\n",
                   ("c/properties/termination.prp", "Y"): "T\n",
                   ("c/properties/unreach-call.prp", "Y"): "U\n"})
    pins = [svb.Pin("c/f/t.yml", "Y", "I")]
    assert svb.fetch(tmp_path, pins, raw) == 0
    assert (tmp_path / "c/f/prog.c").read_text() == "int main(){}\n"
    assert (tmp_path / "c/properties/unreach-call.prp").read_text() == "U\n"
    assert ("c/f/prog.c", "I") in raw.reads and ("c/f/prog.c", "Y") not in raw.reads
    assert len(raw.reads) == 4                       # each property file once
    # a second run downloads nothing (existing files are kept)
    raw.reads.clear()
    assert svb.fetch(tmp_path, pins, raw) == 0 and raw.reads == []
    assert "ok      c/f/t.yml" in capsys.readouterr().out


def test_a_failed_download_is_reported_and_the_others_go_on(tmp_path, capsys):
    raw = FakeRaw({("c/f/t.yml", "Y"): TASK_YML, ("c/f/prog.c", "Y"): "x\n",
                   ("c/properties/termination.prp", "Y"): "T\n",
                   ("c/properties/unreach-call.prp", "Y"): "U\n",
                   ("c/g/t.yml", "Y"): TASK_YML}, broken={"c/g/prog.c"})
    pins = [svb.Pin("c/g/t.yml", "Y"), svb.Pin("c/f/t.yml", "Y")]
    assert svb.fetch(tmp_path, pins, raw) == 1
    out = capsys.readouterr()
    assert "failed  c/g/t.yml" in out.err and "ok      c/f/t.yml" in out.out
    assert (tmp_path / "c/f/prog.c").exists() and not (tmp_path / "c/g/prog.c").exists()


FLOAT_FOLDERS = ("float-benchs", "floats-cdfpl", "floats-cbmc-regression",
                 "floats-esbmc-regression", "float-newlib", "loop-floats-scientific-comp")


def test_the_float_sample():
    """At least 40 tasks, every float folder, both verdicts about equally, full commits."""
    sample = flt.sample()
    assert len(sample) >= 40
    assert len({p.yml for p, _ in sample}) == len(sample)
    folders = {p.yml.split("/")[1] for p, _ in sample}
    assert folders == set(FLOAT_FOLDERS)
    falses = sum(v == "false" for _, v in sample)
    assert {v for _, v in sample} == {"true", "false"}
    assert 0.35 <= falses / len(sample) <= 0.65
    for pin, _ in sample:
        assert pin.yml.endswith(".yml")
        for c in (pin.commit, pin.inputs_commit or pin.commit):
            assert re.fullmatch(r"[0-9a-f]{40}", c), pin


def test_the_memsafety_sample():
    """35 tasks with valid-memsafety, both verdicts, full commits."""
    sample = mem.sample()
    assert len(sample) == 35 and len({p.yml for p, _ in sample}) == 35
    assert sum(v == "true" for _, v in sample) == 20
    for pin, _ in sample:
        assert pin.yml.endswith(".yml")
        for c in (pin.commit, pin.inputs_commit or pin.commit):
            assert re.fullmatch(r"[0-9a-f]{40}", c), pin


def test_command_lines_list_the_tasks(capsys):
    assert ldv.main(["unused", "--list"]) == 0
    assert capsys.readouterr().out.split() == list(ldv.TASKS)
    assert flt.main(["unused", "--list"]) == 0
    assert capsys.readouterr().out.split() == [p.yml for p, _ in flt.sample()]
    assert mem.main(["unused", "--list"]) == 0
    assert capsys.readouterr().out.split() == [p.yml for p, _ in mem.sample()]


def test_commit_option_overrides_every_pin(tmp_path, monkeypatch):
    seen = []

    def fake_fetch(out, pins, read=None):
        seen.extend(pins)
        return 0
    monkeypatch.setattr(svb, "fetch", fake_fetch)
    assert flt.main([str(tmp_path), "--commit", "abc"]) == 0
    assert seen and all(p.commit == "abc" and p.inputs_commit is None for p in seen)


def test_the_markdown_table_marks_and_counts_a_wrong_answer():
    table = _load("svcomp_table")
    row = {"wall": "1.0", "cpu": "1.0", "winner": "si"}
    runs = {"a": [dict(row, task="t1", expected="TRUE", answer="TRUE", reason="Result: TRUE"),
                  dict(row, task="t2", expected="FALSE", answer="TRUE", reason="Result: TRUE")],
            "b": [dict(row, task="t1", expected="TRUE", answer="UNKNOWN",
                       reason="Result: UNKNOWN (timeout (no bug within bound 1))")]}
    text = table.markdown(runs)
    assert "| t2 | FALSE | TRUE **WRONG** (1.0s) | -- |" in text
    assert "unknown: timeout (no bug within bound 1)" in text
    assert "| a | 2 | 1/1 | 0/1 | 1 | 0 | 0 | -30 |" in text
    assert "| b | 1 | 0/1 | 0/0 | 0 | 0 | 1 | 0 |" in text
