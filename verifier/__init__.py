"""The verifier: VC generation, stratified inlining over an SMT solver, traces, and (later)
variable abstraction, Houdini, DAG inlining and widening. Only `verifier/smt/` imports z3."""
