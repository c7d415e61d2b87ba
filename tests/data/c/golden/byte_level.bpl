var $alloc: int;

var $M.bytes: [int]int;

procedure {:entrypoint} {:cfunction "main", "s32"} {:memory_classes "3", "3"} {:byte_level_class "R0", "p1@main", "tests/data/c/golden/byte_level.c:7", "type-unsafe pointer cast from int* to char*"} {:byte_level_class "R1", "p8@main", "tests/data/c/golden/byte_level.c:12", "union U whose members overlap at different types"} {:byte_level_class "R2", "p12@main", "tests/data/c/golden/byte_level.c:15", "type-unsafe pointer cast from struct S* to long long*"} main() returns ($r: int)
  modifies $M.bytes, $alloc;
{
  var $p1: int;
  var c: int;
  var $p8: int;
  var $p12: int;
  var pl: int;

  $entry:
    assume $alloc > 4112;
    assume $alloc < 1073741824;
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 6, 7} true;
    $p1 := {:alloc "local"} {:cobject "x", "local", 4} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p1 + 4;
    assume {:cs_step_continues} $alloc < 2147483648;
    $M.bytes[$p1] := {:cassign "x", "s32", 16909060} 16909060 mod 256;
    $M.bytes[$p1 + 1] := 16909060 div 256 mod 256;
    $M.bytes[$p1 + 2] := 16909060 div 65536 mod 256;
    $M.bytes[$p1 + 3] := 16909060 div 16777216 mod 256;
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 7, 8} true;
    c := {:cassign "c", "p", $p1} $p1;
    goto $then2, $else3;

  $then2:
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 8, 3} {:cbranch "if", "c[0] != 4 || c[3] != 1", "true"} ($M.bytes[c] + 128) mod 256 - 128 != 4 || ($M.bytes[c + 3] + 128) mod 256 - 128 != 1;
    assert {:sourceloc "tests/data/c/golden/byte_level.c", 8, 31} {:error "reach_error"} false;
    goto $endif4;

  $else3:
    assume {:cbranch "if", "c[0] != 4 || c[3] != 1", "false"} !(($M.bytes[c] + 128) mod 256 - 128 != 4 || ($M.bytes[c + 3] + 128) mod 256 - 128 != 1);
    goto $endif4;

  $endif4:
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 9, 3} true;
    $M.bytes[c + 1] := {:cassign "c[1]", "s8", -(1)} 255 mod 256;
    goto $then5, $else6;

  $then5:
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 10, 3} {:cbranch "if", "x != 0x0102ff04", "true"} ($M.bytes[$p1] + $M.bytes[$p1 + 1] * 256 + $M.bytes[$p1 + 2] * 65536 + $M.bytes[$p1 + 3] * 16777216 + 2147483648) mod 4294967296 - 2147483648 != 16973572;
    assert {:sourceloc "tests/data/c/golden/byte_level.c", 10, 24} {:error "reach_error"} false;
    goto $endif7;

  $else6:
    assume {:cbranch "if", "x != 0x0102ff04", "false"} !(($M.bytes[$p1] + $M.bytes[$p1 + 1] * 256 + $M.bytes[$p1 + 2] * 65536 + $M.bytes[$p1 + 3] * 16777216 + 2147483648) mod 4294967296 - 2147483648 != 16973572);
    goto $endif7;

  $endif7:
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 11, 11} true;
    $p8 := {:alloc "local"} {:cobject "u", "local", 4} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p8 + 4;
    assume {:cs_step_continues} $alloc < 2147483648;
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 12, 3} true;
    $M.bytes[$p8] := {:cassign "u.i", "s32", -(2)} 4294967294 mod 256;
    $M.bytes[$p8 + 1] := 4294967294 div 256 mod 256;
    $M.bytes[$p8 + 2] := 4294967294 div 65536 mod 256;
    $M.bytes[$p8 + 3] := 4294967294 div 16777216 mod 256;
    goto $then9, $else10;

  $then9:
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 13, 3} {:cbranch "if", "u.c[0] != 0xfe || u.c[3] != 0xff || u.s[1] != -1", "true"} $M.bytes[$p8] != 254 || $M.bytes[$p8 + 3] != 255 || ($M.bytes[$p8 + 2] + $M.bytes[$p8 + 2 + 1] * 256 + 32768) mod 65536 - 32768 != -(1);
    assert {:sourceloc "tests/data/c/golden/byte_level.c", 13, 57} {:error "reach_error"} false;
    goto $endif11;

  $else10:
    assume {:cbranch "if", "u.c[0] != 0xfe || u.c[3] != 0xff || u.s[1] != -1", "false"} !($M.bytes[$p8] != 254 || $M.bytes[$p8 + 3] != 255 || ($M.bytes[$p8 + 2] + $M.bytes[$p8 + 2 + 1] * 256 + 32768) mod 65536 - 32768 != -(1));
    goto $endif11;

  $endif11:
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 14, 12} true;
    $p12 := {:alloc "local"} {:cobject "s", "local", 8} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p12 + 8;
    assume {:cs_step_continues} $alloc < 2147483648;
    $M.bytes[$p12] := {:cassign "s.a", "s32", 7} 7 mod 256;
    $M.bytes[$p12 + 1] := 7 div 256 mod 256;
    $M.bytes[$p12 + 2] := 7 div 65536 mod 256;
    $M.bytes[$p12 + 3] := 7 div 16777216 mod 256;
    $M.bytes[$p12 + 4] := {:cassign "s.b", "s8", 122} 122 mod 256;
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 15, 13} true;
    pl := {:cassign "pl", "p", $p12} $p12;
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 16, 4} true;
    $M.bytes[pl] := {:cassign "*pl", "s64", 0} 0 mod 256;
    $M.bytes[pl + 1] := 0 div 256 mod 256;
    $M.bytes[pl + 2] := 0 div 65536 mod 256;
    $M.bytes[pl + 3] := 0 div 16777216 mod 256;
    $M.bytes[pl + 4] := 0 div 4294967296 mod 256;
    $M.bytes[pl + 5] := 0 div 1099511627776 mod 256;
    $M.bytes[pl + 6] := 0 div 281474976710656 mod 256;
    $M.bytes[pl + 7] := 0 div 72057594037927936 mod 256;
    goto $then13, $else14;

  $then13:
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 17, 3} {:cbranch "if", "s.a != 0", "true"} ($M.bytes[$p12] + $M.bytes[$p12 + 1] * 256 + $M.bytes[$p12 + 2] * 65536 + $M.bytes[$p12 + 3] * 16777216 + 2147483648) mod 4294967296 - 2147483648 != 0;
    assert {:sourceloc "tests/data/c/golden/byte_level.c", 17, 17} {:error "reach_error"} false;
    goto $endif15;

  $else14:
    assume {:cbranch "if", "s.a != 0", "false"} !(($M.bytes[$p12] + $M.bytes[$p12 + 1] * 256 + $M.bytes[$p12 + 2] * 65536 + $M.bytes[$p12 + 3] * 16777216 + 2147483648) mod 4294967296 - 2147483648 != 0);
    goto $endif15;

  $endif15:
    assume {:sourceloc "tests/data/c/golden/byte_level.c", 18, 3} true;
    $r := 0;
    return;
}
