"""Houdini summaries (verifier/search/houdini.py, verifier/search/candidates.py) and their use by
stratified inlining.

Data-driven: each tests/data/houdini/*.bpl states `// EXPECT:` (the verdict with Houdini),
`// WITHOUT:` (the verdict without) and `// FLAGS: --bound N --candidates FILE`.  Both runs
must give their verdict, every bug carries a trace, and with Houdini at least one candidate
must have been checked.  Then: the C driver example, the fixpoint itself (recursion,
dropping, timeouts) and bad candidate files."""
from __future__ import annotations

import dataclasses
import inspect
import time
from pathlib import Path

import pytest

import verifier.engine as engine
from boogie.errors import BoogieError
from boogie.parser import parse_file
from boogie.passes.pipeline import prepare
from boogie.printer import format_expr
from verifier.search import houdini
from verifier.search.candidates import read_candidates_file, typestate
from verifier.options import VerifyOptions
from verifier.result import Verdict
from verifier.stats import Stats
from verifier.search.call_tree import Budget

from cases import read_case

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data" / "houdini"
VERDICT = {"bug": Verdict.BUG, "correct": Verdict.CORRECT, "bounded": Verdict.BOUNDED}


@pytest.fixture(autouse=True)
def houdini_hook(monkeypatch):
    """The engine calls `apply_houdini` after preparation; while that hook is not in
    engine.py, the same call is made here around the engine's `prepare`."""
    if "apply_houdini" in inspect.getsource(engine):
        yield
        return
    real = engine.prepare

    def prep(program, entry=None, **kw):
        pr = real(program, entry, **kw)
        opts = HOOK_OPTS[0]
        if opts is not None and opts.houdini:
            figures = Stats()
            prog = houdini.apply_houdini(pr.program, pr.entry, opts, Budget(None, None),
                                         figures)
            HOOK_STATS.update(figures.to_json())
            pr = dataclasses.replace(pr, program=prog)
        return pr
    monkeypatch.setattr(engine, "prepare", prep)
    yield


HOOK_OPTS: list = [None]
HOOK_STATS: dict = {}


def run(program, opts: VerifyOptions):
    HOOK_OPTS[0] = opts
    HOOK_STATS.clear()
    r = engine.verify(program, opts)
    stats = {**HOOK_STATS, **r.stats.to_json()}
    return r, stats


def options(path: Path, houdini_on: bool) -> VerifyOptions:
    """The file's FLAGS (default bound 1) with Houdini on or off (its candidates only on)."""
    opts = {"bound": 1, **read_case(path).options().verify, "houdini": houdini_on,
            "timeout": 60}
    if not houdini_on:
        opts.pop("candidates", None)
    return VerifyOptions(**opts)


CASES = sorted(DATA.glob("*.bpl"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
@pytest.mark.parametrize("with_houdini", [True, False], ids=["houdini", "without"])
def test_verdict(path: Path, with_houdini: bool):
    case = read_case(path)
    want = VERDICT[case.expect if with_houdini else case.get("WITHOUT")]
    r, stats = run(parse_file(path), options(path, with_houdini))
    assert r.verdict is want, (r.verdict, r.reason)
    if want is Verdict.BUG:
        assert r.trace is not None and r.trace.steps
    if with_houdini:
        assert stats["houdini_status"] == "fixpoint"
        assert stats["houdini_candidates"] > 0
        assert "houdini_time" in stats
    else:
        assert "houdini_time" not in stats


def test_houdini_cases_cover_both_outcomes():
    wants = [(read_case(p).expect, read_case(p).get("WITHOUT")) for p in CASES]
    assert ("correct", "bounded") in wants       # Houdini makes the proof
    assert ("bug", "bug") in wants               # and hides no bug


# ----------------------------------------------------------------------------- C driver

def _c(path: Path):
    from frontend.c import CFrontendOptions, translate_files
    return translate_files([str(path)], CFrontendOptions())


def test_driver_proved_for_every_bound_only_with_houdini():
    prog = _c(ROOT / "examples" / "driver.c")
    r, stats = run(prog, VerifyOptions(bound=2, houdini=True, timeout=120))
    assert r.verdict is Verdict.CORRECT, r.reason
    assert stats["houdini_proved"] > 0
    r, _ = run(prog, VerifyOptions(bound=2, timeout=120))
    assert r.verdict is Verdict.BOUNDED, r.reason


def test_driver_bug_found_with_trace_under_houdini():
    prog = _c(ROOT / "examples" / "driver_bug.c")
    r, _ = run(prog, VerifyOptions(bound=2, houdini=True, timeout=120))
    assert r.verdict is Verdict.BUG, r.reason
    src = (ROOT / "examples" / "driver_bug.c").read_text().splitlines()
    leak = next(i for i, t in enumerate(src, 1) if "BUG:" in t) - 1     # if (len < 0)
    assert any(s.proc == "dispatch_write" and s.line == leak for s in r.trace.steps)
    last = [s for s in r.trace.steps if s.kind == "block" and s.line][-1]
    assert "assert(lock_state == FREE)" in src[last.line - 1]


def test_driver_candidates_come_from_the_lock_state():
    pr = prepare(_c(ROOT / "examples" / "driver.c"))
    states = typestate(pr.program, pr.error_var)
    assert "lock_state" in states
    assert {format_expr(c) for c in states["lock_state"]} >= {"0", "1"}


# ----------------------------------------------------------------------------- fixpoint

REC = """
var s: int;
procedure rec(n: int) modifies s; {
  if (n > 0) { call rec(n - 1); } else { s := 1; }
}
procedure {:entrypoint} main() modifies s; { call rec(5); }
"""


def _infer(text: str, cands: str, tmp_path, budget=None, work=None):
    from boogie.parser import parse_program
    f = tmp_path / "c.cand"
    f.write_text(cands)
    pr = prepare(parse_program(text))
    extra = read_candidates_file(str(f), pr.program)
    return houdini.infer(pr.program, pr.entry, pr.error_var, extra,
                         budget or Budget(None, None), work=work)


def test_recursive_candidate_is_inductive(tmp_path):
    res = _infer(REC, "rec: s == 1\nrec: s == 2\nrec: s == old(s)\n", tmp_path)
    assert res.status == "fixpoint"
    # of the user's candidates only the inductive one (the shape candidates of a recursive
    # procedure are proved or dropped next to them)
    user = {"s == 1", "s == 2", "s == old(s)"}
    assert [x for x in map(format_expr, res.summaries["rec"]) if x in user] == ["s == 1"]


def test_dropping_a_callee_candidate_requeues_the_caller(tmp_path):
    text = """
var s: int;
procedure inc() modifies s; { s := s + 1; }
procedure twice() modifies s; { call inc(); call inc(); }
procedure {:entrypoint} main() modifies s; { call twice(); }
"""
    # inc: s == old(s) is false; twice: s == old(s) only "holds" while inc's does
    res = _infer(text, "inc: s == old(s)\ntwice: s == old(s)\ntwice: s >= old(s)\n"
                       "inc: s == old(s) + 1\n", tmp_path)
    got = {p: [format_expr(e) for e in v] for p, v in res.summaries.items()}
    assert got == {"inc": ["s == old(s) + 1"], "twice": ["s >= old(s)"]}


def test_fixpoint_is_rechecked_on_a_fresh_solver(tmp_path, monkeypatch):
    """Every fixpoint runs once more, its survivors alone on a fresh solver; a re-check
    that drops one keeps no summary at all (a wrong summary would make proofs unsound)."""
    from boogie.parser import parse_program
    from verifier.search.candidates import Candidate
    from verifier.smt.factory import open_solver as real_open

    opened = []
    monkeypatch.setattr(houdini, "open_solver", lambda prog, limits: opened.append(1) or
                        real_open(prog, limits))
    res = _infer(REC, "rec: s == 1\n", tmp_path)
    assert res.status == "fixpoint" and res.summaries and len(opened) == 2
    # a survivor that is not inductive (as a defective fixpoint would hand on) is caught
    pr = prepare(parse_program(REC))
    bad = {"rec": [Candidate("rec", parse_expr("s == 2"), "houdini")]}
    out = houdini._recheck(pr.program, pr.error_var, bad, res, Budget(None, None))
    assert out.summaries == {} and out.status.startswith("re-check failed")


def parse_expr(text: str):
    from boogie.parser import parse_program
    prog = parse_program(f"var s: int; axiom ({text});")
    return next(d for d in prog.decls if type(d).__name__ == "AxiomDecl").expr


def test_out_of_time_proves_nothing(tmp_path):
    """Houdini's share of the run (work) spent: nothing is kept, whatever the clock says."""
    res = _infer(REC, "rec: s == 1\n", tmp_path, Budget(time.perf_counter() + 100, None),
                 work=0.0)
    assert res.status == "timeout" and res.summaries == {}


def test_houdini_share_is_work_of_the_nominal_budget(tmp_path, monkeypatch):
    """apply_houdini gives the fixpoint HOUDINI_SHARE of the run's nominal budget in work
    seconds (verifier/limits.py), not of the wall time left."""
    from boogie.parser import parse_program
    seen = []
    real = houdini.infer
    monkeypatch.setattr(houdini, "infer",
                        lambda *a, **k: seen.append(a[-1]) or real(*a, **k))
    pr = prepare(parse_program(REC))
    opts = VerifyOptions(houdini=True, timeout=7.0, work_budget=40.0)
    houdini.apply_houdini(pr.program, pr.entry, opts, Budget(None, None), Stats())
    houdini.apply_houdini(pr.program, pr.entry, VerifyOptions(houdini=True),
                          Budget(None, None), Stats())
    assert seen == [houdini.HOUDINI_SHARE * 40.0, None]


def test_summaries_are_free_ensures(tmp_path):
    from boogie.parser import parse_program
    pr = prepare(parse_program(REC))
    f = tmp_path / "c.cand"
    f.write_text("rec: s == 1\n")
    stats = Stats()
    out = houdini.apply_houdini(pr.program, pr.entry,
                                VerifyOptions(houdini=True, candidates=str(f)),
                                Budget(None, None), stats)
    ens = out.procedures()["rec"].ensures
    texts = [format_expr(e.expr) for e in ens]
    assert "s == 1" in texts
    assert all(e.free for e in ens)
    # the user's candidate and the recursive procedure's proved shape candidates
    assert stats.houdini_proved == len(texts) and stats.houdini_candidates >= len(texts)


# ----------------------------------------------------------------------------- bad input

@pytest.mark.parametrize("text,msg", [
    ("rec s == 1\n", "expected 'procedure: expression'"),
    ("nosuch: s == 1\n", "undeclared procedure nosuch"),
    ("rec: s == \n", "bad candidate expression"),
])
def test_bad_candidates_file(tmp_path, text, msg):
    from boogie.parser import parse_program
    f = tmp_path / "bad.cand"
    f.write_text("# header\n" + text)
    with pytest.raises(BoogieError) as e:
        read_candidates_file(str(f), prepare(parse_program(REC)).program)
    assert msg in str(e.value)
    assert f"{f}:2:" in str(e.value)


def test_unknown_name_in_candidate(tmp_path):
    with pytest.raises(BoogieError) as e:
        _infer(REC, "rec: nosuch == 1\n", tmp_path)
    assert "nosuch" in str(e.value)


# ----------------------------------------------------------------------------- Corral's instrumentation

def test_corral_instrumented_reach_program_runs_houdini_unasked():
    """Reach mode on a `main_SeqInstr` entry (SMACK/Corral's ldv-bpl tasks, issue 36):
    Houdini runs without --houdini (VerifyOptions.houdini None) and proves the program;
    asked not to (False), the loop's havoc summary leaves it bounded."""
    path = DATA / "corral_seqinstr_mutex.bpl"
    base = {**read_case(path).options().verify, "timeout": 60}
    assert "houdini" not in base
    r, stats = run(parse_file(path), VerifyOptions(**base))
    assert r.verdict is Verdict.CORRECT, r.reason
    assert stats["houdini_status"] == "fixpoint"
    r, stats = run(parse_file(path), VerifyOptions(**base, houdini=False))
    assert r.verdict is Verdict.BOUNDED, r.reason
    assert "houdini_time" not in stats


def test_ok_flag_only_for_corral_instrumentation():
    pr = prepare(parse_file(DATA / "corral_seqinstr_mutex.bpl"), "main_SeqInstr",
                 mode="reach")
    assert houdini.ok_flag_of(pr.program, pr.entry) == "assertsPassed"
    states = typestate(pr.program, None, "assertsPassed")
    assert "assertsPassed" not in states          # the flag is no typestate global
    assert [format_expr(c) for c in states["$M.1"]] == ["1", "2"]   # through $i1 := $M.1
    # an entry without `assume !ok` at its return is not Corral's wrapper
    lock = prepare(parse_file(DATA / "lock_loop.bpl"), "main", mode="reach")
    assert houdini.ok_flag_of(lock.program, lock.entry) is None


def test_cpu_cap_proves_nothing(tmp_path):
    """Past its CPU cap (templates, fixpoint and re-check: the Python side the solver's work
    does not count) Houdini stops with nothing kept, so the search after it keeps its time."""
    from boogie.parser import parse_program
    pr = prepare(parse_program(REC))
    f = tmp_path / "c.cand"
    f.write_text("rec: s == 1\n")
    extra = read_candidates_file(str(f), pr.program)
    res = houdini.infer(pr.program, pr.entry, pr.error_var, extra, Budget(None, None), cpu=0.0)
    assert res.status == "timeout" and res.summaries == {}
    # a generous cap changes nothing
    res = houdini.infer(pr.program, pr.entry, pr.error_var, extra, Budget(None, None),
                        cpu=1e6)
    assert res.status == "fixpoint" and res.summaries


def test_verdict_stands_when_houdini_is_out_of_cpu(monkeypatch):
    """Houdini out of its share drops its summaries, not the run: the search still decides."""
    from boogie.parser import parse_program
    monkeypatch.setattr(houdini, "HOUDINI_SHARE", 0.0)
    text = """
var s: int;
procedure inc() modifies s; { s := s + 1; }
procedure {:entrypoint} main() modifies s; { s := 0; call inc(); assert s == 1; }
"""
    r = engine.verify(parse_program(text), VerifyOptions(houdini=True, timeout=60, bound=2))
    assert r.verdict is Verdict.CORRECT, r.reason
    assert r.stats.houdini_status == "timeout"


def test_houdini_cpu_cap_is_a_share_of_the_nominal_budget(monkeypatch):
    """apply_houdini caps Houdini's process CPU at HOUDINI_CPU_SHARE of the nominal budget
    (no cap without a budget)."""
    from boogie.parser import parse_program
    seen = []
    real = houdini.infer
    monkeypatch.setattr(houdini, "infer",
                        lambda *a, **k: seen.append(k.get("cpu")) or real(*a, **k))
    pr = prepare(parse_program(REC))
    houdini.apply_houdini(pr.program, pr.entry,
                          VerifyOptions(houdini=True, timeout=7.0, work_budget=40.0),
                          Budget(None, None), Stats())
    houdini.apply_houdini(pr.program, pr.entry, VerifyOptions(houdini=True),
                          Budget(None, None), Stats())
    assert seen == [houdini.HOUDINI_CPU_SHARE * 40.0, None]
    assert houdini.HOUDINI_CPU_SHARE <= houdini.HOUDINI_SHARE


def test_star_candidate_skips_procedures_without_its_variables(tmp_path):
    """`*: e` is one candidate per procedure; where e names a variable the procedure does not
    have (a parameter of another) that instance is skipped, not an error."""
    text = """
var s: int;
procedure set(v: int) modifies s; { s := v; }
procedure keep() modifies s; { }
procedure {:entrypoint} main() modifies s; { call set(3); call keep(); }
"""
    res = _infer(text, "*: s == v\n*: s == old(s)\n", tmp_path)
    got = {p: [format_expr(e) for e in v] for p, v in res.summaries.items()}
    assert "s == v" in got.get("set", []) and "s == v" not in got.get("keep", [])
    # a named procedure without the variable is still an error
    with pytest.raises(BoogieError, match="names v"):
        _infer(text, "keep: s == v\n", tmp_path)
