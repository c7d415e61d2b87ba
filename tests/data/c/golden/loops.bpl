var $alloc: int;

procedure {:entrypoint} main() returns ($r: int)
{
  var s: int;
  var i: int;
  var j: int;

  $entry:
    assume $alloc > 4112;
    assume $alloc < 1073741824;
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/loops.c", 3, 7} true;
    s := 0;
    assume {:sourceloc "tests/data/c/golden/loops.c", 3, 14} true;
    i := 0;
    goto $loop1;

  $loop1:
    goto $body2, $endloop3;

  $body2:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 3} i < 10;
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 20} true;
    i := i + 1;
    goto $then5, $else6;

  $then5:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 25} i == 3;
    goto $cont4;

  $else6:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 37} !(i == 3);
    goto $endif7;

  $endif7:
    goto $then8, $else9;

  $then8:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 47} i == 8;
    goto $endloop3;

  $else9:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 59} !(i == 8);
    goto $endif10;

  $endif10:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 66} true;
    s := s + i;
    goto $cont4;

  $cont4:
    goto $loop1;

  $endloop3:
    assume !(i < 10);
    goto $body12;

  $body12:
    assume {:sourceloc "tests/data/c/golden/loops.c", 5, 8} true;
    s := s - 1;
    goto $cont14;

  $cont14:
    goto $loop11;

  $loop11:
    goto $again15, $endloop13;

  $again15:
    assume s > 100;
    goto $body12;

  $endloop13:
    assume !(s > 100);
    assume {:sourceloc "tests/data/c/golden/loops.c", 6, 3} true;
    j := 0;
    goto $loop16;

  $loop16:
    goto $body17, $endloop18;

  $body17:
    assume j < 3;
    assume {:sourceloc "tests/data/c/golden/loops.c", 6, 31} true;
    s := s + j;
    goto $cont19;

  $cont19:
    j := j + 1;
    goto $loop16;

  $endloop18:
    assume !(j < 3);
    assume {:sourceloc "tests/data/c/golden/loops.c", 7, 3} true;
    $r := s;
    return;
}
