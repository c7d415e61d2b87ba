var $alloc: int;

procedure {:cfunction "fact", "s32", "n", "s32"} fact(in$n: int) returns ($r: int)
{
  var n: int;
  var $t4: int;
  var $r5: int;

  $entry:
    n := in$n;
    goto $then1, $else2;

  $then1:
    assume {:sourceloc "tests/data/c/golden/calls_recursion.c", 2, 19} {:cbranch "if", "n <= 1", "true"} n <= 1;
    assume {:sourceloc "tests/data/c/golden/calls_recursion.c", 2, 31} true;
    $r := 1;
    return;

  $else2:
    assume {:cbranch "if", "n <= 1", "false"} !(n <= 1);
    goto $endif3;

  $endif3:
    assume {:sourceloc "tests/data/c/golden/calls_recursion.c", 2, 41} true;
    $t4 := n - 1;
    call $r5 := fact($t4);
    $r := n * $r5;
    return;
}

procedure {:cfunction "touch", ""} touch()
{
  $entry:
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
    call {:sourceloc "tests/data/c/golden/calls_recursion.c", 4, 18} touch();
    call {:sourceloc "tests/data/c/golden/calls_recursion.c", 4, 27} $r1 := fact(4);
    $r := $r1;
    return;
}
