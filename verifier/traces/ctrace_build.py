"""Turns the model of a bug (its path of `trace.Event`s) into a `ctrace.SourceTrace`.

Role: walks the path command by command, in strict execution order: a block's commands up to
its first call, the callee's whole run, the rest of the block after the return, and so on;
the walk stops at the command that sets the error flag (the failing check), so nothing after
the failure (the instrumentation's way back to the entry) is shown.  Values are read from
the model at the command that produces them: `vc.BlockInfo.cmd_values` (a command's targets
after it) and `cmd_traced` (its trace attribute's expressions, in the state before it).

C programs (procedures marked `{:cfunction}`, boogie/trace_attrs.py): C function calls and
returns with their arguments and value (a function without a body, `{:extern}`
frontend/externs.py, shows as its call and return: its result is the return value, its
choice is located at the call, and a call that may write memory is listed in
`Trace.memory`); assignments to C lvalues (`{:cassign}`, or
`{:cstore}` named from the objects the trace knows); branches (`{:cbranch}`); the
nondeterministic values (`havoc {:nondet}`); loops: the procedures loop extraction made of
a C loop (`{:extracted_loop P, header}`) are iterations, not calls -- each instance of the
loop procedure is one pass through the loop's head, shown as "iteration n" once the loop
test lets the body run (the test's own steps, in the header block, belong to the loop, not
to the iteration).  Procedures that are not C functions (the entry wrapper, helpers) are
not shown; their nondeterministic values and failures are.

Boogie programs: each stretch of a block (up to a call, after a return) with the values
its commands assign, calls and returns, and the failure.

Concurrent C programs (the result of boogie/passes/sequentialize.py): the walk reads the
translation's own variables as their commands assign them -- `cs#tid` (the running thread),
`cs#round` (its execution context), `cs#stopped` (and the `cs#preempted` blocks: the thread
is never scheduled again) and `cs#ok` (an assertion failed) -- and tags each step with the
thread and round it ran in.  The call that runs a new thread (`{:cs_thread}`) is a `Spawn`
step, and the start routine the model library's thread body calls is shown (the library's
own lines stay `full`); the steps of a stopped thread returning through its callers are not
shown (it never ran them); the failing assertion is located where `cs#ok` became false,
not at the entry's final check.  ctrace_threads.py then puts the steps in schedule order.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from boogie import trace_attrs as ta
from boogie.ast import Assign, Havoc, IntLit, Program, Var, attr
from boogie.passes.loops import LOOP_ATTR
from boogie.passes.sequentialize import PREEMPTED, SWITCH, THREAD_ATTR
from frontend.externs import EXTERN, HAVOCS, STRUCT_RESULT

from verifier.ctrace import (Alloc, Assign as AssignStep, Block, Decide, Enter, Fail, Iteration,
                     Leave, Nondet, Objects, SourceTrace, Spawn, Statement, Step, c_value,
                     model_int, nondet_value)
from verifier.traces.ctrace_threads import interleave
from verifier.result import MemoryWrite, NondetChoice, rule_violation
from verifier.smt.solver import Solver
from verifier.vc import Instance, site_terms

ERROR_FLAG = "pycorral_error"      # boogie/passes/asserts.py's flag
HIDDEN_PREFIX = "pycorral_"        # the verifier's own variables and procedures
# C code pycorral writes (the entry harness of --function F, frontend/c/entry_harness.py):
# its function is not shown as a call, its names lose the prefix (`obj0.x`, `&obj0`)
HARNESS_PREFIX = "__pycorral_"
LOOP_KINDS = ("while", "for", "do")
HIDDEN_CONSTRUCTS = ("&&", "||", "?:", "assert")
# the sequentialization's variables a concurrent program's trace reads
CS_TID, CS_ROUND, CS_OK, CS_STOPPED = "cs#tid", "cs#round", "cs#ok", "cs#stopped"
CS_VARS = (CS_TID, CS_ROUND, CS_OK, CS_STOPPED)


# ----------------------------------------------------------------------------- tables

@dataclass(frozen=True, slots=True)
class Function:
    name: str
    ret_tag: str
    params: tuple[tuple[str, str], ...]
    library: bool = False


@dataclass(frozen=True, slots=True)
class Loop:
    origin: str                  # the procedure the loop was extracted from
    header: str                  # its header block
    file: str = ""               # the source lines its commands come from
    first: int = 0
    last: int = 0

    def covers(self, step: Step) -> bool:
        return step.file == self.file and self.first <= step.line <= self.last


@dataclass(frozen=True, slots=True)
class TraceTables:
    """What a program's attributes say about its procedures (side tables, by name)."""
    language: str
    functions: dict[str, Function]
    loops: dict[str, Loop]
    globals: tuple[tuple[str, int, int], ...]
    # functions without a body: proc -> (may write memory, returns a struct)
    externs: dict[str, tuple[bool, bool]] = field(default_factory=dict)
    threaded: bool = False       # sequentialized: a concurrent program's threads


def trace_tables(program: Program | None) -> TraceTables:
    functions: dict[str, Function] = {}
    loops: dict[str, Loop] = {}
    globals_: list[tuple[str, int, int]] = []
    externs: dict[str, tuple[bool, bool]] = {}
    for name, d in (program.procedures().items() if program is not None else ()):
        f = attr(d.attrs, ta.FUNCTION)
        if f is not None and len(f.args) >= 2:
            a = [str(x) for x in f.args]
            functions[name] = Function(a[0], a[1], tuple(zip(a[2::2], a[3::2])),
                                       ta.has(d.attrs, ta.LIBRARY))
        lp = attr(d.attrs, LOOP_ATTR)
        if lp is not None and len(lp.args) == 2 and d.body is not None:
            locs = [c.loc for b in d.body.blocks for c in b.cmds if c.loc.line > 0]
            file = locs[0].file if locs else ""
            lines = [x.line for x in locs if x.file == file] or [0]
            loops[name] = Loop(str(lp.args[0]), str(lp.args[1]), file, min(lines), max(lines))
        for a in d.attrs:
            if a.name == ta.GLOBAL and len(a.args) == 3:
                globals_.append((str(a.args[0]), _lit(a.args[1]), _lit(a.args[2])))
        if attr(d.attrs, EXTERN) is not None:
            externs[name] = (bool(getattr(attr(d.attrs, HAVOCS), "args", ())),
                             attr(d.attrs, STRUCT_RESULT) is not None)
    threaded = program is not None and SWITCH in program.procedures()
    return TraceTables("c" if functions else "boogie", functions, loops, tuple(globals_),
                       externs, threaded)


def _lit(x) -> int:
    if isinstance(x, IntLit):
        return x.value
    n = model_int(str(x))
    return n if n is not None else 0


# ----------------------------------------------------------------------------- frames

@dataclass(slots=True)
class _Frame:
    inst: Instance
    kind: str                    # "c", "loop", "hidden", "boogie"
    depth: int                   # depth of the steps inside it
    function: Function | None = None
    loop: Loop | None = None
    n: int = 0                   # loop: the iteration this instance is
    pending: bool = False        # loop: iteration n not shown yet
    loop_loc: tuple[str, int, int] = ("", 0, 0)
    full: bool = False           # inside a library model: steps only with --trace full
    last: tuple[str, int, int] = ("", 0, 0)     # the last located command
    block: Block | None = None   # Boogie: the stretch of block being filled
    values: list = field(default_factory=list)
    last_n: int = 0              # loop: the deepest iteration its instances reached
    ended: tuple[int, int] | None = None   # (line, iterations) of a loop that just returned
    mid: bool | None = None      # loop: its last instance left in mid-iteration (break)
    inside: tuple[Loop, int] | None = None  # a loop left by break: its exit steps' depth
    site: tuple[str, int, int] | None = None  # a function without a body: its call's location
    spawn: bool = False          # a new thread's library body: its start routine is shown
    call: tuple[str, int, int] = ("", 0, 0)   # where it was called


def source_trace(solver: Solver, events, program: Program | None
                 ) -> tuple[SourceTrace, tuple[NondetChoice, ...], int,
                            tuple[MemoryWrite, ...]]:
    """The source-level trace of the path `events` in the current model, the
    nondeterministic choices (`havoc {:nondet}`) up to the failure, in the same strict
    execution order (the order in which a native run asks for them), the index of the
    event whose stretch of commands holds the failing check (-1: none), and the calls of
    functions without a body that may write memory or return a struct."""
    tables = trace_tables(program)
    b = _Builder(solver, tables)
    b.run(events)
    trace = SourceTrace(tables.language, tuple(b.steps))
    if b.threaded:
        b.tag()
        trace = interleave(tuple(b.steps))
    return trace, tuple(b.nondet), b.fail_event, tuple(b.memory)


class _Builder:
    def __init__(self, solver: Solver, tables: TraceTables):
        self.s = solver
        self.t = tables
        self.c = tables.language == "c"
        self.steps: list[Step] = []
        self.nondet: list[NondetChoice] = []
        self.memory: list[MemoryWrite] = []
        self.frames: list[_Frame] = []
        self.objects = Objects()
        for name, addr, size in tables.globals:
            self.objects.add(name, addr, size, "global")
        self.done = False
        self.last_stmt: tuple[str, int] = ("", 0)
        self.event = -1              # the index of the event being walked
        self.fail_event = -1         # the event at whose command the check failed
        # a concurrent program: the running thread, its round, whether it stopped for good,
        # whether an assertion failed (cs#ok), the steps tagged so far
        self.threaded = tables.threaded and self.c
        self.tid, self.prev_tid, self.round = 1, 1, 0
        self.stopped = self.cs_failed = False
        self.spawn_at: dict | None = None   # the location of the last thread creation
        self.tagged = 0

    # ------------------------------------------------------------------ values
    def value(self, inst: Instance, t) -> str:
        return self.s.model_value(inst.term(t, self.s))

    def cval(self, inst: Instance, t, tag: str) -> str:
        return c_value(self.value(inst, t), tag, self.objects)

    # ------------------------------------------------------------------ the walk
    def run(self, events) -> None:
        if not events:
            return
        self.root(events[0].inst)
        for self.event, e in enumerate(events):
            if self.done:
                break
            if e.kind == "block":
                bi = e.inst.tmpl.blocks[e.label]
                fr = self.frames[-1]
                assert fr.inst is e.inst, "a block event outside its frame"
                self.block_start(fr, bi)
                end = len(bi.block.cmds)
                if bi.calls:
                    end = e.inst.tmpl.call_sites[bi.calls[0]].cmd_index
                self.commands(fr, bi, 0, end)
            elif e.kind == "call":
                self.call(self.frames[-1], e.inst.tmpl.call_sites[e.site], e.child)
            else:
                site = e.inst.tmpl.call_sites[e.site]
                if e.child is not None:
                    self.leave(site)
                fr = self.frames[-1]
                bi = e.inst.tmpl.blocks[site.block]
                k = bi.calls.index(site.index)
                end = len(bi.block.cmds) if k + 1 == len(bi.calls) else \
                    e.inst.tmpl.call_sites[bi.calls[k + 1]].cmd_index
                if not self.c:
                    self.flush(fr)
                    nxt = bi.block.cmds[site.cmd_index + 1:end]
                    f, ln, col = _cmd_loc(nxt[0]) if nxt else _cmd_loc(site.cmd)
                    fr.block = Block(depth=fr.depth, proc=fr.inst.tmpl.proc, label=bi.label,
                                     file=f, line=ln, col=col, continued=True)
                self.commands(fr, bi, site.cmd_index + 1, end)
        if self.frames and not self.done:
            self.flush(self.frames[-1])
            self.reached()

    def reached(self) -> None:
        """A path without a failing assertion (--reach: the bug is that the entry
        returns): the failure is shown where the path ends, at its last located step."""
        last = next((s for s in reversed(self.steps) if s.line > 0), None)
        if last is not None:
            self.steps.append(Fail(depth=last.depth, proc=last.proc, file=last.file,
                                   line=last.line, col=last.col))

    def root(self, inst: Instance) -> None:
        proc = inst.tmpl.proc
        fn = self.t.functions.get(proc)
        if not self.c:
            self.frames.append(_Frame(inst, "boogie", inst.depth))
            return
        if fn is None or fn.name.startswith(HARNESS_PREFIX):
            self.frames.append(_Frame(inst, "hidden", 0))
            return
        # --reach: the entry itself is the root; its inputs are its arguments
        args = tuple((p, c_value(self.s.model_value(t), tag, self.objects))
                     for (p, tag), t in zip(fn.params, inst.tmpl.ins))
        self.steps.append(Enter(depth=0, proc=proc, function=fn.name, args=args))
        self.frames.append(_Frame(inst, "c", 1, fn))

    def block_start(self, fr: _Frame, bi) -> None:
        if self.threaded and (bi.label == PREEMPTED or bi.label.startswith(PREEMPTED + "_")):
            self.tag()
            self.stopped = True          # the thread is never scheduled again
        if self.c:
            return
        self.flush(fr)
        if fr.inst.tmpl.proc.startswith(HIDDEN_PREFIX):
            return
        f, ln, col = _block_loc(bi)
        fr.block = Block(depth=fr.depth, proc=fr.inst.tmpl.proc, label=bi.label, file=f,
                         line=ln, col=col)

    def flush(self, fr: _Frame) -> None:
        """Boogie: the block stretch being filled becomes a step (a continued stretch only
        when it assigned something)."""
        blk, fr.block = fr.block, None
        if blk is None or (blk.continued and not fr.values):
            fr.values = []
            return
        self.steps.append(replace(blk, values=tuple(fr.values)))
        fr.values = []

    # ------------------------------------------------------------------ calls
    def call(self, fr: _Frame, site, child: Instance | None) -> None:
        inst = fr.inst
        loc = site.cmd.loc
        where = dict(file=loc.file, line=loc.line, col=loc.col)
        if not self.c:
            self.flush(fr)
            self.steps.append(Enter(depth=inst.depth + 1, proc=site.callee,
                                    function=site.callee, inlined=child is not None,
                                    **where))
            if child is None:
                self.steps.append(Leave(depth=inst.depth + 1, proc=site.callee,
                                        function=site.callee, **where))
            else:
                self.frames.append(_Frame(child, "boogie", child.depth))
            return
        loop = self.t.loops.get(site.callee)
        if loop is not None:
            if child is not None:
                self.frames.append(self.loop_frame(fr, child, loop, site))
            return
        fn = self.t.functions.get(site.callee)
        spawn = self.threaded and child is not None and ta.has(site.cmd.attrs, THREAD_ATTR)
        if spawn:
            self.spawn_step()
        if fn is None or fn.name.startswith(HARNESS_PREFIX):
            if child is not None:
                self.frames.append(_Frame(child, "hidden", fr.depth, full=fr.full,
                                          spawn=spawn or fr.spawn))
            return
        start = fr.spawn and not fn.library     # a new thread's start routine
        if start and self.spawn_at is not None:
            where = self.spawn_at                # not the library's line: the creation's
        terms = site_terms(self.s, inst, site)
        args = tuple((p, self.cval(inst, t, tag))
                     for (p, tag), t in zip(fn.params, terms[:len(site.args)]))
        enter = Enter(depth=fr.depth, proc=inst.tmpl.proc, function=fn.name, args=args,
                      inlined=child is not None, **where)
        self.emit(fr, enter, test=self.in_test(fr, site.block), keep=start)
        depth = self.steps[-1].depth + 1
        extern = site.callee in self.t.externs
        writes, struct = self.t.externs.get(site.callee, (False, False))
        if writes:
            self.memory.append(MemoryWrite(fn.name, loc.file, loc.line))
        if struct:
            self.memory.append(MemoryWrite(fn.name, loc.file, loc.line, "result"))
        if child is None:
            self.steps.append(Leave(depth=depth, proc=site.callee, function=fn.name,
                                    full=enter.full, **where))
            return
        here = (where["file"], where["line"], where["col"])
        self.frames.append(_Frame(child, "c", depth, fn,
                                  full=(fr.full and not start) or fn.library, last=here,
                                  site=here if extern else None,
                                  spawn=spawn or (fr.spawn and fn.library), call=here))

    def loop_frame(self, fr: _Frame, child: Instance, loop: Loop, site) -> _Frame:
        loc = site.cmd.loc
        if fr.kind == "loop" and fr.inst.tmpl.proc == site.callee:
            # the loop's next pass (the tail-recursive call): same level, next iteration
            return _Frame(child, "loop", fr.depth, fr.function, loop, fr.n + 1, True,
                          fr.loop_loc, fr.full, fr.last)
        if fr.kind == "loop" and fr.pending:
            self.emit(fr, None)            # an inner loop starts: the outer iteration did
        return _Frame(child, "loop", fr.depth + 1, fr.function, loop, 1, True,
                      (loc.file, loc.line, loc.col), fr.full, fr.last)

    def leave(self, site) -> None:
        fr = self.frames.pop()
        parent = self.frames[-1]
        if not self.c:
            self.flush(fr)
            loc = site.cmd.loc
            self.steps.append(Leave(depth=parent.inst.depth + 1, proc=site.callee,
                                    function=site.callee, file=loc.file, line=loc.line,
                                    col=loc.col))
            return
        if fr.kind == "loop":
            parent.last = fr.last
            n = max(fr.n, fr.last_n)
            mid = fr.mid if fr.mid is not None else not fr.pending
            if parent.kind == "loop" and parent.loop == fr.loop:
                parent.last_n, parent.mid = n, mid
            else:
                parent.ended = (fr.loop_loc[1], n)
                # left by break / return / goto: the loop's exit blocks run in the caller,
                # but their steps (the `if` that broke out) belong to the last iteration
                parent.inside = (fr.loop, fr.depth) if mid and fr.loop is not None else None
            return
        if fr.kind != "c":
            return
        fn = fr.function
        value = ""
        if site.outs and fn is not None:
            terms = site_terms(self.s, parent.inst, site)
            n_in = len(site.args) + len(site.gins)
            value = self.cval(parent.inst, terms[n_in], fn.ret_tag) if len(site.outs) == 1 \
                else "{...}"
        # a library model returns where it was called, not on one of its own lines
        f, ln, col = fr.call if fn.library and fr.call[1] > 0 else fr.last
        self.steps.append(Leave(depth=fr.depth, proc=fr.inst.tmpl.proc, function=fn.name,
                                value=value, file=f, line=ln, col=col,
                                full=fr.full and parent.full))

    # ------------------------------------------------------------------ commands
    def commands(self, fr: _Frame, bi, lo: int, hi: int) -> None:
        cmds = bi.block.cmds
        traced = bi.cmd_traced or ((),) * len(cmds)
        for k in range(lo, hi):
            if self.done:
                return
            c = cmds[k]
            if self.failed(fr, c, bi.cmd_values[k]):
                return
            if type(c) is Havoc:
                self.choices(fr, c, bi.cmd_values[k])
            if self.c:
                self.c_command(fr, bi, c, bi.cmd_values[k], traced[k])
                if self.threaded:
                    self.thread_state(fr, c, bi.cmd_values[k])
            else:
                for n, t in bi.cmd_values[k]:
                    if not n.startswith(HIDDEN_PREFIX):
                        fr.values.append((n, self.value(fr.inst, t)))

    def choices(self, fr: _Frame, c, vals) -> None:
        a = attr(c.attrs, "nondet")
        if a is None:
            return
        what = str(a.args[0]) if a.args else ""
        f, ln, col = fr.site or (c.loc.file, c.loc.line, c.loc.col)
        self.nondet.extend(NondetChoice(what, self.value(fr.inst, t), fr.inst.tmpl.proc,
                                        f, ln, col) for _, t in vals)

    def failed(self, fr: _Frame, c, vals) -> bool:
        for n, t in vals:
            if n == ERROR_FLAG and self.value(fr.inst, t) in ("True", "true", "1"):
                if self.cs_failed:       # the entry's final check of cs#ok: shown already
                    self.fail_event = self.event
                    self.done = True
                    return True
                f, ln, col = _cmd_loc(c)
                if not self.c:
                    self.flush(fr)
                rule = rule_violation(c.attrs)
                self.fail_event = self.event
                self.emit(fr, Fail(depth=fr.depth, proc=fr.inst.tmpl.proc, file=f, line=ln,
                                   col=col, violation=rule.text() if rule else ""))
                self.done = True
                return True
        return False

    # ------------------------------------------------------------------ threads
    def tag(self) -> None:
        """The steps since the last tag ran in the current thread and round (a stopped
        thread's are dropped: it returns through its callers only in the translation)."""
        new = self.steps[self.tagged:]
        if self.stopped:
            new = [s for s in new if s.thread]
        self.steps[self.tagged:] = [s if s.thread else
                                    replace(s, thread=self.tid, round=self.round)
                                    for s in new]
        self.tagged = len(self.steps)

    def thread_state(self, fr: _Frame, c, vals) -> None:
        """Reads the sequentialization's variables the command `c` assigns."""
        for n, t in vals:
            if n not in CS_VARS:
                continue
            v = model_int(self.value(fr.inst, t))
            if n == CS_OK and v == 0 and not self.cs_failed and not self.stopped:
                f, ln, col = _cmd_loc(c)   # `cs#ok := cs#ok && e`: the assertion fails here
                rule = rule_violation(c.attrs)
                self.emit(fr, Fail(depth=fr.depth, proc=fr.inst.tmpl.proc, file=f, line=ln,
                                   col=col, violation=rule.text() if rule else ""))
                self.cs_failed = True
            self.tag()
            if n == CS_TID and v is not None:
                self.prev_tid, self.tid = self.tid, v
            elif n == CS_ROUND and v is not None:
                self.round = v
            elif n == CS_STOPPED:
                self.stopped = bool(v)

    def spawn_step(self) -> None:
        """The creator's step `creates thread N`, under the visible call that created it
        (pthread_create), at that call's location."""
        self.tag()
        depth = next((f2.depth for f1, f2 in zip(reversed(self.frames[:-1]),
                                                 reversed(self.frames[1:]))
                      if not f1.full and f2.full), self.frames[-1].depth)
        at = next((s for s in reversed(self.steps) if not s.full), None)
        where = dict(file=at.file, line=at.line, col=at.col, proc=at.proc) if at else {}
        self.spawn_at = dict(file=at.file, line=at.line, col=at.col) if at else None
        self.steps.append(Spawn(depth=depth, child=self.tid, thread=self.prev_tid,
                                round=self.round, **where))
        self.tagged = len(self.steps)

    def c_command(self, fr: _Frame, bi, c, vals, traced) -> None:
        if fr.site is not None:
            return          # a function without a body: its call and return say it all
        inst = fr.inst
        loc = c.loc
        where = dict(proc=inst.tmpl.proc, file=loc.file, line=loc.line, col=loc.col)
        test = self.in_test(fr, bi.label)
        if loc.line:
            fr.last = (loc.file, loc.line, loc.col)
        if attr(c.attrs, "sourceloc") is not None and loc.line and \
                (loc.file, loc.line) != self.last_stmt and not ta.has(c.attrs, ta.INIT) \
                and not _translation_only(c):
            self.last_stmt = (loc.file, loc.line)
            self.emit(fr, Statement(depth=fr.depth, full=True, **where), True)
        if type(c) is Havoc:
            nd = attr(c.attrs, "nondet")
            if nd is not None:
                what = str(nd.args[0]) if nd.args else ""
                ctype, _, origin = what.partition(" from ")
                for _, t in vals:
                    self.emit(fr, Nondet(depth=fr.depth, what=origin or ctype, ctype=ctype,
                                         value=nondet_value(self.value(inst, t), what),
                                         **where), test, keep=True)
                return
        a = ta.trace_attr(c.attrs)
        if a is None:
            return
        args = a.args
        if a.name == ta.ASSIGN and len(args) >= 2:
            holes = [self.value(inst, t) for t in traced[1:]]
            lvalue = _fill(str(args[0]), holes).replace(HARNESS_PREFIX, "")
            if traced:
                value = self.cval(inst, traced[0], str(args[1]))
            elif vals:
                value = self.cval(inst, vals[0][1], str(args[1]))
                if type(c) is Havoc:
                    value += " (indeterminate)"
            else:
                return
            self.emit(fr, AssignStep(depth=fr.depth, lvalue=lvalue, value=value,
                                     full=type(c) is Havoc, **where), test)
        elif a.name == ta.STORE and len(traced) == 2:
            addr = model_int(self.value(inst, traced[0]))
            lvalue = self.objects.place(addr) if addr is not None else "*?"
            self.emit(fr, AssignStep(depth=fr.depth, lvalue=lvalue,
                                     value=self.cval(inst, traced[1], str(args[0])),
                                     **where), test)
        elif a.name == ta.BRANCH and len(args) == 3:
            self.decide(fr, str(args[0]), str(args[1]), str(args[2]), where, test)
        elif a.name == ta.OBJECT and vals and len(traced) == 1:
            base = model_int(self.value(inst, vals[0][1]))
            size = model_int(self.value(inst, traced[0]))
            if base is None:
                return
            how = str(args[1])
            name = self.objects.add(str(args[0]).replace(HARNESS_PREFIX, ""), base, size or 0,
                                    how)
            self.emit(fr, Alloc(depth=fr.depth, name=name, size=str(size), how=how,
                                full=how in ("local", "copy"), **where), test)

    def decide(self, fr: _Frame, kind: str, cond: str, outcome: str, where, test) -> None:
        if kind in HIDDEN_CONSTRUCTS and not cond:
            return          # inside a condition the front end did not spell, or a check
        loop_test = fr.kind == "loop" and fr.pending and kind in LOOP_KINDS and \
            where["line"] == fr.loop_loc[1]
        if loop_test and outcome == "true":
            self.steps.append(Iteration(depth=fr.depth - 1, n=fr.n, construct=kind,
                                        cond=cond, **where))
            fr.pending = False
            return
        note = ""
        if loop_test and outcome == "false":
            note = _ends(fr.n - 1)
        elif fr.ended is not None and fr.ended[0] == where["line"] and outcome == "false" \
                and kind in LOOP_KINDS:
            note = _ends(fr.ended[1] - 1)     # the loop's exit edge is outside its procedure
        self.emit(fr, Decide(depth=fr.depth, construct=kind, cond=cond, outcome=outcome,
                             note=note, **where), test or loop_test)

    # ------------------------------------------------------------------ emitting
    def in_test(self, fr: _Frame, label: str) -> bool:
        """A step of the loop test: in the loop procedure's header block while the
        iteration has not begun."""
        return fr.kind == "loop" and fr.pending and fr.loop is not None and \
            label == fr.loop.header

    def emit(self, fr: _Frame, step: Step | None, test: bool = False,
             keep: bool = False) -> None:
        """Append `step` in frame `fr`: the loop's pending iteration begins first (unless
        the step belongs to the loop test, which sits at the loop's level); steps inside a
        library model are `full` unless `keep`."""
        if fr.kind == "loop" and fr.pending and not test:
            f, ln, col = fr.loop_loc
            self.steps.append(Iteration(depth=fr.depth - 1, proc=fr.inst.tmpl.proc, n=fr.n,
                                        file=f, line=ln, col=col, full=fr.full))
            fr.pending = False
        fr.ended = None
        if step is None:
            return
        if test:
            step = replace(step, depth=fr.depth - 1 if fr.kind == "loop" and fr.pending
                           else fr.depth)
        if fr.inside is not None:
            loop, depth = fr.inside
            if loop.covers(step):
                step = replace(step, depth=depth)
            else:
                fr.inside = None
        if fr.full and not keep and not isinstance(step, Fail):
            step = replace(step, full=True)
        self.steps.append(step)


def _ends(n: int) -> str:
    return f"loop ends after {n} iteration{'' if n == 1 else 's'}"


_HOLE = re.compile(r"\{(\w*)\}")


def _fill(template: str, holes: list[str]) -> str:
    """The lvalue template with each `{tag}` replaced by the next hole's value."""
    it = iter(holes)

    def one(m: re.Match) -> str:
        v = next(it, None)
        return "?" if v is None else c_value(v, m.group(1) or "s64")
    return _HOLE.sub(one, template)


def _attr_loc(c) -> tuple[str, int, int] | None:
    """`{:sourceloc "f", line, col}` (SMACK, Corral, our front ends) or `{:sourcefile "f"}
    {:sourceline n}`."""
    a = attr(c.attrs, "sourceloc")
    if a is not None and len(a.args) >= 2:
        return (str(a.args[0]), _lit(a.args[1]), _lit(a.args[2]) if len(a.args) > 2 else 0)
    sf, sl = attr(c.attrs, "sourcefile"), attr(c.attrs, "sourceline")
    if sf is not None and sl is not None and sf.args and sl.args:
        return (str(sf.args[0]), _lit(sl.args[0]), 0)
    return None


def _translation_only(c) -> bool:
    """A command of the sequentialization's own (it assigns only `cs#` variables: the
    located `cs#round := cs#round` that opens a context switch's block) -- no C
    statement starts there."""
    return type(c) is Assign and all(type(x) is Var and x.name.startswith("cs#")
                                     for x in c.lhs)


def _cmd_loc(c) -> tuple[str, int, int]:
    return _attr_loc(c) or (c.loc.file, c.loc.line, c.loc.col)


def _block_loc(bi) -> tuple[str, int, int]:
    for c in bi.block.cmds:
        loc = _attr_loc(c)
        if loc is not None:
            return loc
    loc = bi.block.cmds[0].loc if bi.block.cmds else bi.block.loc
    return (loc.file, loc.line, loc.col)


__all__ = ["source_trace", "trace_tables", "TraceTables"]
