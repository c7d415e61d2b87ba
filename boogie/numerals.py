"""Conversions between numerals and Python ints of any size, and the limits on numerals.

Role: Boogie's `int` is the mathematical integers, so a literal may have any number of digits,
but Python's `int(str)` and `str(int)` refuse more than 4,300 digits (CPython's guard against
their quadratic cost, `sys.int_info.str_digits_check_threshold`).  `int_of_digits` and
`digits_of` convert by divide and conquer (halves joined by a multiplication or split by one
`divmod` with a power of ten), with no global state and faster than the built-ins on long
numbers; the printer, the SMT encoder and messages use them.

Limits (checked by the parser, which reports them at the literal):
- `MAX_DIGITS`: a numeral has at most 100,000 digits.  Far beyond any program's constant
  (2**64 has 20 digits, a 2**16-bit value 19,729); a literal of 10^5 digits converts in
  about 0.1 s, while 10^6 digits would take seconds each time it is printed or encoded.
- `MAX_BV_WIDTH`: a bitvector width is at most 2**23 = 8,388,608 bits, the widest integer
  type LLVM IR allows (`IntegerType::MAX_INT_BITS`), so every program the LLVM front end
  produces is accepted; wider widths come only from hostile input (a width of 10^20 would
  make `1 << width` exhaust memory), and width 0 has no SMT sort.
- `MAX_EXPONENT`: the exponent of a decimal literal (`1.5e-3`) is at most 100,000 in size:
  `1e999999999` would otherwise be expanded into a 10^9-digit fraction.
"""
from __future__ import annotations

from functools import lru_cache

MAX_DIGITS = 100_000
MAX_BV_WIDTH = 1 << 23
MAX_EXPONENT = 100_000

_CHUNK = 3000            # digits the built-ins convert directly (below CPython's 4,300)
_CHUNK_BITS = 9000       # ints of at most this many bits have at most 2,710 digits


@lru_cache(maxsize=64)
def _pow10(k: int) -> int:
    return 10 ** k


def int_of_digits(text: str) -> int:
    """The int of a decimal numeral (optional sign, then digits), of any length."""
    if len(text) <= _CHUNK:
        return int(text)
    if text[0] in "+-":
        n = int_of_digits(text[1:])
        return -n if text[0] == "-" else n
    k = len(text) // 2
    return int_of_digits(text[:-k]) * _pow10(k) + int_of_digits(text[-k:])


def digits_of(n: int) -> str:
    """The decimal numeral of an int of any size (`str(n)` for small ones)."""
    if n.bit_length() <= _CHUNK_BITS:
        return str(n)
    if n < 0:
        return "-" + digits_of(-n)
    k = (n.bit_length() * 30103 // 100000) // 2          # about half the digits
    hi, lo = divmod(n, _pow10(k))
    return digits_of(hi) + digits_of(lo).zfill(k)


def short_digits(n: int, keep: int = 40) -> str:
    """`n` for a message: in full up to `keep` digits, else its first digits and length."""
    if n.bit_length() <= 3 * keep:
        s = str(n)
        if len(s) <= keep:
            return s
    s = digits_of(n)
    sign = "-" if s.startswith("-") else ""
    body = s.lstrip("-")
    return f"{sign}{body[:12]}...({len(body)} digits)" if len(body) > keep else s
