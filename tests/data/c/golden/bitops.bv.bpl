function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvand"} $bvand.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvlshr"} $bvlshr.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvnot"} $bvnot.bv32(x0: bv32) : bv32;

function {:bvbuiltin "bvor"} $bvor.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvshl"} $bvshl.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvxor"} $bvxor.bv32(x0: bv32, x1: bv32) : bv32;

var $alloc: bv32;

procedure {:cfunction "f", "u32", "x", "u32", "y", "u32", "k", "s32"} f(in$x: bv32, in$y: bv32, in$k: bv32) returns ($r: bv32)
{
  var x: bv32;
  var y: bv32;
  var k: bv32;
  var a: bv32;
  var b: bv32;
  var c: bv32;
  var d: bv32;
  var e: bv32;
  var g: bv32;

  $entry:
    x := in$x;
    y := in$y;
    k := in$k;
    assume {:sourceloc "tests/data/c/golden/bitops.c", 3, 12} true;
    a := {:cassign "a", "u32", $bvand.bv32(x, 255bv32)} $bvand.bv32(x, 255bv32);
    assume {:sourceloc "tests/data/c/golden/bitops.c", 4, 12} true;
    b := {:cassign "b", "u32", $bvor.bv32(x, 4bv32)} $bvor.bv32(x, 4bv32);
    assume {:sourceloc "tests/data/c/golden/bitops.c", 5, 12} true;
    c := {:cassign "c", "u32", $bvxor.bv32(x, y)} $bvxor.bv32(x, y);
    assume {:sourceloc "tests/data/c/golden/bitops.c", 6, 12} true;
    d := {:cassign "d", "u32", $bvnot.bv32(x)} $bvnot.bv32(x);
    assume {:sourceloc "tests/data/c/golden/bitops.c", 7, 12} true;
    e := {:cassign "e", "u32", $bvshl.bv32(x, 3bv32)} $bvshl.bv32(x, 3bv32);
    assume {:sourceloc "tests/data/c/golden/bitops.c", 8, 12} true;
    g := {:cassign "g", "u32", $bvlshr.bv32(y, k)} $bvlshr.bv32(y, k);
    assume {:sourceloc "tests/data/c/golden/bitops.c", 9, 3} true;
    $r := $bvadd.bv32($bvadd.bv32($bvadd.bv32($bvadd.bv32($bvadd.bv32(a, b), c), d), e), g);
    return;
}

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: bv32)
{
  var $r1: bv32;

  $entry:
    assume $bvugt.bv32($alloc, 4112bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    call {:sourceloc "tests/data/c/golden/bitops.c", 11, 18} $r1 := f(1bv32, 2bv32, 1bv32);
    $r := $r1;
    return;
}
