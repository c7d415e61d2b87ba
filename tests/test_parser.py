"""Tests of the Boogie parser: precedence, every construct, lowering of structured
statements, locations, errors, and the corral / ldv-bpl corpora."""
from __future__ import annotations

import re
import sys
import time
from fractions import Fraction

import pytest

from boogie.ast import (BOOL, INT, REAL, App, Assert, Assign, Assume, Attr, AxiomDecl, BoolLit,
                        BvLit, BvType, Call, CodeExpr, ConstDecl, Extract, Formal, FunCall,
                        Goto, Havoc, ImplementationDecl, IntLit, Ite, Loc,
                        MapSelect, MapStore, MapType, NamedType, Old, Op, ProcedureDecl,
                        Quant, QuantKind, RealLit, Return, TypeDecl, Var, VarDecl, Yield)
from boogie.errors import BoogieError
from boogie.lexer import tokenize
from boogie.parser import parse_expr, parse_file, parse_program
from conftest import corpus_dir

a, b, c, d = Var("a"), Var("b"), Var("c"), Var("d")


def binop(op, x, y):
    return App(op, (x, y))


def body_of(src: str, name: str = "main"):
    """The blocks of procedure/implementation `name` in `src`."""
    for decl in parse_program(src).decls:
        if isinstance(decl, (ProcedureDecl, ImplementationDecl)) and decl.name == name \
                and decl.body is not None:
            return decl.body
    raise AssertionError(f"no body for {name}")


def shape(body):
    """[(label, [command class names], transfer)] for compact assertions."""
    out = []
    for blk in body.blocks:
        t = blk.transfer
        tr = ("goto",) + t.labels if isinstance(t, Goto) else ("return",)
        out.append((blk.label, [type(x).__name__ for x in blk.cmds], tr))
    return out


def parse_error(src: str) -> BoogieError:
    with pytest.raises(BoogieError) as info:
        parse_program(src, "t.bpl")
    assert info.value.first.code == "parse"
    return info.value


# ----------------------------------------------------------------------------- lexer

def test_tokens_have_kinds_and_positions():
    toks = tokenize("var $M.0: [int]bv8; // c\n  x := 5bv32;")
    assert toks.kinds == ["var", "ID", ":", "[", "int", "]", "ID", ";",
                          "ID", ":=", "BV", ";", "EOF"]
    assert toks.texts[1] == "$M.0" and toks.texts[6] == "bv8"
    assert toks.position(0) == (1, 1)
    assert toks.position(8) == (2, 3)
    assert toks.position(10) == (2, 8)
    assert toks.position(12) == (2, 14)


def test_nested_comments_and_line_tracking():
    toks = tokenize("/* a /* b */ c\n */ x /* \n\n */ y // z\n w/**/v/*/**/*/u")
    assert toks.kinds == ["ID"] * 5 + ["EOF"]
    assert toks.texts == ["x", "y", "w", "v", "u", ""]
    assert [toks.position(i) for i in range(5)] == [(2, 5), (4, 5), (5, 2), (5, 7),
                                                     (5, 16)]


def test_lexer_errors_have_positions():
    for text, message, where in [("x\n  /* a /* b */", "unterminated comment", (2, 3)),
                                 ("x @", "unknown character '@'", (1, 3)),
                                 ('\n "abc', "unterminated string literal", (2, 2))]:
        with pytest.raises(BoogieError) as info:
            tokenize(text, "f")
        assert info.value.first.message == message
        assert (info.value.first.loc.line, info.value.first.loc.col) == where


@pytest.mark.parametrize("name", ["$M.0", "$load.i32", "in_$i20", "a'b", "x#1", "~t", "^p",
                                  "q?", "`b", "_", ".x", "complete_", "bv8x"])
def test_identifier_characters(name):
    assert parse_expr(name) == Var(name)


def test_keywords_are_not_identifiers():
    err = parse_error("var if: int;")
    assert "expected identifier but found 'if'" in str(err)


# ----------------------------------------------------------------------------- literals

def test_literals():
    assert parse_expr("42") == IntLit(42)
    assert parse_expr("5bv32") == BvLit(5, 32)
    assert parse_expr("0bv1") == BvLit(0, 1)
    assert parse_expr("1.5") == RealLit(Fraction(3, 2))
    assert parse_expr("1e3") == RealLit(Fraction(1000))
    assert parse_expr("2.5e-1") == RealLit(Fraction(1, 4))
    assert parse_expr("true") == BoolLit(True)
    assert parse_expr("false") == BoolLit(False)


def test_negative_literals_fold_but_parenthesized_do_not():
    assert parse_expr("-5") == IntLit(-5)
    assert parse_expr("-2.5") == RealLit(Fraction(-5, 2))
    assert parse_expr("-(5)") == App(Op.NEG, (IntLit(5),))
    assert parse_expr("- -5") == App(Op.NEG, (IntLit(-5),))
    assert parse_expr("a - 5") == binop(Op.SUB, a, IntLit(5))
    assert parse_expr("-a") == App(Op.NEG, (a,))
    assert parse_expr("-5bv8") == App(Op.NEG, (BvLit(5, 8),))


def test_bv_literal_out_of_range():
    with pytest.raises(BoogieError, match="256bv8 does not fit in 8 bits"):
        parse_expr("256bv8")
    assert parse_expr("255bv8") == BvLit(255, 8)


# ----------------------------------------------------------------------------- precedence

@pytest.mark.parametrize("text,grouped", [
    ("a <==> b ==> c", "a <==> (b ==> c)"),
    ("a <==> b <==> c", "(a <==> b) <==> c"),
    ("a ==> b ==> c", "a ==> (b ==> c)"),
    ("a <== b <== c", "(a <== b) <== c"),
    ("a ==> b || c", "a ==> (b || c)"),
    ("a && b && c", "(a && b) && c"),
    ("a || b || c", "(a || b) || c"),
    ("a && b == c", "a && (b == c)"),
    ("a == b ++ c", "a == (b ++ c)"),
    ("a ++ b ++ c", "(a ++ b) ++ c"),
    ("a ++ b + c", "a ++ (b + c)"),
    ("a - b - c", "(a - b) - c"),
    ("a + b * c", "a + (b * c)"),
    ("a * b div c mod d", "((a * b) div c) mod d"),
    ("a / b * c", "(a / b) * c"),
    ("a * b ** c", "a * (b ** c)"),
    ("a ** b ** c", "a ** (b ** c)"),
    ("-a ** b", "(-a) ** b"),
    ("!a && b", "(!a) && b"),
    ("!a[b]", "!(a[b])"),
    ("a < b ==> c <= d", "(a < b) ==> (c <= d)"),
    ("a[b][c]", "(a[b])[c]"),
    ("a[b := c][d]", "(a[b := c])[d]"),
    ("if a then b else c + d", "if a then b else (c + d)"),
    ("a + if a then b else c", "a + (if a then b else c)"),
])
def test_precedence_and_associativity(text, grouped):
    assert parse_expr(text) == parse_expr(grouped)


def test_precedence_structure():
    assert parse_expr("a + b * c") == binop(Op.ADD, a, binop(Op.MUL, b, c))
    assert parse_expr("a ==> b ==> c") == binop(Op.IMP, a, binop(Op.IMP, b, c))
    assert parse_expr("a - b - c") == binop(Op.SUB, binop(Op.SUB, a, b), c)
    assert parse_expr("a <: b") == binop(Op.SUBTYPE, a, b)
    assert parse_expr("a <== b") == binop(Op.EXPLIES, a, b)
    assert parse_expr("!!a") == App(Op.NOT, (App(Op.NOT, (a,)),))


@pytest.mark.parametrize("text,message", [
    ("a && b || c", "cannot mix '&&' and '||'"),
    ("a || b && c", "cannot mix '&&' and '||'"),
    ("a == b == c", "relational operators do not chain"),
    ("a < b < c", "relational operators do not chain"),
    ("a ==> b <== c", "expected end of file but found '<=='"),
    ("a +", "expected an expression but found end of file"),
    ("(a", "expected ')' but found end of file"),
    ("f(a,)", "expected an expression but found ')'"),
    ("a[b", "expected ']' but found end of file"),
])
def test_expression_errors(text, message):
    with pytest.raises(BoogieError, match=re.escape(message)):
        parse_expr(text)


def test_long_chains_do_not_recurse():
    n = 20000
    e = parse_expr(" + ".join(["x"] * n))
    depth = 0
    while isinstance(e, App):
        depth += 1
        e = e.args[0]
    assert depth == n - 1
    e = parse_expr(" && ".join(f"x{i}" for i in range(n)))
    assert e.op is Op.AND and e.args[1] == Var(f"x{n - 1}")


def test_deep_nesting_parses_up_to_a_limit_then_is_a_clean_error():
    n = 1000
    e = parse_expr("(" * n + "a" + ")" * n)
    assert e == Var("a")
    chain = "".join(f"if c{i} then {i} else " for i in range(n)) + "0"
    e = parse_expr(chain)
    for i in range(n):
        assert isinstance(e, Ite) and e.then == IntLit(i)
        e = e.else_
    assert e == IntLit(0)
    limit = sys.getrecursionlimit()
    with pytest.raises(BoogieError, match="nested too deeply"):
        parse_expr("(" * 20000 + "a" + ")" * 20000)
    with pytest.raises(BoogieError, match="nested too deeply"):
        parse_program("axiom " + "(" * 20000 + "a" + ")" * 20000 + ";")
    assert sys.getrecursionlimit() == limit        # restored


# ----------------------------------------------------------------------------- expressions

def test_postfix_forms():
    assert parse_expr("m[i, j]") == MapSelect(Var("m"), (Var("i"), Var("j")))
    assert parse_expr("m[i := v]") == MapStore(Var("m"), (Var("i"),), Var("v"))
    assert parse_expr("m[i, j := v]") == MapStore(Var("m"), (Var("i"), Var("j")), Var("v"))
    assert parse_expr("x[8:0]") == Extract(Var("x"), 8, 0)
    assert parse_expr("m[p][16:8]") == Extract(MapSelect(Var("m"), (Var("p"),)), 16, 8)
    assert parse_expr("m[]") == MapSelect(Var("m"), ())
    assert parse_expr("M[p := v[8:0]][q := v[16:8]]") == MapStore(
        MapStore(Var("M"), (Var("p"),), Extract(Var("v"), 8, 0)), (Var("q"),),
        Extract(Var("v"), 16, 8))


def test_extract_bounds_must_be_literals():
    with pytest.raises(BoogieError, match="must be integer literals"):
        parse_expr("x[n:0]")
    with pytest.raises(BoogieError, match="upper bound below"):
        parse_expr("x[0:8]")


def test_calls_old_ite():
    assert parse_expr("f()") == FunCall("f", ())
    assert parse_expr("$add.ref(p, $1.ref)") == FunCall("$add.ref", (Var("p"), Var("$1.ref")))
    assert parse_expr("old(g[x])") == Old(MapSelect(Var("g"), (Var("x"),)))
    assert parse_expr("if a then b else c") == Ite(a, b, c)


def test_quantifiers():
    q = parse_expr("(forall x: int, y: T :: {f(x), g(y)} {:weight 3} {h(x)} f(x) == y)")
    assert isinstance(q, Quant) and q.kind is QuantKind.FORALL
    assert q.bound == (VarDecl("x", INT), VarDecl("y", NamedType("T")))
    assert q.triggers == ((FunCall("f", (Var("x"),)), FunCall("g", (Var("y"),))),
                          (FunCall("h", (Var("x"),)),))
    assert q.attrs == (Attr("weight", (IntLit(3),)),)
    assert q.body == binop(Op.EQ, FunCall("f", (Var("x"),)), Var("y"))
    e = parse_expr("(exists<a> x, y: a :: x == y)")
    assert e.kind is QuantKind.EXISTS and e.type_params == ("a",)
    assert [v.name for v in e.bound] == ["x", "y"]
    assert e.bound[1].type == NamedType("a")
    poly = parse_expr("(forall<a> :: true)")
    assert poly.type_params == ("a",) and poly.bound == ()
    lam = parse_expr("(lambda i: int :: i + 1)")
    assert lam.kind is QuantKind.LAMBDA and lam.body == binop(Op.ADD, Var("i"), IntLit(1))


def test_code_expression():
    e = parse_expr("|{ var b: bool; A: call b := foo(); return b; }|")
    assert isinstance(e, CodeExpr)
    assert e.locals == (VarDecl("b", BOOL),)
    (blk,) = e.blocks
    assert blk.label == "A" and blk.cmds == (Call("foo", (), ("b",)),)
    assert blk.transfer == Return(Var("b"))
    e = parse_expr("!|{ A: goto B; B: return g == 0; }|")
    assert e.op is Op.NOT and [x.label for x in e.args[0].blocks] == ["A", "B"]


def test_attribute_arguments():
    p = parse_program('procedure {:inline 1} {:msg "a \\"b\\"", x + 1} {:flag} P();')
    (proc,) = p.decls
    assert proc.attrs == (Attr("inline", (IntLit(1),)),
                          Attr("msg", ('a "b"', binop(Op.ADD, Var("x"), IntLit(1)))),
                          Attr("flag", ()))


# ----------------------------------------------------------------------------- types

def test_types():
    p = parse_program("""
        type Field a;  type ref = i64; type {:datatype} T, U x y;
        var m: [ref]int;  var f: Field int;  var h: <a>[ref, Field a]a;
        var g: Field (Field bv8);  var n: [int][int]bool;  var r: real;  var p: (int);
        var s: W [int]int;
    """)
    types = {d.name: d for d in p.decls if isinstance(d, TypeDecl)}
    assert types["Field"].params == ("a",) and types["Field"].synonym is None
    assert types["ref"].synonym == NamedType("i64")
    assert types["T"].attrs == (Attr("datatype"),) and types["U"].params == ("x", "y")
    vs = {d.name: d.type for d in p.decls if isinstance(d, VarDecl)}
    assert vs["m"] == MapType((NamedType("ref"),), INT)
    assert vs["f"] == NamedType("Field", (INT,))
    assert vs["h"] == MapType((NamedType("ref"), NamedType("Field", (NamedType("a"),))),
                              NamedType("a"), ("a",))
    assert vs["g"] == NamedType("Field", (NamedType("Field", (BvType(8),)),))
    assert vs["n"] == MapType((INT,), MapType((INT,), BOOL))
    assert vs["r"] == REAL and vs["p"] == INT
    assert vs["s"] == NamedType("W", (MapType((INT,), INT),))


# ----------------------------------------------------------------------------- declarations

def test_var_and_const_decls():
    p = parse_program("var {:a} x, y: int, z: bool where z; const unique c1, c2: ref; "
                      "const k: int;")
    x, y, z, c1, c2, k = p.decls
    assert x == VarDecl("x", INT, None, (Attr("a"),)) and y.name == "y" and y.attrs == x.attrs
    assert z == VarDecl("z", BOOL, Var("z"), (Attr("a"),))
    assert c1 == ConstDecl("c1", NamedType("ref"), True) and c2.unique
    assert k == ConstDecl("k", INT, False)


def test_functions():
    p = parse_program("""
        function {:bvbuiltin "bvadd"} $add.bv32(i1: bv32, i2: bv32) returns (bv32);
        function f(int, bool): int;
        function {:inline} g(x: int) returns (r: int) { x + 1 }
        function {:inline true} INT_DIV(x:int, y:int) returns (int) {x div y}
        function id<a>(x: a) : a;
    """)
    add, f, g, div, ident = p.decls
    assert add.attrs == (Attr("bvbuiltin", ("bvadd",)),)
    assert add.params == (Formal("i1", BvType(32)), Formal("i2", BvType(32)))
    assert add.result == Formal(None, BvType(32)) and add.body is None
    assert f.params == (Formal(None, INT), Formal(None, BOOL)) and f.result == Formal(None, INT)
    assert g.result == Formal("r", INT) and g.body == binop(Op.ADD, Var("x"), IntLit(1))
    assert div.attrs == (Attr("inline", (BoolLit(True),)),)
    assert div.body == binop(Op.DIV, Var("x"), Var("y"))
    assert ident.type_params == ("a",) and ident.result.type == NamedType("a")


def test_function_bare_names_take_the_next_named_type():
    (f,) = parse_program("function f(x, y: int, b: bool, c, d: T): int;").decls
    assert f.params == (Formal("x", INT), Formal("y", INT), Formal("b", BOOL),
                        Formal("c", NamedType("T")), Formal("d", NamedType("T")))
    assert "expected an identifier as parameter name" in str(
        parse_error("function f(int, x: bool): int;"))
    assert "type of the last parameter is unspecified" in str(
        parse_error("function f(x: int, y): int;"))


def test_axiom():
    (ax,) = parse_program("axiom {:a} x > 0;").decls
    assert ax == AxiomDecl(binop(Op.GT, Var("x"), IntLit(0)), (Attr("a"),))


def test_procedure_signature_and_specs():
    p = parse_program("""
        procedure {:entrypoint} P<T>(x: int, {:foo} y, z: T) returns (r: int, s: bool);
          requires x > 0;
          modifies g, h;
          free ensures {:e} r == x;
          ensures s;
          free requires true;
          modifies k;
    """)
    (proc,) = p.decls
    assert proc.attrs == (Attr("entrypoint"),) and proc.type_params == ("T",)
    assert [v.name for v in proc.params] == ["x", "y", "z"]
    assert proc.params[1].attrs == (Attr("foo"),) and proc.params[2].type == NamedType("T")
    assert [v.name for v in proc.returns] == ["r", "s"]
    assert [(r.expr, r.free) for r in proc.requires] == [
        (binop(Op.GT, Var("x"), IntLit(0)), False), (BoolLit(True), True)]
    assert [(e.free, e.attrs) for e in proc.ensures] == [(True, (Attr("e"),)), (False, ())]
    assert proc.modifies == ("g", "h", "k") and proc.body is None


def test_procedure_with_inline_body_and_implementation():
    p = parse_program("""
        procedure P(x: int) returns (r: int) modifies g; { r := x; }
        procedure Q(x: int);
        implementation {:verify false} Q(x: int) { var t: int; t := x; }
    """)
    proc, q, impl = p.decls
    assert proc.modifies == ("g",) and proc.body is not None
    assert proc.body.blocks[0].cmds == (Assign((Var("r"),), (Var("x"),)),)
    assert q.body is None
    assert isinstance(impl, ImplementationDecl) and impl.attrs == (Attr("verify", (BoolLit(False),)),)
    assert impl.body.locals == (VarDecl("t", INT),)


def test_unsupported_declarations():
    assert "'finite' types" in str(parse_error("type finite T;"))
    assert "'extends'" in str(parse_error("const a: int extends b;"))
    assert "'complete'" in str(parse_error("const a: int complete;"))


# ----------------------------------------------------------------------------- commands

def test_commands():
    blk, = body_of("""
        procedure main() {
          a, m[i][j] := 1, 2;
          assume {:partition} a > 0;
          assert {:msg "x"} a;
          havoc a, b;
          call x, y := P(1, a);
          call {:si_unique_call 1} P();
          async call P(a);
          yield;
          a := {:tag} b;
          return;
        }""").blocks
    assign, assume, assert_, havoc, call1, call2, acall, yld, tagged = blk.cmds
    assert assign == Assign((a, MapSelect(MapSelect(Var("m"), (Var("i"),)), (Var("j"),))),
                            (IntLit(1), IntLit(2)))
    assert assume == Assume(binop(Op.GT, a, IntLit(0)), (Attr("partition"),))
    assert assert_ == Assert(a, (Attr("msg", ("x",)),))
    assert havoc == Havoc(("a", "b"))
    assert call1 == Call("P", (IntLit(1), a), ("x", "y"))
    assert call2 == Call("P", (), (), (Attr("si_unique_call", (IntLit(1),)),))
    assert acall == Call("P", (a,), (), (), True)
    assert yld == Yield()
    assert tagged == Assign((a,), (b,), (Attr("tag"),))
    assert blk.transfer == Return()


def test_return_value_only_parses_where_allowed():
    # the parser accepts `return e;` syntactically; in a procedure it is the type
    # checker's business, in a code expression it is the value
    blk, = body_of("procedure main() { return; }").blocks
    assert blk.transfer == Return()


# ----------------------------------------------------------------------------- lowering

def test_unstructured_body_maps_one_to_one():
    body = body_of("""
        procedure main() {
          var x: int;
          A: x := 1; goto B, C;
          B: assume x > 0;
          C: x := 2;
          D:
        }""")
    assert shape(body) == [("A", ["Assign"], ("goto", "B", "C")),
                           ("B", ["Assume"], ("goto", "C")),
                           ("C", ["Assign"], ("goto", "D")),
                           ("D", [], ("return",))]


def test_leading_commands_get_a_generated_label():
    body = body_of("procedure main() { assume true; L: return; }")
    assert shape(body) == [("anon0", ["Assume"], ("goto", "L")), ("L", [], ("return",))]
    assert shape(body_of("procedure main() { }")) == [("anon0", [], ("return",))]


def test_commands_after_a_jump_start_a_fresh_block():
    body = body_of("procedure main() { A: goto A; assume true; }")
    assert shape(body) == [("A", [], ("goto", "A")), ("anon0", ["Assume"], ("return",))]


def test_if_else_lowering():
    body = body_of("procedure main() { var x: int; if (x > 0) { x := 1; } else { x := 2; } "
                   "assert x > 0; }")
    assert shape(body) == [
        ("anon0", [], ("goto", "anon1_Then", "anon1_Else")),
        ("anon1_Then", ["Assume", "Assign"], ("goto", "anon1")),
        ("anon1_Else", ["Assume", "Assign"], ("goto", "anon1")),
        ("anon1", ["Assert"], ("return",))]
    guard = binop(Op.GT, Var("x"), IntLit(0))
    assert body.blocks[1].cmds[0] == Assume(guard)
    assert body.blocks[2].cmds[0] == Assume(App(Op.NOT, (guard,)))


def test_if_with_attributes():
    body = body_of("procedure main() { if {:partition} (a) { } }")
    assert body.blocks[1].cmds == (Assume(a),)


def test_if_star_and_else_if():
    body = body_of("procedure main() { if (*) { } else if (b) { assume a; } }")
    assert shape(body) == [
        ("anon0", [], ("goto", "anon1_Then", "anon1_Else")),
        ("anon1_Then", [], ("goto", "anon1")),
        ("anon1_Else", [], ("goto", "anon2_Then", "anon2_Else")),
        ("anon2_Then", ["Assume", "Assume"], ("goto", "anon2")),
        ("anon2_Else", ["Assume"], ("goto", "anon2")),
        ("anon2", [], ("goto", "anon1")),
        ("anon1", [], ("return",))]


def test_while_lowering_with_invariants():
    body = body_of("""procedure main() { var i: int;
        i := 0;
        while (i < 10) invariant i >= 0; free invariant {:x} i <= 10; { i := i + 1; }
        assert i == 10; }""")
    assert shape(body) == [
        ("anon0", ["Assign"], ("goto", "anon1_LoopHead")),
        ("anon1_LoopHead", ["Assert", "Assume"], ("goto", "anon1_LoopBody", "anon1_LoopDone")),
        ("anon1_LoopBody", ["Assume", "Assign"], ("goto", "anon1_LoopHead")),
        ("anon1_LoopDone", ["Assume", "Assert"], ("return",))]
    head = body.blocks[1]
    assert head.cmds[0].expr == binop(Op.GE, Var("i"), IntLit(0))
    assert head.cmds[1].attrs == (Attr("x"),)
    guard = binop(Op.LT, Var("i"), IntLit(10))
    assert body.blocks[2].cmds[0] == Assume(guard)
    assert body.blocks[3].cmds[0] == Assume(App(Op.NOT, (guard,)))


def test_break_skips_the_exit_assume():
    body = body_of("procedure main() { while (a) { if (b) { break; } assume c; } }")
    assert shape(body) == [
        ("anon0", [], ("goto", "anon1_LoopHead")),
        ("anon1_LoopHead", [], ("goto", "anon1_LoopBody", "anon1_LoopDone")),
        ("anon1_LoopBody", ["Assume"], ("goto", "anon2_Then", "anon2_Else")),
        ("anon2_Then", ["Assume"], ("goto", "anon3")),
        ("anon2_Else", ["Assume"], ("goto", "anon2")),
        ("anon2", ["Assume"], ("goto", "anon1_LoopHead")),
        ("anon1_LoopDone", ["Assume"], ("goto", "anon3")),
        ("anon3", [], ("return",))]


def test_break_in_star_loop_and_labeled_break():
    body = body_of("procedure main() { while (*) { break; } }")
    assert shape(body)[-2:] == [("anon1_LoopBody", [], ("goto", "anon1_LoopDone")),
                                ("anon1_LoopDone", [], ("return",))]
    body = body_of("""procedure main() {
        Outer: while (*) { while (*) { break Outer; } } }""")
    labels = [blk.label for blk in body.blocks]
    assert labels[0] == "Outer"
    assert shape(body)[:2] == [
        ("Outer", [], ("goto", "anon0_LoopHead")),
        ("anon0_LoopHead", [], ("goto", "anon0_LoopBody", "anon0_LoopDone"))]
    assert body.block("anon1_LoopBody").transfer == Goto(("anon0_LoopDone",))


def test_generated_labels_avoid_user_labels():
    body = body_of("""procedure main() {
        assume true;
        anon0: if (*) { anon1_Then: assume true; }
        anon2: return; }""")
    labels = [blk.label for blk in body.blocks]
    assert labels[0] == "anon1"          # anon0 is taken
    assert "anon1_Then" in labels and labels.count("anon1_Then") == 1
    assert len(set(labels)) == len(labels)
    assert any(lbl.startswith("anon3") for lbl in labels)   # anon1_/anon2 skipped for the if


def test_labels_mixed_with_structured_code():
    body = body_of("""procedure main() {
        A: if (a) { goto C; } B: assume b; C: return; }""")
    assert shape(body) == [
        ("A", [], ("goto", "anon0_Then", "anon0_Else")),
        ("anon0_Then", ["Assume"], ("goto", "C")),
        ("anon0_Else", ["Assume"], ("goto", "anon0")),
        ("anon0", [], ("goto", "B")),
        ("B", ["Assume"], ("goto", "C")),
        ("C", [], ("return",))]


def test_lowering_is_deterministic_and_round_trips():
    printer = pytest.importorskip("boogie.printer")
    src = """procedure main() { var i: int;
        L: while (i < 3) invariant i >= 0; { if (*) { break; } else { i := i + 1; } }
        if (i == 3) { assert true; } }"""
    p1, p2 = parse_program(src), parse_program(src)
    assert p1 == p2
    again = parse_program(printer.format_program(p1))
    assert again == p1


# ----------------------------------------------------------------------------- locations

def test_locations_are_first_tokens():
    src = "var x: int;\nprocedure main()\n{\n  L: x := 1 + x;\n  assert {:a} x[2] == 3;\n}\n"
    p = parse_program(src, "f.bpl")
    var, proc = p.decls
    assert var.loc == Loc("f.bpl", 1, 5)
    assert proc.loc == Loc("f.bpl", 2, 1)
    blk = proc.body.blocks[0]
    assert blk.loc == Loc("f.bpl", 4, 3)
    assign, assert_ = blk.cmds
    assert assign.loc == Loc("f.bpl", 4, 6)
    assert assign.rhs[0].loc == Loc("f.bpl", 4, 11)            # `1 + x` starts at `1`
    assert assign.rhs[0].args[1].loc == Loc("f.bpl", 4, 15)
    assert assert_.loc == Loc("f.bpl", 5, 3)
    assert assert_.attrs[0].loc == Loc("f.bpl", 5, 10)
    assert assert_.expr.loc == Loc("f.bpl", 5, 15)
    assert blk.transfer.loc == Loc("f.bpl", 6, 1)             # implicit return at `}`


def test_error_format_is_one_line():
    err = parse_error("var x: int;\nvar y: int\nvar z: int;")
    assert str(err) == "t.bpl:3:1: error: expected ';' but found 'var'"
    assert err.first.loc == Loc("t.bpl", 3, 1)


def test_parse_file_names_the_path_and_reports_io_errors(tmp_path):
    f = tmp_path / "p.bpl"
    f.write_text("var x: int;\n")
    (decl,) = parse_file(f).decls
    assert decl.loc == Loc(str(f), 1, 5)
    with pytest.raises(BoogieError) as info:
        parse_file(tmp_path / "missing.bpl")
    assert info.value.first.code == "io"
    assert "cannot read file" in str(info.value) and "\n" not in str(info.value)


# ----------------------------------------------------------------------------- corpora

def _corral_files():
    return sorted(corpus_dir("corral").rglob("*.bpl"))


@pytest.mark.corpora("corral")
def test_corral_corpus_parses():
    files = _corral_files()
    assert len(files) == 90
    for f in files:
        program = parse_file(f)
        assert program.decls, f


@pytest.mark.corpora("corral")
def test_corral_concurrent_constructs_parse():
    files = _corral_files()
    calls = [c for f in files for d in parse_file(f).decls
             if isinstance(d, (ProcedureDecl, ImplementationDecl)) and d.body
             for blk in d.body.blocks for c in blk.cmds if isinstance(c, (Call, Yield))]
    assert any(isinstance(c, Call) and c.is_async for c in calls)
    assert any(isinstance(c, Yield) for c in calls)


def _ldv_files():
    return sorted(corpus_dir("ldv-bpl").glob("*.bpl"))


@pytest.mark.corpora("ldv-bpl")
def test_ldv_corpus_parses_fast():
    files = _ldv_files()
    assert len(files) == 32
    largest = max(files, key=lambda f: f.stat().st_size)
    start = time.process_time()          # CPU time: the test machine is shared
    program = parse_file(largest)
    elapsed = time.process_time() - start
    assert elapsed < 3.0, f"{largest.name} took {elapsed:.2f}s of CPU"
    assert any(isinstance(d, ImplementationDecl) and d.name == "main_SeqInstr"
               or isinstance(d, ProcedureDecl) and d.name == "main_SeqInstr"
               for d in program.decls)
    for f in files:
        assert parse_file(f).decls, f
