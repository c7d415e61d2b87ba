"""Checks that a witness's C (or ACSL) expression is well formed, without building it.

Role: witnesses carry expressions as text: GraphML `assumption`s ("\\result == 5; x > 0;")
and YAML waypoint constraints.  `expression_problem(text)` returns None for a well-formed
expression, else the 0-based offset of the first bad token and what is wrong.  It is a
syntax check, not a C parser: tokens, then an automaton that alternates operands and
operators with an explicit stack of open brackets (no recursion, so `((((...` of any depth
is fine).  Accepted: identifiers, `\\result` and other `\\`-words of ACSL, number, character
and string literals, prefix (`- + ! ~ * & ++ -- sizeof`), binary, ternary, assignment and
comma operators, postfix `++ --`, calls, subscripts, member access, and casts
`(unsigned long) x` (a parenthesized list of type words followed by an operand).
`assumption_problem(text)` checks a GraphML assumption: expression statements, each ending
in ';'.
"""
from __future__ import annotations

import re

_TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<num>(?:0[xX][0-9a-fA-F]+|[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9]+(?:[eE][-+]?[0-9]+)?)[uUlLfF]*)
  | (?P<char>L?'(?:[^'\\\n]|\\.)+')
  | (?P<str>L?"(?:[^"\\\n]|\\.)*")
  | (?P<id>\\?[A-Za-z_][A-Za-z0-9_]*)
  | (?P<op><<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^]=|[-+*/%<>=!~&|^?:,.])
  | (?P<open>[(\[])
  | (?P<close>[)\]])
""", re.X)

_PREFIX = frozenset(("-", "+", "!", "~", "*", "&", "++", "--"))
_BINARY = frozenset(("*", "/", "%", "+", "-", "<<", ">>", "<", ">", "<=", ">=", "==", "!=",
                     "&", "^", "|", "&&", "||", "=", "*=", "/=", "%=", "+=", "-=", "<<=",
                     ">>=", "&=", "^=", "|=", ","))
_TYPE_WORDS = frozenset(("void", "char", "short", "int", "long", "float", "double", "signed",
                         "unsigned", "_Bool", "const", "volatile", "struct", "union", "enum"))

Problem = tuple[int, str]


def _tokens(text: str) -> list[tuple[str, str, int]] | Problem:
    out = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            return pos, f"unexpected character {text[pos]!r}"
        if m.lastgroup != "ws":
            out.append((m.lastgroup, m.group(), pos))
        pos = m.end()
    return out


def _type_group_end(toks, i: int) -> tuple[int, bool] | None:
    """For `( type words )` at toks[i] == "(": the index after ")" and whether a C type
    keyword is among the words; None when the group holds anything else."""
    j = i + 1
    words, keyword = 0, False
    while j < len(toks) and ((toks[j][0] == "id" and not toks[j][1].startswith("\\"))
                             or toks[j][1] == "*"):
        if toks[j][0] == "id":
            words += 1
            keyword = keyword or toks[j][1] in _TYPE_WORDS
        j += 1
    if words == 0 or j >= len(toks) or toks[j][1] != ")" or (words > 1 and not keyword):
        return None
    return j + 1, keyword


def _cast_end(toks, i: int) -> int | None:
    """The index after a cast `(unsigned int)` / `(size_t)` at toks[i], or None: a type
    group followed by an operand (or, after a C type keyword, by a prefix operator; a
    typedef name followed by `-` reads as a parenthesized operand instead)."""
    group = _type_group_end(toks, i)
    if group is None or group[0] >= len(toks):
        return None
    end, keyword = group
    kind, tok, _ = toks[end]
    if kind in ("id", "num", "char", "str") or tok == "(" or (keyword and tok in _PREFIX):
        return end
    return None


def expression_problem(text: str) -> Problem | None:
    """None when `text` is one well-formed C expression, else (offset, message)."""
    toks = _tokens(text)
    if isinstance(toks, tuple):
        return toks
    if not toks:
        return 0, "empty expression"
    stack: list[tuple[str, int]] = []       # open brackets: "(", "call", "[", "?"
    operand = False                         # True: an operand was just completed
    i = 0
    while i < len(toks):
        kind, tok, pos = toks[i]
        if not operand:
            if kind in ("num", "char", "str") or (kind == "id" and tok != "sizeof"):
                operand = True
            elif tok == "sizeof" and i + 1 < len(toks) and toks[i + 1][1] == "(" \
                    and _type_group_end(toks, i + 1) is not None \
                    and _type_group_end(toks, i + 1)[1]:
                i = _type_group_end(toks, i + 1)[0]          # sizeof(unsigned long)
                operand = True
                continue
            elif tok == "sizeof" or tok in _PREFIX:
                pass
            elif tok == "(":
                end = _cast_end(toks, i)
                if end is not None:
                    i = end
                    continue
                stack.append(("(", pos))
            elif tok == ")" and stack and stack[-1][0] == "call" and toks[i - 1][1] == "(":
                stack.pop()                  # f()
                operand = True
            else:
                return pos, f"expected an operand, found {tok!r}"
        else:
            if tok in ("++", "--"):
                pass
            elif tok in (".", "->"):
                if i + 1 >= len(toks) or toks[i + 1][0] != "id":
                    return pos, f"expected a member name after {tok!r}"
                i += 2
                continue
            elif tok == "(":
                stack.append(("call", pos))
                operand = False
            elif tok == "[":
                stack.append(("[", pos))
                operand = False
            elif tok == "?":
                stack.append(("?", pos))
                operand = False
            elif tok == ":":
                if not stack or stack[-1][0] != "?":
                    return pos, "':' without '?'"
                stack.pop()
                operand = False
            elif tok in (")", "]"):
                if stack and stack[-1][0] == "?":
                    return stack[-1][1], "'?' without ':'"
                want = ("(", "call") if tok == ")" else ("[",)
                if not stack or stack[-1][0] not in want:
                    return pos, f"unbalanced {tok!r}"
                stack.pop()
            elif tok in _BINARY:
                operand = False
            else:
                return pos, f"expected an operator, found {tok!r}"
        i += 1
    if not operand:
        return len(text), "the expression ends without an operand"
    if stack:
        what, pos = stack[-1]
        if what == "?":
            return pos, "'?' without ':'"
        return pos, f"unclosed {'[' if what == '[' else '('!r}"
    return None


def assumption_problem(text: str) -> Problem | None:
    """None when `text` is a sequence of C expression statements each ending in ';'."""
    body = text.rstrip()
    if not body.strip():
        return 0, "empty assumption"
    if not body.endswith(";"):
        return len(body), "an assumption ends in ';'"
    start = 0
    for m in re.finditer(r";", _blank_literals(body)):
        stmt = body[start:m.start()]
        if not stmt.strip():
            return m.start(), "empty statement"
        p = expression_problem(stmt)
        if p is not None:
            return start + p[0], p[1]
        start = m.end()
    return None


def _blank_literals(text: str) -> str:
    """`text` with the insides of string and character literals blanked (same length), so
    a ';' in a literal does not end a statement."""
    return re.sub(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'',
                  lambda m: m.group()[0] + " " * (len(m.group()) - 2) + m.group()[-1], text)
