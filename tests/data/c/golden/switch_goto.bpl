var $alloc: int;

procedure {:cfunction "classify", "s32", "x", "s32"} classify(in$x: int) returns ($r: int)
{
  var x: int;
  var r: int;
  var $t1: int;

  $entry:
    x := in$x;
    assume {:sourceloc "tests/data/c/golden/switch_goto.c", 3, 7} true;
    r := {:cassign "r", "s32", 0} 0;
    assume {:sourceloc "tests/data/c/golden/switch_goto.c", 4, 3} true;
    $t1 := x;
    goto $match7, $match8, $match9, $nomatch10;

  $match7:
    assume {:cbranch "switch", "x", "case 0"} $t1 == 0;
    goto $case3;

  $match8:
    assume {:cbranch "switch", "x", "case 1"} $t1 == 1;
    goto $case4;

  $match9:
    assume {:cbranch "switch", "x", "case 5 ... 7"} $t1 >= 5 && $t1 <= 7;
    goto $case5;

  $nomatch10:
    assume {:cbranch "switch", "x", "default"} true;
    assume !($t1 == 0);
    assume !($t1 == 1);
    assume !($t1 >= 5 && $t1 <= 7);
    goto $case6;

  $dead11:
    goto $endswitch2;

  $dead12:
    goto $case3;

  $case3:
    assume {:sourceloc "tests/data/c/golden/switch_goto.c", 5, 13} true;
    r := {:cassign "r", "s32", 1} 1;
    goto $case4;

  $case4:
    assume {:sourceloc "tests/data/c/golden/switch_goto.c", 6, 13} true;
    r := {:cassign "r", "s32", r + 2} r + 2;
    goto $endswitch2;

  $case5:
    assume {:sourceloc "tests/data/c/golden/switch_goto.c", 7, 19} true;
    r := {:cassign "r", "s32", 5} 5;
    goto $endswitch2;

  $case6:
    assume {:sourceloc "tests/data/c/golden/switch_goto.c", 8, 14} true;
    r := {:cassign "r", "s32", -(1)} -(1);
    goto $endswitch2;

  $endswitch2:
    goto $then13, $else14;

  $then13:
    assume {:sourceloc "tests/data/c/golden/switch_goto.c", 10, 3} {:cbranch "if", "r < 0", "true"} r < 0;
    goto $L.out.16;

  $else14:
    assume {:sourceloc "tests/data/c/golden/switch_goto.c", 10, 14} {:cbranch "if", "r < 0", "false"} !(r < 0);
    goto $endif15;

  $endif15:
    assume {:sourceloc "tests/data/c/golden/switch_goto.c", 11, 3} true;
    r := {:cassign "r", "s32", r * 2} r * 2;
    goto $L.out.16;

  $L.out.16:
    assume {:sourceloc "tests/data/c/golden/switch_goto.c", 13, 3} true;
    $r := r;
    return;
}

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: int)
{
  var $r1: int;

  $entry:
    assume $alloc > 4112;
    assume $alloc < 1073741824;
    goto $body;

  $body:
    call {:sourceloc "tests/data/c/golden/switch_goto.c", 15, 18} $r1 := classify(1);
    $r := $r1;
    return;
}
