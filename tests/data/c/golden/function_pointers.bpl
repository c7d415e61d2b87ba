var $alloc: int;

var $M.ops.f: [int]int;

procedure {:cfunction "incr", "s32", "x", "s32"} incr(in$x: int) returns ($r: int)
{
  var x: int;

  $entry:
    x := in$x;
    assume {:sourceloc "tests/data/c/golden/function_pointers.c", 4, 19} true;
    $r := x + 1;
    return;
}

procedure {:cfunction "decr", "s32", "x", "s32"} decr(in$x: int) returns ($r: int)
{
  var x: int;

  $entry:
    x := in$x;
    assume {:sourceloc "tests/data/c/golden/function_pointers.c", 5, 19} true;
    $r := x - 1;
    return;
}

procedure {:cfunction "noop", ""} noop()
{
  $entry:
    return;
}

procedure {:entrypoint} {:cfunction "main", "s32"} {:cglobal "decr", 4096, 1} {:cglobal "incr", 4104, 1} {:cglobal "noop", 4112, 1} main() returns ($r: int)
  modifies $M.ops.f, $alloc;
{
  var fp: int;
  var $nd1: int;
  var $p2: int;
  var r: int;
  var $t3: int;
  var $fr4: int;
  var $r9: int;
  var $r10: int;
  var $t11: int;
  var $fr12: int;
  var $r17: int;
  var $r18: int;
  var $t19: int;
  var $fr20: int;
  var $r25: int;
  var $r26: int;
  var g: int;
  var $t27: int;

  $entry:
    assume $alloc > 4133;
    assume $alloc < 1073741824;
    goto $body;

  $body:
    havoc {:sourceloc "tests/data/c/golden/function_pointers.c", 9, 8} {:nondet "int from __VERIFIER_nondet_int"} $nd1;
    assume -(2147483648) <= $nd1 && $nd1 <= 2147483647;
    fp := {:cassign "fp", "p", if $nd1 != 0 then 4104 else 4096} if $nd1 != 0 then 4104 else 4096;
    assume {:sourceloc "tests/data/c/golden/function_pointers.c", 10, 14} true;
    $p2 := {:alloc "local"} {:cobject "o", "local", 4} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p2 + 4;
    assume {:cs_step_continues} $alloc < 2147483648;
    $M.ops.f[$p2] := {:cassign "o.f", "p", 4104} 4104;
    assume {:sourceloc "tests/data/c/golden/function_pointers.c", 11, 7} true;
    $t3 := fp;
    goto $fcall7, $fcall8, $fnone6;

  $fcall7:
    assume $t3 == 4096;
    call $r9 := decr(1);
    $fr4 := $r9;
    goto $fjoin5;

  $fcall8:
    assume $t3 == 4104;
    call $r10 := incr(1);
    $fr4 := $r10;
    goto $fjoin5;

  $fnone6:
    assume $t3 != 4096;
    assume $t3 != 4104;
    assume {:invalid_call} false;
    goto $fjoin5;

  $fjoin5:
    $t11 := $M.ops.f[$p2];
    goto $fcall15, $fcall16, $fnone14;

  $fcall15:
    assume $t11 == 4096;
    call $r17 := decr(2);
    $fr12 := $r17;
    goto $fjoin13;

  $fcall16:
    assume $t11 == 4104;
    call $r18 := incr(2);
    $fr12 := $r18;
    goto $fjoin13;

  $fnone14:
    assume $t11 != 4096;
    assume $t11 != 4104;
    assume {:invalid_call} false;
    goto $fjoin13;

  $fjoin13:
    $t19 := $M.ops.f[$p2];
    goto $fcall23, $fcall24, $fnone22;

  $fcall23:
    assume $t19 == 4096;
    call $r25 := decr(3);
    $fr20 := $r25;
    goto $fjoin21;

  $fcall24:
    assume $t19 == 4104;
    call $r26 := incr(3);
    $fr20 := $r26;
    goto $fjoin21;

  $fnone22:
    assume $t19 != 4096;
    assume $t19 != 4104;
    assume {:invalid_call} false;
    goto $fjoin21;

  $fjoin21:
    r := {:cassign "r", "s32", $fr4 + $fr12 + $fr20} $fr4 + $fr12 + $fr20;
    assume {:sourceloc "tests/data/c/golden/function_pointers.c", 12, 9} true;
    g := {:cassign "g", "p", 4112} 4112;
    assume {:sourceloc "tests/data/c/golden/function_pointers.c", 12, 27} true;
    $t27 := g;
    goto $fcall30, $fnone29;

  $fcall30:
    assume $t27 == 4112;
    call noop();
    goto $fjoin28;

  $fnone29:
    assume $t27 != 4112;
    assume {:invalid_call} false;
    goto $fjoin28;

  $fjoin28:
    goto $then31, $else32;

  $then31:
    assume {:sourceloc "tests/data/c/golden/function_pointers.c", 13, 3} {:cbranch "if", "r != 2 + 3 + 4 && r != 0 + 3 + 4", "true"} r != 9 && r != 7;
    assert {:sourceloc "tests/data/c/golden/function_pointers.c", 13, 41} {:error "reach_error"} false;
    goto $endif33;

  $else32:
    assume {:cbranch "if", "r != 2 + 3 + 4 && r != 0 + 3 + 4", "false"} !(r != 9 && r != 7);
    goto $endif33;

  $endif33:
    assume {:sourceloc "tests/data/c/golden/function_pointers.c", 14, 3} true;
    $r := 0;
    return;
}
