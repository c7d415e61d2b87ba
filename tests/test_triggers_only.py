"""`--triggers-only`: quantified axioms read as Boogie and Corral read them (instantiated
only through their triggers; verifier/smt/solver.py's docstring).

Data-driven: each file of tests/data/triggers/ states its runs as `// RUN: ARGS => VERDICT
[| TEXT ...]` lines (the TEXTs must appear in the reason); every run is a `pycorral check
--json` in its own process.  Besides: the verdict's wording in text, JSON and SARIF, the
solver's reading of an undecided query (E-matching saturated: SAT only under the option; a
timeout stays UNKNOWN under it), the vacuity check's reading, and Corral's own regressions
whose axioms are inconsistent (004, 005, 011: bugs under the trigger reading, as Corral
reports them).
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from boogie.parser import parse_expr, parse_program
from boogie.typecheck import typecheck
from verifier.smt.factory import open_solver
from verifier.smt.solver import CheckResult, SolverLimits

from conftest import ROOT, corpus_dir

DATA = Path(__file__).parent / "data" / "triggers"
RUN = re.compile(r"^// RUN: (.*?) => (\w+)((?: \| [^|]+)*)$")
TIMEOUT_S = 180     # the outer wall budget: 60 s was reached on a loaded machine (bounded_loop)


def _runs() -> list:
    out = []
    for path in sorted(DATA.glob("*.bpl")):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            m = RUN.match(line)
            if m:
                texts = tuple(t.strip() for t in m.group(3).split("|") if t.strip())
                out.append(pytest.param(path, m.group(1).split(), m.group(2), texts,
                                        id=f"{path.stem}:{n}"))
            elif line.startswith("// RUN"):
                raise AssertionError(f"{path}:{n}: malformed RUN line: {line}")
    return out


def _check(*args: str, cwd: Path = ROOT) -> tuple[int, str]:
    p = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", *args],
                       capture_output=True, text=True, cwd=cwd, timeout=3 * TIMEOUT_S)
    return p.returncode, p.stdout


@pytest.mark.parametrize("path,args,verdict,texts", _runs())
def test_data_runs(path, args, verdict, texts):
    code, out = _check(str(path), "--timeout", str(TIMEOUT_S), "--json", *args)
    got = json.loads(out)
    assert got["verdict"] == verdict, got["reason"]
    assert all(t in got["reason"] for t in texts), got["reason"]
    # the reading is carried by every answer under the option, by none without it
    assert got.get("axiom_reading") == ("triggers" if "--triggers-only" in args else None)
    assert code == {"bug": 10, "correct": 0, "bounded": 30, "unknown": 20}[verdict]


def test_every_data_file_runs_both_readings():
    """Each file pins the default reading and the trigger reading (a differential)."""
    for path in DATA.glob("*.bpl"):
        runs = [m.group(1).split() for m in map(RUN.match, path.read_text().splitlines())
                if m]
        assert any("--triggers-only" in r for r in runs), path
        assert any("--triggers-only" not in r for r in runs), path


def test_a_bug_says_the_reading_in_text_and_sarif(tmp_path):
    path = DATA / "inconsistent_bug.bpl"
    sarif = tmp_path / "out.sarif"
    code, out = _check(str(path), "--bound", "1", "--triggers-only", "--sarif", str(sarif))
    assert code == 10
    assert out.splitlines()[0] == \
        "bug found (axioms read through their triggers, as Corral does)"
    run = json.loads(sarif.read_text())["runs"][0]
    assert run["properties"]["verdict"] == "bug"
    assert run["properties"]["axiomReading"] == "triggers"
    assert len(run["results"]) == 1
    code, out = _check(str(path), "--bound", "1", "--sarif", str(sarif))
    assert code == 20 and out.startswith("unknown: the program's axioms are inconsistent")
    assert out.splitlines()[0].endswith("use --triggers-only")
    assert "axiomReading" not in json.loads(sarif.read_text())["runs"][0]["properties"]


# ----------------------------------------------------------------------------- the solver

SATURATING = """
function F(x: int) : int;
function G(x: int) : int;
axiom (forall x: int :: {G(x)} F(x) > 0);
var y: int;
procedure p();
"""


def _solver(src: str, triggers_only: bool):
    prog = parse_program(src)
    typecheck(prog)
    s = open_solver(prog, SolverLimits(triggers_only=triggers_only))
    env = {d.name: s.const(d.name, d.type) for d in prog.global_vars().values()}
    return s, env


@pytest.mark.parametrize("assumed", [False, True])
def test_saturated_e_matching_is_sat_only_under_the_option(assumed):
    """`F(3) <= 0` contradicts the axiom, but its trigger G(x) meets no term: E-matching
    saturates.  Complete reading: UNSAT.  Trigger reading: SAT with the candidate model,
    asserted or under an assumption (the incremental core's two ways in)."""
    for triggers_only, expected in ((False, CheckResult.UNSAT), (True, CheckResult.SAT)):
        s, env = _solver(SATURATING, triggers_only)
        fact = s.translate(parse_expr("F(3) <= 0 && y == F(3)"), env)
        if assumed:
            lit = s.bool_const("a")
            s.add(s.implies(lit, fact))
            r = s.check([lit], timeout=20)
        else:
            s.add(fact)
            r = s.check([], timeout=20)
        assert r is expected, (triggers_only, r, s.reason_unknown())
        if r is CheckResult.SAT:
            assert s.has_model() and s.model_true(fact)


def test_a_timeout_stays_unknown_under_the_option():
    """Only E-matching's saturation is read as SAT: a query stopped by its time limit
    stays UNKNOWN (here a pigeonhole formula, far beyond 50 ms)."""
    pigeons, holes = 12, 11
    decls = "".join(f"var p{i}_{j}: bool;" for i in range(pigeons) for j in range(holes))
    s, env = _solver(decls + SATURATING, True)
    each = [" || ".join(f"p{i}_{j}" for j in range(holes)) for i in range(pigeons)]
    apart = [f"!(p{i}_{j} && p{k}_{j})" for j in range(holes)
             for i in range(pigeons) for k in range(i + 1, pigeons)]
    for text in each + apart + ["F(3) <= 0"]:
        s.add(s.translate(parse_expr(text), env))
    r = s.check([], timeout=0.05)
    assert r is CheckResult.UNKNOWN
    assert "incomplete quantifiers" not in s.reason_unknown(), s.reason_unknown()


def test_the_vacuity_check_reads_as_the_run_does():
    from boogie.passes.pipeline import lower
    from verifier.search.vacuity import inconsistent_axioms
    prog = lower(parse_program((DATA / "inconsistent_bug.bpl").read_text(), "in.bpl"))
    assert inconsistent_axioms(prog) is not None
    assert inconsistent_axioms(prog, limits=SolverLimits(triggers_only=True)) is None


# ----------------------------------------------------------------------------- Corral's rows

STORM = [("regression/004/004.bpl", "/k:3 /main:storm_main"),
         ("regression/005/005.bpl", "/k:3 /main:storm_main"),
         ("regression/011/f1.bpl", "/k:3 /main:storm_main /concat:f2.bpl")]


@pytest.mark.corpora("corral")
@pytest.mark.parametrize("file,flags", STORM, ids=[f for f, _ in STORM])
def test_corral_storm_rows_are_bugs_under_the_trigger_reading(file, flags):
    """Corral's concurrent rows whose storm preamble is inconsistent: UNKNOWN by default
    (tests/test_sequentialize.py), the bug Corral reports under --triggers-only."""
    path = corpus_dir("corral") / file
    code, out = _check(path.name, *flags.split(), "/recursionBound:1", "--strategy", "si",
                       "--timeout", str(TIMEOUT_S), "--triggers-only", "--json",
                       cwd=path.parent)
    got = json.loads(out)
    assert got["verdict"] == "bug" and code == 10, got["reason"]
    assert got["axiom_reading"] == "triggers" and got["context_bound"] == 3


def test_check_help_lists_the_corral_flags_by_effect():
    """CHECK_EPILOG names every Corral flag that sets an option among those accepted, and
    only the others as accepted without effect."""
    from pycorral.check_cmd import CHECK_EPILOG
    from verifier import corral_flags
    accepted, _, rest = CHECK_EPILOG.partition("accepted without effect:")
    accepted = accepted.split("Corral flags accepted:")[1].lower()
    without = rest.split(";")[0].lower()
    for flag in (*corral_flags._SETTERS, "track"):
        assert re.search(rf"/{flag}\b", accepted) and not re.search(rf"/{flag}\b", without), \
            flag
    for flag in set(corral_flags._NOTES) - {"concat"}:
        assert re.search(rf"/{flag}\b", without), flag
