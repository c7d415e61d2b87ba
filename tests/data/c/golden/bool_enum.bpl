var $alloc: int;

procedure {:entrypoint} main() returns ($r: int)
{
  var b: int;
  var c: int;
  var x: int;
  var y: int;

  $entry:
    assume $alloc > 4112;
    assume $alloc < 1073741824;
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/bool_enum.c", 4, 9} true;
    b := if 7 != 0 then 1 else 0;
    assume {:sourceloc "tests/data/c/golden/bool_enum.c", 5, 14} true;
    c := 6;
    assume {:sourceloc "tests/data/c/golden/bool_enum.c", 6, 7} true;
    x := if (b != 0 && c == 6) || !(b != 0) then 1 else 0;
    assume {:sourceloc "tests/data/c/golden/bool_enum.c", 7, 7} true;
    y := if c > 5 then 1 else 2;
    assume {:sourceloc "tests/data/c/golden/bool_enum.c", 8, 3} true;
    $r := (((x + y) mod 4294967296 + 4) mod 4294967296 + 2147483648) mod 4294967296 - 2147483648;
    return;
}
