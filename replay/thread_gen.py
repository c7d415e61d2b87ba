"""Random small pthread programs for the thread campaign (replay/thread_campaign.py).

Role: the generator of the thread campaign.  It builds programs in its own small AST (below),
independent of pycorral's front ends, so that the oracle (replay/thread_oracle.py) can
explore them exactly, and prints them as C for pycorral and for gcc.

A program: shared `int` globals with small initial values, pthread mutexes (a static
initializer or `pthread_mutex_init` in main), thread functions `void *tN(void *arg)` and
`main`.  Statements (each touches at most ONE shared object, so that both front ends, and
the oracle, split a statement into the same atomic steps):

  SetLocal     l = e;                    e over locals and constants
  ReadShared   l = g;
  WriteShared  g = e;
  If           if (c) {..} else {..}     c compares a local expression or one global
  Locked       lock(&m); body; unlock(&m);     body holds no lock of a smaller-or-equal
                                               mutex (a fixed lock order: no deadlock)
  TryLocked    if (trylock(&m) == 0) { body; unlock(&m); }
  Check        assert(x OP c); or  if (x == c) reach_error();     the probe: x reads at
                                               most one global; c is chosen after the oracle
                                               has seen the values x takes (choose_constants)
  Create       pthread_create(&h, 0, tN, 0);
  Join         pthread_join(h, &r); v = *(int *)r;     or pthread_join(h, 0);
  Finish       p = malloc(sizeof(int)); *p = e; return p; | pthread_exit(p);
               or return 0; | pthread_exit(0);

Every thread is joined by its creator before the creator ends (main joins all it creates),
so no thread outlives main.  A thread function ends with a Finish; it may also leave early
through pthread_exit in an If branch (not inside a Locked block, not after creating a
thread).  Inputs: a seed and ThreadGenOptions.  Output: a Program (`to_c` prints it); the
same seed and options give the same program.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

# ----------------------------------------------------------------------------- the AST


@dataclass(frozen=True, slots=True)
class Const:
    value: int


@dataclass(frozen=True, slots=True)
class Local:
    name: str


@dataclass(frozen=True, slots=True)
class Shared:
    name: str


@dataclass(frozen=True, slots=True)
class Bin:
    op: str                     # + or -
    left: "Expr"
    right: "Expr"


Expr = Const | Local | Shared | Bin
CMP_OPS = ("==", "!=", "<", "<=", ">", ">=")


@dataclass(frozen=True, slots=True)
class Cmp:
    op: str
    left: Expr                  # reads at most one global
    right: Const


@dataclass(frozen=True, slots=True)
class SetLocal:
    name: str
    value: Expr                 # no global


@dataclass(frozen=True, slots=True)
class ReadShared:
    name: str
    var: str


@dataclass(frozen=True, slots=True)
class WriteShared:
    var: str
    value: Expr                 # no global


@dataclass(frozen=True, slots=True)
class If:
    cond: Cmp
    then: tuple
    orelse: tuple = ()


@dataclass(frozen=True, slots=True)
class Locked:
    mutex: int
    body: tuple


@dataclass(frozen=True, slots=True)
class TryLocked:
    mutex: int
    body: tuple


@dataclass(frozen=True, slots=True)
class Check:
    """A probe: `assert(value OP const)` (style "assert") or, for OP `!=`,
    `if (value == const) reach_error();` (style "reach").  `const` None: not chosen yet."""
    probe: int
    value: Expr                 # reads at most one global
    op: str = "!="
    const: int | None = None
    style: str = "assert"


@dataclass(frozen=True, slots=True)
class Create:
    handle: str
    func: str


@dataclass(frozen=True, slots=True)
class Join:
    handle: str
    into: str | None            # the local that gets *(int *)result; None: no result


@dataclass(frozen=True, slots=True)
class Finish:
    how: str                    # "return" | "exit"
    value: Expr | None          # None: a NULL result; else a malloc'd int holding it


Stmt = SetLocal | ReadShared | WriteShared | If | Locked | TryLocked | Check | Create | Join \
    | Finish


@dataclass(frozen=True, slots=True)
class Function:
    name: str                   # "main" or a thread function
    body: tuple
    locals: tuple[str, ...] = ()
    handles: tuple[str, ...] = ()
    returns_int: bool = False   # a thread function whose result is a malloc'd int


@dataclass(frozen=True, slots=True)
class Program:
    shared: tuple[tuple[str, int], ...]          # name, initial value
    mutexes: int
    functions: tuple[Function, ...]              # main first
    mutex_init_call: bool = False                # pthread_mutex_init in main, else static

    def function(self, name: str) -> Function:
        for f in self.functions:
            if f.name == name:
                return f
        raise KeyError(name)

    @property
    def main(self) -> Function:
        return self.functions[0]


def statements(body: tuple):
    """Every statement of `body`, nested ones included (pre-order)."""
    for s in body:
        yield s
        if type(s) is If:
            yield from statements(s.then)
            yield from statements(s.orelse)
        elif type(s) in (Locked, TryLocked):
            yield from statements(s.body)


def probes(p: Program) -> list[Check]:
    return [s for f in p.functions for s in statements(f.body) if type(s) is Check]


def with_constants(p: Program, consts: dict[int, tuple[str, int, str]]) -> Program:
    """`p` with each probe's (op, const, style) from `consts` (by probe number)."""
    def stmt(s):
        t = type(s)
        if t is Check and s.probe in consts:
            op, c, style = consts[s.probe]
            return replace(s, op=op, const=c, style=style)
        if t is If:
            return replace(s, then=body(s.then), orelse=body(s.orelse))
        if t in (Locked, TryLocked):
            return replace(s, body=body(s.body))
        return s

    def body(b):
        return tuple(stmt(s) for s in b)
    return replace(p, functions=tuple(replace(f, body=body(f.body)) for f in p.functions))


# ----------------------------------------------------------------------------- printing C

def expr_c(e: Expr) -> str:
    t = type(e)
    if t is Const:
        return str(e.value) if e.value >= 0 else f"({e.value})"
    if t is Local or t is Shared:
        return e.name
    return f"({expr_c(e.left)} {e.op} {expr_c(e.right)})"


def _reads(e: Expr, kind) -> set[str]:
    t = type(e)
    if t is kind:
        return {e.name}
    if t is Bin:
        return _reads(e.left, kind) | _reads(e.right, kind)
    return set()


def _locals_read(body: tuple) -> set[str]:
    out: set[str] = set()
    for s in statements(body):
        t = type(s)
        if t in (SetLocal, WriteShared):
            out |= _reads(s.value, Local)
        elif t is If:
            out |= _reads(s.cond.left, Local)
        elif t is Check:
            out |= _reads(s.value, Local)
        elif t is Finish and s.value is not None:
            out |= _reads(s.value, Local)
    return out


def to_c(p: Program, native_yields: bool = False) -> str:
    """The program as C.  `native_yields`: a `sched_yield()` before each statement that
    touches a global, a mutex or a thread (only for native runs: more interleavings)."""
    lines = ["#include <assert.h>", "#include <pthread.h>", "#include <stdlib.h>"]
    if native_yields:
        lines.append("#include <sched.h>")
    lines.append("")
    if any(c.style == "reach" for c in probes(p)):
        lines += ["void reach_error(void) { assert(0); }", ""]
    for name, init in p.shared:
        lines.append(f"int {name} = {init};")
    for m in range(p.mutexes):
        lines.append(f"pthread_mutex_t m{m}" +
                     ("" if p.mutex_init_call else " = PTHREAD_MUTEX_INITIALIZER") + ";")
    for f in reversed(p.functions[1:]):        # callees before their creators
        lines.append("")
        lines += _function_c(p, f, native_yields)
    lines.append("")
    lines += _function_c(p, p.main, native_yields)
    return "\n".join(lines) + "\n"


def _function_c(p: Program, f: Function, yields: bool) -> list[str]:
    main = f.name == "main"
    out = ["int main(void) {" if main else f"void *{f.name}(void *arg) {{"]
    out += [f"  pthread_t {h};" for h in f.handles]
    results = [s.into for s in statements(f.body) if type(s) is Join and s.into is not None]
    out += [f"  void *r_{v};" for v in results]
    out += [f"  int {v} = 0;" for v in f.locals]
    if f.returns_int:
        out.append("  int *res;")
    if not main:
        out.append("  (void)arg;")
    read = _locals_read(f.body)
    out += [f"  (void){v};" for v in f.locals if v not in read]
    if main and p.mutex_init_call:
        out += [f"  pthread_mutex_init(&m{m}, 0);" for m in range(p.mutexes)]
    out += _body_c(f.body, 1, yields)
    if main:
        out.append("  return 0;")
    out.append("}")
    return out


def _touches_shared(s) -> bool:
    t = type(s)
    if t is If:
        return bool(_reads(s.cond.left, Shared))
    if t is Check:
        return bool(_reads(s.value, Shared))
    return t in (ReadShared, WriteShared, Locked, TryLocked, Create, Join, Finish)


def _body_c(body: tuple, depth: int, yields: bool) -> list[str]:
    ind = "  " * depth
    out: list[str] = []
    for s in body:
        if yields and _touches_shared(s):
            out.append(f"{ind}sched_yield();")
        out += _stmt_c(s, depth, yields)
    return out


def _stmt_c(s, depth: int, yields: bool) -> list[str]:
    ind = "  " * depth
    t = type(s)
    if t is SetLocal:
        return [f"{ind}{s.name} = {expr_c(s.value)};"]
    if t is ReadShared:
        return [f"{ind}{s.name} = {s.var};"]
    if t is WriteShared:
        return [f"{ind}{s.var} = {expr_c(s.value)};"]
    if t is If:
        out = [f"{ind}if ({expr_c(s.cond.left)} {s.cond.op} {expr_c(s.cond.right)}) {{"]
        out += _body_c(s.then, depth + 1, yields)
        if s.orelse:
            out.append(f"{ind}}} else {{")
            out += _body_c(s.orelse, depth + 1, yields)
        return out + [f"{ind}}}"]
    if t is Locked:
        inner = _body_c(s.body, depth, yields)
        unlock = ([f"{ind}sched_yield();"] if yields else []) + \
            [f"{ind}pthread_mutex_unlock(&m{s.mutex});"]
        return [f"{ind}pthread_mutex_lock(&m{s.mutex});"] + inner + unlock
    if t is TryLocked:
        inner = _body_c(s.body, depth + 1, yields)
        unlock = ([f"{ind}  sched_yield();"] if yields else []) + \
            [f"{ind}  pthread_mutex_unlock(&m{s.mutex});"]
        return [f"{ind}if (pthread_mutex_trylock(&m{s.mutex}) == 0) {{"] + inner + unlock \
            + [f"{ind}}}"]
    if t is Check:
        assert s.const is not None, "a probe's constant is chosen before printing"
        c = expr_c(Const(s.const))
        if s.style == "reach":
            assert s.op == "!=", "reach_error probes test equality"
            return [f"{ind}if ({expr_c(s.value)} == {c}) {{", f"{ind}  reach_error();",
                    f"{ind}}}"]
        return [f"{ind}assert({expr_c(s.value)} {s.op} {c});"]
    if t is Create:
        return [f"{ind}pthread_create(&{s.handle}, 0, {s.func}, 0);"]
    if t is Join:
        if s.into is None:
            return [f"{ind}pthread_join({s.handle}, 0);"]
        return [f"{ind}pthread_join({s.handle}, &r_{s.into});",
                f"{ind}{s.into} = *(int *)r_{s.into};"]
    if t is Finish:
        out = []
        if s.value is not None:
            out = [f"{ind}res = malloc(sizeof(int));", f"{ind}*res = {expr_c(s.value)};"]
        what = "res" if s.value is not None else "0"
        return out + [f"{ind}return {what};" if s.how == "return"
                      else f"{ind}pthread_exit({what});"]
    raise AssertionError(f"unknown statement {t.__name__}")


# ----------------------------------------------------------------------------- generating

@dataclass(frozen=True, slots=True)
class ThreadGenOptions:
    """How programs are drawn: threads created (besides main; nested ones included),
    globals, mutexes, statements per function body, and how often a program creates no
    thread at all (a sequential program using the pthread model)."""
    max_threads: int = 3
    min_threads: int = 2
    no_thread_every: int = 12       # every n-th seed creates no thread (0: never)
    max_shared: int = 3
    max_mutexes: int = 2
    max_stmts: int = 2
    three_threads_chance: float = 0.3   # else min_threads (2 by default)
    nested_create_chance: float = 0.25
    thread_check_chance: float = 0.3


@dataclass
class _Fn:
    """A function being generated: its locals and handles."""
    name: str
    locals: list[str] = field(default_factory=list)
    handles: list[str] = field(default_factory=list)
    returns_int: bool = False

    def new_local(self, base: str = "a") -> str:
        v = f"{base}{len(self.locals)}"
        self.locals.append(v)
        return v


class _Gen:
    def __init__(self, seed: int, opts: ThreadGenOptions):
        self.r = random.Random(seed)
        self.opts = opts
        self.probe = 0
        r = self.r
        self.shared = [f"g{i}" for i in range(r.randint(1, opts.max_shared))]
        self.mutexes = r.randint(1, opts.max_mutexes)
        self.functions: list[Function] = []

    # -- small pieces
    def const(self, lo: int = 0, hi: int = 3) -> Const:
        return Const(self.r.randint(lo, hi))

    def local_expr(self, fn: _Fn) -> Expr:
        r = self.r
        if not fn.locals or r.random() < 0.3:
            return self.const()
        v = Local(r.choice(fn.locals))
        roll = r.random()
        if roll < 0.4:
            return v
        if roll < 0.8:
            return Bin("+", v, Const(r.randint(1, 2)))
        return Bin(r.choice("+-"), v, Local(r.choice(fn.locals)))

    def check(self, fn: _Fn, value: Expr | None = None) -> Check:
        r = self.r
        if value is None:
            if fn.locals and r.random() < 0.5:
                value = self.local_expr(fn) if r.random() < 0.3 else Local(r.choice(fn.locals))
                if type(value) is Const:
                    value = Shared(r.choice(self.shared))
            else:
                value = Shared(r.choice(self.shared))
        self.probe += 1
        return Check(self.probe, value, style="reach" if r.random() < 0.3 else "assert")

    def cond(self, fn: _Fn) -> Cmp:
        r = self.r
        if fn.locals and r.random() < 0.5:
            left: Expr = Local(r.choice(fn.locals))
        else:
            left = Shared(r.choice(self.shared))
        return Cmp(r.choice(("==", "!=", "<", ">")), left, self.const(0, 2))

    # -- statements
    def increment(self, fn: _Fn) -> list:
        """l = g; g = l + c  (a read-modify-write in two steps)."""
        g = self.r.choice(self.shared)
        v = fn.new_local()
        return [ReadShared(v, g), WriteShared(g, Bin("+", Local(v), Const(self.r.randint(1, 2))))]

    def simple(self, fn: _Fn, min_mutex: int, in_lock: bool) -> list:
        r = self.r
        roll = r.random()
        if roll < 0.2:
            return [ReadShared(fn.new_local(), r.choice(self.shared))]
        if roll < 0.4:
            return [WriteShared(r.choice(self.shared), self.local_expr(fn))]
        if roll < 0.55:
            return self.increment(fn)
        if roll < 0.65 and fn.locals:
            v = r.choice(fn.locals)
            e = self.local_expr(fn)
            return [SetLocal(v, e)] if e != Local(v) else [SetLocal(v, Const(1))]
        if roll < 0.8 and min_mutex < self.mutexes:
            m = r.randint(min_mutex, self.mutexes - 1)
            body = self.block(fn, m + 1, True, 1 if in_lock else r.randint(1, 2))
            if r.random() < 0.25:
                return [TryLocked(m, tuple(body))]
            return [Locked(m, tuple(body))]
        if roll < 0.9:
            c = self.cond(fn)
            then = self.block(fn, min_mutex, in_lock, 1)
            orelse = self.block(fn, min_mutex, in_lock, 1) if r.random() < 0.4 else []
            return [If(c, tuple(then), tuple(orelse))]
        return self.increment(fn)

    def block(self, fn: _Fn, min_mutex: int, in_lock: bool, n: int) -> list:
        out: list = []
        for _ in range(n):
            out += self.simple(fn, min_mutex, in_lock)
        return out

    # -- functions
    def thread_function(self, name: str, may_create: bool, budget: list[int]) -> Function:
        r, o = self.r, self.opts
        fn = _Fn(name, returns_int=r.random() < 0.5)
        body: list = []
        n = r.randint(1, o.max_stmts)
        child = None
        if may_create and budget[0] > 0 and r.random() < o.nested_create_chance:
            budget[0] -= 1
            child = self.new_thread_function(False, budget)
        create_at = r.randint(0, n - 1) if child else -1
        exited_early = False
        for i in range(n):
            if i == create_at:
                h = f"h{len(fn.handles)}"
                fn.handles.append(h)
                body.append(Create(h, child.name))
                join_into = fn.new_local("v") if child.returns_int else None
                pending = Join(h, join_into)
            body += self.simple(fn, 0, False)
            if r.random() < o.thread_check_chance:
                body.append(self.check(fn))
            if child is None and not exited_early and r.random() < 0.1 and i < n - 1:
                exited_early = True
                body.append(If(self.cond(fn), (self.finish(fn, "exit"),)))
        if child is not None:
            body.append(pending)
            if pending.into is not None and r.random() < 0.5:
                body.append(self.check(fn, Local(pending.into)))
        body.append(self.finish(fn, r.choice(("return", "exit"))))
        f = Function(name, tuple(body), tuple(fn.locals), tuple(fn.handles), fn.returns_int)
        self.functions.append(f)
        return f

    def finish(self, fn: _Fn, how: str) -> Finish:
        return Finish(how, self.local_expr(fn) if fn.returns_int else None)

    def new_thread_function(self, may_create: bool, budget: list[int]) -> Function:
        name = f"t{len(self.functions) + 1}"
        self.functions.append(None)            # reserve the name
        f = self.thread_function(name, may_create, budget)
        self.functions.remove(None)
        return f

    def main(self, threads: int) -> Function:
        r = self.r
        fn = _Fn("main")
        body: list = []
        if r.random() < 0.5 or threads == 0:
            body += self.block(fn, 0, False, r.randint(1, 2))
        if threads == 0:            # the pthread model in a program without threads
            body.append(Locked(0, tuple(self.block(fn, 1, True, 1))))
        budget = [threads]
        created: list[tuple[str, Function]] = []
        while budget[0] > 0:
            budget[0] -= 1
            # a second thread of the same function (one that creates no thread itself)
            leaves = [f for _, f in created if not f.handles]
            if leaves and r.random() < 0.25:
                f = r.choice(leaves)
            else:
                f = self.new_thread_function(True, budget)
            h = f"h{len(fn.handles)}"
            fn.handles.append(h)
            body.append(Create(h, f.name))
            created.append((h, f))
            if r.random() < 0.5:
                body += self.simple(fn, 0, False)
        if threads and r.random() < 0.6:
            body += self.block(fn, 0, False, 1)
        order = list(created)
        r.shuffle(order)
        results = []
        for h, f in order:
            into = fn.new_local("v") if f.returns_int else None
            body.append(Join(h, into))
            if into:
                results.append(into)
        # the final probes: a global, a thread's result, or a sum of results
        n = r.randint(1, 2)
        for _ in range(n):
            roll = r.random()
            if results and roll < 0.4:
                v: Expr = Local(r.choice(results))
                if len(results) > 1 and r.random() < 0.4:
                    v = Bin("+", Local(results[0]), Local(results[1]))
                body.append(self.check(fn, v))
            else:
                body.append(self.check(fn, Shared(r.choice(self.shared))))
        return Function("main", tuple(body), tuple(fn.locals), tuple(fn.handles))


def generate_structure(seed: int, opts: ThreadGenOptions = ThreadGenOptions()) -> Program:
    """A program from `seed` whose probes have no constants yet (see choose_constants)."""
    g = _Gen(seed, opts)
    r = g.r
    if opts.no_thread_every and seed % opts.no_thread_every == 0:
        threads = 0
    else:
        threads = opts.max_threads if r.random() < opts.three_threads_chance \
            else opts.min_threads
    main = g.main(threads)
    init = tuple((v, r.choice((0, 0, 0, 1))) for v in g.shared)
    funcs = sorted(g.functions, key=lambda f: int(f.name[1:]))
    return Program(init, g.mutexes, (main, *funcs), mutex_init_call=r.random() < 0.3)


# ----------------------------------------------------------------------------- constants

TARGETS = (("safe", 0.3), (1, 0.15), (2, 0.25), (3, 0.15), ("beyond", 0.15))


def _fails(op: str, c: int, v: int) -> bool:
    return {"==": v != c, "!=": v == c, "<=": v > c, ">=": v < c}[op]


def choose_constants(p: Program, unbounded: set, by_k: dict[int, set],
                     rng: random.Random) -> tuple[Program, str]:
    """Give every probe of `p` an operator and constant from what the oracle saw it take
    ((probe, value) pairs: `unbounded` in every interleaving, `by_k[k]` within k rounds):
    one probe, drawn at random, gets a constant for a target drawn from TARGETS (no bug;
    a bug first within k rounds; a bug only beyond the largest k), every other probe one
    it never fails with.  Returns the program and the target reached."""
    ks = sorted(by_k)

    def first_k(probe: int, v: int):
        for k in ks:
            if (probe, v) in by_k[k]:
                return k
        return "beyond" if (probe, v) in unbounded else None

    def options(probe: int) -> dict:
        vals = sorted({v for q, v in unbounded if q == probe})
        if not vals:                            # never reached: any constant is safe
            return {"safe": [("!=", 0)]}
        out: dict = {}
        for op in ("!=", "<=", ">=", "=="):
            for c in range(vals[0] - 2, vals[-1] + 3):
                cats = [first_k(probe, v) for v in vals if _fails(op, c, v)]
                cats = [x for x in cats if x is not None]
                if not cats:
                    cat = "safe"
                else:
                    nums = [x for x in cats if x != "beyond"]
                    cat = min(nums) if nums else "beyond"
                out.setdefault(cat, []).append((op, c))
        return out

    checks = probes(p)
    if not checks:
        return p, "safe"
    chosen = rng.choice(checks)
    opts = {c.probe: options(c.probe) for c in checks}
    wanted = [(t, w) for t, w in TARGETS if t in opts[chosen.probe]]
    target = rng.choices([t for t, _ in wanted], [w for _, w in wanted])[0]
    consts = {}
    for c in checks:
        cat = target if c is chosen else "safe"
        pool = opts[c.probe].get(cat) or opts[c.probe].get("safe")
        if pool is None:                        # always fails somewhere: the weakest one
            cat = next(t for t, _ in TARGETS[::-1] if t in opts[c.probe])
            pool = opts[c.probe][cat]
        op, k = rng.choice(pool)
        style = "reach" if (op == "!=" and c.style == "reach") else "assert"
        consts[c.probe] = (op, k, style)
    return with_constants(p, consts), str(target)
