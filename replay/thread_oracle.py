"""The oracle of the thread campaign: exhaustive explicit-state exploration of a generated
thread program (replay/thread_gen.py's AST), independent of pycorral's front ends and
sequentialization.

Steps.  Each function body is compiled into a list of instructions.  An instruction that
touches a global, a mutex or a thread (read, write, a branch or probe reading a global,
lock, trylock, unlock, create, join, finish) is a *shared step*; all others (locals,
jumps, malloc and the stores into the malloc'd result, which no other thread can see
before the join) are *local* and run eagerly right after the step before them (they
commute with every other thread's steps).  So a schedule is a sequence of shared steps.
A lock waits until its mutex is free; a join until the thread has finished.

Two explorations, both returning the set of (probe, value) pairs the probes observe:

* `explore(prog)`: every interleaving (unbounded).  A bug is reachable iff some probe
  observes a failing value: an execution that fails first at probe P is, up to that step,
  the same whether probes stop their thread or only observe.
* `explore(prog, k)`: the schedules of pycorral's K-round sequentialization
  (boogie/passes/sequentialize.py, Lal-Reps eager translation in Corral's dynamic-thread
  form), simulated directly, with every guess of a round's start state the real one:
    - a thread has a current round, starting at its creator's round when it is created;
    - before each shared step the running thread may go on, move to any later round
      (< K), or stop for good (a switch point, `corral_context_switch`; pycorral also
      stops a thread for good before a blocking assume, which is the switch point of
      the lock or join that blocks); a blocked step can only be switched away from;
    - the global order is round 0's steps, then round 1's, ...; within round j the steps
      come in the order of the sequential program, which runs a new thread, all its
      rounds, right where it is created: Seq_j(T) = Seq_j(c) for each child c that T
      created in a round before j (in creation order), then T's own round-j steps, where
      each creation of a child c in round j is followed at once by Seq_j(c).  The
      sequential program starts with Seq_j(main) for each j.
  A thread that stopped is never scheduled again; its children still run their rounds.

Inputs: a thread_gen.Program (probe constants are not needed).  Output: Exploration.
`verdict` judges a program with constants from the observations.
"""
from __future__ import annotations

from dataclasses import dataclass

from replay import thread_gen as tg

RUN, DONE, STOPPED = 0, 1, 2
PRE, OWN = 0, 1
OPS = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
       "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


class OracleLimit(Exception):
    """The exploration went past its state limit (the program is too big to judge)."""


# ----------------------------------------------------------------------------- compiling

@dataclass(frozen=True, slots=True)
class Code:
    """One function compiled: its instructions, the index of each local and handle, and
    for each instruction the locals live before it (`dead[pc]`: a mask that keeps only
    those, so that states differing in dead values are one state)."""
    name: str
    ins: tuple
    locals: dict
    handles: dict
    live: tuple = ()


def _expr_locals(e: tuple) -> set[int]:
    if e[0] == "l":
        return {e[1]}
    if e[0] in ("c", "g"):
        return set()
    return _expr_locals(e[1]) | _expr_locals(e[2])


def _uses_defs(i: tuple) -> tuple[set[int], set[int]]:
    op = i[0]
    if op == "set":
        return _expr_locals(i[3]), {i[2]}
    if op == "read":
        return set(), {i[2]}
    if op in ("write", "check"):
        return _expr_locals(i[3]), set()
    if op == "br":
        return _expr_locals(i[3]), set()
    if op == "finish":
        return (set() if i[2] is None else _expr_locals(i[2])), set()
    if op == "join":
        return set(), (set() if i[3] is None else {i[3]})
    return set(), set()


def _successors(ins: tuple, pc: int) -> list[int]:
    i = ins[pc]
    op = i[0]
    if op in ("end", "finish"):
        return []
    if op == "jmp":
        return [i[2]]
    if op == "br":
        return [pc + 1, i[5]]
    if op == "trylock":
        return [pc + 1, i[3]]
    return [pc + 1]


def liveness(ins: tuple) -> tuple[frozenset, ...]:
    """The locals live before each instruction (backward data flow to a fixpoint)."""
    live = [frozenset()] * len(ins)
    changed = True
    while changed:
        changed = False
        for pc in range(len(ins) - 1, -1, -1):
            uses, defs = _uses_defs(ins[pc])
            out = set().union(*(live[s] for s in _successors(ins, pc)))
            new = frozenset(uses | (out - defs))
            if new != live[pc]:
                live[pc], changed = new, True
    return tuple(live)


def _cexpr(e, f: tg.Function, shared: dict) -> tuple:
    t = type(e)
    if t is tg.Const:
        return ("c", e.value)
    if t is tg.Local:
        return ("l", f.locals.index(e.name))
    if t is tg.Shared:
        return ("g", shared[e.name])
    return (e.op, _cexpr(e.left, f, shared), _cexpr(e.right, f, shared))


def _reads_shared(e) -> bool:
    t = type(e)
    return t is tg.Shared or (t is tg.Bin and (_reads_shared(e.left) or _reads_shared(e.right)))


class _Compiler:
    def __init__(self, prog: tg.Program, f: tg.Function):
        self.prog, self.f = prog, f
        self.shared = {name: i for i, (name, _) in enumerate(prog.shared)}
        self.funcs = {g.name: i for i, g in enumerate(prog.functions)}
        self.ins: list = []

    def e(self, x) -> tuple:
        return _cexpr(x, self.f, self.shared)

    def body(self, b: tuple) -> None:
        for s in b:
            self.stmt(s)

    def stmt(self, s) -> None:
        t, out, f = type(s), self.ins, self.f
        if t is tg.SetLocal:
            out.append(("set", False, f.locals.index(s.name), self.e(s.value)))
        elif t is tg.ReadShared:
            out.append(("read", True, f.locals.index(s.name), self.shared[s.var]))
        elif t is tg.WriteShared:
            out.append(("write", True, self.shared[s.var], self.e(s.value)))
        elif t is tg.If:
            at = len(out)
            out.append(None)                    # branch, patched below
            self.body(s.then)
            if s.orelse:
                jmp = len(out)
                out.append(None)
                self.body(s.orelse)
                out[jmp] = ("jmp", False, len(out))
                els = jmp + 1
            else:
                els = len(out)
            c = s.cond
            out[at] = ("br", _reads_shared(c.left), OPS[c.op], self.e(c.left),
                       c.right.value, els)
        elif t is tg.Locked:
            out.append(("lock", True, s.mutex))
            self.body(s.body)
            out.append(("unlock", True, s.mutex))
        elif t is tg.TryLocked:
            at = len(out)
            out.append(None)
            self.body(s.body)
            out.append(("unlock", True, s.mutex))
            out[at] = ("trylock", True, s.mutex, len(out))
        elif t is tg.Check:
            out.append(("check", _reads_shared(s.value), s.probe, self.e(s.value)))
        elif t is tg.Create:
            out.append(("create", True, f.handles.index(s.handle), self.funcs[s.func]))
        elif t is tg.Join:
            into = None if s.into is None else f.locals.index(s.into)
            out.append(("join", True, f.handles.index(s.handle), into))
        elif t is tg.Finish:
            out.append(("finish", True, None if s.value is None else self.e(s.value)))
        else:
            raise AssertionError(f"unknown statement {t.__name__}")

    def run(self) -> Code:
        self.body(self.f.body)
        # main's end; a thread function always ends in a Finish (a thread that did not
        # would return NULL: the same finish step)
        self.ins.append(("end", False) if self.f.name == "main" else ("finish", True, None))
        ins = tuple(self.ins)
        return Code(self.f.name, ins, {v: i for i, v in enumerate(self.f.locals)},
                    {h: i for i, h in enumerate(self.f.handles)}, liveness(ins))


def compile_program(prog: tg.Program) -> tuple[Code, ...]:
    return tuple(_Compiler(prog, f).run() for f in prog.functions)


# ----------------------------------------------------------------------------- semantics

def _ev(e: tuple, loc: tuple, shared: tuple) -> int:
    k = e[0]
    if k == "c":
        return e[1]
    if k == "l":
        return loc[e[1]]
    if k == "g":
        return shared[e[1]]
    a, b = _ev(e[1], loc, shared), _ev(e[2], loc, shared)
    return a + b if k == "+" else a - b


# A thread: (func, pc, locals, handles, status, result, round, spawn_round, children).
F, PC, LOC, HND, ST, RES, RND, SPAWN, KIDS = range(9)


class _Machine:
    """Thread steps over a state (shared values, mutex owners, threads), recording what
    the probes observe."""

    def __init__(self, code: tuple[Code, ...], init: tuple, mutexes: int):
        self.code, self.init, self.mutexes = code, init, mutexes
        self.seen: set[tuple[int, int]] = set()

    def new_thread(self, func: int, rnd: int) -> list:
        c = self.code[func]
        return [func, 0, (0,) * len(c.locals), (0,) * len(c.handles), RUN, None, rnd, rnd, ()]

    def run_local(self, th: list, shared: tuple) -> None:
        """Run `th`'s local instructions up to its next shared step (or its end)."""
        code = self.code[th[F]]
        ins = code.ins
        while th[ST] == RUN:
            i = ins[th[PC]]
            if i[1]:
                live = code.live[th[PC]]
                th[LOC] = tuple(v if n in live else 0 for n, v in enumerate(th[LOC]))
                return
            op = i[0]
            if op == "set":
                loc = list(th[LOC])
                loc[i[2]] = _ev(i[3], th[LOC], shared)
                th[LOC] = tuple(loc)
                th[PC] += 1
            elif op == "br":
                th[PC] = th[PC] + 1 if i[2](_ev(i[3], th[LOC], shared), i[4]) else i[5]
            elif op == "jmp":
                th[PC] = i[2]
            elif op == "check":
                self.seen.add((i[2], _ev(i[3], th[LOC], shared)))
                th[PC] += 1
            elif op == "end":
                th[ST] = DONE
            else:
                raise AssertionError(f"local instruction {op}")
        # an ended thread keeps only its result and what the scheduler reads
        th[PC], th[LOC], th[HND], th[RND] = 0, (0,) * len(th[LOC]), (0,) * len(th[HND]), 0

    def enabled(self, tid: int, threads: tuple, mutex: tuple) -> bool:
        th = threads[tid]
        i = self.code[th[F]].ins[th[PC]]
        if i[0] == "lock":
            return mutex[i[2]] == 0
        if i[0] == "join":
            return threads[th[HND][i[2]]][ST] == DONE
        return True

    def step(self, tid: int, shared: tuple, mutex: tuple, threads: tuple, rnd: int):
        """Thread `tid`'s shared step (it is enabled), then its local ones: the new
        (shared, mutex, threads) and the id of the thread it created (or None)."""
        th = list(threads[tid])
        i = self.code[th[F]].ins[th[PC]]
        op = i[0]
        ts = list(threads)
        created = None
        th[PC] += 1
        if op == "read":
            loc = list(th[LOC])
            loc[i[2]] = shared[i[3]]
            th[LOC] = tuple(loc)
        elif op == "write":
            sh = list(shared)
            sh[i[2]] = _ev(i[3], th[LOC], shared)
            shared = tuple(sh)
        elif op == "br":
            if not i[2](_ev(i[3], th[LOC], shared), i[4]):
                th[PC] = i[5]
        elif op == "check":
            self.seen.add((i[2], _ev(i[3], th[LOC], shared)))
        elif op == "lock":
            assert mutex[i[2]] == 0, "a lock step runs only when the mutex is free"
            mutex = mutex[:i[2]] + (tid + 1,) + mutex[i[2] + 1:]
        elif op == "trylock":
            if mutex[i[2]] == 0:
                mutex = mutex[:i[2]] + (tid + 1,) + mutex[i[2] + 1:]
            else:
                th[PC] = i[3]
        elif op == "unlock":
            assert mutex[i[2]] == tid + 1, "the generator unlocks only mutexes held"
            mutex = mutex[:i[2]] + (0,) + mutex[i[2] + 1:]
        elif op == "create":
            created = len(ts)
            child = self.new_thread(i[3], rnd)
            self.run_local(child, shared)
            ts.append(tuple(child))
            hnd = list(th[HND])
            hnd[i[2]] = created
            th[HND] = tuple(hnd)
            th[KIDS] = th[KIDS] + (created,)
        elif op == "join":
            other = ts[th[HND][i[2]]]
            assert other[ST] == DONE, "a join step runs only when the thread has ended"
            if i[3] is not None:
                loc = list(th[LOC])
                loc[i[3]] = other[RES]
                th[LOC] = tuple(loc)
        elif op == "finish":
            th[RES] = None if i[2] is None else _ev(i[2], th[LOC], shared)
            th[ST] = DONE
        else:
            raise AssertionError(f"shared instruction {op}")
        self.run_local(th, shared)
        ts[tid] = tuple(th)
        return shared, mutex, tuple(ts), created

    def start(self) -> tuple:
        main = self.new_thread(0, 0)
        self.run_local(main, self.init)
        return self.init, (0,) * self.mutexes, (tuple(main),)


# ----------------------------------------------------------------------------- exploring

@dataclass(frozen=True, slots=True)
class Exploration:
    """What the probes can observe (probe, value) under the schedules explored
    (`k` None: every interleaving; else pycorral's K-round schedules) and how many
    states the exploration visited."""
    k: int | None
    seen: frozenset
    states: int


def explore(prog: tg.Program, k: int | None = None, max_states: int = 400_000) -> Exploration:
    """Every interleaving (`k` None) or the K-round schedules of sequentialize.py."""
    m = _Machine(compile_program(prog), tuple(v for _, v in prog.shared), prog.mutexes)
    if k is None:
        n = _explore_all(m, max_states)
    else:
        assert k >= 1, "a context bound counts rounds: at least 1"
        n = _explore_rounds(m, k, max_states)
    return Exploration(k, frozenset(m.seen), n)


def _explore_all(m: _Machine, max_states: int) -> int:
    seen = set()
    todo = [m.start()]
    while todo:
        s = todo.pop()
        if s in seen:
            continue
        seen.add(s)
        if len(seen) > max_states:
            raise OracleLimit(f"more than {max_states} states")
        shared, mutex, threads = s
        for tid in range(len(threads)):
            if threads[tid][ST] == RUN and m.enabled(tid, threads, mutex):
                todo.append(m.step(tid, shared, mutex, threads, 0)[:3])
    return len(seen)


def _settle(threads: tuple, j: int, stack: tuple, k: int):
    """Advance the round-robin scheduler (module docstring) to the next thread that runs
    in round j: (j, stack) with that thread's OWN frame on top, or None at the end."""
    st = list(stack)
    while True:
        if not st:
            j += 1
            if j >= k:
                return None
            st = [(0, PRE, 0)]
            continue
        tid, phase, idx = st[-1]
        th = threads[tid]
        if phase == PRE:
            kids = th[KIDS]
            if idx < len(kids) and threads[kids[idx]][SPAWN] < j:
                st[-1] = (tid, PRE, idx + 1)
                st.append((kids[idx], PRE, 0))
            else:
                st[-1] = (tid, OWN, 0)      # later children were created in round >= j
            continue
        if th[ST] != RUN or th[RND] != j:
            st.pop()
            continue
        return j, tuple(st)


def _explore_rounds(m: _Machine, k: int, max_states: int) -> int:
    seen = set()
    shared, mutex, threads = m.start()
    first = _settle(threads, -1, (), k)
    if first is None:                   # main ended without a shared step
        return 1
    todo = [(first[0], first[1], shared, mutex, threads)]
    while todo:
        s = todo.pop()
        if s in seen:
            continue
        seen.add(s)
        if len(seen) > max_states:
            raise OracleLimit(f"more than {max_states} states")
        j, stack, shared, mutex, threads = s
        tid = stack[-1][0]
        th = threads[tid]
        rest = stack[:-1]

        def push(threads2, stack2, shared2=shared, mutex2=mutex):
            nxt = _settle(threads2, j, stack2, k)
            if nxt is not None:
                todo.append((nxt[0], nxt[1], shared2, mutex2, threads2))

        # stop for good, or move to a later round: the thread leaves round j
        push(_stopped(threads, tid), rest)
        for r in range(j + 1, k):
            push(_with(threads, tid, RND, r), rest)
        if m.enabled(tid, threads, mutex):
            sh2, mu2, ts2, created = m.step(tid, shared, mutex, threads, j)
            # a new thread runs at once, in this round, before its creator goes on
            st2 = stack if created is None else stack + ((created, PRE, 0),)
            push(ts2, st2, sh2, mu2)
    return len(seen)


def _stopped(threads: tuple, tid: int) -> tuple:
    """Thread `tid` stopped for good: only its children (and their rounds) matter."""
    th = threads[tid]
    th = (th[F], 0, (0,) * len(th[LOC]), (0,) * len(th[HND]), STOPPED, None, 0, th[SPAWN],
          th[KIDS])
    return threads[:tid] + (th,) + threads[tid + 1:]


def _with(threads: tuple, tid: int, field: int, value) -> tuple:
    th = list(threads[tid])
    th[field] = value
    return threads[:tid] + (tuple(th),) + threads[tid + 1:]


# ----------------------------------------------------------------------------- verdicts

def fails(check: tg.Check, value: int) -> bool:
    """Does probe `check` (with its constant) fail on `value`?"""
    assert check.const is not None, "the probe has a constant"
    if check.style == "reach":
        return value == check.const
    return not OPS[check.op](value, check.const)


def bug_in(prog: tg.Program, ex: Exploration) -> bool:
    """Can some probe of `prog` (constants chosen) fail in the schedules of `ex`?"""
    by = {c.probe: c for c in tg.probes(prog)}
    return any(fails(by[p], v) for p, v in ex.seen)
