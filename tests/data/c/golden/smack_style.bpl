var $alloc: int;

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: int)
{
  var x: int;
  var $nd1: int;

  $entry:
    assume $alloc > 4112;
    assume $alloc < 1073741824;
    goto $body;

  $body:
    havoc {:sourceloc "tests/data/c/golden/smack_style.c", 5, 7} {:nondet "int from __VERIFIER_nondet_int"} $nd1;
    assume -(2147483648) <= $nd1 && $nd1 <= 2147483647;
    x := {:cassign "x", "s32", $nd1} $nd1;
    assume {:sourceloc "tests/data/c/golden/smack_style.c", 6, 3} x > 5;
    assert {:sourceloc "tests/data/c/golden/smack_style.c", 7, 3} x != 3;
    assume {:sourceloc "tests/data/c/golden/smack_style.c", 8, 3} true;
    $r := 0;
    return;
}
