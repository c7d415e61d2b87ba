function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvmul"} $bvmul.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvsgt"} $bvsgt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvsub"} $bvsub.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvule"} $bvule.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

var $alloc: bv32;

var $M.b32: [bv32]bv32;

var calls: bv32;

procedure {:cfunction "bump", "s32", "v", "s32"} bump(in$v: bv32) returns ($r: bv32)
  modifies calls;
{
  var v: bv32;

  $entry:
    v := in$v;
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 3, 19} true;
    calls := {:cassign "calls", "s32", $bvadd.bv32(calls, 1bv32)} $bvadd.bv32(calls, 1bv32);
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 3, 28} true;
    $r := v;
    return;
}

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: bv32)
  modifies $M.b32, $alloc, calls;
{
  var i: bv32;
  var $p1: bv32;
  var t: bv32;
  var $sc2: bool;
  var $r6: bv32;
  var u: bv32;
  var $r7: bv32;
  var $sc8: bool;
  var $r12: bv32;
  var c: bv32;
  var $c18: bv32;
  var $r19: bv32;
  var $r20: bv32;
  var $t21: bv32;
  var d: bv32;

  $entry:
    calls := 0bv32;
    assume $bvugt.bv32($alloc, 4112bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 5, 7} true;
    i := {:cassign "i", "s32", 0bv32} 0bv32;
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 5, 14} true;
    $p1 := {:alloc "local"} {:cobject "a", "local", 12bv32} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p1, 12bv32));
    assume {:cs_step_continues} $bvule.bv32($p1, $bvadd.bv32($p1, 12bv32));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    $M.b32[$p1] := {:cassign "a[0]", "s32", 0bv32} 0bv32;
    $M.b32[$bvadd.bv32($p1, 4bv32)] := {:cassign "a[1]", "s32", 0bv32} 0bv32;
    $M.b32[$bvadd.bv32($p1, 8bv32)] := {:cassign "a[2]", "s32", 0bv32} 0bv32;
    goto $rhs3, $skip4;

  $rhs3:
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 6, 7} $bvsgt.bv32(i, 0bv32);
    call $r6 := bump(1bv32);
    $sc2 := $r6 != 0bv32;
    goto $join5;

  $skip4:
    assume !$bvsgt.bv32(i, 0bv32);
    $sc2 := false;
    goto $join5;

  $join5:
    t := {:cassign "t", "s32", if $sc2 then 1bv32 else 0bv32} if $sc2 then 1bv32 else 0bv32;
    call {:sourceloc "tests/data/c/golden/side_effects.c", 7, 7} $r7 := bump(0bv32);
    goto $rhs9, $skip10;

  $rhs9:
    assume !($r7 != 0bv32);
    call $r12 := bump(2bv32);
    $sc8 := $r12 != 0bv32;
    goto $join11;

  $skip10:
    assume $r7 != 0bv32;
    $sc8 := true;
    goto $join11;

  $join11:
    u := {:cassign "u", "s32", if $sc8 then 1bv32 else 0bv32} if $sc8 then 1bv32 else 0bv32;
    goto $ctrue13, $cfalse14;

  $ctrue13:
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 8, 7} i != 0bv32;
    call $r19 := bump(3bv32);
    $c18 := $r19;
    goto $cjoin15;

  $cfalse14:
    assume !(i != 0bv32);
    call $r20 := bump(4bv32);
    $c18 := $r20;
    goto $cjoin15;

  $cjoin15:
    c := {:cassign "c", "s32", $c18} $c18;
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 9, 3} true;
    $t21 := i;
    i := {:cassign "i", "s32", $bvadd.bv32($t21, 1bv32)} $bvadd.bv32($t21, 1bv32);
    $M.b32[$bvadd.bv32($p1, $bvmul.bv32($t21, 4bv32))] := {:cassign "a[{s32}]", "s32", $bvadd.bv32($M.b32[$bvadd.bv32($p1, $bvmul.bv32($t21, 4bv32))], 5bv32), $t21} $bvadd.bv32($M.b32[$bvadd.bv32($p1, $bvmul.bv32($t21, 4bv32))], 5bv32);
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 10, 3} true;
    i := {:cassign "i", "s32", $bvadd.bv32(i, 1bv32)} $bvadd.bv32(i, 1bv32);
    $M.b32[$bvadd.bv32($p1, $bvmul.bv32(i, 4bv32))] := {:cassign "a[{s32}]", "s32", $bvsub.bv32($M.b32[$bvadd.bv32($p1, $bvmul.bv32(i, 4bv32))], 1bv32), i} $bvsub.bv32($M.b32[$bvadd.bv32($p1, $bvmul.bv32(i, 4bv32))], 1bv32);
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 11, 7} true;
    i := {:cassign "i", "s32", $bvadd.bv32(i, 1bv32)} $bvadd.bv32(i, 1bv32);
    i := {:cassign "i", "s32", $bvsub.bv32(i, 1bv32)} $bvsub.bv32(i, 1bv32);
    d := {:cassign "d", "s32", i} i;
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 12, 3} true;
    $r := $bvadd.bv32($bvadd.bv32($bvadd.bv32($bvadd.bv32(t, u), c), d), calls);
    return;
}
