function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvule"} $bvule.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "(_ sign_extend 27)"} $sign_extend.bv5.bv32(x0: bv5) : bv32;

function {:bvbuiltin "(_ sign_extend 24)"} $sign_extend.bv8.bv32(x0: bv8) : bv32;

function {:bvbuiltin "(_ zero_extend 29)"} $zero_extend.bv3.bv32(x0: bv3) : bv32;

function {:bvbuiltin "(_ zero_extend 2)"} $zero_extend.bv30.bv32(x0: bv30) : bv32;

var $alloc: bv32;

var $M.F.tag: [bv32]bv8;

var $M.b32: [bv32]bv32;

var $M.b8: [bv32]bv8;

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: bv32)
  modifies $M.F.tag, $M.b32, $M.b8, $alloc;
{
  var $p1: bv32;
  var $t2: bv32;
  var $t3: bv32;
  var $t4: bv32;
  var $t5: bv32;
  var $t6: bv8;
  var $t7: bv32;
  var $t11: bv32;
  var $t12: bv32;

  $entry:
    assume $bvugt.bv32($alloc, 4112bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 6, 12} true;
    $p1 := {:alloc "local"} {:cobject "f", "local", 12bv32} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p1, 12bv32));
    assume {:cs_step_continues} $bvule.bv32($p1, $bvadd.bv32($p1, 12bv32));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    $M.b32[$p1] := 0bv32;
    $M.b32[$bvadd.bv32($p1, 4bv32)] := 0bv32;
    $M.F.tag[$bvadd.bv32($p1, 8bv32)] := 0bv8;
    $M.b8[$bvadd.bv32($p1, 9bv32)] := 0bv8;
    $t2 := $M.b32[$p1];
    $M.b32[$p1] := $t2[32:3] ++ 0bv3;
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 7, 3} true;
    $t3 := $M.b32[$p1];
    $M.b32[$p1] := {:cassign "f.a", "u32", 9bv32} $t3[32:3] ++ 1bv3;
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 8, 3} true;
    $t4 := $M.b32[$p1];
    $M.b32[$p1] := {:cassign "f.b", "s32", 4294967293bv32} $t4[32:8] ++ (29bv5 ++ $t4[3:0]);
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 9, 3} true;
    $t5 := $M.b32[$bvadd.bv32($p1, 4bv32)];
    $M.b32[$bvadd.bv32($p1, 4bv32)] := {:cassign "f.c", "u32", 12345bv32} $t5[32:30] ++ 12345bv30;
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 10, 3} true;
    $M.F.tag[$bvadd.bv32($p1, 8bv32)] := {:cassign "f.tag", "s8", 120bv8} 120bv8;
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 11, 3} true;
    $t6 := $M.b8[$bvadd.bv32($p1, 9bv32)];
    $M.b8[$bvadd.bv32($p1, 9bv32)] := {:cassign "f.flag", "u8", if 1bv32 != 0bv32 then 1bv8 else 0bv8} $t6[8:1] ++ (if 1bv32 != 0bv32 then 1bv8 else 0bv8)[1:0];
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 12, 3} true;
    $t7 := $M.b32[$p1];
    $M.b32[$p1] := {:cassign "f.b", "s32", $bvadd.bv32($sign_extend.bv5.bv32($M.b32[$p1][8:3]), 1bv32)} $t7[32:8] ++ ($bvadd.bv32($sign_extend.bv5.bv32($M.b32[$p1][8:3]), 1bv32)[5:0] ++ $t7[3:0]);
    goto $then8, $else9;

  $then8:
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 13, 3} {:cbranch "if", "f.a != 1 || f.b != -2 || f.c != 12345 || f.tag != 'x' || !f.flag", "true"} $zero_extend.bv3.bv32($M.b32[$p1][3:0]) != 1bv32 || $sign_extend.bv5.bv32($M.b32[$p1][8:3]) != 4294967294bv32 || $zero_extend.bv30.bv32($M.b32[$bvadd.bv32($p1, 4bv32)][30:0]) != 12345bv32 || $sign_extend.bv8.bv32($M.F.tag[$bvadd.bv32($p1, 8bv32)]) != 120bv32 || !((if $M.b8[$bvadd.bv32($p1, 9bv32)][1:0] != 0bv1 then 1bv8 else 0bv8) != 0bv8);
    assert {:sourceloc "tests/data/c/golden/bitfields.c", 13, 73} {:error "reach_error"} false;
    goto $endif10;

  $else9:
    assume {:cbranch "if", "f.a != 1 || f.b != -2 || f.c != 12345 || f.tag != 'x' || !f.flag", "false"} !($zero_extend.bv3.bv32($M.b32[$p1][3:0]) != 1bv32 || $sign_extend.bv5.bv32($M.b32[$p1][8:3]) != 4294967294bv32 || $zero_extend.bv30.bv32($M.b32[$bvadd.bv32($p1, 4bv32)][30:0]) != 12345bv32 || $sign_extend.bv8.bv32($M.F.tag[$bvadd.bv32($p1, 8bv32)]) != 120bv32 || !((if $M.b8[$bvadd.bv32($p1, 9bv32)][1:0] != 0bv1 then 1bv8 else 0bv8) != 0bv8));
    goto $endif10;

  $endif10:
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 14, 3} true;
    $t11 := $M.b32[$p1];
    $M.b32[$p1] := {:cassign "f.b", "s32", 15bv32} $t11[32:8] ++ (15bv5 ++ $t11[3:0]);
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 15, 3} true;
    $t12 := $M.b32[$p1];
    $M.b32[$p1] := {:cassign "f.b", "s32", $bvadd.bv32($sign_extend.bv5.bv32($M.b32[$p1][8:3]), 1bv32)} $t12[32:8] ++ ($bvadd.bv32($sign_extend.bv5.bv32($M.b32[$p1][8:3]), 1bv32)[5:0] ++ $t12[3:0]);
    goto $then13, $else14;

  $then13:
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 16, 3} {:cbranch "if", "f.b != -16", "true"} $sign_extend.bv5.bv32($M.b32[$p1][8:3]) != 4294967280bv32;
    assert {:sourceloc "tests/data/c/golden/bitfields.c", 16, 19} {:error "reach_error"} false;
    goto $endif15;

  $else14:
    assume {:cbranch "if", "f.b != -16", "false"} !($sign_extend.bv5.bv32($M.b32[$p1][8:3]) != 4294967280bv32);
    goto $endif15;

  $endif15:
    assume {:sourceloc "tests/data/c/golden/bitfields.c", 17, 3} true;
    $r := 0bv32;
    return;
}
