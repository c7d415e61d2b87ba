"""`--encoding auto` (check's and translate's default, frontend/encoding_choice.py, issue
37): which encoding it picks in each front end for a program that stores a computed int
into byte-level memory, one with byte-level memory that receives only constants and
bytes, and a typed one (tests/data/c/encoding/); that the program it translates is the
one the explicit encoding gives (plus the mark); that an explicit `--encoding` is obeyed;
and what `check --json`/`--stats` and the note say."""
from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import frontend.encoding_choice as encoding_choice
from boogie.ast import ProcedureDecl
from boogie.printer import format_program
from frontend.load import FrontendOptions, load

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "c" / "encoding"
BYTES, TYPED = DATA / "bytes.c", DATA / "typed.c"
CONSTANT = DATA / "bytes_constant.c"
FRONTENDS = ("c", "llvm")


def _load(path: Path, frontend: str, encoding: str):
    return load([str(path)], FrontendOptions(frontend=frontend, encoding=encoding,
                                             data_model="LP64")).program


def _entry(prog) -> str:
    return next(d.name for d in prog.decls if isinstance(d, ProcedureDecl)
                and any(a.name == "entrypoint" for a in d.attrs))


def _unmarked(prog):
    """`prog` without the encoding mark (to compare with the explicit encoding's)."""
    return dataclasses.replace(prog, decls=tuple(
        dataclasses.replace(d, attrs=tuple(a for a in d.attrs
                                           if a.name != encoding_choice.ATTR))
        if isinstance(d, ProcedureDecl) else d for d in prog.decls))


@pytest.mark.parametrize("frontend", FRONTENDS)
def test_byte_level_memory_picks_bv(frontend):
    prog = _load(BYTES, frontend, "auto")
    encoding, why = encoding_choice.chosen(prog, _entry(prog))
    assert encoding == "bv"
    assert why.startswith("auto: byte-level memory, ")
    # the class or region is named, as the byte-level notes name it
    assert ("class R" in why and "bytes.c:10" in why) if frontend == "c" else \
        ("region " in why and "main:%x" in why), why
    # and the store that makes the int encoding slow: `x = nondet()`, line 9
    assert "a computed value wider than a byte stored into it at " in why
    assert why.endswith("bytes.c:9"), why
    assert format_program(_unmarked(prog)) == format_program(_load(BYTES, frontend, "bv"))


def _has_byte_level_memory(path: Path, frontend: str) -> bool:
    if frontend == "c":
        from frontend.c.byte_stores import byte_level_memory
        return byte_level_memory(_load(path, "c", "int")) is not None
    from frontend.llvm.compile import load_modules
    from frontend.llvm.layout import DataLayout
    from frontend.llvm.regions import Regions
    module = load_modules([str(path)], "LP64", FrontendOptions().cflags)
    regions = Regions(module, DataLayout(module.data_layout), entry="main")
    return any(r.byte_level and r.read for r in regions.regions.values())


@pytest.mark.parametrize("frontend", FRONTENDS)
@pytest.mark.parametrize("path", [TYPED, CONSTANT], ids=["typed", "constant"])
def test_no_wide_computed_store_keeps_int(frontend, path):
    # the constant case does have byte-level memory: only what is stored differs
    assert _has_byte_level_memory(path, frontend) == (path == CONSTANT)
    assert _has_byte_level_memory(BYTES, frontend)
    prog = _load(path, frontend, "auto")
    assert encoding_choice.chosen(prog, _entry(prog)) == \
        ("int", "auto: " + encoding_choice.NO_BYTES)
    assert format_program(_unmarked(prog)) == format_program(_load(path, frontend, "int"))


@pytest.mark.parametrize("frontend", FRONTENDS)
@pytest.mark.parametrize("encoding", ["int", "bv"])
def test_an_explicit_encoding_is_obeyed_and_not_marked(frontend, encoding):
    prog = _load(BYTES, frontend, encoding)
    assert encoding_choice.chosen(prog, _entry(prog)) is None
    assert ("bv32" in format_program(prog)) == (encoding == "bv")


def test_choose():
    assert encoding_choice.choose(None) == ("int", "auto: " + encoding_choice.NO_BYTES)
    assert encoding_choice.choose("region 3") == ("bv", "auto: byte-level memory, region 3")
    assert encoding_choice.note(*encoding_choice.choose(None)) is None
    assert encoding_choice.note("bv", "option") is None
    assert "region 3" in encoding_choice.note(*encoding_choice.choose("region 3"))


def _cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", "from pycorral.cli import main; main()",
                           *args], capture_output=True, text=True, env=env, cwd=ROOT)


@pytest.mark.parametrize("frontend", FRONTENDS)
@pytest.mark.parametrize("path,given,encoding,reason", [
    (BYTES, (), "bv", "auto: byte-level memory, "),
    (TYPED, (), "int", "auto: no computed value"),
    (CONSTANT, (), "int", "auto: no computed value"),
    (BYTES, ("--encoding", "int"), "int", "option"),
])
def test_check_json_records_the_encoding(frontend, path, given, encoding, reason):
    p = _cli("check", str(path), "--frontend", frontend, "--bound", "2", "--no-replay",
             "--json", *given)
    doc = json.loads(p.stdout.strip().splitlines()[-1])
    assert (doc["verdict"] == "bug") == (path == TYPED), p.stderr
    assert doc["stats"]["encoding"] == encoding
    assert doc["stats"]["encoding_reason"].startswith(reason)
    # one note, only when auto chose bit-vectors
    assert p.stderr.count("note: encoding bv (auto: byte-level memory") == \
        (1 if reason != "option" and encoding == "bv" else 0), p.stderr


def test_check_stats_and_boogie_input(tmp_path):
    p = _cli("check", str(BYTES), "--frontend", "c", "--bound", "1", "--no-replay",
             "--stats")
    assert "encoding:            bv" in p.stdout, p.stdout
    assert "encoding_reason:     auto: byte-level memory, class R" in p.stdout, p.stdout
    # Boogie input has no C integers to encode: no statistic
    bpl = tmp_path / "a.bpl"
    bpl.write_text("procedure {:entrypoint} main() { assert true; }\n")
    doc = json.loads(_cli("check", str(bpl), "--json").stdout.strip().splitlines()[-1])
    assert "encoding" not in doc["stats"]


def test_translate_defaults_to_auto():
    p = _cli("translate", str(BYTES), "--frontend", "llvm")
    assert p.returncode == 0, p.stderr
    assert '{:encoding "bv", "auto: byte-level memory, region ' in p.stdout
    p = _cli("translate", str(BYTES), "--frontend", "c", "--encoding", "int")
    assert p.returncode == 0 and "{:encoding " not in p.stdout and "bv32" not in p.stdout


@pytest.mark.parametrize("frontend", FRONTENDS)
def test_svcomp_auto_starts_from_the_same_choice(frontend):
    from svcomp.svcomp_mode import _encodings
    # byte-level stores: bv at once; otherwise int, then bv on an over-approximated bug
    assert _encodings(_load(BYTES, frontend, "auto"), "auto") == ["bv"]
    assert _encodings(_load(TYPED, frontend, "auto"), "auto") == ["int", "bv"]
    assert _encodings(_load(BYTES, frontend, "int"), "int") == ["int"]
