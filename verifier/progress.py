"""Live figures of a run, for a status line: the bound being searched, the procedure
instances inlined so far, the strategy.

`Progress` keeps them in a small anonymous shared memory block, so that the members of a
portfolio (forked children, `verifier.search.portfolio`) update what the parent's status line
reads.  The verifier only writes (`set_bound`, `inlined`); the CLI reads (`snapshot`).
"""
from __future__ import annotations

import mmap
import struct

_LAYOUT = struct.Struct("<qq")          # bound, instances


class Progress:
    def __init__(self, strategy: str = "") -> None:
        self._mem = mmap.mmap(-1, _LAYOUT.size)
        self.strategy = strategy

    def _get(self) -> tuple[int, int]:
        return _LAYOUT.unpack_from(self._mem, 0)

    def set_bound(self, bound: int) -> None:
        _LAYOUT.pack_into(self._mem, 0, bound, self._get()[1])

    def inlined(self, total: int) -> None:
        """The search's call tree now has `total` instances."""
        _LAYOUT.pack_into(self._mem, 0, self._get()[0], total)

    def snapshot(self) -> tuple[int, int]:
        """(bound, instances); 0 for what is not known yet."""
        return self._get()
