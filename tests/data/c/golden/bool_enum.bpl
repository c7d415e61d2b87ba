var $alloc: int;

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: int)
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
    b := {:cassign "b", "u8", if 7 != 0 then 1 else 0} if 7 != 0 then 1 else 0;
    assume {:sourceloc "tests/data/c/golden/bool_enum.c", 5, 14} true;
    c := {:cassign "c", "s32", 6} 6;
    assume {:sourceloc "tests/data/c/golden/bool_enum.c", 6, 7} true;
    x := {:cassign "x", "s32", if (b != 0 && c == 6) || !(b != 0) then 1 else 0} if (b != 0 && c == 6) || !(b != 0) then 1 else 0;
    assume {:sourceloc "tests/data/c/golden/bool_enum.c", 7, 7} true;
    y := {:cassign "y", "s32", if c > 5 then 1 else 2} if c > 5 then 1 else 2;
    assume {:sourceloc "tests/data/c/golden/bool_enum.c", 8, 3} true;
    $r := ((if 0 <= (x + y) mod 4294967296 + 4 && (x + y) mod 4294967296 + 4 <= 4294967295 then (x + y) mod 4294967296 + 4 else ((x + y) mod 4294967296 + 4) mod 4294967296) + 2147483648) mod 4294967296 - 2147483648;
    return;
}
