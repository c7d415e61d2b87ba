"""The one door (frontend.load): dispatch by extension or option, Corral's /concat files,
modifies inference and the type check, and the split Unsupported / BadInput."""
from __future__ import annotations

import pytest

from boogie.errors import Code
from frontend import BadInput, FrontendOptions, Unsupported, choose_frontend, load

from conftest import ROOT

LOCK = str(ROOT / "examples" / "lock.bpl")
LONG = str(ROOT / "tests" / "data" / "svcomp_options" / "long_size.c")


def test_dispatch_by_extension_and_option():
    assert choose_frontend([LOCK]) == "boogie"
    assert choose_frontend([LONG]) == "c"
    assert choose_frontend([LONG, "m.ll"]) == "llvm"
    assert choose_frontend([LONG], "llvm") == "llvm"
    with pytest.raises(BadInput, match=r"^p\.txt:1:1: error: cannot tell the front end"):
        choose_frontend(["p.txt"])


def test_boogie_is_parsed_inferred_and_checked():
    loaded = load([LOCK])
    assert loaded.frontend == "boogie" and loaded.seconds >= 0
    assert any(p.modifies for p in loaded.program.procedures().values())


def test_concat_adds_the_files_declarations(tmp_path):
    main = tmp_path / "main.bpl"
    main.write_text("procedure main() { call f(); }\n")
    (tmp_path / "more.bpl").write_text("var g: int;\nprocedure f() { g := 1; }\n")
    with pytest.raises(BadInput, match="undeclared|f"):
        load([str(main)])
    prog = load([str(main)], FrontendOptions(concat=("more.bpl",))).program
    assert prog.procedures()["main"].modifies == ("g",)     # inferred through the callee


def test_c_options_reach_the_front_end():
    ilp = load([LONG], FrontendOptions(data_model="ILP32")).program
    lp = load([LONG], FrontendOptions(data_model="LP64")).program
    assert load([LONG]).frontend == "c" and ilp != lp


def test_bad_input_and_unsupported(tmp_path):
    with pytest.raises(BadInput) as e:
        load([str(tmp_path / "gone.c")])
    assert e.value.line.endswith("gone.c:1:1: error: cannot read file: No such file or "
                                 "directory") and e.value.diagnostic.code == Code.IO
    bad = tmp_path / "bad.bpl"
    bad.write_text("procedure main( {\n")
    with pytest.raises(BadInput) as e:
        load([str(bad)])
    assert e.value.diagnostic.code == Code.PARSE and e.value.line.startswith(str(bad) + ":1:")
    flt = tmp_path / "f.c"
    flt.write_text("int main(void) { long double d = 1.5; return d > 1.0 ? 0 : 1; }\n")
    with pytest.raises(Unsupported) as u:          # the verdict will be UNKNOWN
        load([str(flt)])
    assert u.value.diagnostic.code == Code.UNSUPPORTED
    assert u.value.line == f"{flt}:1:30: error: unsupported C construct: long double " \
        "(x86's 80-bit format)"
