"""The front-end speed work (issue 36): the LLVM reader's value texts cut from the module's
text, the C front end's per-tree scan memo, and scripts/frontend_speed.py's task reading."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import llvmlite.binding as llvm

from frontend.c.ast_memo import per_ast
from frontend.llvm.reader import _ValueTexts

ROOT = Path(__file__).resolve().parent.parent

_IR = r'''
@g = global i32 7, align 4
@"odd name" = global [2 x i8] c"a\00", align 1
define i32 @f(i32 %x) {
entry:
  %y = add i32 %x, 1
  ret i32 %y
}
define void @"quoted fn"() {
  ret void
}
declare i32 @h(i32)
'''


def _strip(text: str) -> list[str]:
    return [ln for ln in text.strip("\n").split("\n") if not ln.startswith("; Function Attrs")]


def test_value_texts_equal_llvmlite_printing():
    m = llvm.parse_assembly(_IR)
    texts = _ValueTexts(str(m).split("\n"))
    for f in m.functions:
        assert _strip(texts.function(f)) == _strip(str(f)), f.name
    for g in m.global_variables:
        assert texts.global_(g).strip() == str(g).strip(), g.name


def test_value_texts_fall_back_to_llvmlite_for_unknown_names():
    m = llvm.parse_assembly(_IR)
    empty = _ValueTexts([])
    f = next(iter(m.functions))
    assert empty.function(f) == str(f)


def test_per_ast_computes_once_and_freezes():
    calls = []

    class Tree:                                  # weak-referenceable, like pycparser nodes
        pass

    @per_ast
    def scan(tree, extra):
        calls.append(tree)
        return {"x", extra}

    t = Tree()
    first = scan(t, "y")
    again = scan(t, "y")
    assert first is again and calls == [t]
    assert isinstance(first, frozenset) and first == {"x", "y"}
    scan(t, "z")                                 # other arguments: computed again
    assert len(calls) == 2


def test_frontend_speed_reads_a_task(tmp_path):
    spec = importlib.util.spec_from_file_location("frontend_speed",
                                                  ROOT / "scripts" / "frontend_speed.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    yml = tmp_path / "t.yml"
    yml.write_text("format_version: '2.0'\ninput_files: 'a.i'\n"
                   "options:\n  language: C\n  data_model: LP64\n")
    assert mod.task_input(yml, "ILP32") == (tmp_path / "a.i", "LP64")
    c = tmp_path / "b.c"
    assert mod.task_input(c, "ILP32") == (c, "ILP32")
