function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvule"} $bvule.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "(_ sign_extend 16)"} $sign_extend.bv16.bv32(x0: bv16) : bv32;

function {:bvbuiltin "(_ sign_extend 24)"} $sign_extend.bv8.bv32(x0: bv8) : bv32;

function {:bvbuiltin "(_ zero_extend 24)"} $zero_extend.bv8.bv32(x0: bv8) : bv32;

var $alloc: bv32;

var $M.bytes: [bv32]bv8;

procedure {:entrypoint} {:cfunction "main", "s32"} {:memory_classes "3", "3"} {:byte_level_class "R0", "p1@main", "tests/data/c/golden/byte_level.c:7", "type-unsafe pointer cast from int* to char*"} {:byte_level_class "R1", "p8@main", "tests/data/c/golden/byte_level.c:12", "union U whose members overlap at different types"} {:byte_level_class "R2", "p12@main", "tests/data/c/golden/byte_level.c:15", "type-unsafe pointer cast from struct S* to long long*"} main() returns ($r: bv32)
  modifies $M.bytes, $alloc;
{
  var $p1: bv32;
  var c: bv32;
  var $p8: bv32;
  var $p12: bv32;
  var pl: bv32;

  $entry:
    assume $bvugt.bv32($alloc, 4112bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 6, 7} true;
    $p1 := {:alloc "local"} {:cobject "x", "local", 4bv32} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p1, 4bv32));
    assume {:cs_step_continues} $bvule.bv32($p1, $bvadd.bv32($p1, 4bv32));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    $M.bytes[$p1] := {:cassign "x", "s32", 16909060bv32} 16909060bv32[8:0];
    $M.bytes[$bvadd.bv32($p1, 1bv32)] := 16909060bv32[16:8];
    $M.bytes[$bvadd.bv32($p1, 2bv32)] := 16909060bv32[24:16];
    $M.bytes[$bvadd.bv32($p1, 3bv32)] := 16909060bv32[32:24];
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 7, 8} true;
    c := {:cassign "c", "p", $p1} $p1;
    goto $then2, $else3;

  $then2:
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 8, 3} {:cbranch "if", "c[0] != 4 || c[3] != 1", "true"} $sign_extend.bv8.bv32($M.bytes[c]) != 4bv32 || $sign_extend.bv8.bv32($M.bytes[$bvadd.bv32(c, 3bv32)]) != 1bv32;
    assert {:sourceloc "tests/data/c/golden/byte_level.c", 8, 31} {:error "reach_error"} false;
    goto $endif4;

  $else3:
    assume {:cbranch "if", "c[0] != 4 || c[3] != 1", "false"} !($sign_extend.bv8.bv32($M.bytes[c]) != 4bv32 || $sign_extend.bv8.bv32($M.bytes[$bvadd.bv32(c, 3bv32)]) != 1bv32);
    goto $endif4;

  $endif4:
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 9, 3} true;
    $M.bytes[$bvadd.bv32(c, 1bv32)] := {:cassign "c[1]", "s8", 255bv8} 255bv8[8:0];
    goto $then5, $else6;

  $then5:
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 10, 3} {:cbranch "if", "x != 0x0102ff04", "true"} $M.bytes[$bvadd.bv32($p1, 3bv32)] ++ $M.bytes[$bvadd.bv32($p1, 2bv32)] ++ $M.bytes[$bvadd.bv32($p1, 1bv32)] ++ $M.bytes[$p1] != 16973572bv32;
    assert {:sourceloc "tests/data/c/golden/byte_level.c", 10, 24} {:error "reach_error"} false;
    goto $endif7;

  $else6:
    assume {:cbranch "if", "x != 0x0102ff04", "false"} !($M.bytes[$bvadd.bv32($p1, 3bv32)] ++ $M.bytes[$bvadd.bv32($p1, 2bv32)] ++ $M.bytes[$bvadd.bv32($p1, 1bv32)] ++ $M.bytes[$p1] != 16973572bv32);
    goto $endif7;

  $endif7:
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 11, 11} true;
    $p8 := {:alloc "local"} {:cobject "u", "local", 4bv32} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p8, 4bv32));
    assume {:cs_step_continues} $bvule.bv32($p8, $bvadd.bv32($p8, 4bv32));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 12, 3} true;
    $M.bytes[$p8] := {:cassign "u.i", "s32", 4294967294bv32} 4294967294bv32[8:0];
    $M.bytes[$bvadd.bv32($p8, 1bv32)] := 4294967294bv32[16:8];
    $M.bytes[$bvadd.bv32($p8, 2bv32)] := 4294967294bv32[24:16];
    $M.bytes[$bvadd.bv32($p8, 3bv32)] := 4294967294bv32[32:24];
    goto $then9, $else10;

  $then9:
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 13, 3} {:cbranch "if", "u.c[0] != 0xfe || u.c[3] != 0xff || u.s[1] != -1", "true"} $zero_extend.bv8.bv32($M.bytes[$p8]) != 254bv32 || $zero_extend.bv8.bv32($M.bytes[$bvadd.bv32($p8, 3bv32)]) != 255bv32 || $sign_extend.bv16.bv32($M.bytes[$bvadd.bv32($bvadd.bv32($p8, 2bv32), 1bv32)] ++ $M.bytes[$bvadd.bv32($p8, 2bv32)]) != 4294967295bv32;
    assert {:sourceloc "tests/data/c/golden/byte_level.c", 13, 57} {:error "reach_error"} false;
    goto $endif11;

  $else10:
    assume {:cbranch "if", "u.c[0] != 0xfe || u.c[3] != 0xff || u.s[1] != -1", "false"} !($zero_extend.bv8.bv32($M.bytes[$p8]) != 254bv32 || $zero_extend.bv8.bv32($M.bytes[$bvadd.bv32($p8, 3bv32)]) != 255bv32 || $sign_extend.bv16.bv32($M.bytes[$bvadd.bv32($bvadd.bv32($p8, 2bv32), 1bv32)] ++ $M.bytes[$bvadd.bv32($p8, 2bv32)]) != 4294967295bv32);
    goto $endif11;

  $endif11:
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 14, 12} true;
    $p12 := {:alloc "local"} {:cobject "s", "local", 8bv32} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p12, 8bv32));
    assume {:cs_step_continues} $bvule.bv32($p12, $bvadd.bv32($p12, 8bv32));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    $M.bytes[$p12] := {:cassign "s.a", "s32", 7bv32} 7bv32[8:0];
    $M.bytes[$bvadd.bv32($p12, 1bv32)] := 7bv32[16:8];
    $M.bytes[$bvadd.bv32($p12, 2bv32)] := 7bv32[24:16];
    $M.bytes[$bvadd.bv32($p12, 3bv32)] := 7bv32[32:24];
    $M.bytes[$bvadd.bv32($p12, 4bv32)] := {:cassign "s.b", "s8", 122bv8} 122bv8[8:0];
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 15, 13} true;
    pl := {:cassign "pl", "p", $p12} $p12;
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 16, 4} true;
    $M.bytes[pl] := {:cassign "*pl", "s64", 0bv64} 0bv64[8:0];
    $M.bytes[$bvadd.bv32(pl, 1bv32)] := 0bv64[16:8];
    $M.bytes[$bvadd.bv32(pl, 2bv32)] := 0bv64[24:16];
    $M.bytes[$bvadd.bv32(pl, 3bv32)] := 0bv64[32:24];
    $M.bytes[$bvadd.bv32(pl, 4bv32)] := 0bv64[40:32];
    $M.bytes[$bvadd.bv32(pl, 5bv32)] := 0bv64[48:40];
    $M.bytes[$bvadd.bv32(pl, 6bv32)] := 0bv64[56:48];
    $M.bytes[$bvadd.bv32(pl, 7bv32)] := 0bv64[64:56];
    goto $then13, $else14;

  $then13:
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 17, 3} {:cbranch "if", "s.a != 0", "true"} $M.bytes[$bvadd.bv32($p12, 3bv32)] ++ $M.bytes[$bvadd.bv32($p12, 2bv32)] ++ $M.bytes[$bvadd.bv32($p12, 1bv32)] ++ $M.bytes[$p12] != 0bv32;
    assert {:sourceloc "tests/data/c/golden/byte_level.c", 17, 17} {:error "reach_error"} false;
    goto $endif15;

  $else14:
    assume {:cbranch "if", "s.a != 0", "false"} !($M.bytes[$bvadd.bv32($p12, 3bv32)] ++ $M.bytes[$bvadd.bv32($p12, 2bv32)] ++ $M.bytes[$bvadd.bv32($p12, 1bv32)] ++ $M.bytes[$p12] != 0bv32);
    goto $endif15;

  $endif15:
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 18, 3} true;
    $r := 0bv32;
    return;
}
