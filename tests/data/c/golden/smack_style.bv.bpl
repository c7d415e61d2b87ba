function {:bvbuiltin "bvsgt"} $bvsgt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

var $alloc: bv32;

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: bv32)
{
  var x: bv32;
  var $nd1: bv32;

  $entry:
    assume $bvugt.bv32($alloc, 4112bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    havoc {:sourceloc "tests/data/c/golden/smack_style.c", 5, 7} {:nondet "int from __VERIFIER_nondet_int"} $nd1;
    x := {:cassign "x", "s32", $nd1} $nd1;
    assume {:sourceloc "tests/data/c/golden/smack_style.c", 6, 3} $bvsgt.bv32(x, 5bv32);
    assert {:sourceloc "tests/data/c/golden/smack_style.c", 7, 3} x != 3bv32;
    assume {:sourceloc "tests/data/c/golden/smack_style.c", 8, 3} true;
    $r := 0bv32;
    return;
}
