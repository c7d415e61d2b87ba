"""Turns the structured statements of a Boogie body (`if`, `while`, `break`, labels) into
basic blocks, as the parser reads them (parser.py), so bodies in the AST are always lists of
blocks.

Input: the parser's statement items -- `("label", name, loc)`, `("cmd", cmd)`, `("jump",
goto_or_return)`, `("if", guard, then_items, else_items, loc)`, `("while", guard,
invariants, body_items, loc)`, `("break", label, loc)` (a guard of `*` is None).
Generated labels are `anonN`, `anonN_Then`, `anonN_Else`, `anonN_LoopHead`,
`anonN_LoopBody`, `anonN_LoopDone`, numbered in source order and skipping any name the
body already uses as a label, so the result is deterministic and printing then re-parsing
it gives an equal AST.
"""
from __future__ import annotations

from .ast import App, Assert, Assume, Block, Expr, Goto, Loc, Op, Return
from .errors import error


def lower(user_labels: set[str], items: list, end: Loc) -> list[Block]:
    """The blocks of a body's statement items (`end`: the location of its closing brace)."""
    return _Lowering(user_labels).lower(items, end)


class _Loop:
    """A break target: the structured statement's labels and its exit label."""
    __slots__ = ("labels", "is_loop", "exit", "after", "guarded", "lowering")

    def __init__(self, labels, is_loop, exit_label, guarded, lowering):
        self.labels = labels
        self.is_loop = is_loop
        self.exit = exit_label
        self.after = None
        self.guarded = guarded
        self.lowering = lowering

    def target(self) -> str:
        """Where `break` goes.  A guarded loop's exit block starts with `assume !guard`,
        which a `break` must bypass, so it gets a separate continuation block."""
        if not (self.is_loop and self.guarded):
            return self.exit
        if self.after is None:
            self.after = self.lowering.fresh(("",))[0]
        return self.after


class _Lowering:
    """Turns parsed statement items into basic blocks.

    - A label starts a block; a block left open falls through with `goto next`, the last
      open block gets `return`; commands before any label (or after a jump) go into a block
      with a generated label.
    - `if (e) {A} else {B}` ends the current block with `goto T, E`; T starts `assume e`,
      E starts `assume !e`, both jump to a join block where lowering continues.
    - `while (e) invariant I; {S}` ends the current block (a fresh one if none is open,
      so the entry block is never a loop head) with a jump to a head block holding `assert I` (`assume` for a
      free invariant) that jumps to a body block (`assume e; S; goto head`) and an exit
      block (`assume !e`).  `*` guards produce no assumes.  `break` jumps past the exit
      block's assume.
    """

    def __init__(self, user_labels: set[str]):
        self.used = set(user_labels)
        self.n = 0
        self.blocks: list[Block] = []
        self.label = ""
        self.cmds: list = []
        self.block_loc: Loc | None = None
        self.open = False

    def fresh(self, suffixes) -> list[str]:
        while True:
            names = [f"anon{self.n}{s}" for s in suffixes]
            self.n += 1
            if not any(name in self.used for name in names):
                self.used.update(names)
                return names

    def start(self, label: str, loc: Loc) -> None:
        if self.open:
            self.close(Goto((label,), loc=loc))
        self.label, self.cmds, self.block_loc, self.open = label, [], loc, True

    def close(self, transfer) -> None:
        self.blocks.append(Block(self.label, tuple(self.cmds), transfer, loc=self.block_loc))
        self.open = False

    def ensure_open(self, loc: Loc) -> None:
        if not self.open:
            self.start(self.fresh(("",))[0], loc)

    def emit(self, cmd) -> None:
        self.ensure_open(cmd.loc)
        self.cmds.append(cmd)

    def lower(self, items: list, end: Loc) -> list[Block]:
        self.items(items, [])
        if not self.blocks:
            self.ensure_open(end)
        if self.open:
            self.close(Return(loc=end))
        return self.blocks

    def items(self, items: list, targets: list[_Loop]) -> None:
        pending: list[str] = []          # labels directly in front of the next statement
        for item in items:
            tag = item[0]
            if tag == "label":
                self.start(item[1], item[2])
                pending.append(item[1])
                continue
            labels, pending = pending, []
            if tag == "cmd":
                self.emit(item[1])
            elif tag == "jump":
                self.ensure_open(item[1].loc)
                self.close(item[1])
            elif tag == "if":
                self.if_stmt(item, labels, targets)
            elif tag == "while":
                self.while_stmt(item, labels, targets)
            else:
                self.break_stmt(item, targets)

    def if_stmt(self, item, labels, targets) -> None:
        _, guard, then, else_, loc = item
        self.ensure_open(loc)
        then_label, else_label, join = self.fresh(("_Then", "_Else", ""))
        self.close(Goto((then_label, else_label), loc=loc))
        inner = targets + [_Loop(labels, False, join, guard is not None, self)]
        for label, branch, assume in ((then_label, then, guard),
                                      (else_label, else_ or [], _negate(guard))):
            self.start(label, loc)
            if assume is not None:
                self.emit(Assume(assume, loc=assume.loc))
            self.items(branch, inner)
            if self.open:
                self.close(Goto((join,), loc=loc))
        self.start(join, loc)

    def while_stmt(self, item, labels, targets) -> None:
        _, guard, invariants, body, loc = item
        self.ensure_open(loc)            # the entry block is never a loop head
        head, body_label, done = self.fresh(("_LoopHead", "_LoopBody", "_LoopDone"))
        self.start(head, loc)
        for free, e, attrs, iloc in invariants:
            self.emit((Assume if free else Assert)(e, attrs, loc=iloc))
        self.close(Goto((body_label, done), loc=loc))
        loop = _Loop(labels, True, done, guard is not None, self)
        self.start(body_label, loc)
        if guard is not None:
            self.emit(Assume(guard, loc=guard.loc))
        self.items(body, targets + [loop])
        if self.open:
            self.close(Goto((head,), loc=loc))
        self.start(done, loc)
        if guard is not None:
            self.emit(Assume(_negate(guard), loc=guard.loc))
        if loop.after is not None:
            self.start(loop.after, loc)

    def break_stmt(self, item, targets) -> None:
        _, label, loc = item
        for t in reversed(targets):
            if (label is None and t.is_loop) or (label is not None and label in t.labels):
                self.ensure_open(loc)
                self.close(Goto((t.target(),), loc=loc))
                return
        if label is None:
            raise error("parse", loc, "'break' outside of a loop")
        raise error("parse", loc, f"'break {label}' is not inside a statement labeled '{label}'")


def _negate(e: Expr | None) -> Expr | None:
    return None if e is None else App(Op.NOT, (e,), loc=e.loc)
