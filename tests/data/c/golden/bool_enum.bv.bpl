function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvsgt"} $bvsgt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

var $alloc: bv32;

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: bv32)
{
  var b: bv8;
  var c: bv32;
  var x: bv32;
  var y: bv32;

  $entry:
    assume $bvugt.bv32($alloc, 4112bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/bool_enum.c", 4, 9} true;
    b := {:cassign "b", "u8", if 7bv32 != 0bv32 then 1bv8 else 0bv8} if 7bv32 != 0bv32 then 1bv8 else 0bv8;
    assume {:sourceloc "tests/data/c/golden/bool_enum.c", 5, 14} true;
    c := {:cassign "c", "s32", 6bv32} 6bv32;
    assume {:sourceloc "tests/data/c/golden/bool_enum.c", 6, 7} true;
    x := {:cassign "x", "s32", if (b != 0bv8 && c == 6bv32) || !(b != 0bv8) then 1bv32 else 0bv32} if (b != 0bv8 && c == 6bv32) || !(b != 0bv8) then 1bv32 else 0bv32;
    assume {:sourceloc "tests/data/c/golden/bool_enum.c", 7, 7} true;
    y := {:cassign "y", "s32", if $bvsgt.bv32(c, 5bv32) then 1bv32 else 2bv32} if $bvsgt.bv32(c, 5bv32) then 1bv32 else 2bv32;
    assume {:sourceloc "tests/data/c/golden/bool_enum.c", 8, 3} true;
    $r := $bvadd.bv32($bvadd.bv32(x, y), 4bv32);
    return;
}
