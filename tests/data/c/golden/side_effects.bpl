var $alloc: int;

var $M.i32: [int]int;

var calls: int;

procedure bump(in$v: int) returns ($r: int)
  modifies calls;
{
  var v: int;

  $entry:
    v := in$v;
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 3, 19} true;
    calls := calls + 1;
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 3, 28} true;
    $r := v;
    return;
}

procedure {:entrypoint} main() returns ($r: int)
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
    i := 0;
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 5, 14} true;
    $p1 := {:alloc "local"} $alloc;
    havoc $alloc;
    assume $alloc > $p1 + 12;
    assume $alloc < 2147483648;
    $M.i32[$p1] := 0;
    $M.i32[$p1 + 4] := 0;
    $M.i32[$p1 + 8] := 0;
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
    t := if $sc2 then 1 else 0;
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
    u := if $sc8 then 1 else 0;
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
    c := $c18;
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 9, 3} true;
    $t21 := i;
    i := $t21 + 1;
    $M.i32[$p1 + $t21 * 4] := $M.i32[$p1 + $t21 * 4] + 5;
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 10, 3} true;
    i := i + 1;
    $M.i32[$p1 + i * 4] := $M.i32[$p1 + i * 4] - 1;
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 11, 7} true;
    i := i + 1;
    i := i - 1;
    d := i;
    assume {:sourceloc "tests/data/c/golden/side_effects.c", 12, 3} true;
    $r := t + u + c + d + calls;
    return;
}
