var $alloc: int;

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: int)
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
    s := {:cassign "s", "s32", 0} 0;
    assume {:sourceloc "tests/data/c/golden/loops.c", 3, 14} true;
    i := {:cassign "i", "s32", 0} 0;
    goto $loop1;

  $loop1:
    goto $true5, $false6;

  $true5:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 3} {:cbranch "while", "i < 10", "true"} i < 10;
    goto $body2;

  $false6:
    assume {:cbranch "while", "i < 10", "false"} !(i < 10);
    goto $endloop3;

  $body2:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 20} true;
    i := {:cassign "i", "s32", i + 1} i + 1;
    goto $then7, $else8;

  $then7:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 25} {:cbranch "if", "i == 3", "true"} i == 3;
    goto $cont4;

  $else8:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 37} {:cbranch "if", "i == 3", "false"} !(i == 3);
    goto $endif9;

  $endif9:
    goto $then10, $else11;

  $then10:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 47} {:cbranch "if", "i == 8", "true"} i == 8;
    goto $endloop3;

  $else11:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 59} {:cbranch "if", "i == 8", "false"} !(i == 8);
    goto $endif12;

  $endif12:
    assume {:sourceloc "tests/data/c/golden/loops.c", 4, 66} true;
    s := {:cassign "s", "s32", s + i} s + i;
    goto $cont4;

  $cont4:
    goto $loop1;

  $endloop3:
    goto $body14;

  $body14:
    assume {:sourceloc "tests/data/c/golden/loops.c", 5, 8} true;
    s := {:cassign "s", "s32", s - 1} s - 1;
    goto $cont16;

  $cont16:
    goto $true17, $false18;

  $true17:
    assume {:cbranch "do", "s > 100", "true"} s > 100;
    goto $body14;

  $false18:
    assume {:cbranch "do", "s > 100", "false"} !(s > 100);
    goto $endloop15;

  $endloop15:
    assume {:sourceloc "tests/data/c/golden/loops.c", 6, 3} true;
    j := {:cassign "j", "s32", 0} 0;
    goto $loop19;

  $loop19:
    goto $true23, $false24;

  $true23:
    assume {:cbranch "for", "j < 3", "true"} j < 3;
    goto $body20;

  $false24:
    assume {:cbranch "for", "j < 3", "false"} !(j < 3);
    goto $endloop21;

  $body20:
    assume {:sourceloc "tests/data/c/golden/loops.c", 6, 31} true;
    s := {:cassign "s", "s32", s + j} s + j;
    goto $cont22;

  $cont22:
    j := {:cassign "j", "s32", j + 1} j + 1;
    goto $loop19;

  $endloop21:
    assume {:sourceloc "tests/data/c/golden/loops.c", 7, 3} true;
    $r := s;
    return;
}
