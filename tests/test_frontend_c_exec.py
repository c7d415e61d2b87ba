"""Differential execution: deterministic C programs run natively (gcc, LP64) and their
Boogie models run on a small concrete interpreter; `main`'s return values must agree, in both
encodings.  This checks statements, calls, memory and initialisers independently of the
verifier core.

The interpreter covers exactly the Boogie the C front end emits: int/bool/bitvector values,
maps, `{:bvbuiltin}` functions, calls, and gotos whose targets start with their branch
assumptions (the first target whose leading assumptions hold is taken).  `havoc $alloc` moves
the allocation counter far up (so the allocation assumptions hold); other havocs give 0;
quantified assumptions (zeroed fresh blocks) hold because fresh cells read 0.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from boogie.ast import (App, Assert, Assign, Assume, BoolLit, BvLit, Call, Extract, FunCall,
                        Goto, Havoc, IntLit, Ite, MapSelect, MapStore, Op, Quant, Return, Var,
                        attr, BvType, MapType)
from frontend.c import CFrontendOptions, translate_files

DATA = Path(__file__).resolve().parent / "data" / "c"


def _beyond_interpreter(p: Path) -> bool:
    """Programs whose models need more than 'havoc gives 0': strcmp/strncmp/memcmp results
    (any value of the right sign: a havoc constrained by later assumptions) and realloc's
    copy (a quantified assumption over the fresh block)."""
    import re
    return re.search(r"\b(strn?cmp|memcmp|realloc)\s*\(", p.read_text()) is not None
PROGRAMS = sorted((DATA / "exec").glob("*.c")) + [
    p for p in sorted((DATA / "golden").glob("*.c")) if "harness" not in p.name
    and "smack" not in p.name and "vla" not in p.name and not _beyond_interpreter(p)] + [
    p for p in sorted((DATA / "verdict").glob("*.c"))
    if "Overflow" not in p.read_text() and "--check-overflow" not in p.read_text()
    and "smack" not in p.name and "assert_h" not in p.name and not _beyond_interpreter(p)]


ERROR_VALUE = -999999      # what both sides report when reach_error() is called
BLOCKED_VALUE = -888888    # ... when an assumption fails (nondeterministic values are 0)
STEP_LIMIT = 2_000_000


@dataclass(frozen=True)
class BV:
    v: int
    w: int


class Stop(Exception):
    def __init__(self, kind: str):
        self.kind = kind


def _signed(b: BV) -> int:
    return b.v - (1 << b.w) if b.v >> (b.w - 1) else b.v


def _tdiv(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _bvop(name: str, args: list):
    w = args[0].w
    m = (1 << w) - 1
    a = args[0].v
    b = args[1].v if len(args) > 1 else 0
    if name.startswith("(_ "):
        op, k = name[3:-1].split()
        k = int(k)
        if op == "zero_extend":
            return BV(a, w + k)
        return BV(_signed(args[0]) % (1 << (w + k)), w + k)
    table = {
        "bvadd": lambda: BV((a + b) & m, w), "bvsub": lambda: BV((a - b) & m, w),
        "bvmul": lambda: BV((a * b) & m, w), "bvand": lambda: BV(a & b, w),
        "bvor": lambda: BV(a | b, w), "bvxor": lambda: BV(a ^ b, w),
        "bvnot": lambda: BV(~a & m, w), "bvneg": lambda: BV(-a & m, w),
        "bvshl": lambda: BV((a << b) & m if b < w else 0, w),
        "bvlshr": lambda: BV(a >> b if b < w else 0, w),
        "bvashr": lambda: BV((_signed(args[0]) >> min(b, w)) & m, w),
        "bvudiv": lambda: BV(a // b if b else m, w), "bvurem": lambda: BV(a % b if b else a, w),
        "bvsdiv": lambda: BV(_tdiv(_signed(args[0]), _signed(args[1])) & m, w),
        "bvsrem": lambda: BV((_signed(args[0]) - _signed(args[1]) * _tdiv(
            _signed(args[0]), _signed(args[1]))) & m, w),
        "bvult": lambda: a < b, "bvule": lambda: a <= b, "bvugt": lambda: a > b,
        "bvuge": lambda: a >= b,
        "bvslt": lambda: _signed(args[0]) < _signed(args[1]),
        "bvsle": lambda: _signed(args[0]) <= _signed(args[1]),
        "bvsgt": lambda: _signed(args[0]) > _signed(args[1]),
        "bvsge": lambda: _signed(args[0]) >= _signed(args[1]),
    }
    return table[name]()


class Interp:
    def __init__(self, prog):
        self.procs = prog.procedures()
        self.funcs = prog.functions()
        self.globals: dict = {}
        for name, d in prog.global_vars().items():
            self.globals[name] = {} if isinstance(d.type, MapType) else self._zero(d.type)
        self.steps = 0

    @staticmethod
    def _zero(t):
        return BV(0, t.width) if isinstance(t, BvType) else 0

    def lookup(self, frame, name):
        return frame[name] if name in frame else self.globals[name]

    def ev(self, e, frame):
        t = type(e)
        if t is IntLit:
            return e.value
        if t is BoolLit:
            return e.value
        if t is BvLit:
            return BV(e.value, e.width)
        if t is Var:
            return self.lookup(frame, e.name)
        if t is MapSelect:
            m = self.ev(e.map, frame)
            k = self.ev(e.indices[0], frame)
            return m.get(k, self.map_default(e.map))
        if t is MapStore:
            m = dict(self.ev(e.map, frame))
            m[self.ev(e.indices[0], frame)] = self.ev(e.value, frame)
            return m
        if t is Ite:
            return self.ev(e.then if self.ev(e.cond, frame) else e.else_, frame)
        if t is Extract:
            v = self.ev(e.expr, frame)
            return BV((v.v >> e.lo) & ((1 << (e.hi - e.lo)) - 1), e.hi - e.lo)
        if t is FunCall:
            f = self.funcs[e.func]
            return _bvop(attr(f.attrs, "bvbuiltin").args[0], [self.ev(a, frame) for a in e.args])
        if t is Quant:
            return True
        assert t is App, t
        op = e.op
        if op is Op.AND:
            return self.ev(e.args[0], frame) and self.ev(e.args[1], frame)
        if op is Op.OR:
            return self.ev(e.args[0], frame) or self.ev(e.args[1], frame)
        if op is Op.IMP:
            return (not self.ev(e.args[0], frame)) or self.ev(e.args[1], frame)
        a = [self.ev(x, frame) for x in e.args]
        if op is Op.NOT:
            return not a[0]
        if op is Op.NEG:
            return -a[0]
        if op is Op.CONCAT:
            return BV((a[0].v << a[1].w) | a[1].v, a[0].w + a[1].w)
        x, y = a
        return {Op.ADD: lambda: x + y, Op.SUB: lambda: x - y, Op.MUL: lambda: x * y,
                Op.DIV: lambda: x // y if y > 0 else -(x // -y),
                Op.MOD: lambda: x % abs(y), Op.EQ: lambda: x == y, Op.NEQ: lambda: x != y,
                Op.LT: lambda: x < y, Op.LE: lambda: x <= y, Op.GT: lambda: x > y,
                Op.GE: lambda: x >= y, Op.IFF: lambda: x == y}[op]()

    def map_default(self, m):
        return 0 if not self.bv_maps else BV(0, self.bv_maps.get(m.name, 8))

    def run(self, name, args):
        p = self.procs[name]
        frame = {d.name: v for d, v in zip(p.params, args)}
        for d in p.body.locals + p.returns:
            frame[d.name] = self._zero(d.type)
        blocks = {b.label: b for b in p.body.blocks}
        b = p.body.blocks[0]
        while True:
            for c in b.cmds:
                self.steps += 1
                if self.steps > STEP_LIMIT:
                    raise Stop("too long")
                self.cmd(c, frame)
            if isinstance(b.transfer, Return):
                return [frame[d.name] for d in p.returns]
            assert isinstance(b.transfer, Goto)
            b = self.choose([blocks[lab] for lab in b.transfer.labels], frame)

    def choose(self, targets, frame):
        for t in targets:
            ok = True
            for c in t.cmds:
                if not isinstance(c, Assume) or attr(c.attrs, "exit"):
                    break
                if not self.ev(c.expr, frame):
                    ok = False
                    break
            if ok:
                return t
        raise Stop("blocked")

    def cmd(self, c, frame):
        t = type(c)
        if t is Assign:
            vals = [self.ev(r, frame) for r in c.rhs]
            for lhs, v in zip(c.lhs, vals):
                if isinstance(lhs, Var):
                    self.set(frame, lhs.name, v)
                else:
                    m = self.lookup(frame, lhs.map.name)
                    m[self.ev(lhs.indices[0], frame)] = v
        elif t is Assume:
            if not self.ev(c.expr, frame):
                raise Stop("exit" if attr(c.attrs, "exit") else "blocked")
        elif t is Assert:
            if not self.ev(c.expr, frame):
                raise Stop("assertion")
        elif t is Havoc:
            if attr(c.attrs, "overapprox"):
                raise Stop("overapprox")
            for n in c.names:
                old = self.lookup(frame, n)
                if n == "$alloc":
                    new = old + (1 << 28) if isinstance(old, int) else BV(old.v + (1 << 28), old.w)
                else:
                    new = 0 if isinstance(old, int) else BV(0, old.w) if isinstance(old, BV) \
                        else False
                self.set(frame, n, new)
        elif t is Call:
            outs = self.run(c.proc, [self.ev(a, frame) for a in c.args])
            for n, v in zip(c.outs, outs):
                self.set(frame, n, v)
        else:
            raise AssertionError(t)

    def set(self, frame, name, v):
        if name in frame:
            frame[name] = v
        else:
            self.globals[name] = v


def interpret(prog, entry="main"):
    it = Interp(prog)
    it.bv_maps = {n: d.type.range.width for n, d in prog.global_vars().items()
                  if isinstance(d.type, MapType) and isinstance(d.type.range, BvType)}
    a = it.globals["$alloc"]                  # the heap starts above the globals
    it.globals["$alloc"] = BV(1 << 24, a.w) if isinstance(a, BV) else 1 << 24
    sys.setrecursionlimit(10000)
    (r,) = it.run(entry, [])
    return _signed(r) if isinstance(r, BV) else r


_NATIVE: dict[Path, int | str] = {}


def _native(src: Path, tmp: Path) -> int:
    """gcc's answer for src (cached across the two encodings); skips when there is none."""
    if src not in _NATIVE:
        try:
            _NATIVE[src] = _compile_and_run(src, tmp)
        except pytest.skip.Exception as e:
            _NATIVE[src] = str(e)
    r = _NATIVE[src]
    if isinstance(r, str):
        pytest.skip(r)
    return r


def _compile_and_run(src: Path, tmp: Path) -> int:
    wrapper = tmp / "wrap.c"
    wrapper.write_text(
        '#include <stdio.h>\n#include <stdlib.h>\nint test_main(void);\n'
        f'void reach_error(void) {{ printf("%d\\n", {ERROR_VALUE}); exit(0); }}\n'
        f'void __VERIFIER_assume(int c) {{ if (!c) {{ printf("%d\\n", {BLOCKED_VALUE}); '
        'exit(0); } }\n'
        # <assert.h> from frontend/include (on the include path) calls this
        + 'void __pycorral_assert(int c) { if (!c) reach_error(); }\n'
        + "".join(f"{t} __VERIFIER_nondet_{n}(void) {{ return 0; }}\n" for n, t in (
            ("int", "int"), ("uint", "unsigned"), ("uchar", "unsigned char"),
            ("char", "char"), ("long", "long"), ("longlong", "long long")))
        + 'int main(void) { printf("%d\\n", test_main()); return 0; }\n')
    exe = tmp / "native"
    inc = str(Path(__file__).resolve().parent.parent / "frontend" / "include")
    obj = tmp / "prog.o"
    r = subprocess.run(["gcc", "-w", "-O0", "-fwrapv", "-Dmain=test_main", "-I", inc, "-c",
                        "-o", str(obj), str(src)], capture_output=True, text=True)
    if r.returncode == 0:
        r = subprocess.run(["gcc", "-w", "-o", str(exe), str(obj), str(wrapper)],
                           capture_output=True, text=True)
    if r.returncode != 0:
        pytest.skip(f"not compilable natively: {r.stderr[:200]}")
    run = subprocess.run([str(exe)], capture_output=True, text=True)
    if run.returncode != 0:
        pytest.skip("the native run stops abnormally (abort/exit)")
    return int(run.stdout)


@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not installed")
@pytest.mark.parametrize("encoding", ["int", "bv"])
@pytest.mark.parametrize("src", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_model_runs_like_native_code(src: Path, encoding: str, tmp_path: Path):
    expected = _native(src, tmp_path)
    prog = translate_files([str(src)], CFrontendOptions(encoding=encoding, data_model="LP64"))
    try:
        got = interpret(prog)
    except Stop as s:
        if s.kind == "assertion":
            got = ERROR_VALUE
        elif s.kind == "blocked":
            got = BLOCKED_VALUE
        elif s.kind == "overapprox":
            pytest.skip("the int encoding over-approximates a bit operation of this program")
        else:
            raise
    assert got == expected
