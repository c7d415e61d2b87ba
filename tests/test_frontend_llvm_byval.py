"""Parameter attributes in the LLVM front end: a `byval` parameter is the callee's own copy
of the argument's object (a struct passed by value), `inalloca`/`preallocated` are
diagnosed.  End-to-end verdicts of C programs passing structs by value are the data files
tests/data/llvm/verdict/byval_*.c (run by tests/test_frontend_llvm.py)."""
from __future__ import annotations

import re

import pytest

from boogie.errors import BoogieError
from boogie.parser import parse_program
from boogie.printer import format_program
from boogie.typecheck import typecheck
from frontend.llvm.ir import ArrayTy, IntTy, StructTy
from frontend.llvm.reader import read_text
from frontend.llvm.translate import LlvmFrontendOptions, translate_module

_HEADER = ('target datalayout = "e-m:e-p:32:32-i64:32-n8:16:32-S128"\n'
           'target triple = "i386-unknown-linux-gnu"\n'
           "%struct.s = type { i32, i64, [4 x i32] }\n")

# bump(struct s o) { o.id += 100; } called directly and through a pointer
_BUMP = (
    "define void @bump(ptr noundef byval(%struct.s) align 4 %o) {\n"
    "  %v = load i32, ptr %o\n  %w = add nsw i32 %v, 100\n  store i32 %w, ptr %o\n"
    "  ret void\n}\n")
_MAIN = (
    "define i32 @main() {\n  %a = alloca %struct.s\n  %fp = alloca ptr\n"
    "  store ptr @bump, ptr %fp\n  store i32 7, ptr %a\n"
    "  call void @bump(ptr noundef byval(%struct.s) align 4 %a)\n"
    "  %f = load ptr, ptr %fp\n  call void %f(ptr byval(%struct.s) %a)\n"
    "  %r = load i32, ptr %a\n  ret i32 %r\n}\n")


def _translate(body: str, enc: str = "int"):
    return translate_module(read_text(_HEADER + body), LlvmFrontendOptions(encoding=enc))


def test_reader_exposes_byval_types_of_parameters_and_arguments():
    m = read_text(_HEADER + _BUMP + _MAIN)
    # (llvmlite's shared context may rename %struct.s to %struct.s.N: compare fields)
    fields = (IntTy(32), IntTy(64), ArrayTy(4, IntTy(32)))
    (o,) = m.function("bump").params
    assert isinstance(o.byval, StructTy) and o.byval.fields == fields
    calls = [i for b in m.function("main").blocks for i in b.instrs if i.opcode == "call"]
    assert [c.byval[0].fields for c in calls] == [fields, fields]
    # a parameter without the attribute has none
    m2 = read_text(_HEADER + "define void @g(ptr noundef %p) {\n  ret void\n}\n")
    assert m2.function("g").params[0].byval is None


@pytest.mark.parametrize("enc", ["int", "bv"])
def test_byval_parameter_gets_a_fresh_copy_on_entry(enc):
    """The formal is the incoming pointer; the parameter's local is a fresh object
    ($CurrAddr bump) whose cells are copied from the incoming one, in the same map."""
    prog = _translate(_BUMP + _MAIN, enc)
    text = format_program(prog)
    typecheck(parse_program(text, "<byval>"))
    start = re.search(r"procedure (\{:[^}]*\} )*bump", text).start()
    bump = text[start:text.index("procedure", start + 1)]
    assert re.search(r"procedure (\{:[^}]*\} )*bump\(\$byval\.o: ", bump), bump
    assert re.search(r"v\$o := (\{:[^}]*\} )*\$CurrAddr;", bump), bump
    # the struct is 28 bytes (ILP32: i64 is 4-aligned), the region has 4-byte cells:
    # seven cells copied from the incoming pointer into the fresh object, one map update
    m = re.search(r"(\$M\.\d+) := \1\[v\$o := \1\[\$byval\.o\]\]", bump)
    assert m, bump
    assert bump.count(f"{m.group(1)}[$byval.o") + bump.count(f"{m.group(1)}[$bvadd.bv32"
                                                             "($byval.o") == 7, bump
    assert "$byval.o" not in bump[m.end():].split(";", 1)[1], bump   # used only there
    assert text.count("var $M.") == 1, text          # source and copy share the region
    # the caller passes its own object; main's struct is never written by bump
    assert "call bump(v$a);" in text


def test_byval_copy_precedes_the_first_use():
    prog = _translate(_BUMP + _MAIN)
    text = format_program(prog)
    body = text[re.search(r"procedure (\{:[^}]*\} )*bump", text).start():]
    assert body.index("$byval.o]") < body.index("v$v :="), body


@pytest.mark.parametrize("sig,what", [
    ("define void @f(ptr inalloca(%struct.s) %o) {\n  ret void\n}\n", "inalloca"),
    ("define void @f(ptr preallocated(%struct.s) %o) {\n  ret void\n}\n", "preallocated"),
    ("declare void @f(ptr)\ndefine i32 @main() {\n  %a = alloca %struct.s\n"
     "  call void @f(ptr preallocated(%struct.s) %a)\n  ret i32 0\n}\n", "preallocated"),
])
def test_inalloca_and_preallocated_are_unsupported(sig, what):
    with pytest.raises(BoogieError) as e:
        _translate(sig + ("define i32 @main() {\n  ret i32 0\n}\n"
                          if "@main" not in sig else ""))
    assert e.value.first.code == "unsupported"
    assert f"parameter attribute {what}" in e.value.first.message


@pytest.mark.parametrize("call", [
    "call void @bump(ptr %a)",                                  # callee copies, call not
    "call void @plain(ptr byval(%struct.s) %a)",                # call copies, callee not
])
def test_byval_mismatch_between_call_and_callee_is_unsupported(call):
    with pytest.raises(BoogieError) as e:
        _translate(_BUMP + "define void @plain(ptr %p) {\n  ret void\n}\n"
                   "define i32 @main() {\n  %a = alloca %struct.s\n  " + call + "\n"
                   "  ret i32 0\n}\n")
    assert e.value.first.code == "unsupported"
    assert "byval" in e.value.first.message


def test_byval_verdicts_int_and_bv():
    """Hand-written IR (ILP32): bump's write reaches its copy only, so main's struct still
    holds 7 after direct and indirect calls; asserting it changed is a bug."""
    from verifier.engine import verify
    from verifier.options import VerifyOptions
    check = (
        "declare void @__VERIFIER_assert(i32)\n"
        "define i32 @main() {\n  %a = alloca %struct.s\n  %fp = alloca ptr\n"
        "  store ptr @bump, ptr %fp\n  store i32 7, ptr %a\n"
        "  call void @bump(ptr byval(%struct.s) %a)\n"
        "  %f = load ptr, ptr %fp\n  call void %f(ptr byval(%struct.s) %a)\n"
        "  %r = load i32, ptr %a\n  %c = icmp {pred} i32 %r, 7\n  %z = zext i1 %c to i32\n"
        "  call void @__VERIFIER_assert(i32 %z)\n  ret i32 0\n}\n")
    for enc in ("int", "bv"):
        for pred, want in (("eq", "correct"), ("ne", "bug")):
            prog = _translate(_BUMP + check.replace("{pred}", pred), enc)
            r = verify(prog, VerifyOptions(entry="main", bound=2, timeout=60))
            assert r.verdict.value == want, (enc, pred, r.reason)
