"""`verifier.stats.Stats`: fixed fields added up with `+` (counters summed, peaks kept,
name sets united, labels replaced), its JSON form, and the one reader of solver figures."""
from __future__ import annotations

import json

import pytest

from verifier.result import Result, Verdict
from verifier.stats import Stats, solver_stats


def test_addition_sums_counters_keeps_peaks_and_unites_names():
    a = Stats(bound=1, strategy="si", queries=3, z3_time=0.25, procedures_inlined=4,
              unknown_builtins=("b",), peak_memory_mb=100.0, wall_time=2.0)
    b = Stats(bound=2, queries=5, z3_time=0.5, procedures_inlined=1, templates=2,
              unknown_builtins=("a", "b"), peak_memory_mb=80.0, wall_time=3.0)
    c = a + b
    assert (c.queries, c.z3_time, c.procedures_inlined, c.templates) == (8, 0.75, 5, 2)
    assert c.unknown_builtins == ("a", "b")
    assert (c.peak_memory_mb, c.wall_time) == (100.0, 3.0)
    assert (c.bound, c.strategy) == (2, "si")      # a label of b replaces a's; absent keeps
    assert a.queries == 3 and b.queries == 5       # + makes a new value


def test_in_place_addition_updates_the_accumulator():
    acc = Stats()
    same = acc
    acc += Stats(queries=1, refine_checks=0)
    acc += Stats(queries=2)
    assert same is acc and acc.queries == 3 and acc.refine_checks == 0
    assert Stats() + Stats() == Stats()


def test_json_names_order_rounding_and_absent_figures():
    s = Stats(bound=1, strategy="si", prepare_time=0.123456, abstraction=True,
              tracked=("err", "x"), queries=7, z3_time=1.23456, frontend_time=0.123456,
              peak_memory_mb=123.456, wall_time=1.23456)
    data = s.to_json()
    assert list(data) == ["bound", "strategy", "prepare_time", "abstraction", "tracked",
                          "queries", "z3_time", "peak_memory_mb", "frontend_time",
                          "wall_time"]
    assert data["prepare_time"] == 0.123 and data["z3_time"] == 1.235
    assert data["frontend_time"] == 0.1235 and data["wall_time"] == 1.2346
    assert data["peak_memory_mb"] == 123.5 and data["tracked"] == ["err", "x"]
    assert Stats.from_json(json.loads(json.dumps(data))) == s.rounded()
    assert Stats().to_json() == {}


def test_from_json_skips_unknown_names_unless_strict():
    assert Stats.from_json({"queries": 2, "future_figure": 1}) == Stats(queries=2)
    with pytest.raises(KeyError):
        Stats.from_json({"future_figure": 1}, strict=True)


def test_result_json_carries_the_stats_object():
    r = Result(Verdict.CORRECT, stats=Stats(queries=4, total_time=2.0, z3_time=0.5))
    assert r.to_json()["stats"] == {"queries": 4, "z3_time": 0.5, "total_time": 2.0}
    assert r.stats.z3_share() == 0.25
    assert Result(Verdict.CORRECT, stats={"bound": 3}).stats == Stats(bound=3)


def test_time_is_the_engines_total_else_the_wall_time():
    assert Stats(total_time=1.0, wall_time=2.0).time() == 1.0
    assert Stats(wall_time=2.0).time() == 2.0
    assert Stats(z3_time=1.0).z3_share() is None


class _FakeSolver:
    def stats(self):
        return {"queries": 3, "z3_time": 0.5, "unknown_builtins": ["f", "e"]}


def test_solver_figures_map_onto_fields():
    s = solver_stats(_FakeSolver(), instances=4, templates=2)
    assert s == Stats(queries=3, z3_time=0.5, unknown_builtins=("e", "f"),
                      procedures_inlined=4, templates=2)
