"""GNU inline assembly statements as sound unknown code: the asm part of the function
translator.

Role: `st_Asm` (mixed into function.FunctionTranslator) turns `asm [volatile] ("..." :
outputs : inputs : clobbers)` (and basic `asm("...")`) into the model of
frontend/inline_asm.py, without reading the template:
1. the output lvalues are evaluated (their addresses are fixed before the asm runs), then
   the inputs (for their side effects, in order);
2. each scalar output (`=`/`+`, integer, pointer, bit-field) is given a fresh value of its
   type (calls.py `nondet`, `{:nondet "T from asm"}`); an output object of struct or array
   type (`"=m"(*(struct big *)p)`) is memory the asm writes: its cells are havocked
   through the procedure of step 3;
3. with a `"memory"` clobber (and a template that is not empty), or an output object of struct or array type, the asm is a
   call of the one procedure `asm` without a body (externs.py): it havocs the maps a
   function without a body may write, with the asm's pointer inputs (their pointees
   writable), memory operands (`"m"(*p)`: the asm gets p) and struct or array outputs
   among the roots -- exactly the default of an external function, nothing weaker.  Those
   pointers escape to the points-to class UNKNOWN (`pt.asm_inputs`, points_to.py), whose
   maps externs havoc, so the memory split by class (byte_split.py, region_split.py)
   stays on;
4. anything else leaves the program's state alone.
The translator counts the statements (`ProgramTranslator.asm_count`, first `asm_first`) for
the entry's `{:inline_asm}` record.  `asm goto` never gets here (the parser does not read
it: frontend/c/parse.py makes it unsupported).
"""
from __future__ import annotations

from boogie.ast import Loc

from frontend.inline_asm import (C_NAME, WHAT, gnu_clobbers_memory, gnu_is_output,
                                 no_instructions)

from .typesys import VOID, ArrayT, FuncT, PtrT, StructT, unsupported
from .values import LMem


class InlineAsmMixin:
    """Inline assembly (mixed into `function.FunctionTranslator`)."""

    def st_Asm(self, node, loc) -> None:
        outputs = _operands(node.output_operands, loc)
        inputs = _operands(node.input_operands, loc)
        clobbers = [_string(c, loc) for c in _exprs(node.clobbered_regs)]
        template = "".join(_string(t, loc) for t in _exprs(node.template))
        for constraint, _ in outputs:
            if not gnu_is_output(constraint):
                raise unsupported(loc, f"inline assembly output operand with constraint "
                                  f"\"{constraint}\" (no '=' or '+')")
        if not self.dry:
            self.pt.note_asm(loc)
        places = [self.lvalue(e) for _, e in outputs]
        in_vals, in_types, in_addrs = [], [], []
        for constraint, e in inputs:
            if _memory_operand(constraint) and self._addressable(e):
                pl = self.lvalue(e)             # (evaluated once: `a[i++]`)
                if isinstance(pl, LMem):
                    # the asm gets the operand's address: it escapes, and its type is
                    # among the extern's roots (what a "memory" clobber may write)
                    if not isinstance(pl.type, (StructT, ArrayT)):
                        in_vals.append(self.load(pl, loc))      # (read: its checks)
                    in_addrs.append(pl.addr)
                    in_types.append(PtrT(pl.type))
                    continue
                v = self.load(pl, loc)          # a variable or a bit-field
            else:
                v = self.rvalue(e)
            in_vals.append(v)
            in_types.append(v.type)
        externs = self.pt.externs
        # (an empty template runs no instruction: a "memory" clobber only restrains gcc)
        memory = gnu_clobbers_memory(clobbers) and not no_instructions(template)
        if (places or memory) and not self.dry:
            # an output may be an input (the kernel's RELOC_HIDE returns its pointer), and
            # a "memory" clobber writes what the inputs reach: the inputs (and memory
            # operands' addresses, struct or array outputs' addresses) escape, as a
            # body-less function's arguments (points_to.py joins them with UNKNOWN, the
            # class of the outputs' nondeterministic values and of the memory externs
            # havoc)
            self.pt.asm_inputs += [(self.mem.current_proc, x) for x in
                                   [v.expr for v in in_vals] + in_addrs +
                                   [pl.addr for pl in places if isinstance(pl, LMem) and
                                    isinstance(pl.type, (StructT, ArrayT))]]
        for pl in places:
            t = pl.type
            if isinstance(t, (StructT, ArrayT)):        # memory the asm writes
                externs.roots.add((t.elem if isinstance(t, ArrayT) else t, True))
                memory = True
            else:
                if isinstance(t, PtrT) and self.pt.checks.memory:
                    # (an arbitrary pointer is no object of the allocation map)
                    raise unsupported(loc, "memory checks: a pointer output of inline "
                                      "assembly")
                self.store(pl, self.nondet(t, loc, WHAT), loc)
        if memory:
            for t in in_types:          # what it may write through: as a call's arguments
                externs.note_argument(self, t, False)
            externs.call_values(self, None, C_NAME, FuncT(VOID, ()), [], [], (), loc)


    def _addressable(self, e) -> bool:
        """Whether an operand names an object (a variable, `*p`, `a[i]`, `s.f`, `p->f`):
        as a memory operand, the asm gets its address."""
        kind = type(e).__name__
        if kind == "ID":
            sym = self.pt.lookup(e.name)
            return sym is not None and sym.kind in ("var", "mem")
        return kind in ("ArrayRef", "StructRef") or (kind == "UnaryOp" and e.op == "*")


def _memory_operand(constraint: str) -> bool:
    """Whether an input constraint lets the operand be memory (gcc's "m", "o", "V", "g",
    "X", x86's "Q" is a register class; the alternatives' letters in any order)."""
    return any(c in constraint for c in "moVgX")


def _exprs(lst) -> list:
    return list(lst.exprs) if lst is not None else []


def _operands(lst, loc: Loc) -> list[tuple[str, object]]:
    """(constraint, expression) of each operand `"c"(e)` (pycparser reads one as a call
    of the string literal)."""
    out = []
    for op in _exprs(lst):
        if type(op).__name__ != "FuncCall" or op.args is None or len(op.args.exprs) != 1:
            raise unsupported(loc, "inline assembly operand not of the form \"c\"(e)")
        out.append((_string(op.name, loc), op.args.exprs[0]))
    return out


def _string(node, loc: Loc) -> str:
    """The text of a (possibly concatenated) string literal."""
    if type(node).__name__ != "Constant" or node.type != "string":
        raise unsupported(loc, "inline assembly constraint or clobber that is not a string")
    v = node.value              # (the parser joins adjacent literals into one)
    return v[1:-1] if v.startswith('"') and v.endswith('"') else v
