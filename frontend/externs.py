"""Functions without a body: the Boogie procedures both front ends make of them, and what
a run reports about them.

Role: the shared vocabulary of the sound default for a called function that has neither a
body nor a model (frontend/c/externs.py, frontend/llvm/externs.py build the procedures;
the command line reads them back with `externals`).  Such a function X becomes

    procedure {:extern} {:cname "X"} {:cfunction "X", ...} {:havocs "m1", ...}
              {:first_call "file", line} X(p1, ...) returns (r)
    {
      havoc {:nondet "T from X"} r;  assume r is a value of T;
      havoc m1, ...;                 // the heap maps / regions it may write
    }

and every call site is `call r := X(...)` (a typestate rule pass instruments calls by
callee name, whatever the callee is).  A struct result has arbitrary contents: the C front
end returns it in a fresh object the caller allocates, the LLVM front end as one havocked
output per field (`{:struct_result}`; a native run cannot reproduce it).  The maps are those reachable from its non-`const`
pointer arguments, from the objects any function without a body was ever given (it may
keep a pointer and write through it in a later call), from the globals whose address
escapes, and from the objects such functions return.  With `--extern-pure` (SMACK's
convention) the procedure writes no memory and `{:extern_pure "m1", ...}` lists what it
would have written, so that a verdict resting on the assumption can say so.
Function pointers passed to such a function are not called by the default (callbacks
need a model).
"""
from __future__ import annotations

from dataclasses import dataclass

from boogie.ast import Attr, IntLit, Loc, Program, attr

EXTERN = "extern"             # on the procedure of a function without a body
CNAME = "cname"               # its C name (the procedure's may carry a `$` suffix)
HAVOCS = "havocs"             # the maps/regions its body havocs ("" args: none)
PURE = "extern_pure"          # --extern-pure: the maps/regions it would have havocked
FIRST_CALL = "first_call"     # the first call site the front end translated
STRUCT_RESULT = "struct_result"   # its result is a struct: a fresh object (C) or fields
                                  # (LLVM) of arbitrary contents
NOTE_LIMIT = 8                # names listed in the one-line note


def extern_attrs(c_name: str, havocs: tuple[str, ...], pure: bool,
                 first_call: Loc, struct_result: bool = False) -> tuple[Attr, ...]:
    """The attributes of the procedure of function `c_name` (see the module docstring)."""
    return (Attr(EXTERN), Attr(CNAME, (c_name,)),
            Attr(PURE if pure else HAVOCS, tuple(havocs)),
            Attr(FIRST_CALL, (first_call.file, IntLit(max(first_call.line, 0))))) + \
        ((Attr(STRUCT_RESULT),) if struct_result else ())


@dataclass(frozen=True, slots=True)
class External:
    """A function without a body the program calls, as its procedure says: the maps or
    regions its calls havoc (`havocs`), or, under --extern-pure, would have havocked
    (`assumed`: the verdict rests on these staying unchanged), and its first call site."""
    name: str
    havocs: tuple[str, ...] = ()
    assumed: tuple[str, ...] = ()
    first_call: str = ""

    def to_json(self) -> dict:
        out = {"name": self.name, "havocs": list(self.havocs), "first_call": self.first_call}
        if self.assumed:
            out["assumed_pure"] = list(self.assumed)
        return out

    @classmethod
    def from_json(cls, d: dict) -> External:
        return cls(str(d.get("name", "")), tuple(d.get("havocs", ())),
                   tuple(d.get("assumed_pure", ())), str(d.get("first_call", "")))


def externals(program: Program) -> tuple[External, ...]:
    """The functions without a body of a translated program, by C name."""
    out = []
    for d in program.procedures().values():
        if attr(d.attrs, EXTERN) is None:
            continue
        c = attr(d.attrs, CNAME)
        name = str(c.args[0]) if c is not None and c.args else d.name
        hv, pure = attr(d.attrs, HAVOCS), attr(d.attrs, PURE)
        fc = attr(d.attrs, FIRST_CALL)
        where = ""
        if fc is not None and len(fc.args) == 2 and fc.args[0]:
            line = fc.args[1].value if isinstance(fc.args[1], IntLit) else 0
            where = f"{fc.args[0]}:{line}"
        out.append(External(name, tuple(str(x) for x in hv.args) if hv else (),
                            tuple(str(x) for x in pure.args) if pure else (), where))
    return tuple(sorted(out, key=lambda e: e.name))


def _names(names: list[str]) -> str:
    shown = names[:NOTE_LIMIT]
    more = len(names) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


def note(exts: tuple[External, ...]) -> str | None:
    """The one line the text output says about them (None: the program calls none)."""
    if not exts:
        return None
    writing = [e.name for e in exts if e.havocs]
    n = len(exts)
    what = "function without a body is" if n == 1 else "functions without a body are"
    text = f"note: {n} {what} modelled as arbitrary"
    if writing and len(writing) < n:
        text += (f" ({len(writing)} may write memory reachable from their arguments: "
                 f"{_names(writing)})")
    elif writing:
        text += (" (it may write memory reachable from its arguments)" if n == 1 else
                 " (they may write memory reachable from their arguments)")
    return text + ": " + _names([e.name for e in exts])


def pure_assumption(exts: tuple[External, ...]) -> str | None:
    """What a proof or a bounded answer assumes under --extern-pure (None: nothing, no such
    function could have written memory)."""
    names = [e.name for e in exts if e.assumed]
    if not names:
        return None
    verb = "does" if len(names) == 1 else "do"
    return f"assuming {_names(names)} {verb} not write memory (--extern-pure)"
