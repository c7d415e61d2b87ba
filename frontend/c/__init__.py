"""The C front end: C source (pycparser) to Boogie, HAVOC-style (see translate.py).

Public API: `translate_files(paths, CFrontendOptions(encoding, data_model, entry,
check_overflow)) -> boogie.ast.Program`; `harness_for(paths, opts)`: the C harness that
calls entry function `opts.entry` with nondeterministic arguments (entry_harness.py).
"""
from .translate import CFrontendOptions, harness_for, translate_files

__all__ = ["CFrontendOptions", "harness_for", "translate_files"]
