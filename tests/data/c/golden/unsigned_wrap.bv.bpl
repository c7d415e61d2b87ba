function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvsub"} $bvsub.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "(_ zero_extend 24)"} $zero_extend.bv8.bv32(x0: bv8) : bv32;

var $alloc: bv32;

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: bv32)
{
  var u: bv32;
  var c: bv8;
  var neg: bv32;
  var cmp: bv32;

  $entry:
    assume $bvugt.bv32($alloc, 4112bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/unsigned_wrap.c", 3, 16} true;
    u := {:cassign "u", "u32", 0bv32} 0bv32;
    assume {:sourceloc "tests/data/c/golden/unsigned_wrap.c", 4, 3} true;
    u := {:cassign "u", "u32", $bvsub.bv32(u, 1bv32)} $bvsub.bv32(u, 1bv32);
    assume {:sourceloc "tests/data/c/golden/unsigned_wrap.c", 5, 17} true;
    c := {:cassign "c", "u8", 255bv8} 255bv8;
    assume {:sourceloc "tests/data/c/golden/unsigned_wrap.c", 6, 3} true;
    c := {:cassign "c", "u8", $bvadd.bv32($zero_extend.bv8.bv32(c), 1bv32)[8:0]} $bvadd.bv32($zero_extend.bv8.bv32(c), 1bv32)[8:0];
    assume {:sourceloc "tests/data/c/golden/unsigned_wrap.c", 7, 7} true;
    neg := {:cassign "neg", "s32", 4294967295bv32} 4294967295bv32;
    assume {:sourceloc "tests/data/c/golden/unsigned_wrap.c", 8, 7} true;
    cmp := {:cassign "cmp", "s32", if $bvult.bv32(neg, 1bv32) then 1bv32 else 0bv32} if $bvult.bv32(neg, 1bv32) then 1bv32 else 0bv32;
    assume {:sourceloc "tests/data/c/golden/unsigned_wrap.c", 9, 3} true;
    $r := $bvadd.bv32($bvadd.bv32(if u == 4294967295bv32 then 1bv32 else 0bv32, if $zero_extend.bv8.bv32(c) == 0bv32 then 1bv32 else 0bv32), cmp);
    return;
}
