function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvmul"} $bvmul.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvsge"} $bvsge.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvsle"} $bvsle.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvslt"} $bvslt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

var $alloc: bv32;

procedure {:cfunction "classify", "s32", "x", "s32"} classify(in$x: bv32) returns ($r: bv32)
{
  var x: bv32;
  var r: bv32;
  var $t1: bv32;

  $entry:
    x := in$x;
    assume {:sourceloc "tests/data/c/golden/switch_goto.c", 3, 7} true;
    r := {:cassign "r", "s32", 0bv32} 0bv32;
    assume {:sourceloc "tests/data/c/golden/switch_goto.c", 4, 3} true;
    $t1 := x;
    goto $match7, $match8, $match9, $nomatch10;

  $match7:
    assume {:cbranch "switch", "x", "case 0"} $t1 == 0bv32;
    goto $case3;

  $match8:
    assume {:cbranch "switch", "x", "case 1"} $t1 == 1bv32;
    goto $case4;

  $match9:
    assume {:cbranch "switch", "x", "case 5 ... 7"} $bvsge.bv32($t1, 5bv32) && $bvsle.bv32($t1, 7bv32);
    goto $case5;

  $nomatch10:
    assume {:cbranch "switch", "x", "default"} true;
    assume !($t1 == 0bv32);
    assume !($t1 == 1bv32);
    assume !($bvsge.bv32($t1, 5bv32) && $bvsle.bv32($t1, 7bv32));
    goto $case6;

  $dead11:
    goto $endswitch2;

  $dead12:
    goto $case3;

  $case3:
    assume {:sourceloc "tests/data/c/golden/switch_goto.c", 5, 13} true;
    r := {:cassign "r", "s32", 1bv32} 1bv32;
    goto $case4;

  $case4:
    assume {:sourceloc "tests/data/c/golden/switch_goto.c", 6, 13} true;
    r := {:cassign "r", "s32", $bvadd.bv32(r, 2bv32)} $bvadd.bv32(r, 2bv32);
    goto $endswitch2;

  $case5:
    assume {:sourceloc "tests/data/c/golden/switch_goto.c", 7, 19} true;
    r := {:cassign "r", "s32", 5bv32} 5bv32;
    goto $endswitch2;

  $case6:
    assume {:sourceloc "tests/data/c/golden/switch_goto.c", 8, 14} true;
    r := {:cassign "r", "s32", 4294967295bv32} 4294967295bv32;
    goto $endswitch2;

  $endswitch2:
    goto $then13, $else14;

  $then13:
    assume {:sourceloc "tests/data/c/golden/switch_goto.c", 10, 3} {:cbranch "if", "r < 0", "true"} $bvslt.bv32(r, 0bv32);
    goto $L.out.16;

  $else14:
    assume {:sourceloc "tests/data/c/golden/switch_goto.c", 10, 14} {:cbranch "if", "r < 0", "false"} !$bvslt.bv32(r, 0bv32);
    goto $endif15;

  $endif15:
    assume {:sourceloc "tests/data/c/golden/switch_goto.c", 11, 3} true;
    r := {:cassign "r", "s32", $bvmul.bv32(r, 2bv32)} $bvmul.bv32(r, 2bv32);
    goto $L.out.16;

  $L.out.16:
    assume {:sourceloc "tests/data/c/golden/switch_goto.c", 13, 3} true;
    $r := r;
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
    call {:sourceloc "tests/data/c/golden/switch_goto.c", 15, 18} $r1 := classify(1bv32);
    $r := $r1;
    return;
}
