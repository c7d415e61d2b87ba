function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvmul"} $bvmul.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvsdiv"} $bvsdiv.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvsrem"} $bvsrem.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvsub"} $bvsub.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

var $alloc: bv32;

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: bv32)
{
  var a: bv32;
  var b: bv32;
  var u: bv32;
  var l: bv32;
  var q: bv32;
  var r: bv32;
  var w: bv32;

  $entry:
    assume $bvugt.bv32($alloc, 4112bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/int_arith.c", 3, 7} true;
    a := {:cassign "a", "s32", 7bv32} 7bv32;
    assume {:sourceloc "tests/data/c/golden/int_arith.c", 3, 14} true;
    b := {:cassign "b", "s32", 4294967294bv32} 4294967294bv32;
    assume {:sourceloc "tests/data/c/golden/int_arith.c", 4, 12} true;
    u := {:cassign "u", "u32", 3bv32} 3bv32;
    assume {:sourceloc "tests/data/c/golden/int_arith.c", 5, 8} true;
    l := {:cassign "l", "s32", $bvmul.bv32(a, b)} $bvmul.bv32(a, b);
    assume {:sourceloc "tests/data/c/golden/int_arith.c", 6, 7} true;
    q := {:cassign "q", "s32", $bvsdiv.bv32(a, b)} $bvsdiv.bv32(a, b);
    assume {:sourceloc "tests/data/c/golden/int_arith.c", 6, 18} true;
    r := {:cassign "r", "s32", $bvsrem.bv32(a, b)} $bvsrem.bv32(a, b);
    assume {:sourceloc "tests/data/c/golden/int_arith.c", 7, 12} true;
    w := {:cassign "w", "u32", $bvsub.bv32(u, 5bv32)} $bvsub.bv32(u, 5bv32);
    assume {:sourceloc "tests/data/c/golden/int_arith.c", 8, 3} true;
    $r := $bvadd.bv32($bvadd.bv32($bvadd.bv32(l, q), r), w);
    return;
}
