"""Corral's flag spellings map onto VerifyOptions fields (verifier/corral_flags.py)."""
from __future__ import annotations

import csv

import pytest

from conftest import corpus_dir
from verifier.corral_flags import (CorralFlagError, is_corral_flag, known_flags,
                                   parse_corral_flags)


def test_value_flags_map_to_option_fields():
    f = parse_corral_flags(["/main:cba_main", "/recursionBound:3", "/stackDepthBound:9",
                            "/maxStaticLoopBound:11", "/timeLimit:60", "/assertVar:yogi_error"])
    assert f.options == {"entry": "cba_main", "bound": 3, "max_stack_depth": 9,
                         "static_loop_bound": 11, "timeout": 60.0, "error_var": "yogi_error"}
    assert f.notes == () and f.leftovers == () and f.concat == ()


def test_switches_map_to_fixed_values():
    f = parse_corral_flags(["/si", "/trackAllVars", "/assertVarIsInt", "/staticInlining"])
    assert f.options == {"mode": "reach", "track_all": True, "error_var_is_int": True,
                         "strategy": "static"}


def test_flag_names_are_case_insensitive():
    assert parse_corral_flags(["/recursionbound:2"]).options == {"bound": 2}
    assert parse_corral_flags(["/MAIN:Foo"]).options == {"entry": "Foo"}


@pytest.mark.parametrize("flag", ["/cex:3", "/noTrace", "/noTraceOnDisk", "/tryCTrace"])
def test_verdict_neutral_flags_are_accepted_with_a_note(flag):
    f = parse_corral_flags([flag])
    assert f.options == {}
    assert len(f.notes) == 1 and flag in f.notes[0]


def test_track_flags_seed_the_tracked_globals():
    """/track:G (Corral: always track G) is the --track option, repeatable."""
    assert parse_corral_flags(["/track:cs1", "/track:cs2"]).options == {"track": ("cs1", "cs2")}
    with pytest.raises(CorralFlagError):
        parse_corral_flags(["/track"])


def test_context_bound_flags():
    assert parse_corral_flags(["/k:3", "/cooperative"]).options == \
        {"context_bound": 3, "cooperative": True}
    for bad in ("/k:0", "/k:x", "/k", "/cooperative:1"):
        with pytest.raises(CorralFlagError):
            parse_corral_flags([bad])


def test_concat_names_an_extra_file():
    f = parse_corral_flags(["/main:storm_main", "/concat:f2.bpl"])
    assert f.concat == ("f2.bpl",)
    assert f.options == {"entry": "storm_main"}


def test_unknown_flag_is_an_error():
    with pytest.raises(CorralFlagError, match="unknown Corral flag /frobnicate"):
        parse_corral_flags(["/frobnicate"])


@pytest.mark.parametrize("bad", ["/recursionBound:x", "/recursionBound", "/main:", "/si:1",
                                 "/timeLimit:soon"])
def test_malformed_values_are_errors(bad):
    with pytest.raises(CorralFlagError):
        parse_corral_flags([bad])


def test_files_pass_through_in_order(tmp_path):
    existing = tmp_path / "prog"          # an absolute path that exists, without .bpl
    existing.write_text("")
    f = parse_corral_flags(["a.bpl", "/main:m", str(existing), "/nonexistent/dir/b.bpl"])
    assert f.leftovers == ("a.bpl", str(existing), "/nonexistent/dir/b.bpl")
    assert f.options == {"entry": "m"}


def test_is_corral_flag_distinguishes_paths():
    assert is_corral_flag("/main:P")
    assert is_corral_flag("/si")
    assert not is_corral_flag("/tmp")           # exists
    assert not is_corral_flag("/x/y.bpl")
    assert not is_corral_flag("main.bpl")
    assert not is_corral_flag("/")


def test_later_flag_wins():
    assert parse_corral_flags(["/recursionBound:1", "/recursionBound:4"]).options == {"bound": 4}


@pytest.mark.corpora("corral")
def test_every_flag_of_the_corral_suite_is_accepted():
    base = corpus_dir("corral")
    with open(base / "expected.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == 70
    seen = set()
    for row in rows:
        flags = row["corral_flags"].split()
        parsed = parse_corral_flags(flags)        # raises on any unknown flag
        assert parsed.leftovers == ()
        seen.update(f[1:].partition(":")[0].lower() for f in flags)
    assert seen <= set(known_flags())
    assert {"main", "recursionbound", "k", "assertvar"} <= seen
