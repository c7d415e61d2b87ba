"""Memory split into regions by points-to class (frontend/c/region_split.py, issue 36; on
by default, `--no-memory-regions` keeps one map per value class and field).

Checks:
* the maps: a program whose objects fall in several classes gets a map per class where
  a value class is shared (read in its Boogie), a program with a quantified heap fact
  keeps its maps (the pass gives up), and `--no-memory-regions` reaches the front end;
* data-driven: tests/data/c/regions/*.c (aliasing through `void *`, struct fields, a
  pointer difference, a function without a body; a nondeterministic index beside a
  string) give their verdicts with and without regions;
* differential: the C verdict cases (tests/data/c/verdict, tests/data/c/split) give the
  same verdict with and without regions where both decide, never a wrong one, and the
  regions decide whatever the single maps decide (a sample in the default run, all of
  them `slow`)."""
from __future__ import annotations

from pathlib import Path

import pytest

from boogie.ast import MapSelect, ProcedureDecl, Var
from boogie.visit import subexprs
from cases import read_case
from frontend.c import CFrontendOptions, translate_files
from verifier.engine import verify
from verifier.options import VerifyOptions

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "c"
REGIONS = sorted((DATA / "regions").glob("*.c"))
VERDICTS = sorted((DATA / "verdict").glob("*.c")) + sorted((DATA / "split").glob("*.c"))
SAMPLE = {"pts_void_pun_ok", "pts_device_extension_bug", "pts_device_extension_ok",
          "medley_ok", "medley_bug", "memmove_ok", "pointer_alias_bug", "struct_heap",
          "library_through_pointer_bug", "strcpy_ok", "function_pointer_ok", "vararg_ok",
          "callee_writes_bytes_bug", "memcpy_across_ok", "union_beside_array_bug",
          "extern_writes_bug"}
EXPECTED = {"bug": "bug", "correct": "correct"}


def _heap_maps(prog) -> set[str]:
    out = set()
    for d in prog.decls:
        if isinstance(d, ProcedureDecl) and d.body is not None:
            for b in d.body.blocks:
                for c in b.cmds:
                    for e in list(getattr(c, "lhs", ())) + list(getattr(c, "rhs", ())) + \
                            [x for x in (getattr(c, "expr", None),) if x is not None]:
                        for x in subexprs(e):
                            if isinstance(x, MapSelect) and isinstance(x.map, Var) and \
                                    x.map.name.startswith("$M."):
                                out.add(x.map.name)
    return out


def _translate(path: Path, regions: bool):
    """As tests/test_frontend_c.py's verdict runs: the FLAGS' front-end options, the
    encoding FLAGS or `ENCODINGS` name (the first), else int."""
    case = read_case(path)
    fe = {k: v for k, v in case.options().frontend.items() if k != "frontend"}
    named = (case.get_for("ENCODINGS", "c") or "int").replace(",", " ").split()
    fe.setdefault("encoding", named[0])
    return translate_files([str(path)], CFrontendOptions(**{**fe, "memory_regions": regions}))


def _verdict(path: Path, regions: bool) -> str:
    """"correct", "bug", or what else the engine says ("bounded": no bug within the
    bound, which counts as neither)."""
    opts = read_case(path).options()
    r = verify(_translate(path, regions), VerifyOptions(**{
        "entry": "main", "bound": 3, **opts.verify, "timeout": 120}))
    return r.verdict.value


@pytest.mark.parametrize("encoding", ["int", "bv"])
def test_classes_get_maps_of_their_own(encoding):
    src = DATA / "regions" / "swap_classes_ok.c"
    on = _heap_maps(translate_files([str(src)], CFrontendOptions(encoding=encoding)))
    off = _heap_maps(translate_files([str(src)], CFrontendOptions(
        encoding=encoding, memory_regions=False)))
    assert len(off) == 1 and len(on) == 3, (on, off)       # x, y, the array
    assert all("$R" in m for m in on)


def test_one_class_behind_void_keeps_one_map():
    src = DATA / "regions" / "void_alias_bug.c"
    maps = _heap_maps(_translate(src, True))
    assert maps == {"$M.i32"}, maps            # x and y: one class, the map keeps its name


def test_callocs_zero_fact_moves_with_its_block():
    """calloc's quantified zero fact is about the fresh block: it lands on the block's
    region map, which the block's accesses use (so prune.py keeps it)."""
    from boogie.ast import Assume, attr
    src = DATA / "regions" / "calloc_beside_array_ok.c"
    prog = _translate(src, True)
    facts = [attr(c.attrs, "heap_fact").args[0] for d in prog.decls
             if isinstance(d, ProcedureDecl) and d.body is not None
             for b in d.body.blocks for c in b.cmds
             if isinstance(c, Assume) and attr(c.attrs, "heap_fact") is not None]
    assert facts and all("$R" in m for m in facts), facts
    assert set(facts) <= _heap_maps(prog)


def test_the_option_reaches_the_front_end():
    from frontend.load import FrontendOptions, load
    src = str(DATA / "regions" / "swap_classes_ok.c")
    on = load([src], FrontendOptions(frontend="c", encoding="int")).program
    off = load([src], FrontendOptions(frontend="c", encoding="int",
                                      memory_regions=False)).program
    assert len(_heap_maps(on)) == 3 and len(_heap_maps(off)) == 1


@pytest.mark.parametrize("src", REGIONS, ids=[p.stem for p in REGIONS])
@pytest.mark.parametrize("regions", [True, False], ids=["regions", "single"])
def test_region_cases(src: Path, regions: bool):
    expect, got = read_case(src).expect, _verdict(src, regions)
    assert got == expect or (expect == "correct" and got == "bounded"), got


def _differential(src: Path) -> None:
    expected = read_case(src).expect
    if expected not in EXPECTED:
        pytest.skip(f"expects {expected}")
    on, off = _verdict(src, True), _verdict(src, False)
    undecided = ("unknown", "bounded")
    assert on in (expected, *undecided) and off in (expected, *undecided), (on, off)  # 0 wrong
    assert on == expected or off != expected, f"regions lost the verdict: {on} / {off}"


@pytest.mark.parametrize("src", [p for p in VERDICTS if p.stem in SAMPLE],
                         ids=lambda p: p.stem)
def test_same_verdicts_sample(src: Path):
    _differential(src)


@pytest.mark.slow
@pytest.mark.parametrize("src", [p for p in VERDICTS if p.stem not in SAMPLE],
                         ids=lambda p: p.stem)
def test_same_verdicts_every_case(src: Path):
    _differential(src)
