"""Mutants of source programs: C, Boogie and LLVM IR.

Each generator takes a seeded `random.Random`, the seeds and `big` (the long campaign's
larger sizes) and returns one `Mutant`: a mutated copy of a seed program and the command
that runs it.  The families:

* every language: byte flips, truncation, token deletion/duplication/swap/splice, huge
  literals, bytes that are not UTF-8, deep nesting injected into the entry's body;
* C: duplicate case labels, a missing `main`, random preprocessor directives;
* Boogie: huge bitvector literals and widths, duplicate labels and declarations, a missing
  or doubled entry point, odd attributes, a long straight-line procedure;
* LLVM: line deletion/duplication, huge integer widths, deeply nested types, broken
  metadata references, a long straight-line function.
"""
from __future__ import annotations

import random
import re

from .mutants import (GENERIC, Mutant, first_changed_line, huge_number, matching_brace,
                      nesting_depth, non_utf8, replace_number, solid, to_bytes, tokens)
from .seeds import UNREACH_CALL, Seeds

CHECK_TIMEOUT = 3.0


def _insert_at(text: str, at: int, snippet: str) -> str:
    return text[:at] + snippet + text[at:]


# ============================================================================== C

_C_MAIN = re.compile(r"\bmain\s*\([^)]*\)\s*\{")


def _c_body_start(text: str) -> int | None:
    m = _C_MAIN.search(text)
    return m.end() if m else None


def _c_inject(text: str, stmt: str) -> str:
    """`stmt` as the first statement of main, else in a new function at the end."""
    at = _c_body_start(text)
    if at is None:
        return text + "\nint fz_extra(void) {\n" + stmt + "\nreturn 0; }\n"
    return _insert_at(text, at, "\n" + stmt + "\n")


def c_deep(rng: random.Random, text: str, big: bool) -> str:
    d = nesting_depth(rng, big)
    stmt = rng.choice([
        "int fz_v = " + "(" * d + "1" + ")" * d + ";",
        "{" * d + "}" * d,
        "int fz_c = 1; " + "if (fz_c) " * d + "fz_c = 0;",
        "int fz_v = " + "!" * d + "0;",
        "int fz_v = " + "- " * d + "1;",
        "int fz_v = " + "1 + " * d + "1;",
        "int fz_v = " + "1 ? " * d + "1" + " : 0" * d + ";",
        "int fz_v = " + "(int)" * d + "1;",
        "int fz_a[1] = " + "{" * d + "1" + "}" * d + ";",
        "while (0) " * d + ";",
        "int fz_c = 0; " + "fz_c = " * d + "1;",
    ])
    return _c_inject(text, stmt)


_C_HUGE = [
    lambda rng, old: huge_number(rng),
    lambda rng, old: "0x" + "f" * rng.choice([17, 40, 1000]),
    lambda rng, old: "99999999999999999999ULL",
    lambda rng, old: "18446744073709551616",
    lambda rng, old: "1e99999",
    lambda rng, old: "0x1p99999",
    lambda rng, old: "0b" + "1" * rng.choice([65, 200]),
    lambda rng, old: "'\\777'",
    lambda rng, old: "123abc",
    lambda rng, old: "2147483648",
]


def c_huge(rng: random.Random, text: str, big: bool) -> str:
    make = rng.choice(_C_HUGE)
    new = replace_number(rng, text, make)
    if new == text:
        new = _c_inject(text, f"long long fz_v = {make(rng, '0')};")
    return new


def c_dup_case(rng: random.Random, text: str, big: bool) -> str:
    cases = rng.choice([
        "case 1: break; case 1: break;",
        "default: break; default: break;",
        "case 1: case 1: break;",
        "case 0 ... 5: break; case 3: break;",
        "case 'a': break; case 97: break;",
        "case 1+1: break; case 2: break;",
    ])
    return _c_inject(text, "{ int fz_s = 1; switch (fz_s) { " + cases + " } }")


# Statements and declarations that gcc rejects (a constraint violation or a syntax error
# a lenient parser may not notice): a verdict on the program is then wrong.
C_SEMANTIC_ERRORS = [
    "fz_undeclared = 1;", "int fz_a; int fz_a;", "break;", "continue;", "goto fz_nowhere;",
    "int fz_n[-1];", "const int fz_c = 1; fz_c = 2;",
    "struct fz_S { int a; } fz_s; fz_s.b = 1;", "int *fz_p = 1.5;", "1 = 2;",
    "int fz_f(void); fz_f(1, 2);", "void fz_v;", "case 1: ;", "default: ;",
    "int fz_z = sizeof(struct fz_undefined);", "fz_l: fz_l: ;", '_Static_assert(0, "fz");',
    "static int fz_s = 1 / 0;", "unsigned signed int fz_u;", "long long long fz_l;",
    "struct fz_B { int b : 40; } fz_b;", "enum { FZ_A, FZ_A };", "int fz_x; float fz_x;",
    "int fz_a[2]; fz_a = 0;", "int fz_i = 0; fz_i.x = 1;", "int fz_i = 0; *fz_i = 1;",
    "return 1 2;", "int fz_g(int a, int a);", "char fz_s[2] = 1.5;",
    "struct fz_R { struct fz_R r; };", "int fz_v = (struct { int a; }){1};",
    "int fz_q = &1;", "extern int fz_e = 1; int fz_e = 2;",
]


def c_semantic_error(rng: random.Random, text: str, big: bool) -> str:
    return _c_inject(text, "{ " + rng.choice(C_SEMANTIC_ERRORS) + " }"
                     if rng.random() < 0.5 else rng.choice(C_SEMANTIC_ERRORS))


def c_missing_main(rng: random.Random, text: str, big: bool) -> str:
    m = _C_MAIN.search(text)
    if m and rng.random() < 0.5:
        start = text.rfind("\n", 0, m.start()) + 1
        return text[:start] + text[matching_brace(text, m.end() - 1) + 1:]
    return re.sub(r"\bmain\b", rng.choice(["main_", "Main", "mian"]), text)


C_DIRECTIVES = [
    "#error fuzz", '#include "fz_missing.h"', "#include <fz_missing.h>",
    '#include "/etc/passwd"', "#include __FILE__", "#include", "#define main fz_main",
    "#define int long", "#undef __VERIFIER_nondet_int", "#if 1", "#endif", "#else",
    "#line 4294967295", "#line 0", '#line 1 "/nonexistent/other.c"',
    "#line 99999999999999999999", '# 1 "fz.h" 1', "#pragma once", "#pragma GCC poison main",
    "#warning fuzz", '#ident "x"', "#fz_unknown", "#if 1/0", "#define X(a) #a ##",
    "#", "#if defined(", "#define __VERIFIER_nondet_int() (", "#elif", "??=error trigraph",
]


def c_directive(rng: random.Random, text: str, big: bool) -> str:
    lines = text.split("\n")
    at = rng.randrange(len(lines) + 1)
    lines.insert(at, rng.choice(C_DIRECTIVES))
    return "\n".join(lines)


def _generic(name):
    fn = GENERIC[name]
    return lambda rng, text, big, lang="c": fn(rng, text, lang)


C_FAMILIES = {
    **{name: _generic(name) for name in GENERIC},
    "non_utf8": lambda rng, text, big: non_utf8(rng, text, "c",
                                                rng.choice(["string", "comment", "ident"])),
    "deep_nesting": c_deep,
    "huge_literal": c_huge,
    "dup_case": c_dup_case,
    "missing_main": c_missing_main,
    "directive": c_directive,
    "semantic_error": c_semantic_error,
}


def c_command(rng: random.Random, name: str,
              timeout: float) -> tuple[list[str], dict, float | None]:
    """(argv, extra files, the --timeout given) for a C program `name`."""
    t = str(timeout)
    r = rng.random()
    if r < 0.45:
        return ["check", name, "--no-replay", "--timeout", t], {}, timeout
    if r < 0.55:
        extra = rng.choice([["--bound", "1000"], ["--json"], ["--houdini"], ["--reach"],
                            ["--strategy", "static", "--bound", "10"], ["--malloc-may-fail"],
                            ["--data-model", "LP64"], ["--sarif", "-"]])
        return ["check", name, "--no-replay", *extra, "--timeout", t], {}, timeout
    if r < 0.65:
        return ["check", name, "--no-replay", "--encoding", "bv", "--timeout", t], {}, timeout
    if r < 0.75:
        return ["translate", name], {}, None
    if r < 0.85:
        return ["check", name, "--frontend", "llvm", "--no-replay", "--timeout", t], {}, timeout
    if r < 0.95:
        return (["svcomp", "--property", "unreach-call.prp", name, "--timeout", t],
                {"unreach-call.prp": UNREACH_CALL}, timeout)
    return ["check", name, "--timeout", t], {}, timeout


def gen_c(rng: random.Random, seeds: Seeds, big: bool) -> Mutant:
    seed_name, text = rng.choice(seeds.c)
    family = rng.choice(sorted(C_FAMILIES))
    new = C_FAMILIES[family](rng, text, big)
    name = "prog.i" if seed_name.endswith(".i") else "prog.c"
    argv, extra, timeout = c_command(rng, name, CHECK_TIMEOUT)
    files = {name: to_bytes(new), **{k: v.encode() for k, v in extra.items()}}
    return Mutant("c", family, seed_name, files, argv, timeout=timeout, wall=30.0,
                  c_input=name, changed_line=first_changed_line(text, new))


# ============================================================================== Boogie

def _bpl_body_start(text: str) -> int | None:
    """The offset just after the local `var` declarations of the first procedure or
    implementation body."""
    toks = solid(tokens(text, "bpl"))
    words = [text[s:e] for _, s, e in toks]
    for i, w in enumerate(words):
        if w not in ("procedure", "implementation"):
            continue
        # skip attributes `{:name ...}` that may follow the keyword
        k = i + 1
        depth = 0
        while k < len(words):
            w2 = words[k]
            if w2 == "{" and k + 1 < len(words) and words[k + 1] == ":" and depth == 0:
                depth = 1
            elif w2 == "}" and depth:
                depth = 0
            elif w2 == ";" and not depth and (k + 1 >= len(words) or words[k + 1] not in
                                               ("modifies", "requires", "ensures", "free", "{")):
                break                       # a declaration without a body
            elif w2 == "{" and not depth:
                k += 1
                while k < len(words) and words[k] == "var":
                    while k < len(words) and words[k] != ";":
                        k += 1
                    k += 1
                return toks[k - 1][2] if k - 1 < len(toks) else None
            k += 1
    return None


def _bpl_inject(text: str, stmt: str) -> str:
    at = _bpl_body_start(text)
    if at is None:
        return text + "\nprocedure fz_extra() {\n" + stmt + "\n}\n"
    return _insert_at(text, at, "\n" + stmt + "\n")


def bpl_deep(rng: random.Random, text: str, big: bool) -> str:
    d = nesting_depth(rng, big)
    stmt = rng.choice([
        "assume " + "(" * d + "true" + ")" * d + ";",
        "assume " + "! " * d + "true;",
        "if (*) { " * d + "}" * d,
        "while (*) { " * d + "}" * d,
        "assume " + "1 + " * d + "1 > 0;",
        "assume " + "true ==> " * d + "true;",
        "assume " + "true && " * d + "true;",
        "assume " + "(forall fz_i: int :: " * d + "true" + ")" * d + ";",
        "assume " + "old(" * d + "true" + ")" * d + ";",
        "assume (" + "if true then " * d + "true" + " else false" * d + ");",
        "assume " + "- " * d + "1 < 0;",
    ])
    return _bpl_inject(text, stmt)


_BPL_HUGE = [
    lambda rng, old: huge_number(rng),
    lambda rng, old: "1bv99999999999999999999",
    lambda rng, old: "0bv0",
    lambda rng, old: "99999bv8",
    lambda rng, old: "1bv" + huge_number(rng),
    lambda rng, old: huge_number(rng) + "bv64",
    lambda rng, old: "1.5e99999",
    lambda rng, old: "0bv" + str(rng.choice([65536, 1 << 24, 1 << 31])),
]


def bpl_huge(rng: random.Random, text: str, big: bool) -> str:
    make = rng.choice(_BPL_HUGE)
    if rng.random() < 0.3:
        lit = make(rng, "0")
        return _bpl_inject(text, f"assume {lit} == {lit};")
    if rng.random() < 0.2 and re.search(r"\bbv\d+\b", text):
        width = rng.choice(["bv0", "bv99999999999999999999", "bv16777217", "bv4294967296"])
        return re.sub(r"\bbv\d+\b", width, text, count=1)
    new = replace_number(rng, text, make, "bpl")
    return new if new != text else _bpl_inject(text, f"assume {make(rng, '0')} > 0;")


def bpl_dup_label(rng: random.Random, text: str, big: bool) -> str:
    return _bpl_inject(text, rng.choice([
        "fz_L: assume true; fz_L: assume true;",
        "goto fz_M; fz_M: assume true; fz_M: assume true;",
        "goto fz_nowhere;",
        "fz_L: goto fz_L;",
    ]))


def bpl_missing_entry(rng: random.Random, text: str, big: bool) -> str:
    r = rng.random()
    if "{:entrypoint}" in text and r < 0.4:
        return text.replace("{:entrypoint}", "")
    if r < 0.7:
        return re.sub(r"\bprocedure\s+(?!\{)", "procedure {:entrypoint} ", text)
    return re.sub(r"\bmain\b", "main_", text)


BPL_ATTRIBUTES = [
    "{:fz}", "{:inline 99999999999999999999}", "{:inline -1}", "{:inline}",
    "{:entrypoint}{:entrypoint}", '{:sourceloc "x.c", 99999999999999999999, -5}',
    '{:sourceloc "", 0, 0}', "{:sourceloc}", '{:sourceloc 1, "x", 2}', "{:" + "x" * 5000 + "}",
    "{:inline true}", '{:verifier "fz"}',
]


def bpl_attribute(rng: random.Random, text: str, big: bool) -> str:
    attr = rng.choice(BPL_ATTRIBUTES)
    if rng.random() < 0.5:
        return re.sub(r"\bprocedure\s+", "procedure " + attr + " ", text, count=1)
    return _bpl_inject(text, f"assert {attr} true; assume {attr} true;")


def bpl_decl_dup(rng: random.Random, text: str, big: bool) -> str:
    starts = [m.start() for m in re.finditer(r"^(procedure|var|const|function|type|axiom)\b",
                                              text, re.M)]
    if not starts:
        return text + text
    s = rng.choice(starts)
    brace = text.find("{", s)
    semi = text.find(";", s)
    if brace != -1 and (semi == -1 or brace < semi) and not text.startswith("{:", brace):
        e = matching_brace(text, brace, "bpl") + 1
    else:
        e = semi + 1 if semi != -1 else len(text)
    return text + "\n" + text[s:e] + "\n"


def bpl_big_proc(rng: random.Random, text: str, big: bool) -> str:
    n = rng.choice([2000, 5000] + ([20000, 100000] if big else []))
    return big_straight_line_bpl(n)


def big_straight_line_bpl(n: int) -> str:
    """One entry procedure of `n` straight-line assignments and a final assertion."""
    body = "".join(f"  x := x + {i % 7};\n" for i in range(n))
    total = sum(i % 7 for i in range(n))
    return ("procedure {:entrypoint} main()\n{\n  var x: int;\n  x := 0;\n" + body +
            f"  assert x == {total};\n}}\n")


BPL_FAMILIES = {
    **{name: (lambda fn: lambda rng, text, big: fn(rng, text, "bpl"))(GENERIC[name])
       for name in GENERIC},
    "non_utf8": lambda rng, text, big: non_utf8(rng, text, "bpl",
                                                rng.choice(["string", "comment", "ident"])),
    "deep_nesting": bpl_deep,
    "huge_literal": bpl_huge,
    "dup_label": bpl_dup_label,
    "missing_entry": bpl_missing_entry,
    "attribute": bpl_attribute,
    "decl_dup": bpl_decl_dup,
    "big_proc": bpl_big_proc,
}


def gen_bpl(rng: random.Random, seeds: Seeds, big: bool) -> Mutant:
    seed_name, text = rng.choice(seeds.bpl)
    family = rng.choice(sorted(BPL_FAMILIES))
    new = BPL_FAMILIES[family](rng, text, big)
    t = CHECK_TIMEOUT
    r = rng.random()
    extra = rng.choice([[], [], [], ["--strategy", "static"], ["--houdini"], ["--reach"],
                        ["--track-all"], ["--bound", "3"], ["--refine", "hier"],
                        ["--bound", "1000"], ["--strategy", "static", "--bound", "20"],
                        ["--houdini", "--bound", "5"], ["--json"], ["--stats", "--no-trace"]])
    if r < 0.7:
        argv, timeout = ["check", "prog.bpl", *extra, "--timeout", str(t)], t
    elif r < 0.8:
        argv, timeout = ["bpl", "prog.bpl"], None
    elif r < 0.9:
        argv, timeout = ["bpl", "prog.bpl", "--instrument"], None
    else:
        argv, timeout = ["bpl", "prog.bpl", "--typecheck-only"], None
    return Mutant("bpl", family, seed_name, {"prog.bpl": to_bytes(new)}, argv,
                  timeout=timeout, wall=30.0, changed_line=first_changed_line(text, new))


# ============================================================================== LLVM

def _ll_lines(rng: random.Random, text: str, dup: bool) -> str:
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    if dup:
        lines.insert(i, lines[i])
    else:
        del lines[i]
    return "\n".join(lines)


def ll_huge(rng: random.Random, text: str, big: bool) -> str:
    r = rng.random()
    operands = list(re.finditer(r"\b(i16|i32|i64) (-?\d+)\b", text))
    if r < 0.5 and operands:
        m = rng.choice(operands)
        return text[:m.start(2)] + huge_number(rng) + text[m.end(2):]
    if r < 0.5:
        return text + "\n@fz = global i32 " + huge_number(rng) + "\n"
    if r < 0.7:
        count = rng.choice(["99999999999", "18446744073709551616", "0"])
        return re.sub(r"\[(\d+) x", f"[{count} x", text, count=1)
    if r < 0.85:
        align = rng.choice(["4294967296", "3", "0", "99999999999999999999"])
        return re.sub(r"align \d+", "align " + align, text, count=1)
    return replace_number(rng, text, lambda rng, old: huge_number(rng), "llvm")


def ll_width(rng: random.Random, text: str, big: bool) -> str:
    width = rng.choice(["i99999999", "i0", "i8388608", "i8388609", "i1099511627776", "i3", "i128"])
    names = [m for m in re.finditer(r"\bi(8|16|32|64)\b", text)]
    if not names:
        return text
    m = rng.choice(names)
    return text[:m.start()] + width + text[m.end():]


def ll_deep(rng: random.Random, text: str, big: bool) -> str:
    d = nesting_depth(rng, big)
    decl = rng.choice([
        "@fz = global " + "[1 x " * d + "i32" + "]" * d + " zeroinitializer",
        "@fz = global " + "{ " * d + "i32" + " }" * d + " zeroinitializer",
        "%fz.t = type " + "{ " * d + "i8" + " }" * d,
        "@fz = global " + "<1 x " + "ptr" + ">" + " zeroinitializer",
    ])
    return text + "\n" + decl + "\n"


def ll_chain(rng: random.Random, text: str, big: bool) -> str:
    """A long straight-line run of additions at the start of main."""
    n = rng.choice([1000, 5000] + ([50000] if big else []))
    m = re.search(r"define[^\n]*@main\([^\n]*\{\n", text)
    if not m:
        return text
    chain = "  %fz0 = add i32 0, 1\n" + "".join(
        f"  %fz{i} = add i32 %fz{i - 1}, 1\n" for i in range(1, n))
    return text[:m.end()] + chain + text[m.end():]


def ll_metadata(rng: random.Random, text: str, big: bool) -> str:
    refs = list(re.finditer(r"!(\d+)\b", text))
    if not refs:
        return text
    m = rng.choice(refs)
    return text[:m.start()] + "!" + rng.choice(["99999", "99999999999999999999", "-1"]) + \
        text[m.end():]


def ll_debug_info(rng: random.Random, text: str, big: bool) -> str:
    """A field of a debug-info record or a module flag set to an odd value."""
    fields = list(re.finditer(r"\b(line|column|scope|file|type|size|align|flags|"
                              r"emissionKind|tag|encoding|i32) ?:? ?(-?\w+)", text))
    fields = [m for m in fields if "!" in text[text.rfind("\n", 0, m.start()):m.start()]]
    if not fields:
        return text
    m = rng.choice(fields)
    value = rng.choice(["-1", "0", "4294967296", huge_number(rng)[:30], "!99999", "null",
                        "DW_TAG_fz", "i32"])
    return text[:m.start(2)] + value + text[m.end(2):]


def ll_opcode(rng: random.Random, text: str, big: bool) -> str:
    """An instruction's opcode swapped for another of a different kind."""
    ops = list(re.finditer(r"= (add|sub|mul|sdiv|icmp|load|store|call|zext|sext|trunc|"
                           r"alloca|br|select|and|or|xor|shl)\b", text))
    if not ops:
        return text
    m = rng.choice(ops)
    new = rng.choice(["fadd", "udiv", "srem", "getelementptr", "bitcast", "ptrtoint",
                      "inttoptr", "fptosi", "freeze", "va_arg", "landingpad", "phi",
                      "extractvalue", "atomicrmw", "cmpxchg"])
    return text[:m.start(1)] + new + text[m.end(1):]


LLVM_FAMILIES = {
    **{name: (lambda fn: lambda rng, text, big: fn(rng, text, "llvm"))(GENERIC[name])
       for name in GENERIC},
    "non_utf8": lambda rng, text, big: non_utf8(rng, text, "llvm",
                                                rng.choice(["string", "comment", "ident"])),
    "line_delete": lambda rng, text, big: _ll_lines(rng, text, dup=False),
    "line_duplicate": lambda rng, text, big: _ll_lines(rng, text, dup=True),
    "huge_literal": ll_huge,
    "huge_width": ll_width,
    "deep_nesting": ll_deep,
    "long_chain": ll_chain,
    "metadata": ll_metadata,
    "debug_info": ll_debug_info,
    "opcode": ll_opcode,
}


def gen_llvm(rng: random.Random, seeds: Seeds, big: bool) -> Mutant:
    seed_name, text = rng.choice(seeds.llvm)
    family = rng.choice(sorted(LLVM_FAMILIES))
    new = LLVM_FAMILIES[family](rng, text, big)
    t = CHECK_TIMEOUT
    r = rng.random()
    if r < 0.7:
        argv, timeout = ["check", "prog.ll", "--timeout", str(t)], t
    elif r < 0.8:
        argv, timeout = ["check", "prog.ll", "--encoding", "bv", "--timeout", str(t)], t
    else:
        argv, timeout = ["translate", "prog.ll"], None
    return Mutant("llvm", family, seed_name, {"prog.ll": to_bytes(new)}, argv,
                  timeout=timeout, wall=30.0, changed_line=first_changed_line(text, new))
