"""DAG inlining's parts (Lal and Qadeer, DAG Inlining, PLDI 2015), used by the strategy
`verifier/strategies/dag_inlining.py` (`--strategy di`) through `CallTree.sharing`.

    disjoint.py   Disj_blk of a template's call sites (Sec. 3.3, once per template)
    graph.py      the DAG's shape; Algorithm 1, incremental (`can_bind`) and from scratch
    merge.py      the merge strategies FIRST, MAXC, RANDOM, RANDOMPICK, OPT (Sec. 3.4)
    opt.py        full unfoldings within the bound: OPT's D_o (colouring), greedy DAGs
    node_vc.py    a shared instance's VC and the edges into it (Fig. 8)
    sharing.py    `DagSharing`: binds open call sites inside the call tree; replay
"""
