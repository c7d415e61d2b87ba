"""The C front end: C source (pycparser) to Boogie, HAVOC-style (see translate.py).

Public API: `translate_files(paths, CFrontendOptions(encoding, data_model, entry,
check_overflow)) -> boogie.ast.Program`.
"""
from .translate import CFrontendOptions, translate_files

__all__ = ["CFrontendOptions", "translate_files"]
