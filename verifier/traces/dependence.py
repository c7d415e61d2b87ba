"""Turns a bug's trace into the unknown effects it depends on: the results of functions
without a body, and the memory they may write, that the path reads on its way to the error.

Role: the test that tells a bug found from a possible bug (verifier/engine.py).  A function
without a body (C or LLVM: its `{:extern}` procedure, frontend/externs.py; Boogie: a
procedure marked `{:extern}`) is modelled as arbitrary -- any result of its type, any
contents of the memory it may write.  A trace that needs one particular choice (the
`qsort` that "did not sort", the `get()` that "returned 42") shows a bug of the model, not
of the program: the real function may never behave so.  Such a trace is a possible bug.

How: a forward taint walk over the trace's straight-line path in the prepared program
(`Trace.steps`: blocks, calls, returns, as verifier/traces/trace.py builds them).  Every
value the path computes is a function of the values the path chose (entry inputs, havocs,
nondeterministic results; the model fixes them) and of the extern effects E.  A variable
is tainted by the effects its value may depend on: an extern's `havoc` of its outputs
("result") or of globals and heap maps ("memory") taints them; an assignment gives its
target the taint of what it reads (a map store keeps the map's taint: the taint is per
variable, so writing one cell does not clean the others); any other havoc is a fresh
choice, untainted.  Each `assume` on the path (branch conditions, the instrumented error
flag, a callee's `free requires`, a body-less callee's `ensures`) reads tainted variables
only when the path's feasibility may depend on E.  When none does, every condition of the
path is a function of the fixed choices alone, so the same path reaches the error
whatever the functions without a body do: a bug found.  Otherwise the effects read are
the answer.  The assumptions inside an extern's own body (its result is a value of its
type) only restrict its own fresh choice and are not counted.  Inline assembly is the same
case: an output (`havoc {:nondet "T from asm"}`) is an unknown result of `asm`, and a
memory-clobbering asm is an `{:extern}` procedure named `asm` (frontend/inline_asm.py).

A Boogie procedure without implementation and without `{:extern}` keeps Corral's meaning:
its `modifies` and outputs are havocked within its `ensures`, a nondeterministic choice of
the program like `havoc` (Boogie's idiom for an input), not an unknown effect.

Soundness: the walk over-approximates (a whole map is tainted, a condition that holds for
every effect still counts); a trace the walk cannot follow (its steps do not match the
program) depends on every extern it calls.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from boogie.ast import (Assert, Assign, Assume, Call, Havoc, ImplementationDecl, MapType,
                        NamedType, Old, Program, ProcedureDecl, attr)
from boogie.visit import desugar_lhs, free_vars, subexprs
from frontend.externs import CNAME, EXTERN, STRUCT_RESULT
from frontend.inline_asm import WHAT as ASM_WHAT

from verifier.result import Trace, TraceStep, UnknownEffect

Taint = frozenset[UnknownEffect]
_CLEAN: Taint = frozenset()


class _Lost(Exception):
    """The trace's steps do not follow the program (the walk falls back)."""


@dataclass
class _Frame:
    proc: str
    locals: set[str]
    extern: str | None              # the C name when this is an extern's body
    call: TraceStep | None          # the step that called it (None: the entry)
    outs: tuple[str, ...] = ()      # the caller's variables its outputs go to
    returns: tuple[str, ...] = ()
    taint: dict[str, Taint] = field(default_factory=dict)
    entry_globals: dict[str, Taint] = field(default_factory=dict)
    pending: list = field(default_factory=list)


def unknown_effects(program: Program, trace: Trace) -> tuple[UnknownEffect, ...]:
    """The extern effects the trace's path reads before the error (empty: the trace is a
    bug whatever the functions without a body do), in the order first read."""
    if not _anything_unknown(program):
        return ()
    try:
        return _Walk(program).run(trace)
    except _Lost:
        return _every_extern_called(program, trace)


def _anything_unknown(program: Program) -> bool:
    """Does the program have a function without a body or an asm output at all?"""
    if any(attr(d.attrs, EXTERN) is not None for d in program.procedures().values()):
        return True
    return any(type(c) is Havoc and _asm_output(c)
               for _, _, body in _bodies(program).values()
               for b in body.blocks for c in b.cmds)


def extern_name(decl: ProcedureDecl) -> str | None:
    """The C name of an `{:extern}` procedure (its `{:cname}`, else its own), else None."""
    if attr(decl.attrs, EXTERN) is None:
        return None
    c = attr(decl.attrs, CNAME)
    return str(c.args[0]) if c is not None and c.args else decl.name


def _every_extern_called(program: Program, trace: Trace) -> tuple[UnknownEffect, ...]:
    """The fallback: every extern the path calls, through a call step or a call command
    of a block on the path (a body-less one has no step of its own), and every output of
    inline assembly on it; when a block of the path is not in the program, every extern
    of the program and every asm output (nothing tells which the path passed)."""
    procs = program.procedures()
    bodies = _bodies(program)
    out: dict[UnknownEffect, None] = {}
    blocks = [s for s in trace.steps if s.kind == "block"]
    found = [_block(bodies[s.proc][2], s.label) if s.proc in bodies else None
             for s in blocks]
    if None in found:
        found = [b for _, _, body in bodies.values() for b in body.blocks]
        out.update(dict.fromkeys(UnknownEffect(n, "result") for n in
                                 filter(None, map(extern_name, procs.values()))))
    for s in trace.steps:
        if s.kind == "call" and s.proc in procs:
            name = extern_name(procs[s.proc])
            if name is not None:
                out[UnknownEffect(name, "result", s.file, s.line)] = None
    for block in found:
        for c in block.cmds:
            if type(c) is Havoc:
                out.update(dict.fromkeys(_asm_output(c)))
            elif type(c) is Call and c.proc in procs and c.proc not in bodies:
                name = extern_name(procs[c.proc])
                if name is not None:
                    out[UnknownEffect(name, "result", c.loc.file, c.loc.line)] = None
    return tuple(out)


def _bodies(program: Program) -> dict[str, tuple]:
    """procedure -> (params, returns, body), as verifier/vc.py finds bodies (the first
    implementation, else the procedure's own body)."""
    impls = program.implementations()
    out: dict[str, tuple] = {}
    for name, p in program.procedures().items():
        if name in impls:
            i: ImplementationDecl = impls[name][0]
            out[name] = (i.params, i.returns, i.body)
        elif p.body is not None:
            out[name] = (p.params, p.returns, p.body)
    return out


def _asm_output(c: Havoc) -> Taint:
    """An output of inline assembly (`havoc {:nondet "T from asm"}`, frontend/
    inline_asm.py) is the unknown effect of the asm code, as a result of a function
    without a body is (a memory-clobbering asm is an `{:extern}` procedure)."""
    a = attr(c.attrs, "nondet")
    what = a.args[0] if a is not None and a.args else None
    if not isinstance(what, str) or not what.endswith(f" from {ASM_WHAT}"):
        return _CLEAN
    return frozenset({UnknownEffect(ASM_WHAT, "result", c.loc.file, c.loc.line)})


def _block(body, label: str):
    return next((b for b in body.blocks if b.label == label), None)


class _Walk:
    def __init__(self, program: Program) -> None:
        self.procs = program.procedures()
        self.bodies = _bodies(program)
        self.globals: dict[str, Taint] = {}
        self.frames: list[_Frame] = []
        self.found: dict[UnknownEffect, None] = {}
        # the global maps (a named type may be a map's synonym): where the C front end's
        # struct result lives, a fresh object read before it is written
        self.maps = tuple(n for n, d in program.global_vars().items()
                          if isinstance(d.type, (MapType, NamedType)))

    # --------------------------------------------------------------------- the steps
    def run(self, trace: Trace) -> tuple[UnknownEffect, ...]:
        for step in trace.steps:
            if step.kind == "block":
                self._block(step)
            elif step.kind == "call":
                self._enter(step)
            elif step.kind == "return":
                self._leave(step)
            elif step.kind == "fail":
                break
            else:
                raise _Lost(step.kind)
        return tuple(self.found)

    def _block(self, step: TraceStep) -> None:
        if not self.frames:                     # the entry procedure's first block
            self.frames.append(self._frame(step.proc, None, None))
        frame = self.frames[-1]
        if frame.proc != step.proc or frame.pending or step.proc not in self.bodies:
            raise _Lost(f"block {step.proc}:{step.label}")
        block = _block(self.bodies[step.proc][2], step.label)
        if block is None:
            raise _Lost(f"no block {step.proc}:{step.label}")
        frame.pending = list(block.cmds)
        self._go()

    def _frame(self, proc: str, call: TraceStep | None, cmd: Call | None) -> _Frame:
        params, returns, body = self.bodies[proc]
        decl = self.procs.get(proc)
        frame = _Frame(proc, {d.name for d in params + returns + body.locals},
                       extern_name(decl) if decl is not None else None, call,
                       cmd.outs if cmd is not None else (),
                       tuple(d.name for d in returns),
                       entry_globals=dict(self.globals))
        if cmd is not None:
            caller = self.frames[-1]
            for d, a in zip(params, cmd.args):
                frame.taint[d.name] = self._read(caller, a)
        if decl is not None:            # its free requires are assumed at its entry
            for r in decl.requires:
                self._guard(frame, r.expr)
            self._struct_result(decl, call.file if call else "", call.line if call else 0)
        return frame

    def _struct_result(self, decl: ProcedureDecl, file: str, line: int) -> None:
        """An extern's struct result (`{:struct_result}`): the C front end returns it in a
        fresh object the caller allocates and reads unwritten (arbitrary contents), so
        every global map may hold its effect from here on."""
        name = extern_name(decl)
        if name is None or attr(decl.attrs, STRUCT_RESULT) is None:
            return
        effect = frozenset({UnknownEffect(name, "result", file, line)})
        for g in self.maps:
            self.globals[g] = self.globals.get(g, _CLEAN) | effect

    def _enter(self, step: TraceStep) -> None:
        caller = self.frames[-1] if self.frames else None
        cmd = caller.pending[0] if caller is not None and caller.pending else None
        if type(cmd) is not Call or cmd.proc != step.proc or step.proc not in self.bodies:
            raise _Lost(f"call {step.proc}")
        self.frames.append(self._frame(step.proc, step, cmd))

    def _leave(self, step: TraceStep) -> None:
        if len(self.frames) < 2 or self.frames[-1].proc != step.proc:
            raise _Lost(f"return {step.proc}")
        callee = self.frames.pop()
        caller = self.frames[-1]
        cmd = caller.pending.pop(0)
        for out, ret in zip(cmd.outs, callee.returns):
            self._write(caller, out, callee.taint.get(ret, _CLEAN))
        self._go()

    # --------------------------------------------------------------------- commands
    def _go(self) -> None:
        """Runs the top frame's pending commands up to a call of a procedure with a body
        (its steps follow) or the block's end."""
        frame = self.frames[-1]
        while frame.pending:
            c = frame.pending[0]
            t = type(c)
            if t is Call and c.proc in self.bodies:
                return
            frame.pending.pop(0)
            if t is Assign:
                new = [desugar_lhs(lhs, rhs) for lhs, rhs in zip(c.lhs, c.rhs)]
                taints = [(name, self._read(frame, value)) for name, value in new]
                for name, taint in taints:
                    self._write(frame, name, taint)
            elif t is Havoc:
                asm = _asm_output(c)
                for name in c.names:
                    self._write(frame, name, asm or self._havoc(frame, name))
            elif t is Assume or t is Assert:
                self._guard(frame, c.expr)
            elif t is Call:
                self._call_without_body(frame, c)
            # Yield and the rest: no data flow

    def _havoc(self, frame: _Frame, name: str) -> Taint:
        if frame.extern is None:
            return _CLEAN               # a fresh choice of the path
        kind = "result" if name in frame.returns else "memory"
        call = frame.call
        return frozenset({UnknownEffect(frame.extern, kind, call.file if call else "",
                                        call.line if call else 0)})

    def _guard(self, frame: _Frame, expr) -> None:
        """A condition the path assumes: what it reads is what the path depends on
        (within an extern's own body, not its own fresh choice)."""
        for e in self._read(frame, expr):
            if frame.extern is not None and e.function == frame.extern:
                continue
            self.found.setdefault(e, None)

    def _call_without_body(self, frame: _Frame, c: Call) -> None:
        """A call of a body-less procedure: its outputs and `modifies` are havocked
        within its `ensures` (verifier/vc.py); an `{:extern}` one's are unknown effects."""
        decl = self.procs.get(c.proc)
        if decl is None:
            raise _Lost(f"call of undeclared {c.proc}")
        ext = extern_name(decl)
        args = {d.name: self._read(frame, a) for d, a in zip(decl.params, c.args)}
        fresh = {d.name for d in decl.returns} | set(decl.modifies)
        pre = dict(self.globals)
        for ens in decl.ensures:            # read in the state before, outputs fresh
            olds = {v for s in subexprs(ens.expr) if type(s) is Old
                    for v in free_vars(s.expr)}
            for v in free_vars(ens.expr):
                t = args.get(v) if v in args else _CLEAN if v in fresh and v not in olds \
                    else pre.get(v, _CLEAN)
                for e in t or ():
                    self.found.setdefault(e, None)
        loc = (c.loc.file, c.loc.line)
        result = frozenset({UnknownEffect(ext, "result", *loc)}) if ext else _CLEAN
        memory = frozenset({UnknownEffect(ext, "memory", *loc)}) if ext else _CLEAN
        for out in c.outs:
            self._write(frame, out, result)
        for g in decl.modifies:
            self.globals[g] = memory
        self._struct_result(decl, *loc)

    # --------------------------------------------------------------------- variables
    def _read(self, frame: _Frame, expr) -> Taint:
        out: set[UnknownEffect] = set()
        for v in free_vars(expr):
            out |= frame.taint.get(v, _CLEAN) if v in frame.locals \
                else self.globals.get(v, _CLEAN)
        if any(type(s) is Old for s in subexprs(expr)):     # the globals at entry
            for s in subexprs(expr):
                if type(s) is Old:
                    for v in free_vars(s.expr):
                        out |= frame.entry_globals.get(v, _CLEAN)
        return frozenset(out)

    def _write(self, frame: _Frame, name: str, taint: Taint) -> None:
        if name in frame.locals:
            frame.taint[name] = taint
        else:
            self.globals[name] = taint
