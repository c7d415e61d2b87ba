"""Mutants and the text mutations they are made of.

A `Mutant` is one fuzz input: the files it consists of (written into a fresh folder), the
`pycorral` arguments that run it (relative to that folder), and what the oracle needs to
know about it (the `--timeout` given, the C file to ask gcc about, whether the input is
malformed for sure, the first line the mutation changed).

The mutations work on bytes decoded as Latin-1, so every byte value survives a round trip
and a mutation may insert bytes that are not UTF-8.  Token mutations use one small lexer
that is good enough for C, Boogie and LLVM IR (identifiers, numbers, strings, comments,
punctuation); it never fails, whatever the input.
"""
from __future__ import annotations

import dataclasses
import random
import re
from dataclasses import dataclass, field

# Token classes of the three source languages.  Order matters: comments and strings before
# punctuation, multi-character operators before single characters.
_TOKEN = r"""
    (?P<comment>{comment})
  | (?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
  | (?P<number>\d+bv\d+|0[xX][0-9a-fA-F]+[uUlL]*|\d+(?:\.\d*)?(?:[eE][-+]?\d+)?[uUlLfF]*)
  | (?P<ident>{ident})
  | (?P<space>\s+)
  | (?P<punct>:=|==>|<==>|<==|==|!=|<=|>=|&&|\|\||->|\+\+|--|<<|>>|::|\.\.\.|.)
"""
LEXERS = {
    "c": re.compile(_TOKEN.format(comment=r"/\*.*?\*/|//[^\n]*",
                                  ident=r"[A-Za-z_$][A-Za-z0-9_$]*"), re.VERBOSE | re.DOTALL),
    "bpl": re.compile(_TOKEN.format(comment=r"/\*.*?\*/|//[^\n]*",
                                    ident=r"[A-Za-z_$#'~^?][A-Za-z0-9_$.#'~^?]*"),
                      re.VERBOSE | re.DOTALL),
    "llvm": re.compile(_TOKEN.format(comment=r";[^\n]*",
                                     ident=r"[%@!#]?[-A-Za-z$._][-A-Za-z$._0-9]*|[%@!#]\d+"),
                       re.VERBOSE | re.DOTALL),
}


@dataclass
class Mutant:
    """One fuzz input and how to run it."""
    kind: str                       # c, bpl, llvm, svcomp, witness, options
    family: str                     # the mutation family, e.g. "token_delete"
    seed_name: str                  # the seed input it was made from
    files: dict[str, bytes]         # file name (relative) -> content
    argv: list[str]                 # pycorral arguments, run in the mutant's folder
    timeout: float | None = None    # the --timeout given to pycorral (hang oracle)
    wall: float | None = None       # our own kill limit when no --timeout is given
    c_input: str | None = None      # C file whose gcc verdict decides "rejected C"
    expect_reject: bool = False     # malformed for sure: an answer other than 2/20 is wrong
    changed_line: int | None = None  # first line that differs from the seed (1-based)
    ident: str = ""                 # kind-seed-index, set by the generator driver
    special: list[str] = field(default_factory=list)   # fifos etc. made at write time
    note: str = ""                  # a word on what was done, for the reproducer

    def with_ident(self, ident: str) -> "Mutant":
        return dataclasses.replace(self, ident=ident)


def to_text(data: bytes) -> str:
    return data.decode("latin-1")


def to_bytes(text: str) -> bytes:
    return text.encode("latin-1")


def utf8(text: str) -> str:
    """A Unicode string as the Latin-1 text of its UTF-8 bytes (to splice into a mutant)."""
    return text.encode("utf-8").decode("latin-1")


def tokens(text: str, lang: str = "c") -> list[tuple[str, int, int]]:
    """(class, start, end) of every token of `text` in `lang` (c, bpl, llvm), spaces
    included."""
    return [(m.lastgroup or "punct", m.start(), m.end()) for m in LEXERS[lang].finditer(text)]


def solid(toks: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """The tokens that are code: no spaces, no comments."""
    return [t for t in toks if t[0] not in ("space", "comment")]


def line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def first_changed_line(old: str, new: str) -> int | None:
    """The first (1-based) line where `new` differs from `old`; None if equal."""
    if old == new:
        return None
    i = 0
    n = min(len(old), len(new))
    while i < n and old[i] == new[i]:
        i += 1
    return line_of(new, i)


# ----------------------------------------------------------------------------- byte level

def byte_flip(rng: random.Random, text: str, lang: str = "c") -> str:
    """Flip one to three random bits at random places."""
    data = bytearray(to_bytes(text))
    if not data:
        return "\xff"
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(data))
        data[i] ^= 1 << rng.randrange(8)
    return to_text(bytes(data))


def truncate(rng: random.Random, text: str, lang: str = "c") -> str:
    """Cut the text at a random place (often inside a token, comment or string)."""
    if len(text) < 2:
        return ""
    return text[:rng.randrange(1, len(text))]


NON_UTF8 = ["\xff", "\xfe\xff", "\xc3\x28", "\x80", "\xed\xa0\x80", "\xf8\x88\x80\x80\x80",
            "\xc0\xaf", "\x00", "\xe2\x82", "\xff\xfe\x00\x00"]


def non_utf8(rng: random.Random, text: str, lang: str = "c", prefer: str = "string") -> str:
    """Insert bytes that are not UTF-8 (or NUL): inside a string literal or comment when
    there is one (`prefer`), else at a random token boundary."""
    bad = rng.choice(NON_UTF8)
    toks = tokens(text, lang)
    inside = [t for t in toks if t[0] == prefer and t[2] - t[1] >= 2]
    if inside and rng.random() < 0.7:
        _, s, e = rng.choice(inside)
        at = rng.randrange(s + 1, e)
    elif toks:
        at = rng.choice(toks)[1]
    else:
        at = 0
    return text[:at] + bad + text[at:]


# ----------------------------------------------------------------------------- token level

def token_delete(rng: random.Random, text: str, lang: str = "c") -> str:
    toks = solid(tokens(text, lang))
    if not toks:
        return text
    i = rng.randrange(len(toks))
    j = min(len(toks), i + rng.choice([1, 1, 1, 2, 3]))
    return text[:toks[i][1]] + text[toks[j - 1][2]:]


def token_duplicate(rng: random.Random, text: str, lang: str = "c") -> str:
    toks = solid(tokens(text, lang))
    if not toks:
        return text
    _, s, e = rng.choice(toks)
    return text[:e] + " " + text[s:e] + text[e:]


def token_swap(rng: random.Random, text: str, lang: str = "c") -> str:
    toks = solid(tokens(text, lang))
    if len(toks) < 2:
        return text
    i = rng.randrange(len(toks) - 1)
    (_, s1, e1), (_, s2, e2) = toks[i], toks[i + 1]
    return text[:s1] + text[s2:e2] + text[e1:s2] + text[s1:e1] + text[e2:]


def token_splice(rng: random.Random, text: str, lang: str = "c") -> str:
    """Copy a random token to another random place."""
    toks = solid(tokens(text, lang))
    if len(toks) < 2:
        return text
    _, s, e = rng.choice(toks)
    _, at, _ = rng.choice(toks)
    return text[:at] + text[s:e] + " " + text[at:]


def huge_number(rng: random.Random) -> str:
    digits = rng.choice([20, 40, 310, 5000, 20000])
    return str(rng.randint(1, 9)) + "".join(rng.choice("0123456789") for _ in range(digits - 1))


def replace_number(rng: random.Random, text: str, make, lang: str = "c") -> str:
    """Replace a random number token by `make(rng, old_token)`; append nothing when the
    text has no number."""
    nums = [t for t in tokens(text, lang) if t[0] == "number"]
    if not nums:
        return text
    _, s, e = rng.choice(nums)
    return text[:s] + make(rng, text[s:e]) + text[e:]


GENERIC = {
    "byte_flip": byte_flip,
    "truncate": truncate,
    "token_delete": token_delete,
    "token_duplicate": token_duplicate,
    "token_swap": token_swap,
    "token_splice": token_splice,
}


def nesting_depth(rng: random.Random, big: bool) -> int:
    """A nesting depth: moderate ones everywhere, the deep ones in the long campaign too."""
    return rng.choice([50, 200, 1000, 5000] + ([20000, 100000] if big else []))


def matching_brace(text: str, open_at: int, lang: str = "c") -> int:
    """The offset of the `}` closing the `{` at `open_at` (comments/strings respected);
    len(text) if unbalanced."""
    depth = 0
    for cls, s, _ in tokens(text[open_at:], lang):
        if cls != "punct":
            continue
        ch = text[open_at + s]
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return open_at + s
    return len(text)
