"""Printer unit tests: every AST class prints, parentheses follow Boogie precedence, long
chains print without recursion, literals print exactly."""
from __future__ import annotations

import time
from fractions import Fraction

import pytest

from boogie import ast as A
from boogie.ast import (App, Assert, Assign, Assume, Attr, AxiomDecl, Block, Body, BoolLit,
                        BvLit, BvType, Call, CodeExpr, ConstDecl, Ensures, Extract, Formal,
                        FunCall, FunctionDecl, Goto, Havoc, ImplementationDecl, IntLit, Ite,
                        MapSelect, MapStore, MapType, NamedType, Old, Op, ProcedureDecl, Program,
                        Quant, QuantKind, RealLit, Requires, Return, TypeDecl, Var, VarDecl,
                        Yield, BOOL, INT, REAL)
from boogie.printer import (format_block, format_cmd, format_decl, format_expr, format_program,
                            format_real, format_type)

a, b, c, d = Var("a"), Var("b"), Var("c"), Var("d")


def bin(op, x, y):
    return App(op, (x, y))


# ----------------------------------------------------------------------------- every class

EXPR_SAMPLES = {
    BoolLit: (BoolLit(True), "true"),
    IntLit: (IntLit(42), "42"),
    RealLit: (RealLit(Fraction(5, 2)), "2.5"),
    BvLit: (BvLit(5, 32), "5bv32"),
    A.RmodeLit: (A.RmodeLit("RTZ"), "RTZ"),
    Var: (Var("$M.0"), "$M.0"),
    Old: (Old(a), "old(a)"),
    App: (bin(Op.ADD, a, b), "a + b"),
    FunCall: (FunCall("$add.ref", (a, IntLit(1))), "$add.ref(a, 1)"),
    Extract: (Extract(a, 8, 0), "a[8:0]"),
    MapSelect: (MapSelect(a, (b, c)), "a[b, c]"),
    MapStore: (MapStore(a, (b,), c), "a[b := c]"),
    Ite: (Ite(a, b, c), "if a then b else c"),
    Quant: (Quant(QuantKind.EXISTS, (VarDecl("x", INT),), bin(Op.LT, Var("x"), a)),
            "(exists x: int :: x < a)"),
    CodeExpr: (CodeExpr((VarDecl("t", BOOL),),
                        (Block("L", (Call("foo", (), ("t",)),), Return(Var("t"))),)),
               "|{ var t: bool; L: call t := foo(); return t; }|"),
}

CMD_SAMPLES = {
    Assign: (Assign((a, MapSelect(b, (IntLit(1),))), (IntLit(2), BoolLit(False)),
                    (Attr("id", ("x",)),)),
             'a, b[1] := {:id "x"} 2, false;'),
    Assume: (Assume(a, (Attr("verifier.code", (IntLit(0),)),)),
             "assume {:verifier.code 0} a;"),
    Assert: (Assert(bin(Op.EQ, a, b)), "assert a == b;"),
    Havoc: (Havoc(("x", "y")), "havoc x, y;"),
    Call: (Call("P", (a, IntLit(1)), ("r",), (Attr("si_unique_call", (IntLit(3),)),)),
           "call {:si_unique_call 3} r := P(a, 1);"),
    Yield: (Yield(), "yield;"),
}

TYPE_SAMPLES = {
    A.BoolType: (BOOL, "bool"),
    A.IntType: (INT, "int"),
    A.RealType: (REAL, "real"),
    BvType: (BvType(64), "bv64"),
    A.FloatType: (A.FloatType(53, 11), "float53e11"),
    A.RmodeType: (A.RMODE, "rmode"),
    NamedType: (NamedType("Field", (NamedType("Box", (INT,)), MapType((INT,), INT))),
                "Field (Box int) ([int]int)"),
    MapType: (MapType((NamedType("a"), INT), BOOL, ("a",)), "<a>[a, int]bool"),
}

_BODY = Body((VarDecl("t", INT),),
             (Block("start", (Assign((Var("t"),), (IntLit(1),)),), Goto(("done", "start"))),
              Block("done", (), Return())))

DECL_SAMPLES = {
    VarDecl: (VarDecl("g", MapType((NamedType("ref"),), NamedType("i8"))), "var g: [ref]i8;"),
    ConstDecl: (ConstDecl("k", NamedType("ref"), unique=True, attrs=(Attr("count", (IntLit(4),)),)),
                "const {:count 4} unique k: ref;"),
    TypeDecl: (TypeDecl("ref", synonym=NamedType("i64")), "type ref = i64;"),
    FunctionDecl: (FunctionDecl("f", (Formal("x", INT), Formal("y", BOOL)), Formal(None, INT),
                                body=Ite(Var("x"), IntLit(1), IntLit(0)),
                                attrs=(Attr("inline"),)),
                   "function {:inline} f(x: int, y: bool) : int\n{\n  if x then 1 else 0\n}"),
    AxiomDecl: (AxiomDecl(bin(Op.EQ, Var("k"), IntLit(-4))), "axiom k == -4;"),
    ProcedureDecl: (ProcedureDecl("P", (VarDecl("x", INT),), (VarDecl("r", INT),),
                                  requires=(Requires(bin(Op.GT, Var("x"), IntLit(0)), free=True),),
                                  ensures=(Ensures(bin(Op.EQ, Var("g"), Old(Var("g")))),),
                                  modifies=("g",)),
                    "procedure P(x: int) returns (r: int);\n  free requires x > 0;\n"
                    "  modifies g;\n  ensures g == old(g);"),
    ImplementationDecl: (ImplementationDecl("Q", (), (), _BODY),
                         "implementation Q()\n{\n  var t: int;\n\n  start:\n    t := 1;\n"
                         "    goto done, start;\n\n  done:\n    return;\n}"),
}


def test_samples_cover_every_class():
    assert set(EXPR_SAMPLES) == set(A.EXPR_CLASSES)
    assert set(CMD_SAMPLES) == set(A.CMD_CLASSES)
    assert set(DECL_SAMPLES) == set(A.DECL_CLASSES)
    assert set(TYPE_SAMPLES) == set(A.TYPE_CLASSES)


@pytest.mark.parametrize("cls", A.EXPR_CLASSES, ids=lambda c: c.__name__)
def test_every_expr_class(cls):
    node, text = EXPR_SAMPLES[cls]
    assert format_expr(node) == text


@pytest.mark.parametrize("cls", A.CMD_CLASSES, ids=lambda c: c.__name__)
def test_every_cmd_class(cls):
    node, text = CMD_SAMPLES[cls]
    assert format_cmd(node) == text


@pytest.mark.parametrize("cls", A.DECL_CLASSES, ids=lambda c: c.__name__)
def test_every_decl_class(cls):
    node, text = DECL_SAMPLES[cls]
    assert format_decl(node) == text


@pytest.mark.parametrize("cls", A.TYPE_CLASSES, ids=lambda c: c.__name__)
def test_every_type_class(cls):
    node, text = TYPE_SAMPLES[cls]
    assert format_type(node) == text


def test_unknown_class_fails_loudly():
    class Weird(A.Expr):
        __slots__ = ()
    with pytest.raises(AssertionError):
        format_expr(Weird())


# ----------------------------------------------------------------------------- precedence

@pytest.mark.parametrize("expr, text", [
    (bin(Op.AND, bin(Op.AND, a, b), c), "a && b && c"),
    (bin(Op.AND, a, bin(Op.AND, b, c)), "a && (b && c)"),
    (bin(Op.OR, a, bin(Op.AND, b, c)), "a || (b && c)"),
    (bin(Op.AND, bin(Op.OR, a, b), c), "(a || b) && c"),
    (bin(Op.IMP, a, bin(Op.IMP, b, c)), "a ==> b ==> c"),
    (bin(Op.IMP, bin(Op.IMP, a, b), c), "(a ==> b) ==> c"),
    (bin(Op.EXPLIES, bin(Op.EXPLIES, a, b), c), "a <== b <== c"),
    (bin(Op.EXPLIES, a, bin(Op.EXPLIES, b, c)), "a <== (b <== c)"),
    (bin(Op.IMP, a, bin(Op.EXPLIES, b, c)), "a ==> (b <== c)"),
    (bin(Op.IFF, bin(Op.IFF, a, b), c), "a <==> b <==> c"),
    (bin(Op.IFF, a, bin(Op.IFF, b, c)), "a <==> (b <==> c)"),
    (bin(Op.IFF, bin(Op.IMP, a, b), bin(Op.AND, c, d)), "a ==> b <==> c && d"),
    (bin(Op.EQ, bin(Op.EQ, a, b), c), "(a == b) == c"),
    (bin(Op.LT, a, bin(Op.LE, b, c)), "a < (b <= c)"),
    (bin(Op.EQ, bin(Op.ADD, a, b), bin(Op.MUL, c, d)), "a + b == c * d"),
    (bin(Op.SUB, a, bin(Op.SUB, b, c)), "a - (b - c)"),
    (bin(Op.SUB, bin(Op.ADD, a, b), c), "a + b - c"),
    (bin(Op.MUL, bin(Op.ADD, a, b), c), "(a + b) * c"),
    (bin(Op.DIV, a, bin(Op.MOD, b, c)), "a div (b mod c)"),
    (bin(Op.POW, a, bin(Op.POW, b, c)), "a ** b ** c"),
    (bin(Op.POW, bin(Op.POW, a, b), c), "(a ** b) ** c"),
    (bin(Op.CONCAT, bin(Op.CONCAT, a, b), bin(Op.ADD, c, d)), "a ++ b ++ c + d"),
    (bin(Op.ADD, bin(Op.CONCAT, a, b), c), "(a ++ b) + c"),
    (bin(Op.SUBTYPE, a, b), "a <: b"),
    (App(Op.NOT, (bin(Op.EQ, a, b),)), "!(a == b)"),
    (App(Op.NOT, (App(Op.NOT, (a,)),)), "!!a"),
    (App(Op.NEG, (App(Op.NEG, (a,)),)), "-(-a)"),
    (App(Op.NEG, (IntLit(-3),)), "-(-3)"),
    (App(Op.NEG, (IntLit(3),)), "-(3)"),
    (bin(Op.SUB, a, IntLit(-3)), "a - -3"),
    (bin(Op.POW, IntLit(-2), a), "-2 ** a"),
    (MapSelect(App(Op.NEG, (a,)), (b,)), "(-a)[b]"),
    (MapSelect(MapSelect(a, (b,)), (c,)), "a[b][c]"),
    (MapSelect(Old(a), (bin(Op.ADD, b, c),)), "old(a)[b + c]"),
    (Extract(bin(Op.CONCAT, a, b), 4, 2), "(a ++ b)[4:2]"),
    (MapStore(MapStore(a, (b,), c), (c,), Ite(a, b, c)), "a[b := c][c := if a then b else c]"),
    (bin(Op.ADD, Ite(a, b, c), d), "(if a then b else c) + d"),
    (bin(Op.ADD, d, Ite(a, b, c)), "d + (if a then b else c)"),
    (Ite(a, Ite(b, c, d), Ite(c, d, a)), "if a then if b then c else d else if c then d else a"),
    (FunCall("f", (Ite(a, b, c), bin(Op.OR, a, b))), "f(if a then b else c, a || b)"),
    (bin(Op.AND, Quant(QuantKind.FORALL, (VarDecl("x", INT),), BoolLit(True)), a),
     "(forall x: int :: true) && a"),
])
def test_precedence(expr, text):
    assert format_expr(expr) == text


def test_quantifier_with_type_params_attrs_and_triggers():
    q = Quant(QuantKind.FORALL, (VarDecl("x", NamedType("T")), VarDecl("m", MapType((INT,), INT))),
              bin(Op.EQ, MapSelect(Var("m"), (IntLit(0),)), IntLit(0)), type_params=("T",),
              triggers=((FunCall("f", (Var("x"),)), Var("m")), (Var("x"),)),
              attrs=(Attr("qid", ("say \"hi\"", IntLit(1))),))
    assert format_expr(q) == ('(forall <T> x: T, m: [int]int :: {:qid "say \\"hi\\"", 1} '
                              '{ f(x), m } { x } m[0] == 0)')
    lam = Quant(QuantKind.LAMBDA, (VarDecl("i", INT),), bin(Op.ADD, Var("i"), IntLit(1)))
    assert format_expr(lam) == "(lambda i: int :: i + 1)"


def test_windows_path_string_kept_raw():
    cmd = Assume(BoolLit(True), (Attr("sourcefile", ("c:\\users\\x.c",)),))
    assert format_cmd(cmd) == 'assume {:sourcefile "c:\\users\\x.c"} true;'


# ----------------------------------------------------------------------------- literals

@pytest.mark.parametrize("value, text", [
    (Fraction(0), "0.0"), (Fraction(5), "5.0"), (Fraction(-7), "-7.0"),
    (Fraction(1, 2), "0.5"), (Fraction(-1, 8), "-0.125"), (Fraction(12345, 100), "123.45"),
    (Fraction(1, 1000), "0.001"), (Fraction(1, 3), "(1.0 / 3.0)"),
])
def test_real_literals(value, text):
    assert format_real(value) == text
    if "/" not in text:
        assert Fraction(text) == value


def test_bv_and_negative_int_literals():
    assert format_expr(BvLit(0, 1)) == "0bv1"
    assert format_expr(IntLit(-9223372036854775808)) == "-9223372036854775808"


# ----------------------------------------------------------------------------- structure

def test_procedure_with_inline_body_and_no_spec_semicolon():
    p = ProcedureDecl("main", (), (), modifies=("x",), body=_BODY,
                      attrs=(Attr("entrypoint"),))
    text = format_decl(p)
    assert text.startswith("procedure {:entrypoint} main()\n  modifies x;\n{\n  var t: int;")
    assert "main();" not in text


def test_function_named_result_and_type_params():
    f = FunctionDecl("g", (Formal(None, NamedType("a")),), Formal("r", NamedType("a")),
                     type_params=("a",))
    assert format_decl(f) == "function g<a>(a) returns (r: a);"


def test_async_call_goto_return_and_block():
    blk = Block("L", (Call("foo", (Var("t"),), is_async=True),), Goto(("M", "N")))
    assert format_block(blk) == "  L:\n    async call foo(t);\n    goto M, N;"


def test_type_decl_with_params_and_program_layout():
    p = Program((TypeDecl("Field", ("a",)), VarDecl("w", INT, where=bin(Op.GE, Var("w"), IntLit(0)))))
    assert format_program(p) == "type Field a;\n\nvar w: int where w >= 0;\n"


# ----------------------------------------------------------------------------- size

def test_long_chains_print_without_recursion_in_linear_time():
    n = 50_000
    e = Var("x0")
    for i in range(1, n):
        e = bin(Op.AND, e, bin(Op.EQ, Var(f"x{i}"), IntLit(i)))
    right = Var("y")
    for i in range(n):
        right = bin(Op.IMP, Var(f"p{i}"), right)
    t0 = time.process_time()             # CPU time: the test machine is shared
    text = format_expr(e)
    text2 = format_expr(right)
    elapsed = time.process_time() - t0
    assert text.startswith("x0 && x1 == 1 && x2 == 2") and "(" not in text
    assert text2.startswith("p49999 ==> p49998") and text2.endswith("p0 ==> y") and "(" not in text2
    assert elapsed < 10, elapsed


def test_mixed_named_and_unnamed_function_arguments_get_names():
    f = FunctionDecl("f", (Formal(None, NamedType("ref")), Formal("y", INT), Formal(None, BOOL)),
                     Formal(None, INT))
    assert format_decl(f) == "function f($arg0: ref, y: int, $arg2: bool) : int;"


def test_quantifier_with_only_type_parameters():
    q = Quant(QuantKind.FORALL, (), BoolLit(True), type_params=("a",))
    assert format_expr(q) == "(forall <a> :: true)"
