var $alloc: int;

var $M.P.c$R0: [int]int;

var $M.P.c$R1: [int]int;

var $M.P.c$R2: [int]int;

var $M.P.c$R3: [int]int;

var $M.P.c$R4: [int]int;

var $M.P.x$R0: [int]int;

var $M.P.x$R1: [int]int;

var $M.P.x$R2: [int]int;

var $M.P.x$R3: [int]int;

var $M.P.x$R4: [int]int;

procedure {:cfunction "mk", "", "x", "s32"} mk(in$x: int) returns ($r: int)
  modifies $M.P.c$R0, $M.P.c$R1, $M.P.x$R0, $M.P.x$R1, $alloc;
{
  var x: int;
  var $p1: int;
  var $p2: int;

  $entry:
    x := in$x;
    assume {:sourceloc "tests/data/c/golden/struct_by_value.c", 4, 31} true;
    $p1 := {:alloc "local"} {:cobject "p", "local", 8} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p1 + 8;
    assume {:cs_step_continues} $alloc < 2147483648;
    assume {:sourceloc "tests/data/c/golden/struct_by_value.c", 4, 34} true;
    $M.P.x$R0[$p1] := {:cassign "p.x", "s32", x} x;
    assume {:sourceloc "tests/data/c/golden/struct_by_value.c", 4, 43} true;
    $M.P.c$R0[$p1 + 4] := {:cassign "p.c", "s8", 97} 97;
    assume {:sourceloc "tests/data/c/golden/struct_by_value.c", 4, 54} true;
    $p2 := {:alloc "copy"} {:cobject "", "copy", 8} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p2 + 8;
    assume {:cs_step_continues} $alloc < 2147483648;
    $M.P.x$R1[$p2] := $M.P.x$R0[$p1];
    $M.P.c$R1[$p2 + 4] := $M.P.c$R0[$p1 + 4];
    $r := $p2;
    return;
}

procedure {:cfunction "getx", "s32", "p", ""} getx(in$p: int) returns ($r: int)
  modifies $M.P.x$R2;
{
  $entry:
    assume {:sourceloc "tests/data/c/golden/struct_by_value.c", 5, 24} true;
    $M.P.x$R2[in$p] := {:cassign "p.x", "s32", $M.P.x$R2[in$p] + 1} $M.P.x$R2[in$p] + 1;
    assume {:sourceloc "tests/data/c/golden/struct_by_value.c", 5, 31} true;
    $r := $M.P.x$R2[in$p];
    return;
}

procedure {:entrypoint} {:cfunction "main", "s32"} {:memory_regions "5"} main() returns ($r: int)
  modifies $M.P.c$R0, $M.P.c$R1, $M.P.c$R2, $M.P.c$R3, $M.P.c$R4, $M.P.x$R0, $M.P.x$R1, $M.P.x$R2, $M.P.x$R3, $M.P.x$R4, $alloc;
{
  var $p1: int;
  var $r2: int;
  var $p3: int;
  var $r4: int;
  var y: int;
  var $p5: int;
  var $r6: int;
  var $sc7: bool;
  var $r11: int;

  $entry:
    assume $alloc > 4112;
    assume $alloc < 1073741824;
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/struct_by_value.c", 7, 12} true;
    $p1 := {:alloc "local"} {:cobject "a", "local", 8} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p1 + 8;
    assume {:cs_step_continues} $alloc < 2147483648;
    call $r2 := mk(4);
    $M.P.x$R3[$p1] := {:cassign "a.x", "s32", $M.P.x$R1[$r2]} $M.P.x$R1[$r2];
    $M.P.c$R3[$p1 + 4] := {:cassign "a.c", "s8", $M.P.c$R1[$r2 + 4]} $M.P.c$R1[$r2 + 4];
    assume {:sourceloc "tests/data/c/golden/struct_by_value.c", 8, 12} true;
    $p3 := {:alloc "local"} {:cobject "b", "local", 8} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p3 + 8;
    assume {:cs_step_continues} $alloc < 2147483648;
    call {:sourceloc "tests/data/c/golden/struct_by_value.c", 9, 3} $r4 := mk(5);
    $M.P.x$R4[$p3] := {:cassign "b.x", "s32", $M.P.x$R1[$r4]} $M.P.x$R1[$r4];
    $M.P.c$R4[$p3 + 4] := {:cassign "b.c", "s8", $M.P.c$R1[$r4 + 4]} $M.P.c$R1[$r4 + 4];
    assume {:sourceloc "tests/data/c/golden/struct_by_value.c", 10, 7} true;
    $p5 := {:alloc "copy"} {:cobject "", "copy", 8} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p5 + 8;
    assume {:cs_step_continues} $alloc < 2147483648;
    $M.P.x$R2[$p5] := $M.P.x$R3[$p1];
    $M.P.c$R2[$p5 + 4] := $M.P.c$R3[$p1 + 4];
    call $r6 := getx($p5);
    y := {:cassign "y", "s32", $r6} $r6;
    goto $rhs8, $skip9;

  $rhs8:
    assume {:sourceloc "tests/data/c/golden/struct_by_value.c", 11, 3} !(y != 5 || $M.P.x$R3[$p1] != 4 || $M.P.x$R4[$p3] != 5);
    call $r11 := mk(7);
    $sc7 := $M.P.x$R1[$r11] != 7;
    goto $join10;

  $skip9:
    assume y != 5 || $M.P.x$R3[$p1] != 4 || $M.P.x$R4[$p3] != 5;
    $sc7 := true;
    goto $join10;

  $join10:
    goto $then12, $else13;

  $then12:
    assume {:cbranch "if", "y != 5 || a.x != 4 || b.x != 5 || mk(7).x != 7", "true"} $sc7;
    assert {:sourceloc "tests/data/c/golden/struct_by_value.c", 11, 55} {:error "reach_error"} false;
    goto $endif14;

  $else13:
    assume {:cbranch "if", "y != 5 || a.x != 4 || b.x != 5 || mk(7).x != 7", "false"} !$sc7;
    goto $endif14;

  $endif14:
    assume {:sourceloc "tests/data/c/golden/struct_by_value.c", 12, 3} true;
    $r := 0;
    return;
}
