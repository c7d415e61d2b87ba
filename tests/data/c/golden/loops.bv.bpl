function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvsgt"} $bvsgt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvslt"} $bvslt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvsub"} $bvsub.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

var $alloc: bv32;

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: bv32)
{
  var s: bv32;
  var i: bv32;
  var j: bv32;

  $entry:
    assume $bvugt.bv32($alloc, 4112bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/loops.c", 3, 7} true;
    s := {:cassign "s", "s32", 0bv32} 0bv32;
    assume {:sourceloc "tests/data/c/golden/loops.c", 3, 14} true;
    i := {:cassign "i", "s32", 0bv32} 0bv32;
    goto $loop1;

  $loop1:
    goto $true5, $false6;

  $true5:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 3} {:cbranch "while", "i < 10", "true"} $bvslt.bv32(i, 10bv32);
    goto $body2;

  $false6:
    assume {:cbranch "while", "i < 10", "false"} !$bvslt.bv32(i, 10bv32);
    goto $endloop3;

  $body2:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 20} true;
    i := {:cassign "i", "s32", $bvadd.bv32(i, 1bv32)} $bvadd.bv32(i, 1bv32);
    goto $then7, $else8;

  $then7:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 25} {:cbranch "if", "i == 3", "true"} i == 3bv32;
    goto $cont4;

  $else8:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 37} {:cbranch "if", "i == 3", "false"} !(i == 3bv32);
    goto $endif9;

  $endif9:
    goto $then10, $else11;

  $then10:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 47} {:cbranch "if", "i == 8", "true"} i == 8bv32;
    goto $endloop3;

  $else11:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 59} {:cbranch "if", "i == 8", "false"} !(i == 8bv32);
    goto $endif12;

  $endif12:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 66} true;
    s := {:cassign "s", "s32", $bvadd.bv32(s, i)} $bvadd.bv32(s, i);
    goto $cont4;

  $cont4:
    goto $loop1;

  $endloop3:
    goto $body14;

  $body14:
    assume {:sourceloc "tests/data/c/golden/loops.c", 5, 8} true;
    s := {:cassign "s", "s32", $bvsub.bv32(s, 1bv32)} $bvsub.bv32(s, 1bv32);
    goto $cont16;

  $cont16:
    goto $true17, $false18;

  $true17:
    assume {:cbranch "do", "s > 100", "true"} $bvsgt.bv32(s, 100bv32);
    goto $body14;

  $false18:
    assume {:cbranch "do", "s > 100", "false"} !$bvsgt.bv32(s, 100bv32);
    goto $endloop15;

  $endloop15:
    assume {:sourceloc "tests/data/c/golden/loops.c", 6, 3} true;
    j := {:cassign "j", "s32", 0bv32} 0bv32;
    goto $loop19;

  $loop19:
    goto $true23, $false24;

  $true23:
    assume {:cbranch "for", "j < 3", "true"} $bvslt.bv32(j, 3bv32);
    goto $body20;

  $false24:
    assume {:cbranch "for", "j < 3", "false"} !$bvslt.bv32(j, 3bv32);
    goto $endloop21;

  $body20:
    assume {:sourceloc "tests/data/c/golden/loops.c", 6, 31} true;
    s := {:cassign "s", "s32", $bvadd.bv32(s, j)} $bvadd.bv32(s, j);
    goto $cont22;

  $cont22:
    j := {:cassign "j", "s32", $bvadd.bv32(j, 1bv32)} $bvadd.bv32(j, 1bv32);
    goto $loop19;

  $endloop21:
    assume {:sourceloc "tests/data/c/golden/loops.c", 7, 3} true;
    $r := s;
    return;
}
