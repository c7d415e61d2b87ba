function {:bvbuiltin "bvmul"} $bvmul.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvsle"} $bvsle.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvsub"} $bvsub.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

var $alloc: bv32;

procedure {:cfunction "fact", "s32", "n", "s32"} fact(in$n: bv32) returns ($r: bv32)
{
  var n: bv32;
  var $t4: bv32;
  var $r5: bv32;

  $entry:
    n := in$n;
    goto $then1, $else2;

  $then1:
    assume {:sourceloc "tests/data/c/golden/calls_recursion.c", 2, 19} {:cbranch "if", "n <= 1", "true"} $bvsle.bv32(n, 1bv32);
    assume {:sourceloc "tests/data/c/golden/calls_recursion.c", 2, 31} true;
    $r := 1bv32;
    return;

  $else2:
    assume {:cbranch "if", "n <= 1", "false"} !$bvsle.bv32(n, 1bv32);
    goto $endif3;

  $endif3:
    assume {:sourceloc "tests/data/c/golden/calls_recursion.c", 2, 41} true;
    $t4 := $bvsub.bv32(n, 1bv32);
    call $r5 := fact($t4);
    $r := $bvmul.bv32(n, $r5);
    return;
}

procedure {:cfunction "touch", ""} touch()
{
  $entry:
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
    call {:sourceloc "tests/data/c/golden/calls_recursion.c", 4, 18} touch();
    call {:sourceloc "tests/data/c/golden/calls_recursion.c", 4, 27} $r1 := fact(4bv32);
    $r := $r1;
    return;
}
