function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "(_ sign_extend 16)"} $sign_extend.bv16.bv32(x0: bv16) : bv32;

function {:bvbuiltin "(_ sign_extend 32)"} $sign_extend.bv32.bv64(x0: bv32) : bv64;

function {:bvbuiltin "(_ sign_extend 24)"} $sign_extend.bv8.bv32(x0: bv8) : bv32;

function {:bvbuiltin "(_ zero_extend 16)"} $zero_extend.bv16.bv32(x0: bv16) : bv32;

function {:bvbuiltin "(_ zero_extend 24)"} $zero_extend.bv8.bv32(x0: bv8) : bv32;

var $alloc: bv32;

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: bv32)
{
  var x: bv32;
  var c: bv8;
  var s: bv8;
  var h: bv16;
  var uh: bv16;
  var ll: bv64;
  var ui: bv32;

  $entry:
    assume $bvugt.bv32($alloc, 4112bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/casts.c", 3, 7} true;
    x := {:cassign "x", "s32", 300bv32} 300bv32;
    assume {:sourceloc "tests/data/c/golden/casts.c", 4, 17} true;
    c := {:cassign "c", "u8", x[8:0]} x[8:0];
    assume {:sourceloc "tests/data/c/golden/casts.c", 5, 15} true;
    s := {:cassign "s", "s8", 200bv8} 200bv8;
    assume {:sourceloc "tests/data/c/golden/casts.c", 6, 9} true;
    h := {:cassign "h", "s16", 65535bv16} 65535bv16;
    assume {:sourceloc "tests/data/c/golden/casts.c", 7, 18} true;
    uh := {:cassign "uh", "u16", h} h;
    assume {:sourceloc "tests/data/c/golden/casts.c", 8, 13} true;
    ll := {:cassign "ll", "s64", $sign_extend.bv32.bv64(x)} $sign_extend.bv32.bv64(x);
    assume {:sourceloc "tests/data/c/golden/casts.c", 9, 16} true;
    ui := {:cassign "ui", "u32", $sign_extend.bv8.bv32(s)} $sign_extend.bv8.bv32(s);
    assume {:sourceloc "tests/data/c/golden/casts.c", 10, 3} true;
    $r := $bvadd.bv32($bvadd.bv32($bvadd.bv32($bvadd.bv32($bvadd.bv32($zero_extend.bv8.bv32(c), $sign_extend.bv8.bv32(s)), $sign_extend.bv16.bv32(h)), $zero_extend.bv16.bv32(uh)), ll[32:0]), ui);
    return;
}
