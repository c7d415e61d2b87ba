"""`verifier.run_options.RunOptions`: built once from `pycorral check`'s parameters (Corral
flags mapped in one place, explicit options winning), viewed as VerifyOptions and
FrontendOptions; `pycorral svcomp`'s options are the same type, so the two commands share
every front-end and verifier field."""
from __future__ import annotations

from dataclasses import fields

from pycorral import cli
from svcomp.svcomp_mode import SvcompOptions
from verifier.options import VerifyOptions
from verifier.run_options import SOLVER_FIELDS, VERIFY_FIELDS, RunOptions
from verifier.smt.solver import SolverLimits

from frontend.load import FrontendOptions


def _from_command_line(*words: str) -> RunOptions:
    ctx = cli.main.get_command(None, "check").make_context("check", list(words))
    _, corral = cli._split_args(ctx.params["args"], several=True)
    return RunOptions.from_check(ctx.params, corral)


def test_check_parameters_and_corral_flags_become_one_object():
    run = _from_command_line("p.bpl", "/recursionBound:4", "/si", "/trackAllVars", "/cex:2",
                             "--bound", "2", "--query-timeout", "5", "--json", "--no-trace",
                             "--candidates", "c.cand", "/concat:q.bpl")
    assert (run.bound, run.mode, run.track_all) == (2, "reach", True)   # --bound wins
    assert run.houdini is True and run.candidates == "c.cand"    # --candidates implies it
    assert run.json and not run.trace and run.replay and not run.stats
    assert run.concat == ("q.bpl",) and any("/cex:2" in n for n in run.notes)
    assert run.verify_kwargs() == {"bound": 2, "query_timeout": 5.0, "mode": "reach",
                                   "track_all": True, "houdini": True,
                                   "candidates": "c.cand"}


def test_views_carry_the_given_fields_and_the_overrides():
    run = RunOptions(encoding="bv", data_model="LP64", malloc_may_fail=True, entry="f",
                     bound=3, timeout=10.0)
    v = run.verify_options(entry="main", timeout=4.0)
    assert v == VerifyOptions(entry="main", bound=3, timeout=4.0)
    assert RunOptions().verify_options() == VerifyOptions()
    assert run.frontend_options(frontend="c") == FrontendOptions(
        frontend="c", encoding="bv", data_model="LP64", entry="f", malloc_may_fail=True)


def test_every_component_field_has_a_run_option():
    """A new front-end or verifier option is added to RunOptions, or this fails: the
    views cannot silently drop it for one of the commands."""
    run_fields = {f.name for f in fields(RunOptions)}
    assert {f.name for f in fields(FrontendOptions)} <= run_fields
    # internal: tuning knobs, and `assume` (facts a previous run proved, handed on by code)
    # `deepen_to`: set by `check` when no bound is given (run_check), not an option itself;
    # `deadline`: the run's one deadline, made by the run guard (pycorral/run.py), neither
    settable = {f.name for f in fields(VerifyOptions)} - {"over_query_work", "deepening",
                                                          "assume",
                                                          "deepen_to", "deadline", "reuse_call_tree",
                                                          "resume_bound", "single_recheck",
                                                          "skip_passes", "prune_path",
                                                          "path_traces",
                                                          "prover_after_search",
                                                          "solver"}
    assert settable == set(VERIFY_FIELDS) <= run_fields
    # `solver` is the solver's view (a SolverLimits) of the run options declared so;
    # `memory_mb` is set by code, `triggers_only` is VerifyOptions' (the engine reads it),
    # `settings` the backend's measurement knobs read from the environment at the edge
    assert {f.name for f in fields(SolverLimits)} - {"memory_mb", "triggers_only",
                                                     "settings"} == \
        set(SOLVER_FIELDS) <= run_fields


def test_svcomp_options_are_run_options_with_svcomp_defaults():
    opts = SvcompOptions(malloc_may_fail=True, data_model="LP64")
    assert isinstance(opts, RunOptions)
    assert (opts.timeout, opts.encoding, opts.frontend, opts.max_bound) == \
        (900.0, "auto", "auto", 1024)
    fe = opts.frontend_options(frontend="c", encoding="int", entry="main")
    assert fe.malloc_may_fail and fe.data_model == "LP64"


def test_ablations_turn_optimisations_off():
    """`check --ablate NAME` (hidden, for measurements) maps onto VerifyOptions fields;
    nothing else changes."""
    from verifier.options import ABLATIONS
    base = RunOptions().verify_options()
    for name in ABLATIONS:
        o = RunOptions(ablate=(name,)).verify_options()
        changed = {f.name for f in fields(o) if getattr(o, f.name) != getattr(base, f.name)}
        assert len(changed) == 1, (name, changed)
    o = RunOptions(ablate=("reuse_call_tree", "map_quantifiers", "constant_memops"))
    v = o.verify_options()
    assert not v.reuse_call_tree and v.resume_bound
    assert set(v.skip_passes) == {"map_quantifiers", "constant_memops"}
