"""verifier/smt/settings.py: the z3 backend's PYCORRAL_* knobs are one frozen view read at
the edge (`settings_from_environment`, called by the factory when the limits carry none),
and what the one-shot fall-back learns is its solver's own (no process-global history)."""
from __future__ import annotations

from boogie.parser import parse_program
from verifier.smt.factory import open_solver
from verifier.smt.settings import SolverSettings, settings_from_environment
from verifier.smt.solver import CheckResult, SolverLimits
from verifier.smt import z3session


def test_defaults_without_variables():
    assert settings_from_environment({}) == SolverSettings()


def test_every_variable_is_read():
    got = settings_from_environment({
        "PYCORRAL_ARITH_SOLVER": "2", "PYCORRAL_ONE_SHOT_AFTER": "0.5",
        "PYCORRAL_ONE_SHOT_SOON": "0.25", "PYCORRAL_ONE_SHOT_MAX": "4",
        "PYCORRAL_INCREMENTAL_FALLBACK": "0", "PYCORRAL_QUERY_LOG": "/tmp/q",
        "PYCORRAL_QUERY_DUMP_S": "7", "PYCORRAL_FREE_CONTEXTS_AT_ONCE": "1"})
    assert got == SolverSettings(arith_solver=2, one_shot_after=0.5, one_shot_soon=0.25,
                                 one_shot_max=4.0, incremental_fallback=0.0,
                                 query_log="/tmp/q", query_dump_s=7.0,
                                 free_contexts_at_once=True)
    assert settings_from_environment({"PYCORRAL_FREE_CONTEXTS_AT_ONCE": "0"}) \
        .free_contexts_at_once is False


def test_the_factory_reads_the_environment_when_opening(monkeypatch):
    prog = parse_program("procedure p(); ")
    monkeypatch.setenv("PYCORRAL_ONE_SHOT_AFTER", "0.001")
    assert open_solver(prog).settings.one_shot_after == 0.001
    given = SolverSettings(one_shot_after=0.5)
    assert open_solver(prog, SolverLimits(settings=given)).settings is given


def test_the_cap_history_is_the_solvers_own():
    prog = parse_program("procedure p(); ")
    s, t = open_solver(prog), open_solver(prog)
    a = s.bool_const("a")
    s.add(a)
    assert s.check([a]) is CheckResult.SAT
    assert len(s._recent_ok) == 1 and not t._recent_ok
    settings = SolverSettings()
    assert z3session._incremental_cap(t._recent_ok, settings) == settings.one_shot_after


def test_the_query_log_goes_where_the_settings_say(tmp_path):
    prog = parse_program("procedure p(); ")
    s = open_solver(prog, SolverLimits(settings=SolverSettings(query_log=str(tmp_path))))
    a = s.bool_const("a")
    s.add(a)
    assert s.check([a]) is CheckResult.SAT
    assert "sat" in (tmp_path / "queries.log").read_text()
