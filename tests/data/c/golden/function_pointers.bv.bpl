function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvsub"} $bvsub.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvule"} $bvule.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

var $alloc: bv32;

var $M.ops.f: [bv32]bv32;

procedure {:cfunction "incr", "s32", "x", "s32"} incr(in$x: bv32) returns ($r: bv32)
{
  var x: bv32;

  $entry:
    x := in$x;
    assume {:sourceloc "tests/data/c/golden/function_pointers.c", 4, 19} true;
    $r := $bvadd.bv32(x, 1bv32);
    return;
}

procedure {:cfunction "decr", "s32", "x", "s32"} decr(in$x: bv32) returns ($r: bv32)
{
  var x: bv32;

  $entry:
    x := in$x;
    assume {:sourceloc "tests/data/c/golden/function_pointers.c", 5, 19} true;
    $r := $bvsub.bv32(x, 1bv32);
    return;
}

procedure {:cfunction "noop", ""} noop()
{
  $entry:
    return;
}

procedure {:entrypoint} {:cfunction "main", "s32"} {:cglobal "decr", 4096, 1} {:cglobal "incr", 4104, 1} {:cglobal "noop", 4112, 1} main() returns ($r: bv32)
  modifies $M.ops.f, $alloc;
{
  var fp: bv32;
  var $nd1: bv32;
  var $p2: bv32;
  var r: bv32;
  var $t3: bv32;
  var $fr4: bv32;
  var $r9: bv32;
  var $r10: bv32;
  var $t11: bv32;
  var $fr12: bv32;
  var $r17: bv32;
  var $r18: bv32;
  var $t19: bv32;
  var $fr20: bv32;
  var $r25: bv32;
  var $r26: bv32;
  var g: bv32;
  var $t27: bv32;

  $entry:
    assume $bvugt.bv32($alloc, 4133bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    havoc {:sourceloc "tests/data/c/golden/function_pointers.c", 9, 8} {:nondet "int from __VERIFIER_nondet_int"} $nd1;
    fp := {:cassign "fp", "p", if $nd1 != 0bv32 then 4104bv32 else 4096bv32} if $nd1 != 0bv32 then 4104bv32 else 4096bv32;
    assume {:sourceloc "tests/data/c/golden/function_pointers.c", 10, 14} true;
    $p2 := {:alloc "local"} {:cobject "o", "local", 4bv32} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p2, 4bv32));
    assume {:cs_step_continues} $bvule.bv32($p2, $bvadd.bv32($p2, 4bv32));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    $M.ops.f[$p2] := {:cassign "o.f", "p", 4104bv32} 4104bv32;
    assume {:sourceloc "tests/data/c/golden/function_pointers.c", 11, 7} true;
    $t3 := fp;
    goto $fcall7, $fcall8, $fnone6;

  $fcall7:
    assume $t3 == 4096bv32;
    call $r9 := decr(1bv32);
    $fr4 := $r9;
    goto $fjoin5;

  $fcall8:
    assume $t3 == 4104bv32;
    call $r10 := incr(1bv32);
    $fr4 := $r10;
    goto $fjoin5;

  $fnone6:
    assume $t3 != 4096bv32;
    assume $t3 != 4104bv32;
    assume {:invalid_call} false;
    goto $fjoin5;

  $fjoin5:
    $t11 := $M.ops.f[$p2];
    goto $fcall15, $fcall16, $fnone14;

  $fcall15:
    assume $t11 == 4096bv32;
    call $r17 := decr(2bv32);
    $fr12 := $r17;
    goto $fjoin13;

  $fcall16:
    assume $t11 == 4104bv32;
    call $r18 := incr(2bv32);
    $fr12 := $r18;
    goto $fjoin13;

  $fnone14:
    assume $t11 != 4096bv32;
    assume $t11 != 4104bv32;
    assume {:invalid_call} false;
    goto $fjoin13;

  $fjoin13:
    $t19 := $M.ops.f[$p2];
    goto $fcall23, $fcall24, $fnone22;

  $fcall23:
    assume $t19 == 4096bv32;
    call $r25 := decr(3bv32);
    $fr20 := $r25;
    goto $fjoin21;

  $fcall24:
    assume $t19 == 4104bv32;
    call $r26 := incr(3bv32);
    $fr20 := $r26;
    goto $fjoin21;

  $fnone22:
    assume $t19 != 4096bv32;
    assume $t19 != 4104bv32;
    assume {:invalid_call} false;
    goto $fjoin21;

  $fjoin21:
    r := {:cassign "r", "s32", $bvadd.bv32($bvadd.bv32($fr4, $fr12), $fr20)} $bvadd.bv32($bvadd.bv32($fr4, $fr12), $fr20);
    assume {:sourceloc "tests/data/c/golden/function_pointers.c", 12, 9} true;
    g := {:cassign "g", "p", 4112bv32} 4112bv32;
    assume {:sourceloc "tests/data/c/golden/function_pointers.c", 12, 27} true;
    $t27 := g;
    goto $fcall30, $fnone29;

  $fcall30:
    assume $t27 == 4112bv32;
    call noop();
    goto $fjoin28;

  $fnone29:
    assume $t27 != 4112bv32;
    assume {:invalid_call} false;
    goto $fjoin28;

  $fjoin28:
    goto $then31, $else32;

  $then31:
    assume {:sourceloc "tests/data/c/golden/function_pointers.c", 13, 3} {:cbranch "if", "r != 2 + 3 + 4 && r != 0 + 3 + 4", "true"} r != $bvadd.bv32($bvadd.bv32(2bv32, 3bv32), 4bv32) && r != $bvadd.bv32($bvadd.bv32(0bv32, 3bv32), 4bv32);
    assert {:sourceloc "tests/data/c/golden/function_pointers.c", 13, 41} {:error "reach_error"} false;
    goto $endif33;

  $else32:
    assume {:cbranch "if", "r != 2 + 3 + 4 && r != 0 + 3 + 4", "false"} !(r != $bvadd.bv32($bvadd.bv32(2bv32, 3bv32), 4bv32) && r != $bvadd.bv32($bvadd.bv32(0bv32, 3bv32), 4bv32));
    goto $endif33;

  $endif33:
    assume {:sourceloc "tests/data/c/golden/function_pointers.c", 14, 3} true;
    $r := 0bv32;
    return;
}
