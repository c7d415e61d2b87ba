function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvsgt"} $bvsgt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "(_ zero_extend 24)"} $zero_extend.bv8.bv32(x0: bv8) : bv32;

var $alloc: bv32;

procedure {:cfunction "reach_error", ""} reach_error()
{
  $entry:
    return;
}

procedure {:cfunction "__VERIFIER_assert", "", "cond", "s32"} __VERIFIER_assert(in$cond: bv32)
{
  var cond: bv32;

  $entry:
    cond := in$cond;
    goto $then1, $else2;

  $then1:
    assume {:sourceloc "tests/data/c/golden/harness.c", 7, 36} {:cbranch "if", "!cond", "true"} !(cond != 0bv32);
    goto $L.ERROR.4;

  $L.ERROR.4:
    assert {:sourceloc "tests/data/c/golden/harness.c", 7, 56} {:error "reach_error"} false;
    assume {:sourceloc "tests/data/c/golden/harness.c", 7, 71} {:exit "abort"} false;
    goto $endif3;

  $else2:
    assume {:cbranch "if", "!cond", "false"} cond != 0bv32;
    goto $endif3;

  $endif3:
    return;
}

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: bv32)
{
  var x: bv32;
  var $nd1: bv32;
  var c: bv8;
  var $nd2: bv8;
  var $t3: bv32;

  $entry:
    assume $bvugt.bv32($alloc, 4112bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    havoc {:sourceloc "tests/data/c/golden/harness.c", 9, 7} {:nondet "int from __VERIFIER_nondet_int"} $nd1;
    x := {:cassign "x", "s32", $nd1} $nd1;
    havoc {:sourceloc "tests/data/c/golden/harness.c", 10, 17} {:nondet "unsigned char from __VERIFIER_nondet_uchar"} $nd2;
    c := {:cassign "c", "u8", $nd2} $nd2;
    assume {:sourceloc "tests/data/c/golden/harness.c", 11, 3} $bvsgt.bv32(x, 0bv32);
    assume {:sourceloc "tests/data/c/golden/harness.c", 12, 3} true;
    $t3 := if $bvsgt.bv32($bvadd.bv32(x, $zero_extend.bv8.bv32(c)), 0bv32) then 1bv32 else 0bv32;
    call __VERIFIER_assert($t3);
    assume {:sourceloc "tests/data/c/golden/harness.c", 13, 3} true;
    $r := 0bv32;
    return;
}
