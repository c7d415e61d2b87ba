"""Context-bounded sequentialization: turns a concurrent Boogie program (`async call`,
`yield`, Corral's atomic sections) into a sequential one the existing strategies verify.

Follows the eager translation of Lal and Reps ("Reducing concurrent analysis under a context
bound to sequential analysis", CAV 2008 / FMSD 2009, Sec. 3-4), in the dynamic-thread form
that Corral uses (threads run in the depth-first order of their creation; Lahiri, Qadeer and
Rakamaric, CAV 2009, Sec. 3), with Corral's source conventions.

**Bound.** `k` (Corral's `/k:K`, our `--context-bound K`) is the number of *execution
contexts* (rounds) each thread may use: a thread is preempted at most K-1 times, and the
schedules covered are the round-robin ones in which every thread runs in rounds 0..K-1.

**Translation.**
* Every shared global `g` (modified somewhere, not `{:thread_local}`) gets K copies
  `g#r0 .. g#r{K-1}`, the value of `g` in each round; a global `cs#round` says which round the
  running thread is in, and an expression reads `g` as `if round == 0 then g#r0 else ...`;
  an assignment writes only the current round's copy.  The entry saves the initial copies
  of rounds 1..K-1 (the *guesses* of the state at the start of each round) and, at its end,
  the *checker* assumes that round j-1 ended where round j was guessed to start, then
  asserts that no assertion failed (`cs#ok`).
* A *context switch* is a call of the body-less `corral_context_switch`, which may move the
  thread to a later round (never inside an atomic section) or stop it for good (`cs#stopped`:
  the thread is never scheduled again); a stopped thread returns through its callers up to
  its creator, which goes on.  Context switches come before every command touching a shared
  global (an assertion too), before `corral_atomic_begin`, and at `yield` / `call
  corral_yield()`; with `cooperative` (Corral's `/cooperative`) only at `yield`.  None
  before a command marked `{:cs_step_continues}`: the front ends mark the second and later
  commands of one allocation (`p := $alloc; havoc $alloc; assume $alloc > p + n`), which
  is one step of the real program -- malloc is thread-safe and a frame is the thread's own
  -- so that two threads cannot read the same `$alloc` and get the same block (issue 33:
  a false bug where two threads' malloc'd results were one block).  Without
  `cooperative` a thread may also stop for good before an `assume` that is not a branch
  condition (it may block there forever).  None where the thread is surely inside an
  atomic section (`atomic_sections.py`): there a switch could neither change the round
  nor stop the thread, so dropping it changes no schedule, only the program's size.
* `async call P(a)` runs P to the end (through all its rounds) right there, as a new thread
  (fresh `cs#tid`, its own `{:thread_local}` globals, no atomic section), starting in the
  creator's current round; then the creator resumes in its own round.  A thread created
  where it may be inside an atomic section (`atomic_sections.py`) is deferred, so that it
  cannot run inside the section: its site's pending flag and arguments are globals
  `cs#pend_P`, `cs#parg_P_x`, and every
  `corral_atomic_end`, in whatever procedure the section ends (a caller's, say), runs the
  pending threads of every site; the entry's end runs those still pending (a thread that
  ended inside its own section leaves them to the next `corral_atomic_end` or to the end
  of the entry: later, never earlier, than they might run, and never in a round before
  their creator's, `cs#pround_P`).  One flag per site: a second
  thread created by the same site in the same section replaces the first (fewer
  schedules, never a false bug).
* `corral_atomic_begin/end` set `cs#atomic`; `corral_getThreadID` / `corral_getChildThreadID`
  read the thread's / the last created thread's id; `corral_assert_not_reachable()` is
  `assert false`.
* Assertions (anywhere, including the non-free requires of body-less procedures and the
  contracts of procedures with a body): `cs#ok := cs#ok && e`; when `e` fails the thread stops
  (its creator goes on; the entry goes to the checker), and the checker reports the failure
  only when the round guesses are consistent: the rounds, concatenated, are one
  interleaving of the threads, and the failure happened in it.

**Traces** of the result name their threads: the steps inside a call reached from an
async call are that thread's, and each `corral_context_switch` call is a visible step
(`verifier.traces.threads` maps them back): the block after it, `cs#switch_<kind>`, is located at
the command it precedes and named by what that command does with shared state
(`ACCESS_KINDS`), so a trace says where and before what each thread was switched out
(replay/schedule.py replays the schedule natively from it).  Thread ids are deterministic (entry 1, then 2, 3...).

Result: one entry, no `async`, no `yield`; the same procedures plus `corral_context_switch`.
A bug found in it is a bug of the concurrent program; no bug found covers only the
K-round schedules, never every interleaving.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..ast import (App, Assert, Assign, Assume, Attr, Block, BoolLit, BoolType, Body, BvLit,
                   BvType, Call, Cmd, Ensures, Expr, Formal, FunctionDecl, FunCall, Goto,
                   Havoc, ImplementationDecl, IntLit, IntType, Ite, Loc, Old, Op, ProcedureDecl, Program, Return,
                   Type, Var, VarDecl, Yield)
from ..errors import error
from ..visit import cmd_exprs, cmd_targets, desugar_lhs, free_vars, lhs_root, substitute
from .asserts import precondition_checks
from .atomic_sections import AtomicFacts, atomic_facts
from .modifies import infer_modifies
from .common import (Namer, attach_implementations, block_labels, body_vars,
                     contracts_to_commands, has_attr, program_names, replace_procedures)

ATOMIC_BEGIN = "corral_atomic_begin"
ATOMIC_END = "corral_atomic_end"
YIELD = "corral_yield"
THREAD_ID = "corral_getThreadID"
CHILD_ID = "corral_getChildThreadID"
NOT_REACHABLE = "corral_assert_not_reachable"
SWITCH = "corral_context_switch"
SPECIAL = (ATOMIC_BEGIN, ATOMIC_END, YIELD, THREAD_ID, CHILD_ID, NOT_REACHABLE)
THREAD_ATTR = "cs_thread"           # on the call that runs a new thread (for traces)
# on a command that continues the step of the command before it (the front ends put it on
# the second and later commands of an allocation): no context switch, no preemption for
# good, before it
STEP_CONTINUES = "cs_step_continues"
# stems of the labels that traces map back (verifier/traces/threads.py)
SPAWN, SWITCHED, PREEMPTED, FAILED = "cs#spawn", "cs#switch", "cs#preempted", "cs#assert_failed"
# what a thread does after a context switch: the label of the switch's block is
# `cs#switch_<kind>` (a trace shows it; the native replay of a schedule reads it,
# replay/schedule.py): an assignment that reads shared globals, writes them, or both; a
# front end's allocation (`{:alloc}`/`{:cobject}`); an assume, assert, havoc, or call of a
# body-less procedure over them; an atomic section's begin; a yield
ACCESS_KINDS = ("read", "write", "update", "alloc", "assume", "assert", "havoc", "call",
                "atomic", "yield")


@dataclass(frozen=True, slots=True)
class ContextBound:
    k: int = 2                      # execution contexts (rounds) per thread, >= 1
    cooperative: bool = False       # context switches only at `yield`

    def __post_init__(self):
        assert self.k >= 1, "a context bound counts rounds: at least 1"


def is_concurrent(p: Program) -> bool:
    """Does `p` create threads or yield?"""
    for d in p.decls:
        body = d.body if isinstance(d, (ProcedureDecl, ImplementationDecl)) else None
        for b in body.blocks if body is not None else ():
            for c in b.cmds:
                if type(c) is Yield or (type(c) is Call and c.is_async):
                    return True
    return False


@dataclass(frozen=True, slots=True)
class _Site:
    """An async call site that may run inside an atomic section: its pending flag and
    argument globals."""
    call: Call
    pending: str
    round: str                      # the creator's round: the thread starts no earlier
    args: tuple[VarDecl, ...]


@dataclass(frozen=True, slots=True)
class _Names:
    round: str
    stopped: str
    atomic: str
    ok: str
    tid: str
    tids: str
    child: str
    switch: str
    tid_add: str | None


def sequentialize(p: Program, entry: str, bound: ContextBound = ContextBound()) -> Program:
    """Turns concurrent `p` (checked from `entry`) into its K-round sequentialization."""
    p = attach_implementations(p)
    procs = p.procedures()
    if entry not in procs or procs[entry].body is None:
        raise error("entry", p.loc, f"entry procedure {entry} has no body")
    gvars = p.global_vars()
    local_tl = {n for n, d in gvars.items() if has_attr(d.attrs, "thread_local")}
    shared = sorted(_modified_globals(p, set(gvars)) - local_tl)
    taken = program_names(p) | {f"{g}#r{j}" for g in shared for j in range(bound.k)}
    names = Namer(taken)
    tid_type = _tid_type(procs)
    n = _Names(names.fresh("cs#round"), names.fresh("cs#stopped"), names.fresh("cs#atomic"),
               names.fresh("cs#ok"), names.fresh("cs#tid"), names.fresh("cs#tids"),
               names.fresh("cs#child"), names.fresh(SWITCH),
               names.fresh("cs#tid_add") if isinstance(tid_type, BvType) else None)
    facts = atomic_facts(procs, entry, ATOMIC_BEGIN, ATOMIC_END)
    ctx = _Context(p, bound, n, {g: gvars[g] for g in shared}, sorted(local_tl), tid_type,
                   _deferrable_sites(procs, facts, names), facts)
    new: dict[str, ProcedureDecl] = {}
    special = {n for n in SPECIAL if n in procs and procs[n].body is None}
    for name, d in procs.items():
        if name in special:
            continue
        new[name] = ctx.procedure(d, is_entry=(name == entry))
    decls = [d for d in p.decls if not (isinstance(d, VarDecl) and d.name in ctx.shared)
             and not (isinstance(d, ProcedureDecl) and d.name in special)]
    out = replace_procedures(replace(p, decls=tuple(decls)), new, ctx.new_decls())
    # a `corral_atomic_end` may now run any deferred thread: its procedure and their
    # callers modify what those threads modify
    return infer_modifies(out) if ctx.sites else out


def _deferrable_sites(procs: dict[str, ProcedureDecl], facts: AtomicFacts,
                      names: Namer) -> dict[int, _Site]:
    """The async call sites (by the id of the call) that may run inside an atomic section,
    each with fresh global names for its pending flag, creator's round and arguments."""
    out: dict[int, _Site] = {}
    for name, before in facts.items():
        for b in procs[name].body.blocks:
            for c in b.cmds:
                q = procs.get(c.proc) if type(c) is Call and c.is_async else None
                if q is None or before.get(id(c), False) is False:
                    continue
                args = tuple(VarDecl(names.fresh(f"cs#parg_{c.proc}_{v.name}"), v.type,
                                     loc=c.loc) for v in q.params)
                out[id(c)] = _Site(c, names.fresh(f"cs#pend_{c.proc}"),
                                   names.fresh(f"cs#pround_{c.proc}"), args)
    return out


def _modified_globals(p: Program, gl: set[str]) -> set[str]:
    out: set[str] = set()
    for d in p.procedures().values():
        out.update(m for m in d.modifies if m in gl)
        if d.body is not None:
            local = set(body_vars(d))
            for b in d.body.blocks:
                for c in b.cmds:
                    out.update(t for t in cmd_targets(c) if t in gl and t not in local)
    return out


def _tid_type(procs: dict[str, ProcedureDecl]) -> Type:
    for name in (THREAD_ID, CHILD_ID):
        d = procs.get(name)
        if d is not None and len(d.returns) == 1:
            return d.returns[0].type
    return IntType()


def _and(a: Expr, b: Expr) -> Expr:
    return App(Op.AND, (a, b))


def _not(a: Expr) -> Expr:
    return App(Op.NOT, (a,))


def _eq(a: Expr, b: Expr) -> Expr:
    return App(Op.EQ, (a, b))


class _Context:
    """What the translation of every procedure shares: names, shared globals, K."""

    def __init__(self, p: Program, bound: ContextBound, n: _Names,
                 shared: dict[str, VarDecl], thread_local: list[str], tid_type: Type,
                 sites: dict[int, _Site], facts: AtomicFacts):
        self.p, self.k, self.coop, self.n = p, bound.k, bound.cooperative, n
        self.shared, self.thread_local, self.tid_type = shared, thread_local, tid_type
        self.sites, self.facts = sites, facts
        self.site_globals = [v for s in sites.values()
                             for v in (VarDecl(s.pending, BoolType(), loc=s.call.loc),
                                       VarDecl(s.round, IntType(), loc=s.call.loc)) + s.args]
        self.procs = p.procedures()
        self.gvars = p.global_vars()
        self.current = {g: self.read(g) for g in shared}

    # ---------------------------------------------------------------- expressions
    def copy(self, g: str, j: int) -> str:
        return f"{g}#r{j}"

    def read(self, g: str) -> Expr:
        e: Expr = Var(self.copy(g, self.k - 1))
        for j in range(self.k - 2, -1, -1):
            e = Ite(_eq(Var(self.n.round), IntLit(j)), Var(self.copy(g, j)), e)
        return e

    def cur(self, e: Expr) -> Expr:
        if not (free_vars(e) & self.shared.keys()):
            return e
        return substitute(e, self.current)

    def write(self, g: str, value: Expr) -> list[tuple[Expr, Expr]]:
        return [(Var(self.copy(g, j)),
                 value if self.k == 1 else
                 Ite(_eq(Var(self.n.round), IntLit(j)), value, Var(self.copy(g, j))))
                for j in range(self.k)]

    def tid_lit(self, v: int) -> Expr:
        t = self.tid_type
        return BvLit(v, t.width) if isinstance(t, BvType) else IntLit(v)

    def tid_next(self) -> Expr:
        if self.n.tid_add is not None:
            return FunCall(self.n.tid_add, (Var(self.n.tids), self.tid_lit(1)))
        return App(Op.ADD, (Var(self.n.tids), IntLit(1)))

    # ---------------------------------------------------------------- declarations
    def new_decls(self) -> list:
        n, loc = self.n, self.p.loc
        out: list = [VarDecl(n.round, IntType(), loc=loc), VarDecl(n.stopped, BoolType(), loc=loc),
                     VarDecl(n.atomic, BoolType(), loc=loc), VarDecl(n.ok, BoolType(), loc=loc),
                     VarDecl(n.tid, self.tid_type, loc=loc),
                     VarDecl(n.tids, self.tid_type, loc=loc),
                     VarDecl(n.child, self.tid_type, loc=loc)]
        for g, d in self.shared.items():
            out.extend(replace(d, name=self.copy(g, j), where=None) for j in range(self.k))
        out.extend(self.site_globals)
        if n.tid_add is not None:
            t = self.tid_type
            out.append(FunctionDecl(n.tid_add, (Formal("a", t), Formal("b", t)), Formal(None, t),
                                    attrs=(Attr("bvbuiltin", ("bvadd",)),), loc=loc))
        r = Var(n.round)
        post = _and(_and(App(Op.LE, (Old(r), r)), App(Op.LT, (r, IntLit(self.k)))),
                    App(Op.IMP, (Var(n.atomic), _and(_eq(r, Old(r)), _not(Var(n.stopped))))))
        out.append(ProcedureDecl(n.switch, (), (), ensures=(Ensures(post, free=True),),
                                 modifies=(n.round, n.stopped), loc=loc))
        return out

    def modifies(self, mods: tuple[str, ...], with_body: bool) -> tuple[str, ...]:
        out: list[str] = []
        for m in mods:
            out.extend([self.copy(m, j) for j in range(self.k)] if m in self.shared else [m])
        if with_body:
            n = self.n
            out.extend(x for x in (n.round, n.stopped, n.atomic, n.ok, n.tid, n.tids, n.child)
                       if x not in out)
            out.extend(g for g in self.thread_local if g not in out)
            out.extend(v.name for v in self.site_globals)
        return tuple(out)

    # ---------------------------------------------------------------- procedures
    def procedure(self, d: ProcedureDecl, is_entry: bool) -> ProcedureDecl:
        if d.body is None:
            return self.bodyless(d)
        d = contracts_to_commands(d, check=True)
        body = _BodyTranslation(self, d, is_entry).run()
        return replace(d, body=body, modifies=self.modifies(d.modifies, True))

    def bodyless(self, d: ProcedureDecl) -> ProcedureDecl:
        """Contracts read the current round's copies; a modified shared global changes
        only in the current round (frame conditions for the other copies)."""
        frame: list[Ensures] = []
        for m in d.modifies:
            if m in self.shared:
                for j in range(self.k):
                    frame.append(Ensures(App(Op.OR, (_eq(Var(self.n.round), IntLit(j)),
                                                     _eq(Var(self.copy(m, j)),
                                                         Old(Var(self.copy(m, j)))))),
                                         free=True, loc=d.loc))
        return replace(d, requires=tuple(replace(r, expr=self.cur(r.expr), free=True)
                                         for r in d.requires),
                       ensures=tuple(replace(e, expr=self.cur(e.expr)) for e in d.ensures)
                       + tuple(frame),
                       modifies=self.modifies(d.modifies, False))

    def access_kind(self, c: Cmd) -> str:
        """What a command touching shared globals does with them (ACCESS_KINDS)."""
        t = type(c)
        if t is Assign:
            if has_attr(c.attrs, "alloc") or has_attr(c.attrs, "cobject"):
                return "alloc"          # a front end's allocation (its counter)
            writes = any(lhs_root(x) in self.shared for x in c.lhs)
            reads = any(free_vars(e) & self.shared.keys() for e in cmd_exprs(c))
            return "update" if writes and reads else "write" if writes else "read"
        return {Assume: "assume", Havoc: "havoc", Call: "call"}.get(t, "read")

    def touches_shared(self, c: Cmd) -> bool:
        names = set(cmd_targets(c))
        for e in cmd_exprs(c):
            names |= free_vars(e)
        if type(c) is Call and c.proc in self.procs and self.procs[c.proc].body is None:
            q = self.procs[c.proc]
            names |= set(q.modifies)
            for r in q.requires:
                names |= free_vars(r.expr)
            for e in q.ensures:
                names |= free_vars(e.expr)
        return bool(names & self.shared.keys())

    def checks_before(self, c: Call) -> list[Cmd]:
        q = self.procs.get(c.proc)
        if q is None or q.body is not None:
            return []
        return precondition_checks(c, q)


class _BodyTranslation:
    """One procedure body, command by command, into a list of blocks (see the module
    docstring for what each command becomes)."""

    def __init__(self, ctx: _Context, d: ProcedureDecl, is_entry: bool):
        self.ctx, self.d, self.is_entry = ctx, d, is_entry
        self.n = ctx.n
        self.labels = Namer(block_labels(d.body.blocks))
        self.vars = Namer(set(program_names(ctx.p)) | set(body_vars(d))
                          | {v.name for v in ctx.site_globals})
        self.locals: list[VarDecl] = list(d.body.locals)
        self.blocks: list[Block] = []
        self.label = ""
        self.cmds: list[Cmd] = []
        self.loc = d.loc
        self.temps: dict[str, str] = {}
        self.saves: dict[str, str] = {}
        self.check = self.labels.fresh("cs#check") if is_entry else ""
        self.in_atomic = False          # the command translated is surely in a section

    # ---------------------------------------------------------------- block plumbing
    def local(self, base: str, typ: Type) -> str:
        name = self.vars.fresh(base)
        self.locals.append(VarDecl(name, typ, loc=self.loc))
        return name

    def emit(self, c: Cmd) -> None:
        self.cmds.append(c)

    def end(self, transfer) -> None:
        self.blocks.append(Block(self.label, tuple(self.cmds), transfer, loc=self.loc))
        self.label, self.cmds = "", []

    def start(self, label: str) -> None:
        assert not self.label, "a block is still open"
        self.label, self.cmds = label, []

    def exit(self):
        return Goto((self.check,), loc=self.loc) if self.is_entry else Return(loc=self.loc)

    def branch(self, cond: Expr, then: list[Cmd], then_exit: bool = False,
               names: tuple[str, str] = ("cs#then", "cs#else"),
               after: list[Cmd] | None = None) -> None:
        """`if (cond) { then }` -- leaving the procedure after `then` when `then_exit`;
        `names`: the labels' stems (traces show them); `after`: the `else` side's first
        commands (with `then_exit`)."""
        yes, no, join = (self.labels.fresh(names[0]), self.labels.fresh(names[1]),
                         self.labels.fresh("cs#join"))
        self.end(Goto((yes, no), loc=self.loc))
        self.start(yes)
        self.emit(Assume(cond, loc=self.loc))
        self.cmds.extend(then)
        if then_exit:
            self.end(self.exit())
            self.start(no)
            self.emit(Assume(_not(cond), loc=self.loc))
            self.cmds.extend(after or ())
            return
        self.end(Goto((join,), loc=self.loc))
        self.start(no)
        self.emit(Assume(_not(cond), loc=self.loc))
        self.end(Goto((join,), loc=self.loc))
        self.start(join)

    def stop_if_stopped(self, names: tuple[str, str] = ("cs#stopped", "cs#go"),
                        after: list[Cmd] | None = None) -> None:
        self.branch(Var(self.n.stopped), [], then_exit=True, names=names, after=after)

    def may_stop(self) -> None:
        """Before a blocking `assume` (not a branch condition): the thread may be
        preempted for good there, so that a thread blocked forever does not hide what the
        other threads do (Corral's raise before blocking assumes)."""
        if self.in_atomic:
            return          # never preempted inside an atomic section
        stop, go = self.labels.fresh(PREEMPTED), self.labels.fresh("cs#go")
        self.end(Goto((stop, go), loc=self.loc))
        self.start(stop)
        self.emit(Assume(_not(Var(self.n.atomic)), loc=self.loc))
        self.emit(Assign((Var(self.n.stopped),), (BoolLit(True),), loc=self.loc))
        self.end(self.exit())
        self.start(go)

    def switch(self, loc: Loc, kind: str) -> None:
        """A visible step: block `cs#switch_<kind>*` shows the round the thread goes on in
        (`cs#preempted*`: the thread is never scheduled again); `kind` is what the thread
        does next (`ACCESS_KINDS`).  None inside an atomic section: there it could neither
        change the round nor stop the thread."""
        if self.in_atomic:
            return
        self.emit(Call(self.n.switch, (), (), loc=loc))
        r = Var(self.n.round)
        # the block's first command is located at the access the switch precedes, so that
        # the trace's `cs#switch*` step is (verifier/traces/trace.py: the first `{:sourceloc}`),
        # not at a later statement of the block (the native replay of a schedule stops a
        # thread there, replay/schedule.py)
        at = (Attr("sourceloc", (loc.file, IntLit(loc.line), IntLit(loc.col)), loc=loc),) \
            if loc.line else ()
        self.stop_if_stopped(names=(PREEMPTED, f"{SWITCHED}_{kind}"),
                             after=[Assign((r,), (r,), at, loc=loc)])

    # ---------------------------------------------------------------- the body
    def run(self) -> Body:
        n, ctx = self.n, self.ctx
        first = self.d.body.blocks[0].label if self.d.body.blocks else None
        self.start(self.labels.fresh("cs#start"))
        if self.is_entry:
            one = ctx.tid_lit(1)
            self.emit(Assign((Var(n.round), Var(n.ok), Var(n.stopped), Var(n.atomic),
                              Var(n.tid), Var(n.tids), Var(n.child)),
                             (IntLit(0), BoolLit(True), BoolLit(False), BoolLit(False),
                              one, one, one), loc=self.loc))
            self.guesses = {(g, j): self.local(f"{g}#in{j}", decl.type)
                            for g, decl in ctx.shared.items() for j in range(1, ctx.k)}
            for (g, j), v in self.guesses.items():
                self.emit(Assign((Var(v),), (Var(ctx.copy(g, j)),), loc=self.loc))
            for site in ctx.sites.values():
                self.emit(Assign((Var(site.pending),), (BoolLit(False),), loc=self.loc))
        if first is None:
            self.end(self.exit())
        else:
            self.end(Goto((first,), loc=self.loc))
        before = {} if ctx.coop else ctx.facts.get(self.d.name, {})
        for b in self.d.body.blocks:
            self.start(b.label)
            self.loc = b.loc
            for c in b.cmds:
                self.loc = c.loc
                self.in_atomic = before.get(id(c)) is True
                self.command(c)
            self.in_atomic = False
            t = b.transfer
            self.end(self.exit() if isinstance(t, Return) else t)
        if self.is_entry:
            self.checker()
        return replace(self.d.body, locals=tuple(self.locals), blocks=tuple(self.blocks))

    def checker(self) -> None:
        ctx = self.ctx
        self.start(self.check)
        if ctx.sites:           # threads still pending when the entry's thread ends
            self.emit(Assign((Var(self.n.atomic),), (BoolLit(False),), loc=self.d.loc))
            self.release()
        for (g, j), v in self.guesses.items():
            self.emit(Assume(_eq(Var(ctx.copy(g, j - 1)), Var(v)), loc=self.d.loc))
        self.emit(Assert(Var(self.n.ok), (Attr("cs_checker", ()),), loc=self.d.loc))
        self.end(Return(loc=self.d.loc))

    # ---------------------------------------------------------------- commands
    def command(self, c: Cmd) -> None:
        ctx, t = self.ctx, type(c)
        if any(not isinstance(a, str) for at in c.attrs for a in at.args):
            # expressions in attributes (a C front end's `{:cassign}` value) read the round
            c = replace(c, attrs=tuple(replace(at, args=tuple(
                a if isinstance(a, str) else ctx.cur(a) for a in at.args)) for at in c.attrs))
        if t is Yield:
            self.switch(c.loc, "yield")
            return
        if t is Assert:
            if not ctx.coop and ctx.touches_shared(c):
                self.switch(c.loc, "assert")
            self.assertion(c.expr, c.attrs, c.loc)
            return
        if t is Call and c.is_async:
            self.async_call(c)
            return
        if t is Call and c.proc in SPECIAL and ctx.procs.get(c.proc) is not None \
                and ctx.procs[c.proc].body is None:
            self.special(c)
            return
        if ctx.coop or has_attr(c.attrs, STEP_CONTINUES):
            pass
        elif ctx.touches_shared(c):
            self.switch(c.loc, ctx.access_kind(c))
        elif t is Assume and self.cmds:
            self.may_stop()
        if t is Call:           # after the switch: a requires may read shared globals
            for chk in ctx.checks_before(c):
                self.assertion(chk.expr, chk.attrs, chk.loc)
        if t is Assign:
            self.assign(list(zip(c.lhs, c.rhs)), c.attrs, c.loc)
        elif t is Assume:
            self.emit(replace(c, expr=ctx.cur(c.expr)))
        elif t is Havoc:
            self.havoc(c)
        elif t is Call:
            self.call(c)
        else:
            raise AssertionError(f"sequentialize: unknown command {t.__name__}")

    def assign(self, pairs: list[tuple[Expr, Expr]], attrs, loc: Loc) -> None:
        ctx = self.ctx
        lhs: list[Expr] = []
        rhs: list[Expr] = []
        for target, value in pairs:
            if lhs_root(target) in ctx.shared:
                name, new = desugar_lhs(target, value)
                for x, v in ctx.write(name, ctx.cur(new)):
                    lhs.append(x)
                    rhs.append(v)
            else:
                lhs.append(ctx.cur(target) if type(target) is not Var else target)
                rhs.append(ctx.cur(value))
        self.emit(Assign(tuple(lhs), tuple(rhs), attrs, loc=loc))

    def temp(self, g: str) -> str:
        if g not in self.temps:
            self.temps[g] = self.local(f"{g}#tmp", self.ctx.shared[g].type)
        return self.temps[g]

    def havoc(self, c: Havoc) -> None:
        shared = [g for g in c.names if g in self.ctx.shared]
        if not shared:
            self.emit(c)
            return
        self.emit(replace(c, names=tuple(self.temp(g) if g in shared else g for g in c.names)))
        self.assign([(Var(g), Var(self.temp(g))) for g in shared], (), c.loc)

    def call(self, c: Call) -> None:
        ctx = self.ctx
        shared = [o for o in c.outs if o in ctx.shared]
        outs = tuple(self.temp(o) if o in ctx.shared else o for o in c.outs)
        self.emit(replace(c, args=tuple(ctx.cur(a) for a in c.args), outs=outs))
        if shared:
            self.assign([(Var(o), Var(self.temp(o))) for o in shared], (), c.loc)
        q = ctx.procs.get(c.proc)
        if q is not None and q.body is not None:
            self.stop_if_stopped()

    def assertion(self, e: Expr, attrs, loc: Loc) -> None:
        """`ok := ok && e`, and the thread stops when *this* assertion fails.  Not when `ok`
        is false: once one thread has failed, every later assertion of every thread would
        stop its thread too (a mutex operation's check, say), and a thread that must run
        on in an earlier round for the rounds to fit together could not (issue 33: a bug
        missed at every context bound, found by the thread campaign's seed 6)."""
        ok, holds = Var(self.n.ok), self.ctx.cur(e)
        self.emit(Assign((ok,), (_and(ok, holds),), attrs, loc=loc))
        self.branch(_not(holds), [Assign((Var(self.n.stopped),), (BoolLit(True),), loc=loc)],
                    then_exit=True, names=(FAILED, "cs#passed"))

    def special(self, c: Call) -> None:
        n, ctx = self.n, self.ctx
        if c.proc == YIELD:
            self.switch(c.loc, "yield")
        elif c.proc == ATOMIC_BEGIN:
            if not ctx.coop:
                self.switch(c.loc, "atomic")
            self.emit(Assign((Var(n.atomic),), (BoolLit(True),), loc=c.loc))
        elif c.proc == ATOMIC_END:
            self.emit(Assign((Var(n.atomic),), (BoolLit(False),), loc=c.loc))
            self.release()
        elif c.proc == NOT_REACHABLE:
            self.assertion(BoolLit(False), c.attrs, c.loc)
        elif c.proc in (THREAD_ID, CHILD_ID):
            if c.outs:
                src = Var(n.tid if c.proc == THREAD_ID else n.child)
                self.assign([(Var(c.outs[0]), src)], c.attrs, c.loc)
        else:
            raise AssertionError(c.proc)

    def release(self) -> None:
        """The threads created in the atomic section that just ended, in the order of
        their sites."""
        for site in self.ctx.sites.values():
            self.spawn_pending(site)

    def spawn_pending(self, site: _Site) -> None:
        """`if (pend) { pend := false; spawn }`: a thread created in the atomic section
        that just ended, starting in its creator's round at the latest (a thread that
        ended inside its section leaves its pending threads to a later release, perhaps
        by a thread in an earlier round)."""
        pend, c = site.pending, site.call
        args = tuple(v.name for v in site.args)
        yes, join = self.labels.fresh("cs#spawn"), self.labels.fresh("cs#spawned")
        no = self.labels.fresh("cs#none")
        self.end(Goto((yes, no), loc=c.loc))
        self.start(yes)
        self.emit(Assume(Var(pend), loc=c.loc))
        self.emit(Assign((Var(pend),), (BoolLit(False),), loc=c.loc))
        r, created = Var(self.n.round), Var(site.round)
        self.spawn(c, tuple(Var(a) for a in args),
                   start=Ite(App(Op.LT, (r, created)), created, r))
        self.end(Goto((join,), loc=c.loc))
        self.start(no)
        self.emit(Assume(_not(Var(pend)), loc=c.loc))
        self.end(Goto((join,), loc=c.loc))
        self.start(join)

    def async_call(self, c: Call) -> None:
        ctx = self.ctx
        if c.outs:
            raise error("type", c.loc, f"async call of {c.proc} cannot have results")
        if c.proc not in ctx.procs:
            raise error("undeclared", c.loc, f"async call of undeclared procedure {c.proc}")
        if not ctx.coop and any(free_vars(a) & ctx.shared.keys() for a in c.args):
            self.switch(c.loc, "read")
        args = tuple(ctx.cur(a) for a in c.args)
        atomic = Var(self.n.atomic)
        site = ctx.sites.get(id(c))
        if site is not None:
            flags = (Var(site.pending), Var(site.round))
            self.branch(atomic, [Assign(flags + tuple(Var(a.name) for a in site.args),
                                        (BoolLit(True), Var(self.n.round)) + args, loc=c.loc)])
        yes, join = self.labels.fresh("cs#spawn"), self.labels.fresh("cs#spawned")
        no = self.labels.fresh("cs#atomic")
        self.end(Goto((yes, no), loc=c.loc))
        self.start(yes)
        self.emit(Assume(_not(atomic), loc=c.loc))
        self.spawn(c, args)
        self.end(Goto((join,), loc=c.loc))
        self.start(no)
        self.emit(Assume(atomic, loc=c.loc))
        self.end(Goto((join,), loc=c.loc))
        self.start(join)

    def save(self, what: str, typ: Type) -> str:
        if what not in self.saves:
            self.saves[what] = self.local(f"cs#saved_{what.replace('cs#', '')}", typ)
        return self.saves[what]

    def spawn(self, c: Call, args: tuple[Expr, ...], start: Expr | None = None) -> None:
        """Runs `c`'s procedure as a new thread, from round `start` (default: the
        current one)."""
        n, ctx = self.n, self.ctx
        kept = [(n.round, IntType()), (n.tid, ctx.tid_type), (n.atomic, BoolType())]
        kept += [(g, ctx.gvars[g].type) for g in ctx.thread_local]
        saved = [self.save(v, t) for v, t in kept]
        self.emit(Assign(tuple(Var(s) for s in saved), tuple(Var(v) for v, _ in kept),
                         loc=c.loc))
        if ctx.thread_local:
            self.emit(Havoc(tuple(ctx.thread_local), loc=c.loc))
        nxt = ctx.tid_next()
        self.emit(Assign((Var(n.atomic), Var(n.tids), Var(n.tid)),
                         (BoolLit(False), nxt, nxt), loc=c.loc))
        if start is not None:
            self.emit(Assign((Var(n.round),), (start,), loc=c.loc))
        self.emit(Call(c.proc, args, (), c.attrs + (Attr(THREAD_ATTR, ()),), loc=c.loc))
        self.emit(Assign((Var(n.child), Var(n.stopped)) + tuple(Var(v) for v, _ in kept),
                         (Var(n.tid), BoolLit(False)) + tuple(Var(s) for s in saved),
                         loc=c.loc))
