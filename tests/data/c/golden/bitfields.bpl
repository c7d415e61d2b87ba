var $alloc: int;

var $M.F.tag: [int]int;

var $M.u32: [int]int;

var $M.u8: [int]int;

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: int)
  modifies $M.F.tag, $M.u32, $M.u8, $alloc;
{
  var $p1: int;
  var $t2: int;
  var $t3: int;
  var $t4: int;
  var $t5: int;
  var $t6: int;
  var $t7: int;
  var $t11: int;
  var $t12: int;

  $entry:
    assume $alloc > 4112;
    assume $alloc < 1073741824;
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 6, 12} true;
    $p1 := {:alloc "local"} {:cobject "f", "local", 12} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p1 + 12;
    assume {:cs_step_continues} $alloc < 2147483648;
    $M.u32[$p1] := 0;
    $M.u32[$p1 + 4] := 0;
    $M.F.tag[$p1 + 8] := 0;
    $M.u8[$p1 + 9] := 0;
    $t2 := $M.u32[$p1];
    $M.u32[$p1] := $t2 + (0 mod 8 - $t2 div 1 mod 8) * 1;
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 7, 3} true;
    $t3 := $M.u32[$p1];
    $M.u32[$p1] := {:cassign "f.a", "u32", 9} $t3 + (9 mod 8 - $t3 div 1 mod 8) * 1;
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 8, 3} true;
    $t4 := $M.u32[$p1];
    $M.u32[$p1] := {:cassign "f.b", "s32", -(3)} $t4 + (-(3) mod 32 - $t4 div 8 mod 32) * 8;
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 9, 3} true;
    $t5 := $M.u32[$p1 + 4];
    $M.u32[$p1 + 4] := {:cassign "f.c", "u32", 12345} $t5 + (12345 mod 1073741824 - $t5 div 1 mod 1073741824) * 1;
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 10, 3} true;
    $M.F.tag[$p1 + 8] := {:cassign "f.tag", "s8", 120} 120;
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 11, 3} true;
    $t6 := $M.u8[$p1 + 9];
    $M.u8[$p1 + 9] := {:cassign "f.flag", "u8", if 1 != 0 then 1 else 0} $t6 + ((if 1 != 0 then 1 else 0) mod 2 - $t6 div 1 mod 2) * 1;
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 12, 3} true;
    $t7 := $M.u32[$p1];
    $M.u32[$p1] := {:cassign "f.b", "s32", ($M.u32[$p1] div 8 mod 32 + 16) mod 32 - 16 + 1} $t7 + ((($M.u32[$p1] div 8 mod 32 + 16) mod 32 - 16 + 1) mod 32 - $t7 div 8 mod 32) * 8;
    goto $then8, $else9;

  $then8:
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 13, 3} {:cbranch "if", "f.a != 1 || f.b != -2 || f.c != 12345 || f.tag != 'x' || !f.flag", "true"} $M.u32[$p1] div 1 mod 8 != 1 || ($M.u32[$p1] div 8 mod 32 + 16) mod 32 - 16 != -(2) || $M.u32[$p1 + 4] div 1 mod 1073741824 != 12345 || $M.F.tag[$p1 + 8] != 120 || !($M.u8[$p1 + 9] div 1 mod 2 != 0);
    assert {:sourceloc "tests/data/c/golden/bitfields.c", 13, 73} {:error "reach_error"} false;
    goto $endif10;

  $else9:
    assume {:cbranch "if", "f.a != 1 || f.b != -2 || f.c != 12345 || f.tag != 'x' || !f.flag", "false"} !($M.u32[$p1] div 1 mod 8 != 1 || ($M.u32[$p1] div 8 mod 32 + 16) mod 32 - 16 != -(2) || $M.u32[$p1 + 4] div 1 mod 1073741824 != 12345 || $M.F.tag[$p1 + 8] != 120 || !($M.u8[$p1 + 9] div 1 mod 2 != 0));
    goto $endif10;

  $endif10:
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 14, 3} true;
    $t11 := $M.u32[$p1];
    $M.u32[$p1] := {:cassign "f.b", "s32", 15} $t11 + (15 mod 32 - $t11 div 8 mod 32) * 8;
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 15, 3} true;
    $t12 := $M.u32[$p1];
    $M.u32[$p1] := {:cassign "f.b", "s32", ($M.u32[$p1] div 8 mod 32 + 16) mod 32 - 16 + 1} $t12 + ((($M.u32[$p1] div 8 mod 32 + 16) mod 32 - 16 + 1) mod 32 - $t12 div 8 mod 32) * 8;
    goto $then13, $else14;

  $then13:
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 16, 3} {:cbranch "if", "f.b != -16", "true"} ($M.u32[$p1] div 8 mod 32 + 16) mod 32 - 16 != -(16);
    assert {:sourceloc "tests/data/c/golden/bitfields.c", 16, 19} {:error "reach_error"} false;
    goto $endif15;

  $else14:
    assume {:cbranch "if", "f.b != -16", "false"} !(($M.u32[$p1] div 8 mod 32 + 16) mod 32 - 16 != -(16));
    goto $endif15;

  $endif15:
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 17, 3} true;
    $r := 0;
    return;
}
