var $alloc: int;

var $M.i32: [int]int;

var calls: int;

procedure {:cfunction "bump", "s32", "v", "s32"} bump(in$v: int) returns ($r: int)
  modifies calls;
{
  var v: int;

  $entry:
    v := in$v;
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 3, 19} true;
    calls := {:cassign "calls", "s32", calls + 1} calls + 1;
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 3, 28} true;
    $r := v;
    return;
}

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: int)
  modifies $M.i32, $alloc, calls;
{
  var i: int;
  var $p1: int;
  var t: int;
  var $sc2: bool;
  var $r6: int;
  var u: int;
  var $r7: int;
  var $sc8: bool;
  var $r12: int;
  var c: int;
  var $c18: int;
  var $r19: int;
  var $r20: int;
  var $t21: int;
  var d: int;

  $entry:
    calls := 0;
    assume $alloc > 4112;
    assume $alloc < 1073741824;
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 5, 7} true;
    i := {:cassign "i", "s32", 0} 0;
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 5, 14} true;
    $p1 := {:alloc "local"} {:cobject "a", "local", 12} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p1 + 12;
    assume {:cs_step_continues} $alloc < 2147483648;
    $M.i32[$p1] := {:cassign "a[0]", "s32", 0} 0;
    $M.i32[$p1 + 4] := {:cassign "a[1]", "s32", 0} 0;
    $M.i32[$p1 + 8] := {:cassign "a[2]", "s32", 0} 0;
    goto $rhs3, $skip4;

  $rhs3:
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 6, 7} i > 0;
    call $r6 := bump(1);
    $sc2 := $r6 != 0;
    goto $join5;

  $skip4:
    assume !(i > 0);
    $sc2 := false;
    goto $join5;

  $join5:
    t := {:cassign "t", "s32", if $sc2 then 1 else 0} if $sc2 then 1 else 0;
    call {:sourceloc "tests/data/c/golden/side_effects.c", 7, 7} $r7 := bump(0);
    goto $rhs9, $skip10;

  $rhs9:
    assume !($r7 != 0);
    call $r12 := bump(2);
    $sc8 := $r12 != 0;
    goto $join11;

  $skip10:
    assume $r7 != 0;
    $sc8 := true;
    goto $join11;

  $join11:
    u := {:cassign "u", "s32", if $sc8 then 1 else 0} if $sc8 then 1 else 0;
    goto $ctrue13, $cfalse14;

  $ctrue13:
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 8, 7} i != 0;
    call $r19 := bump(3);
    $c18 := $r19;
    goto $cjoin15;

  $cfalse14:
    assume !(i != 0);
    call $r20 := bump(4);
    $c18 := $r20;
    goto $cjoin15;

  $cjoin15:
    c := {:cassign "c", "s32", $c18} $c18;
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 9, 3} true;
    $t21 := i;
    i := {:cassign "i", "s32", $t21 + 1} $t21 + 1;
    $M.i32[$p1 + $t21 * 4] := {:cassign "a[{s32}]", "s32", $M.i32[$p1 + $t21 * 4] + 5, $t21} $M.i32[$p1 + $t21 * 4] + 5;
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 10, 3} true;
    i := {:cassign "i", "s32", i + 1} i + 1;
    $M.i32[$p1 + i * 4] := {:cassign "a[{s32}]", "s32", $M.i32[$p1 + i * 4] - 1, i} $M.i32[$p1 + i * 4] - 1;
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 11, 7} true;
    i := {:cassign "i", "s32", i + 1} i + 1;
    i := {:cassign "i", "s32", i - 1} i - 1;
    d := {:cassign "d", "s32", i} i;
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 12, 3} true;
    $r := t + u + c + d + calls;
    return;
}
