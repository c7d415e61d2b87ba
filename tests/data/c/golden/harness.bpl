var $alloc: int;

procedure {:cfunction "reach_error", ""} reach_error()
{
  $entry:
    return;
}

procedure {:cfunction "__VERIFIER_assert", "", "cond", "s32"} __VERIFIER_assert(in$cond: int)
{
  var cond: int;

  $entry:
    cond := in$cond;
    goto $then1, $else2;

  $then1:
    assume {:sourceloc "tests/data/c/golden/harness.c", 7, 36} {:cbranch "if", "!cond", "true"} !(cond != 0);
    goto $L.ERROR.4;

  $L.ERROR.4:
    assert {:sourceloc "tests/data/c/golden/harness.c", 7, 56} {:error "reach_error"} false;
    assume {:sourceloc "tests/data/c/golden/harness.c", 7, 71} {:exit "abort"} false;
    goto $endif3;

  $else2:
    assume {:cbranch "if", "!cond", "false"} cond != 0;
    goto $endif3;

  $endif3:
    return;
}

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: int)
{
  var x: int;
  var $nd1: int;
  var c: int;
  var $nd2: int;
  var $t3: int;

  $entry:
    assume $alloc > 4112;
    assume $alloc < 1073741824;
    goto $body;

  $body:
    havoc {:sourceloc "tests/data/c/golden/harness.c", 9, 7} {:nondet "int from __VERIFIER_nondet_int"} $nd1;
    assume -(2147483648) <= $nd1 && $nd1 <= 2147483647;
    x := {:cassign "x", "s32", $nd1} $nd1;
    havoc {:sourceloc "tests/data/c/golden/harness.c", 10, 17} {:nondet "unsigned char from __VERIFIER_nondet_uchar"} $nd2;
    assume 0 <= $nd2 && $nd2 <= 255;
    c := {:cassign "c", "u8", $nd2} $nd2;
    assume {:sourceloc "tests/data/c/golden/harness.c", 11, 3} x > 0;
    assume {:sourceloc "tests/data/c/golden/harness.c", 12, 3} true;
    $t3 := if x + c > 0 then 1 else 0;
    call __VERIFIER_assert($t3);
    assume {:sourceloc "tests/data/c/golden/harness.c", 13, 3} true;
    $r := 0;
    return;
}
