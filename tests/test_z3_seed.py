"""`pycorral check --z3-seed N`: the seed of z3's random choices in every solver query, for
checking that a verdict does not rest on luck.  Declared once (RunOptions.random_seed, view
"solver"), it reaches every solver the run opens through `VerifyOptions.solver_limits()`."""
from __future__ import annotations

from pathlib import Path

import pytest
import z3
from click.testing import CliRunner

from boogie.parser import parse_program
from pycorral import cli
from verifier.run_options import RunOptions
from verifier.smt.factory import open_solver
from verifier.smt.solver import SolverLimits

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def default_seed():
    """z3's seeds are global parameters: put the defaults back after the test."""
    yield
    z3.set_param("smt.random_seed", 0)
    z3.set_param("sat.random_seed", 0)


def _run_options(*words: str) -> RunOptions:
    ctx = cli.main.get_command(None, "check").make_context("check", ["p.bpl", *words])
    _, corral = cli._split_args(ctx.params["args"], several=True)
    return RunOptions.from_check(ctx.params, corral)


def test_the_seed_reaches_the_solver_limits():
    limits = _run_options("--z3-seed", "7", "--triggers-only").verify_options(
        entry="main").solver_limits()
    assert (limits.random_seed, limits.triggers_only) == (7, True)
    assert RunOptions().verify_options().solver_limits() == SolverLimits()   # not given


def test_a_negative_seed_is_a_usage_error():
    r = CliRunner().invoke(cli.main, ["check", str(ROOT / "examples" / "lock.bpl"),
                                      "--z3-seed", "-1"])
    assert r.exit_code == 2 and "--z3-seed" in r.output


def test_a_solver_opened_with_a_seed_uses_it(default_seed):
    prog = parse_program("procedure main() { }")
    open_solver(prog, SolverLimits(random_seed=12345))
    assert z3.get_param("smt.random_seed") == z3.get_param("sat.random_seed") == "12345"


def test_a_bug_is_found_with_another_seed(default_seed):
    for seed in ("1", "99"):
        r = CliRunner().invoke(cli.main, ["check", str(ROOT / "examples" / "lock.bpl"),
                                          "--strategy", "si", "--bound", "2", "--z3-seed",
                                          seed, "--no-replay"])
        assert r.exit_code == 10, r.output
    assert z3.get_param("smt.random_seed") == "99"
