"""VC templates kept across the searches of one abstraction-refinement loop.

Each round of Corral's loop (`corral_loop.run_corral`) searches a new abstraction of the
same program on a new solver, and used to build every procedure's VC template again
(`vc._TemplateBuilder`: most of the Python time of tasks with many refinements, e.g.
SV-COMP's systemc and ntdrivers tasks).  A refinement only adds tracked globals, so most
procedures come out of `abstract_globals` the same as in the round before; their templates
are the same terms.  Boogie's StratifiedVC builds a procedure's VC once and instantiates it
per call site; this carries that over the rounds:

* every search solver of the loop shares one z3 context (`factory.open_solver(...,
  context=)`), so a template's terms are valid on each of them (each solver has its own
  assertions: sharing terms shares no facts);
* a template is looked up by everything its construction reads (`template_key`): the
  procedure's body and declaration, its transitive read and modified globals (the
  interface's gins and gouts) with their types, and per callee what a call site is built
  from (body or not, its reads/mods, signature, `modifies`, `ensures`).  Equal keys give
  equal templates, so a reused template is the one a fresh build would give, up to the
  names of its constants -- which only the solver it is asserted on sees.

The cache lives for one loop over one concrete program (the same constants, functions,
axioms and global types in every round).  The independent re-checks (`recheck_proof`,
`prove_beyond_bound`), the concretization and refinement keep their own solvers and
contexts.  `VerifyOptions.reuse_templates` (ablation `reuse_templates`) turns it off.
"""
from __future__ import annotations

from boogie.ast import Call, Program

from .smt.factory import open_solver as smt_open_solver
from .smt.solver import Solver
from .vc import ProgramInfo, Template, VCGen


def template_key(info: ProgramInfo, proc: str) -> tuple:
    """What `vc._TemplateBuilder(proc)` reads of the program (see the module docstring)."""
    pb = info.bodies[proc]
    decl = info.procs[proc]
    callees: dict[str, None] = {}
    for b in pb.body.blocks:
        for c in b.cmds:
            if type(c) is Call:
                callees.setdefault(c.proc)
    sites = []
    for c in callees:
        d = info.procs.get(c)
        sites.append((c, c in info.bodies, info.reads.get(c), info.mods.get(c),
                      None if d is None else (d.type_params, d.params, d.returns,
                                              d.modifies, d.ensures)))
    used = info.reads[proc] | info.mods[proc]
    return (proc, pb, decl.params, decl.requires, info.reads[proc], info.mods[proc],
            tuple((g, info.globals[g].type) for g in sorted(used)), tuple(sites))


class TemplateCache:
    """Templates by `template_key`, on one z3 context shared by the solvers it opens."""

    def __init__(self) -> None:
        self.context: object = None
        self._templates: dict[tuple, Template] = {}
        self.reused = 0         # templates taken from an earlier round
        self.built = 0

    def open_solver(self, prog: Program) -> tuple[Solver, VCGen]:
        """`refine.open_solver`, on the shared context, with a VC generator using this
        cache."""
        solver = smt_open_solver(prog, context=self.context)
        if self.context is None:
            self.context = solver.context
        return solver, VCGen(prog, solver, cache=self)

    def template(self, gen: VCGen, proc: str, build) -> Template:
        key = template_key(gen.info, proc)
        t = self._templates.get(key)
        if t is None:
            t = self._templates[key] = build()
            self.built += 1
        else:
            self.reused += 1
        return t
