function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvsgt"} $bvsgt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvslt"} $bvslt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvsub"} $bvsub.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

var $alloc: bv32;

procedure {:entrypoint} main() returns ($r: bv32)
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
    s := 0bv32;
    assume {:sourceloc "tests/data/c/golden/loops.c", 3, 14} true;
    i := 0bv32;
    goto $loop1;

  $loop1:
    goto $body2, $endloop3;

  $body2:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 3} $bvslt.bv32(i, 10bv32);
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 20} true;
    i := $bvadd.bv32(i, 1bv32);
    goto $then5, $else6;

  $then5:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 25} i == 3bv32;
    goto $cont4;

  $else6:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 37} !(i == 3bv32);
    goto $endif7;

  $endif7:
    goto $then8, $else9;

  $then8:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 47} i == 8bv32;
    goto $endloop3;

  $else9:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 59} !(i == 8bv32);
    goto $endif10;

  $endif10:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 66} true;
    s := $bvadd.bv32(s, i);
    goto $cont4;

  $cont4:
    goto $loop1;

  $endloop3:
    assume !$bvslt.bv32(i, 10bv32);
    goto $body12;

  $body12:
    assume {:sourceloc "tests/data/c/golden/loops.c", 5, 8} true;
    s := $bvsub.bv32(s, 1bv32);
    goto $cont14;

  $cont14:
    goto $loop11;

  $loop11:
    goto $again15, $endloop13;

  $again15:
    assume $bvsgt.bv32(s, 100bv32);
    goto $body12;

  $endloop13:
    assume !$bvsgt.bv32(s, 100bv32);
    assume {:sourceloc "tests/data/c/golden/loops.c", 6, 3} true;
    j := 0bv32;
    goto $loop16;

  $loop16:
    goto $body17, $endloop18;

  $body17:
    assume $bvslt.bv32(j, 3bv32);
    assume {:sourceloc "tests/data/c/golden/loops.c", 6, 31} true;
    s := $bvadd.bv32(s, j);
    goto $cont19;

  $cont19:
    j := $bvadd.bv32(j, 1bv32);
    goto $loop16;

  $endloop18:
    assume !$bvslt.bv32(j, 3bv32);
    assume {:sourceloc "tests/data/c/golden/loops.c", 7, 3} true;
    $r := s;
    return;
}
