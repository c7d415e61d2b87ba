"""The search: the call tree of inlined instances (`call_tree`) and its cutoffs, Corral's
abstraction-refinement loop (`corral_loop`, `refine`), Houdini summaries (`houdini`,
`candidates`), the axiom check (`vacuity`), deepening the bound (`deepening`), and running
strategies side by side (`portfolio`, `isolate`).  The strategies themselves are in
`verifier.strategies`, DAG inlining's graph in `verifier.dag`."""
