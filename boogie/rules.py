"""Typestate rule files: their grammar, their parser and the frozen rules they describe.

Role: reads the small rule files a user states API usage rules in (the way SDV's SLIC rules
are stated outside the driver and checked with Corral), e.g.

    # spinlock.rules
    rule spinlock "acquire and release alternate per lock"
      states released acquired          # the first is every object's initial state
      key arg1                          # the object a call acts on: its 1st argument
      call KeAcquireSpinLock: released -> acquired   "lock acquired twice"
      call KeReleaseSpinLock: acquired -> released   "lock released without being held"
      at exit: released                 "lock still held at exit"

Input: the text of a file; output: a tuple of `Rule`s, or a `BoogieError` whose diagnostic
is at the offending `file:line:col`.  `boogie/passes/typestate.py` turns rules into ghost
state and assertions around the named calls.

Grammar (one item per line; `#` starts a comment; blank lines are ignored):

    file       := { rule }
    rule       := 'rule' NAME [STRING]  NEWLINE           the STRING describes the rule
                  'states' NAME { NAME } NEWLINE           the first state is the initial one
                  'key' ( 'arg' NUMBER | 'global' ) NEWLINE
                  { call | exit } ...                      (any order after `states`/`key`)
    call       := 'call' FUNCTION [ '(' 'arg' NUMBER ')' ] ':' move { ',' move } [STRING]
    move       := ( STATE | '*' ) '->' STATE [ 'if' 'result' ( '==' | '!=' ) ['-'] NUMBER ]
    exit       := 'at' 'exit' ':' STATE { STATE } [STRING]
    NAME, STATE, FUNCTION := [A-Za-z_][A-Za-z0-9_]*      (FUNCTION: the C function's name)
    STRING     := '"' { any character but '"' and '\\', or '\\"' or '\\\\' } '"'

Meaning.  `key argN` tracks one state per object, the object being the value of the call's
N-th argument (a pointer: the lock, the IRP); `key global` tracks one state for the whole
program (an IRQL level, "a request is pending").  `call F(argM)` takes the key from the M-th
argument of F instead of the rule's (the same object may be passed in another position,
e.g. the IRP is the 2nd argument of IoCallDriver).  A call of F in a state without a move
listed for F is a violation reported with the line's STRING (the rule's message); `*`
moves every state not listed on that line.  A move happens before the call -- unless it
tests the call's result (`if result == 0`): then it happens when the call returns with
such a result (a try-lock: `unlocked -> locked if result != 0`), and the state stays as it
was otherwise.  A state has one unconditional move, or any number of moves testing the
result (the first that holds is taken).  `at exit` lists the states every object (or
the global state) may be in when the entry function returns; a violation is reported with
its STRING.  A rule without `at exit` checks the calls only.  For a keyed rule the initial
state must be accepted at exit (objects never used stay in it).  Each function appears at
most once per rule; several rules may name the same function (each checks its own state).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .ast import Loc
from .errors import error


@dataclass(frozen=True, slots=True)
class Move:
    """A transition of a call: from `source` (None: every state not listed on the line) to
    `target`; with `when` = (op, n), op "==" or "!=", only when the call returns a result
    that compares so with n (applied after the call)."""
    source: str | None
    target: str
    when: tuple[str, int] | None = None


@dataclass(frozen=True, slots=True)
class CallRule:
    """What a call of `function` does to the rule's state.  `key`: the 1-based argument
    that names the object (None: the rule is global).  A state without a move is a
    violation, reported with `message`."""
    function: str
    key: int | None
    moves: tuple[Move, ...]
    message: str
    loc: Loc

    def sources(self) -> tuple[str, ...] | None:
        """The states the call is allowed in, or None when `*` allows every state."""
        if any(m.source is None for m in self.moves):
            return None
        return tuple(dict.fromkeys(m.source for m in self.moves))

    @property
    def tests_result(self) -> bool:
        return any(m.when is not None for m in self.moves)


@dataclass(frozen=True, slots=True)
class ExitRule:
    """The states accepted when the entry returns; any other is reported with `message`."""
    accepted: tuple[str, ...]
    message: str
    loc: Loc


@dataclass(frozen=True, slots=True)
class Rule:
    name: str
    description: str
    states: tuple[str, ...]        # states[0] is the initial state
    key: int | None                # the rule's key argument (1-based); None: global
    calls: tuple[CallRule, ...]
    exit: ExitRule | None
    loc: Loc

    @property
    def initial(self) -> str:
        return self.states[0]

    def code(self, state: str) -> int:
        """The state's number in the instrumented program (the initial state is 0)."""
        return self.states.index(state)


# ----------------------------------------------------------------------------- tokens

_TOKEN = re.compile(r"""
    (?P<space>[ \t\r\f\v]+)
  | (?P<comment>\#.*)
  | (?P<string>"(?:[^"\\\n]|\\.)*")
  | (?P<open>"[^\n]*)
  | (?P<arrow>->)
  | (?P<compare>==|!=)
  | (?P<number>-?[0-9]+)
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<punct>[:,()*])
""", re.X)


@dataclass(frozen=True, slots=True)
class _Tok:
    kind: str          # name, number, string, arrow, punct, end
    text: str
    col: int           # 1-based


def _tokens(line: str, loc_of) -> list[_Tok]:
    out: list[_Tok] = []
    pos = 0
    while pos < len(line):
        m = _TOKEN.match(line, pos)
        if m is None:
            raise error("parse", loc_of(pos + 1), f"unexpected character {line[pos]!r}")
        kind = m.lastgroup
        if kind == "open":
            raise error("parse", loc_of(pos + 1), "unterminated string")
        if kind not in ("space", "comment"):
            text = m.group()
            if kind == "string":
                text = re.sub(r"\\(.)", r"\1", text[1:-1])
            out.append(_Tok(kind, text, pos + 1))
        pos = m.end()
    out.append(_Tok("end", "", len(line) + 1))
    return out


class _Line:
    """A cursor over one line's tokens."""

    def __init__(self, toks: list[_Tok], loc_of) -> None:
        self.toks, self.i, self.loc_of = toks, 0, loc_of

    @property
    def peek(self) -> _Tok:
        return self.toks[self.i]

    def loc(self, tok: _Tok | None = None) -> Loc:
        return self.loc_of((tok or self.peek).col)

    def take(self, kind: str, text: str | None = None, what: str = "") -> _Tok:
        t = self.peek
        if t.kind != kind or (text is not None and t.text != text):
            want = what or (f"'{text}'" if text is not None else kind)
            got = "the end of the line" if t.kind == "end" else f"'{t.text}'"
            raise error("parse", self.loc(t), f"expected {want}, found {got}")
        self.i += 1
        return t

    def accept(self, kind: str, text: str | None = None) -> _Tok | None:
        t = self.peek
        if t.kind == kind and (text is None or t.text == text):
            self.i += 1
            return t
        return None

    def optional_string(self) -> str | None:
        t = self.accept("string")
        return t.text if t is not None else None

    def end(self) -> None:
        self.take("end", what="the end of the line")


# ----------------------------------------------------------------------------- parser

@dataclass
class _Draft:
    """A rule being read."""
    name: str
    description: str
    loc: Loc
    states: tuple[str, ...] = ()
    key: int | None = None
    key_seen: bool = False
    calls: list[CallRule] = field(default_factory=list)
    exit: ExitRule | None = None


def parse_rules(text: str, path: str) -> tuple[Rule, ...]:
    """The rules of a rule file's text; BoogieError at `path:line:col` on a bad file."""
    rules: list[Rule] = []
    draft: _Draft | None = None
    for n, line in enumerate(text.split("\n"), 1):
        loc_of = (lambda col, n=n: Loc(path, n, col))
        toks = _tokens(line, loc_of)
        cur = _Line(toks, loc_of)
        if cur.peek.kind == "end":
            continue
        head = cur.take("name", what="rule, states, key, call or at")
        if head.text == "rule":
            if draft is not None:
                rules.append(_finish(draft))
            name = cur.take("name", what="the rule's name")
            if any(r.name == name.text for r in rules):
                raise error("duplicate", cur.loc(name), f"rule {name.text} is defined twice")
            draft = _Draft(name.text, cur.optional_string() or "", cur.loc(name))
            cur.end()
            continue
        if draft is None:
            raise error("parse", cur.loc(head), f"'{head.text}' outside a rule: a rule file "
                        "starts with `rule NAME \"description\"`")
        if head.text == "states":
            _states(draft, cur, head)
        elif head.text == "key":
            _key(draft, cur, head)
        elif head.text == "call":
            _call(draft, cur, head)
        elif head.text == "at":
            _exit(draft, cur, head)
        else:
            raise error("parse", cur.loc(head), f"unknown item '{head.text}' (expected rule, "
                        "states, key, call or at exit)")
    if draft is not None:
        rules.append(_finish(draft))
    if not rules:
        raise error("parse", Loc(path, 1, 1), "no rule in the file")
    return tuple(rules)


def read_rules(path: str) -> tuple[Rule, ...]:
    """The rules of the file at `path` (BoogieError when it cannot be read or is bad)."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except UnicodeDecodeError:
        raise error("input", Loc(path, 1, 1), "cannot read rule file: not UTF-8 text") \
            from None
    except OSError as e:
        raise error("io", Loc(path, 1, 1),
                    f"cannot read rule file: {e.strerror or type(e).__name__}") from None
    return parse_rules(text, path)


def _states(d: _Draft, cur: _Line, head: _Tok) -> None:
    if d.states:
        raise error("duplicate", cur.loc(head), f"rule {d.name}: a second states line")
    names: list[str] = []
    while cur.peek.kind != "end":
        t = cur.take("name", what="a state name")
        if t.text in names:
            raise error("duplicate", cur.loc(t), f"rule {d.name}: state {t.text} listed twice")
        names.append(t.text)
    if not names:
        raise error("parse", cur.loc(), f"rule {d.name}: states needs at least one state")
    d.states = tuple(names)


def _key_arg(cur: _Line, what: str) -> int:
    """`argN` (one token) -> N."""
    t = cur.peek
    m = re.fullmatch(r"arg([0-9]+)", t.text) if t.kind == "name" else None
    if m is None or int(m.group(1)) < 1:
        found = "the end of the line" if t.kind == "end" else repr(t.text)
        raise error("parse", cur.loc(t), f"expected {what} (arg1 is the call's first "
                    f"argument), found {found}")
    cur.i += 1
    return int(m.group(1))


def _key(d: _Draft, cur: _Line, head: _Tok) -> None:
    if d.key_seen:
        raise error("duplicate", cur.loc(head), f"rule {d.name}: a second key line")
    if cur.accept("name", "global"):
        d.key = None
    else:
        d.key = _key_arg(cur, "argN or global")
    d.key_seen = True
    cur.end()


def _need_header(d: _Draft, cur: _Line, head: _Tok) -> None:
    if not d.states:
        raise error("parse", cur.loc(head), f"rule {d.name}: the states line must come "
                    f"before '{head.text}'")
    if not d.key_seen:
        raise error("parse", cur.loc(head), f"rule {d.name}: the key line must come before "
                    f"'{head.text}' (key argN, or key global for one state of the whole "
                    "program)")


def _state(d: _Draft, cur: _Line) -> tuple[str, Loc]:
    t = cur.take("name", what="a state name")
    if t.text not in d.states:
        raise error("undeclared", cur.loc(t), f"rule {d.name}: unknown state {t.text} "
                    f"(states: {', '.join(d.states)})")
    return t.text, cur.loc(t)


def _call(d: _Draft, cur: _Line, head: _Tok) -> None:
    _need_header(d, cur, head)
    fn = cur.take("name", what="the called function's name")
    if any(c.function == fn.text for c in d.calls):
        raise error("duplicate", cur.loc(fn), f"rule {d.name}: {fn.text} has a call line "
                    "already (list all its moves on one line, separated by commas)")
    key = d.key
    if cur.accept("punct", "("):
        arg_tok = cur.peek
        key = _key_arg(cur, "argN")
        if d.key is None:
            raise error("parse", cur.loc(arg_tok), f"rule {d.name} is global (key global): "
                        "a call cannot name a key argument")
        cur.take("punct", ")")
    cur.take("punct", ":")
    moves: list[Move] = []
    seen: dict[str | None, bool] = {}       # source -> its move tests the result
    while True:
        star = cur.accept("punct", "*")
        if star is not None:
            source, where = None, cur.loc(star)
        else:
            source, where = _state(d, cur)
        cur.take("arrow", what="'->'")
        target, _ = _state(d, cur)
        when = _condition(d, cur, star is not None)
        if source in seen and not (seen[source] and when is not None):
            what = "*" if source is None else f"state {source}"
            raise error("duplicate", where, f"rule {d.name}: {fn.text} has two moves from "
                        f"{what} (only moves testing the result may share a state)")
        seen[source] = when is not None
        moves.append(Move(source, target, when))
        if not cur.accept("punct", ","):
            break
    message = cur.optional_string()
    cur.end()
    if message is None:
        allowed = list(dict.fromkeys(m.source for m in moves if m.source is not None))
        message = f"{fn.text} called in a state other than {', '.join(allowed)}" \
            if None not in seen else f"{fn.text} called"
    d.calls.append(CallRule(fn.text, key, tuple(moves), message, cur.loc(fn)))


def _condition(d: _Draft, cur: _Line, star: bool) -> tuple[str, int] | None:
    """`if result == N` / `if result != N` after a move, or None."""
    t = cur.accept("name", "if")
    if t is None:
        return None
    if star:
        raise error("parse", cur.loc(t), f"rule {d.name}: a '*' move cannot test the result")
    cur.take("name", "result", "'result' (if result == N)")
    op = cur.take("compare", what="'==' or '!='")
    n = cur.take("number", what="an integer")
    return op.text, int(n.text)


def _exit(d: _Draft, cur: _Line, head: _Tok) -> None:
    _need_header(d, cur, head)
    cur.take("name", "exit", "'exit' (at exit: STATE...)")
    cur.take("punct", ":")
    if d.exit is not None:
        raise error("duplicate", cur.loc(head), f"rule {d.name}: a second 'at exit' line")
    accepted: list[str] = []
    while cur.peek.kind == "name":
        s, _ = _state(d, cur)
        if s not in accepted:
            accepted.append(s)
    if not accepted:
        raise error("parse", cur.loc(), f"rule {d.name}: at exit needs the accepted states")
    message = cur.optional_string()
    cur.end()
    if message is None:
        message = f"at exit, not in state {' or '.join(accepted)}"
    if d.key is not None and d.states and d.states[0] not in accepted:
        raise error("parse", cur.loc(head), f"rule {d.name}: the initial state {d.states[0]} "
                    "must be accepted at exit (objects the program never uses stay in it)")
    d.exit = ExitRule(tuple(accepted), message, cur.loc(head))


def _finish(d: _Draft) -> Rule:
    if not d.states:
        raise error("parse", d.loc, f"rule {d.name} has no states line")
    if not d.key_seen:
        raise error("parse", d.loc, f"rule {d.name} has no key line (key argN, or key global)")
    if not d.calls:
        raise error("parse", d.loc, f"rule {d.name} has no call line")
    return Rule(d.name, d.description, d.states, d.key, tuple(d.calls), d.exit, d.loc)

