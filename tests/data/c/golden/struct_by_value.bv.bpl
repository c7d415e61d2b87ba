function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvule"} $bvule.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

var $alloc: bv32;

var $M.P.c$R0: [bv32]bv8;

var $M.P.c$R1: [bv32]bv8;

var $M.P.c$R2: [bv32]bv8;

var $M.P.c$R3: [bv32]bv8;

var $M.P.c$R4: [bv32]bv8;

var $M.P.x$R0: [bv32]bv32;

var $M.P.x$R1: [bv32]bv32;

var $M.P.x$R2: [bv32]bv32;

var $M.P.x$R3: [bv32]bv32;

var $M.P.x$R4: [bv32]bv32;

procedure {:cfunction "mk", "", "x", "s32"} mk(in$x: bv32) returns ($r: bv32)
  modifies $M.P.c$R0, $M.P.c$R1, $M.P.x$R0, $M.P.x$R1, $alloc;
{
  var x: bv32;
  var $p1: bv32;
  var $p2: bv32;

  $entry:
    x := in$x;
    assume {:sourceloc "tests/data/c/golden/struct_by_value.c", 4, 31} true;
    $p1 := {:alloc "local"} {:cobject "p", "local", 8bv32} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p1, 8bv32));
    assume {:cs_step_continues} $bvule.bv32($p1, $bvadd.bv32($p1, 8bv32));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    assume {:sourceloc "tests/data/c/golden/struct_by_value.c", 4, 34} true;
    $M.P.x$R0[$p1] := {:cassign "p.x", "s32", x} x;
    assume {:sourceloc "tests/data/c/golden/struct_by_value.c", 4, 43} true;
    $M.P.c$R0[$bvadd.bv32($p1, 4bv32)] := {:cassign "p.c", "s8", 97bv8} 97bv8;
    assume {:sourceloc "tests/data/c/golden/struct_by_value.c", 4, 54} true;
    $p2 := {:alloc "copy"} {:cobject "", "copy", 8bv32} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p2, 8bv32));
    assume {:cs_step_continues} $bvule.bv32($p2, $bvadd.bv32($p2, 8bv32));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    $M.P.x$R1[$p2] := $M.P.x$R0[$p1];
    $M.P.c$R1[$bvadd.bv32($p2, 4bv32)] := $M.P.c$R0[$bvadd.bv32($p1, 4bv32)];
    $r := $p2;
    return;
}

procedure {:cfunction "getx", "s32", "p", ""} getx(in$p: bv32) returns ($r: bv32)
  modifies $M.P.x$R2;
{
  $entry:
    assume {:sourceloc "tests/data/c/golden/struct_by_value.c", 5, 24} true;
    $M.P.x$R2[in$p] := {:cassign "p.x", "s32", $bvadd.bv32($M.P.x$R2[in$p], 1bv32)} $bvadd.bv32($M.P.x$R2[in$p], 1bv32);
    assume {:sourceloc "tests/data/c/golden/struct_by_value.c", 5, 31} true;
    $r := $M.P.x$R2[in$p];
    return;
}

procedure {:entrypoint} {:cfunction "main", "s32"} {:memory_regions "5"} main() returns ($r: bv32)
  modifies $M.P.c$R0, $M.P.c$R1, $M.P.c$R2, $M.P.c$R3, $M.P.c$R4, $M.P.x$R0, $M.P.x$R1, $M.P.x$R2, $M.P.x$R3, $M.P.x$R4, $alloc;
{
  var $p1: bv32;
  var $r2: bv32;
  var $p3: bv32;
  var $r4: bv32;
  var y: bv32;
  var $p5: bv32;
  var $r6: bv32;
  var $sc7: bool;
  var $r11: bv32;

  $entry:
    assume $bvugt.bv32($alloc, 4112bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/struct_by_value.c", 7, 12} true;
    $p1 := {:alloc "local"} {:cobject "a", "local", 8bv32} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p1, 8bv32));
    assume {:cs_step_continues} $bvule.bv32($p1, $bvadd.bv32($p1, 8bv32));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    call $r2 := mk(4bv32);
    $M.P.x$R3[$p1] := {:cassign "a.x", "s32", $M.P.x$R1[$r2]} $M.P.x$R1[$r2];
    $M.P.c$R3[$bvadd.bv32($p1, 4bv32)] := {:cassign "a.c", "s8", $M.P.c$R1[$bvadd.bv32($r2, 4bv32)]} $M.P.c$R1[$bvadd.bv32($r2, 4bv32)];
    assume {:sourceloc "tests/data/c/golden/struct_by_value.c", 8, 12} true;
    $p3 := {:alloc "local"} {:cobject "b", "local", 8bv32} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p3, 8bv32));
    assume {:cs_step_continues} $bvule.bv32($p3, $bvadd.bv32($p3, 8bv32));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    call {:sourceloc "tests/data/c/golden/struct_by_value.c", 9, 3} $r4 := mk(5bv32);
    $M.P.x$R4[$p3] := {:cassign "b.x", "s32", $M.P.x$R1[$r4]} $M.P.x$R1[$r4];
    $M.P.c$R4[$bvadd.bv32($p3, 4bv32)] := {:cassign "b.c", "s8", $M.P.c$R1[$bvadd.bv32($r4, 4bv32)]} $M.P.c$R1[$bvadd.bv32($r4, 4bv32)];
    assume {:sourceloc "tests/data/c/golden/struct_by_value.c", 10, 7} true;
    $p5 := {:alloc "copy"} {:cobject "", "copy", 8bv32} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p5, 8bv32));
    assume {:cs_step_continues} $bvule.bv32($p5, $bvadd.bv32($p5, 8bv32));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    $M.P.x$R2[$p5] := $M.P.x$R3[$p1];
    $M.P.c$R2[$bvadd.bv32($p5, 4bv32)] := $M.P.c$R3[$bvadd.bv32($p1, 4bv32)];
    call $r6 := getx($p5);
    y := {:cassign "y", "s32", $r6} $r6;
    goto $rhs8, $skip9;

  $rhs8:
    assume {:sourceloc "tests/data/c/golden/struct_by_value.c", 11, 3} !(y != 5bv32 || $M.P.x$R3[$p1] != 4bv32 || $M.P.x$R4[$p3] != 5bv32);
    call $r11 := mk(7bv32);
    $sc7 := $M.P.x$R1[$r11] != 7bv32;
    goto $join10;

  $skip9:
    assume y != 5bv32 || $M.P.x$R3[$p1] != 4bv32 || $M.P.x$R4[$p3] != 5bv32;
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
    $r := 0bv32;
    return;
}
