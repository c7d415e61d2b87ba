"""The VC of a shared instance and of the edges into it (PLDI 2015, Fig. 8, Gen_pVC / line 25).

Tree inlining (`vc.instantiate`) substitutes a call site's actual terms for the callee's
formals: the instance can only ever serve that one call site.  A DAG node instead gets its
own interface -- fresh constants In[n] (parameters, globals read at entry) and Out[n]
(results, globals modified) -- and its body is asserted once over them:

    defs[n]                          (every block's b_l ==> ..., as in `vc.py`)

Each call site c bound to the node (the first one and every one merged into it later) then
adds, under its control literal,

    c ==> b_entry[n] /\\ In[c] = In[n] /\\ Out[c] = Out[n]

so the node's inputs and outputs are those of whichever incoming edge the execution takes.
In a consistent DAG no execution takes two of them (`graph.py`), so a model still describes
one concrete execution: `trace.model_path` follows the edge taken and views the node at
that call stack.
"""
from __future__ import annotations

from verifier.smt.solver import Solver, Term
from verifier.vc import CallSite, Instance, Template, site_terms


def formals(tmpl: Template, site: CallSite) -> list[Term]:
    """The callee's interface in the order `vc.site_terms` lists a call site's actuals."""
    return list(tmpl.ins) + [tmpl.gins[g] for g, _ in site.gins] + list(tmpl.outs) + \
        [tmpl.gouts[g] for g, _ in site.gouts]


def new_node(solver: Solver, tmpl: Template, inst_id: int, parent: Instance,
             site: CallSite) -> tuple[Instance, list[Term], Term]:
    """A fresh instance of `tmpl` with its own interface: (the instance, its interface
    constants in `formals` order, the body to assert)."""
    formal = formals(tmpl, site)
    names = [f"{tmpl.proc}!iface{i}" for i in range(len(formal))]
    iface = solver.fresh_copies(formal, names, f"#{inst_id}")
    internals = solver.fresh_copies(tmpl.internals, tmpl.internal_names, f"#{inst_id}")
    pairs = list(zip(formal, iface)) + list(zip(tmpl.internals, internals))
    inst = Instance(inst_id, tmpl, pairs, internals, parent, site.index, parent.depth + 1)
    return inst, iface, solver.substitute(tmpl.defs, pairs)


def edge_formula(solver: Solver, parent: Instance, site: CallSite, node: Instance,
                 iface: list[Term]) -> Term:
    """`c ==> b_entry /\\ In[c] = In[n] /\\ Out[c] = Out[n]` for call site `site` of
    `parent` bound to `node` (whose interface is `iface`)."""
    actual = site_terms(solver, parent, site)
    assert len(actual) == len(iface), f"interface mismatch calling {node.tmpl.proc}"
    parts = [node.var(node.tmpl.entry)] + [solver.eq(a, f) for a, f in zip(actual, iface)]
    return solver.implies(parent.var(site.lit), solver.and_(parts))
