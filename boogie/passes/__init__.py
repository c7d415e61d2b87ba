"""Program transformations that turn a parsed Boogie program into the verifier's input.

One pass per module, each a function `Program -> Program` (docstrings cite the papers):

    callgraph.py  call_graph, reachable, prune_unreachable(p, entry)
    axioms.py     prune_axioms: axioms about symbols no procedure reaches dropped
    modifies.py   infer_modifies: complete modifies clauses (fixpoint over the call graph)
    inline.py     inline_marked: calls to `{:inline N}` procedures replaced by their bodies
    loops.py      extract_loops: natural loops -> tail-recursive `{:extracted_loop}` procedures
                  (irreducible regions first get a dispatcher: make_reducible)
    asserts.py    instrument_asserts(p, entry) -> Instrumented: error flag + wrapper
    typestate.py  instrument_rules(p, rules, entry): typestate rules (boogie/rules.py) as
                  ghost state and assertions around the named calls (before `prepare`)
    deadcode.py   remove_dead_code: unreachable blocks, attribute-less `assume true`
    map_quantifiers.py  eliminate_map_quantifiers: `forall x :: P ==> m[x] == E` facts
                  (SMACK's $Alloc frames, memcpy/memset contracts) -> store/lambda equations
    constant_memops.py  unroll_constant_memops: calls of SMACK's $memset/$memcpy/$memmove
                  with a literal length -> a copy whose contract is one store chain
    memop_lengths.py  specialize_memop_lengths: memop lengths that fold to a literal (also
                  through wrappers such as ldv_memset, calloc: a copy per literal argument)
                  -> the literal, before constant_memops
    code_exprs.py desugar_code_exprs: `|{ ... }|` -> exists/or over its paths (calls expanded)
    macros.py     fold_macros: `axiom (forall x :: f(x) == e)` -> f's body e
    recursive_functions.py  axiomatize_recursive_functions: recursive bodies -> axioms
    sequentialize.py  sequentialize(p, entry, ContextBound(k, cooperative)): async calls and
                  yields -> a sequential program over K copies of the shared globals
                  (Lal & Reps's eager context-bounded translation)
    pipeline.py   prepare(p, entry, mode=...) -> Prepared: what the verifier calls;
                  lower(p): the last three, after which a solver backend only converts terms
    common.py     shared helpers (fresh names, implementation folding, old() elimination)

Conventions of every pass's output (the verifier relies on them):
* no `implementation` declarations: each body sits in its `ProcedureDecl`
  (`common.attach_implementations`; implementation formals renamed to the procedure's);
* after `prepare`: procedure bodies are acyclic; no `assert` is left; procedures with a
  body have no requires/ensures (they became `assume`s / checks inside the body); body-less
  procedures keep only free contracts: a call havocs the outputs and `modifies` set and
  assumes the ensures, the requires mean nothing more; modifies clauses are complete;
  everything is reachable from `Prepared.entry`, whose ability to return is the bug;
  no code expressions are left, and every function body is non-recursive (`lower`).
"""
