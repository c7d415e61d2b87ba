"""Whole-file syntactic scans computed once per syntax tree.

Role: a program is translated several times over the same parsed files (translate.py:
the memory models from the most split to the most general, the field-split retries, the
layout check's and the harness's declaration passes), and each translation's pass 1 scans
every file: names under `&`, `#pragma pack` states, identifiers, escaping names.  On a
30,000-line driver those scans were a third of the C front end's time.  `per_ast` keeps a
scan's result with the tree (weakly: it goes when the tree goes); results are frozen
(frozenset, read-only mapping, tuple) so that no caller can change what the next one sees.
"""
from __future__ import annotations

import functools
import weakref
from types import MappingProxyType

_MEMO: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _frozen(v):
    if isinstance(v, (set, frozenset)):
        return frozenset(v)
    if isinstance(v, dict):
        return MappingProxyType(v)      # a fresh result: no one else holds it
    if isinstance(v, tuple):
        return tuple(_frozen(x) for x in v)
    return v


def per_ast(fn):
    """`fn(ast, *args)`, a pure function of the tree and hashable arguments (a set argument
    is keyed as a frozenset), computed once per tree and arguments."""
    @functools.wraps(fn)
    def memo(ast, *args):
        table = _MEMO.setdefault(ast, {})
        key = (fn.__module__, fn.__qualname__,
               tuple(frozenset(a) if isinstance(a, set) else a for a in args))
        if key not in table:
            table[key] = _frozen(fn(ast, *args))
        return table[key]
    return memo
