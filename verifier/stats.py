"""Statistics of one run: a `Stats` value with fixed, typed fields, added up with `+`.

Role: every figure a run records has one field here, named as it appears in the JSON
output (`pycorral check --json`, the `stats` object; bench's results.jsonl rows read it back
with `Stats.from_json`).  Who records what:
- the engine (`engine.verify`): bound, strategy, prepare_time, abstraction, total_time,
  python_time, peak_memory_mb; Houdini (`houdini.apply_houdini`): the houdini_* figures;
- each solver, when it is closed (`solver_stats`, the one reader of `Solver.stats()`):
  queries, z3_time, z3_work, unknown_builtins, with the instances inlined (procedures_inlined) and
  the VC templates built on it;
- Corral's loop (`corral_loop.run_corral`, CORRAL TR Fig. 6 columns): abstraction_iterations,
  globals_total, tracked_count, tracked, si_time, concretize_time, refine_time,
  refine_checks, refine_unknown, refine_vc_fallbacks, reused_instances, concretize_unknown
  (paths z3 could not decide on the concrete program: then every global is tracked);
- the Horn-clause prover (`horn_stats`, the one reader of `HornSystem.stats()`): the
  horn_* figures;
- the command line: frontend, ms_extensions, byte_level_memory, memory_classes,
  byte_level_classes, memory_regions, encoding, encoding_reason, frontend_time, externals,
  inline_asm, replay,
  replay_line, replay_time, replay_crash,
  replay_crash_line, ub_retry, wall_time, peak_memory_mb; `pycorral svcomp`: wall_time;
- a portfolio (check's default `--strategy auto`, `pycorral svcomp`): portfolio_winner,
  portfolio.
A field left None was not recorded and is absent from the JSON object.  Adding two values
(`a + b`, or `a += b` on the accumulator a run threads through its phases) sums counters
and times, keeps the larger peak (memory, wall time), unites name sets, and lets a label
(bound, strategy, verdict-side strings) of `b` replace that of `a` when `b` has one.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Mapping

# how a field combines under `+`
SUM, MAX, UNION, LAST = "sum", "max", "union", "last"


def _stat(how: str, digits: int | None = None) -> Any:
    """A field: None (not recorded) by default; `how` it adds up; `digits` it is rounded
    to in JSON."""
    return field(default=None, metadata={"merge": how, "digits": digits})


@dataclass(slots=True)
class Stats:
    # the engine's options and preparation
    bound: int | None = _stat(LAST)
    strategy: str | None = _stat(LAST)
    prepare_time: float | None = _stat(SUM, 3)
    proof_recheck_time: float | None = _stat(SUM, 3)   # an inlining proof's re-check
    # the deepening of the bound (verifier.search.deepening): the bounds searched, the last one
    # searched completely
    bounds_tried: tuple | None = _stat(LAST)
    # Houdini (houdini.apply_houdini)
    houdini_time: float | None = _stat(SUM, 3)
    houdini_candidates: int | None = _stat(SUM)
    houdini_proved: int | None = _stat(SUM)
    houdini_procedures: int | None = _stat(SUM)
    houdini_queries: int | None = _stat(SUM)
    houdini_status: str | None = _stat(LAST)
    houdini_unknown: int | None = _stat(SUM)
    # Corral's abstraction-refinement loop (corral_loop.run_corral)
    abstraction: bool | None = _stat(LAST)
    abstraction_iterations: int | None = _stat(SUM)
    globals_total: int | None = _stat(LAST)
    si_time: float | None = _stat(SUM, 3)
    concretize_time: float | None = _stat(SUM, 3)
    refine_time: float | None = _stat(SUM, 3)
    refine_checks: int | None = _stat(SUM)
    # instances a search started with, replayed from the previous abstraction's call tree
    reused_instances: int | None = _stat(SUM)
    tracked_count: int | None = _stat(LAST)
    tracked: tuple[str, ...] | None = _stat(LAST)
    # the solvers (solver_stats), summed over every solver of the run
    queries: int | None = _stat(SUM)
    z3_time: float | None = _stat(SUM, 3)
    # the solvers' work in work seconds (z3's resource count, verifier/limits.py): unlike
    # z3_time, the same on a busy machine as on an idle one
    z3_work: float | None = _stat(SUM, 3)
    # checks under assumptions the incremental core left undecided, asked again once from
    # scratch (z3solver.Z3Solver.check), and how many of them that decided
    one_shot_queries: int | None = _stat(SUM)
    one_shot_decided: int | None = _stat(SUM)
    # one-shot queries a rival solver raced (verifier/smt/rival.py), who answered first
    # (z3, bitwuzla, cvc5), and the rival's SAT answers z3 did not confirm (then UNKNOWN)
    race_queries: int | None = _stat(SUM)
    race_won_z3: int | None = _stat(SUM)
    race_won_bitwuzla: int | None = _stat(SUM)
    race_won_cvc5: int | None = _stat(SUM)
    race_unconfirmed: int | None = _stat(SUM)
    # one-shot queries z3 decided alone before a rival was started (z3session._alone_cap)
    race_skipped: int | None = _stat(SUM)
    unknown_builtins: tuple[str, ...] | None = _stat(UNION)
    procedures_inlined: int | None = _stat(SUM)     # procedure instances
    templates: int | None = _stat(SUM)              # per-procedure VC templates
    # DAG inlining (strategies/dag_inlining.py): call sites bound to an existing instance,
    # and the instances tree inlining of the same call sites would have made
    dag_merges: int | None = _stat(SUM)
    dag_tree_instances: int | None = _stat(SUM)
    refine_unknown: int | None = _stat(SUM)
    concretize_unknown: int | None = _stat(SUM)
    refine_vc_fallbacks: int | None = _stat(SUM)
    # the engine's totals
    total_time: float | None = _stat(SUM, 3)
    python_time: float | None = _stat(SUM, 3)
    peak_memory_mb: float | None = _stat(MAX, 1)
    # the Horn-clause prover (strategies/horn_prover.py; horn_stats): times summed over
    # its attempts (one per configuration), the size of the last attempt's system
    horn_attempts: int | None = _stat(SUM)
    horn_build_time: float | None = _stat(SUM, 3)
    horn_relations: int | None = _stat(LAST)
    horn_rules: int | None = _stat(LAST)
    horn_solve_time: float | None = _stat(SUM, 3)
    horn_check_time: float | None = _stat(SUM, 3)
    horn_abstracted_terms: int | None = _stat(LAST)
    horn_configuration: str | None = _stat(LAST)
    # Legion's under-approximation widening (strategies/legion.py): rounds (queries with
    # every open site blocked), core literals of sites within the bound before and after
    # minimization, and what the deletion minimization cost
    legion_rounds: int | None = _stat(SUM)
    legion_core_literals: int | None = _stat(SUM)
    legion_core_minimized: int | None = _stat(SUM)
    legion_minimize_queries: int | None = _stat(SUM)
    legion_minimize_time: float | None = _stat(SUM, 3)
    # inertial refinement (strategies/inertial.py): rounds (queries with every open site
    # blocked), minimal correcting sets computed, their total and largest size and the
    # time they took, and rounds that fell back to the over-approximate query's model
    inertial_rounds: int | None = _stat(SUM)
    inertial_mcs: int | None = _stat(SUM)
    inertial_mcs_size: int | None = _stat(SUM)
    inertial_mcs_max: int | None = _stat(MAX)
    inertial_mcs_time: float | None = _stat(SUM, 3)
    inertial_fallbacks: int | None = _stat(SUM)
    inertial_loop_entries: int | None = _stat(SUM)      # inlined by the loop split
    # a portfolio (engine.verify_portfolio, svcomp_mode._portfolio): the member that
    # answered, and each member's outcome by name (a JSON object)
    portfolio_winner: str | None = _stat(LAST)
    portfolio: tuple[tuple[str, str], ...] | None = _stat(LAST)
    # the command line: front end, native replay, the whole run
    frontend: str | None = _stat(LAST)              # boogie, c or llvm
    ms_extensions: str | None = _stat(LAST)         # the Microsoft dialect: "option", "auto: ..."
    # C front end: why the byte-level memory model was used ("file:line: what"), if it was
    byte_level_memory: str | None = _stat(LAST)
    # C front end: points-to classes of memory, and those whose cells are viewed at
    # different types (frontend/c/points_to.py)
    memory_classes: int | None = _stat(LAST)
    byte_level_classes: int | None = _stat(LAST)
    # C front end: the classes with maps of their own (frontend/c/region_split.py)
    memory_regions: int | None = _stat(LAST)
    # C and LLVM: the integer encoding the program was translated in (int, bv), and why:
    # "option" (--encoding), or `auto`'s reason (frontend/encoding_choice.py)
    encoding: str | None = _stat(LAST)
    encoding_reason: str | None = _stat(LAST)
    externals: tuple[str, ...] | None = _stat(UNION)  # functions without a body called
    inline_asm: int | None = _stat(LAST)  # asm statements modelled (frontend/inline_asm.py)
    frontend_time: float | None = _stat(SUM, 4)
    replay: str | None = _stat(LAST)                # confirmed, not_reached, not_replayable
    replay_line: str | None = _stat(LAST)           # the line printed under the verdict
    replay_time: float | None = _stat(SUM, 3)
    # not_reached: the undefined behaviour the native run stopped on, if it did
    replay_crash: str | None = _stat(LAST)
    replay_crash_line: int | None = _stat(LAST)     # its line, when the runtime said
    # the search again assuming no undefined behaviour of these check switches, after a
    # trace ran into it natively (pycorral/ub_retry.py)
    ub_retry: tuple[str, ...] | None = _stat(UNION)
    wall_time: float | None = _stat(MAX, 4)         # the whole run, front end included

    # ------------------------------------------------------------------ adding up

    def __add__(self, other: Stats) -> Stats:
        out = replace(self)
        out += other
        return out

    def __iadd__(self, other: Stats) -> Stats:
        assert isinstance(other, Stats), f"Stats + {type(other).__name__}"
        for f in fields(self):
            b = getattr(other, f.name)
            if b is None:
                continue
            a = getattr(self, f.name)
            how = f.metadata["merge"]
            if a is None or how == LAST:
                value = b
            elif how == SUM:
                value = a + b
            elif how == MAX:
                value = max(a, b)
            else:
                assert how == UNION, how
                value = tuple(sorted(set(a) | set(b)))
            setattr(self, f.name, value)
        return self

    # ------------------------------------------------------------------ derived figures

    def time(self) -> float | None:
        """The run's time as the summary shows it: the engine's total, else the wall time
        (a run that ended before the engine)."""
        return self.total_time if self.total_time is not None else self.wall_time

    def z3_share(self) -> float | None:
        """Fraction of the time spent in Z3, or None when unknown."""
        t, z = self.time(), self.z3_time
        if t is None or z is None or t <= 0:
            return None
        return min(1.0, z / t)

    def rounded(self) -> Stats:
        """The figures as JSON shows them (times rounded): what people are shown too."""
        return Stats.from_json(self.to_json())

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        """The recorded figures by name, in field order; times rounded, names as lists."""
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if v is None:
                continue
            digits = f.metadata["digits"]
            if digits is not None and isinstance(v, float):
                v = round(v, digits)
            if f.name in _PAIRS:
                v = dict(v)
            out[f.name] = list(v) if isinstance(v, tuple) else v
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any], strict: bool = False) -> Stats:
        """The figures of a JSON `stats` object (a `--json` result, a results.jsonl row).
        Names we do not record are skipped (a newer writer), or raise with `strict`."""
        known = _FIELDS
        kw: dict[str, Any] = {}
        for k, v in data.items():
            name = _EARLY_NAMES.get(k, k)
            if name not in known:
                if strict:
                    raise KeyError(f"no statistic named {k!r}")
                continue
            if isinstance(v, dict) and name in _PAIRS:
                v = tuple(v.items())
            if v is not None:
                kw[name] = tuple(v) if isinstance(v, list) else v
        return cls(**kw)


_FIELDS = frozenset(f.name for f in fields(Stats))
_PAIRS = frozenset({"portfolio"})       # (name, value) pairs, a JSON object

# The first renderer (written before the engine existed) guessed these spellings; the CLI
# tests' stand-in engines still hand them over as plain dicts, so they are read here, and
# only here.
_EARLY_NAMES = {"time": "total_time", "inlined": "procedures_inlined"}


def solver_stats(solver: Any, instances: int = 0, templates: int = 0) -> Stats:
    """A closed solver's figures (`Solver.stats()`: queries, z3_time, unknown_builtins) as
    Stats, with the procedure instances inlined and the VC templates built on it.  The
    one place that reads a solver's statistics."""
    s = solver.stats()
    return Stats(queries=s.get("queries", 0), z3_time=s.get("z3_time", 0.0),
                 z3_work=s.get("z3_work"), one_shot_queries=s.get("one_shot_queries") or None,
                 one_shot_decided=s.get("one_shot_decided") or None,
                 race_queries=s.get("race_queries") or None,
                 race_won_z3=s.get("race_won_z3") or None,
                 race_won_bitwuzla=s.get("race_won_bitwuzla") or None,
                 race_won_cvc5=s.get("race_won_cvc5") or None,
                 race_unconfirmed=s.get("race_unconfirmed") or None,
                 race_skipped=s.get("race_skipped") or None,
                 unknown_builtins=tuple(sorted(s.get("unknown_builtins", ()))),
                 procedures_inlined=instances, templates=templates)


def horn_stats(horn: Any) -> Stats:
    """A Horn-clause system's figures (`HornSystem.stats()`, cumulative: read once, when
    the prover is done with it) as Stats.  The one place that reads them."""
    s = horn.stats()
    return Stats(horn_relations=s.get("horn_relations"), horn_rules=s.get("horn_rules"),
                 horn_solve_time=s.get("horn_solve_time"),
                 horn_check_time=s.get("horn_check_time"),
                 horn_abstracted_terms=s.get("horn_abstracted_terms"))
