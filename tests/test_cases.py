"""The test-case header reader (tests/cases.py): keys, repeated keys, and FLAGS parsed by
`pycorral check`'s own option parser."""
from __future__ import annotations

import click
import pytest

from cases import check_options, read_case


def test_header_keys_and_flags(tmp_path):
    f = tmp_path / "t.c"
    f.write_text("// EXPECT: bug\n// FLAGS: --bound 4 --encoding bv\n// FLAGS: --reach\n"
                 "// VALUES: 1 => confirmed\n// VALUES: 2 => not_reached\n"
                 "int main(void) { return 0; } // EXPECT: correct (not a header line)\n")
    case = read_case(f)
    assert case.expect == "bug"
    assert case.all("VALUES") == ("1 => confirmed", "2 => not_reached")
    assert case.flags == ("--bound", "4", "--encoding", "bv", "--reach")
    opts = case.options()
    assert opts.verify == {"bound": 4, "mode": "reach"}
    assert opts.frontend == {"encoding": "bv"}


def test_llvm_comments_and_missing_expect(tmp_path):
    f = tmp_path / "t.ll"
    f.write_text("; ENCODINGS: bv\ndefine i32 @main() {\n  ret i32 0\n}\n")
    case = read_case(f)
    assert case.get("ENCODINGS") == "bv" and case.get("SLOW") is None
    with pytest.raises(AssertionError, match="EXPECT"):
        case.expect


def test_flags_go_through_the_check_command():
    assert check_options(["/recursionBound:3", "/main:P"]).verify == {"bound": 3,
                                                                      "entry": "P"}
    assert check_options(["--bound", "2", "/recursionBound:5"]).verify["bound"] == 2
    assert check_options(["--candidates", "c.cand"], "data/x.bpl").verify == \
        {"houdini": True, "candidates": "data/c.cand"}
    with pytest.raises(click.UsageError):
        check_options(["--no-such-flag"])
    with pytest.raises(click.BadParameter):
        check_options(["--encoding", "float"])


def test_qualified_keys(tmp_path):
    f = tmp_path / "t.c"
    f.write_text("// VALUES: 1 => confirmed\n// VALUES@19: 7 44 => not_reached\n")
    assert read_case(f).qualified("VALUES") == ((None, "1 => confirmed"),
                                                ("19", "7 44 => not_reached"))
