"""A procedure builder: the one mutable object the C translator writes Boogie blocks into.

Role: collects commands into the current block, opens new blocks, ends blocks with `goto` or
`return`, declares fresh locals, and attaches the `{:sourceloc "file", line, col}` attribute
to the first command of each C statement.  `finish()` returns the frozen `Body`.
"""
from __future__ import annotations

from boogie.ast import (Assign, Assume, Attr, Block, BoolLit, Body, Cmd, Goto, IntLit, Loc, NO_LOC, Return, Type, Var,
                        VarDecl)
from dataclasses import replace


def sourceloc(loc: Loc) -> Attr:
    return Attr("sourceloc", (loc.file, IntLit(loc.line), IntLit(loc.col)), loc=loc)


class ProcBuilder:
    def __init__(self, name: str, first_label: str = "$entry"):
        self.name = name
        self.blocks: list[Block] = []
        self.locals: dict[str, VarDecl] = {}
        self._label = first_label
        self._label_loc = NO_LOC
        self._cmds: list[Cmd] = []
        self._open = True
        self._counter = 0
        self._pending_stmt: Loc | None = None
        self._used_labels: set[str] = {"$entry"}

    # ------------------------------------------------------------------ names
    def new_label(self, hint: str) -> str:
        self._counter += 1
        label = f"${hint}{self._counter}"
        self._used_labels.add(label)
        return label

    def fresh(self, t: Type, hint: str = "t", loc: Loc = NO_LOC) -> Var:
        self._counter += 1
        name = f"${hint}{self._counter}"
        while name in self.locals:          # a name __SMACK_decl declared
            self._counter += 1
            name = f"${hint}{self._counter}"
        self.locals[name] = VarDecl(name, t, loc=loc)
        return Var(name, loc=loc)

    def declare(self, name: str, t: Type, loc: Loc = NO_LOC) -> None:
        assert name not in self.locals, name
        self.locals[name] = VarDecl(name, t, loc=loc)

    # ------------------------------------------------------------------ commands
    def statement(self, loc: Loc) -> None:
        """The next command starts the C statement at loc."""
        self._pending_stmt = loc

    def emit(self, cmd: Cmd) -> None:
        if not self._open:
            self.start(self.new_label("dead"))
        if self._pending_stmt is not None:
            loc, self._pending_stmt = self._pending_stmt, None
            if isinstance(cmd, Assign):
                # Boogie has no attributes on assignments: mark the statement SMACK-style
                self._cmds.append(Assume(BoolLit(True), (sourceloc(loc),), loc=loc))
            else:
                cmd = replace(cmd, attrs=(sourceloc(loc),) + cmd.attrs)
        self._cmds.append(cmd)

    # ------------------------------------------------------------------ blocks
    @property
    def is_open(self) -> bool:
        return self._open

    def start(self, label: str, loc: Loc = NO_LOC) -> None:
        """Open block `label`; a still-open current block falls through into it."""
        if self._open:
            self.goto([label], loc)
        self._label, self._label_loc, self._cmds, self._open = label, loc, [], True

    def goto(self, labels: list[str], loc: Loc = NO_LOC) -> None:
        if not self._open:
            return
        self._close(Goto(tuple(labels), loc=loc))

    def ret(self, loc: Loc = NO_LOC) -> None:
        if not self._open:
            return
        self._close(Return(loc=loc))

    def _close(self, transfer) -> None:
        self.blocks.append(Block(self._label, tuple(self._cmds), transfer, loc=self._label_loc))
        self._open = False

    def finish(self, loc: Loc, external_labels: tuple[str, ...] = ()) -> Body:
        """The body; every goto must target a block of this body (or `external_labels`,
        for a prologue that is joined to another body)."""
        if self._open:
            self.ret(loc)
        labels = {b.label for b in self.blocks} | set(external_labels)
        for b in self.blocks:
            if isinstance(b.transfer, Goto):
                for lab in b.transfer.labels:
                    assert lab in labels, f"{self.name}: goto to unknown label {lab}"
        return Body(tuple(self.locals.values()), tuple(self.blocks), loc=loc)
