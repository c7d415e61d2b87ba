var $alloc: int;

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: int)
{
  var a: int;
  var b: int;
  var u: int;
  var l: int;
  var q: int;
  var r: int;
  var w: int;

  $entry:
    assume $alloc > 4112;
    assume $alloc < 1073741824;
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/int_arith.c", 3, 7} true;
    a := {:cassign "a", "s32", 7} 7;
    assume {:sourceloc "tests/data/c/golden/int_arith.c", 3, 14} true;
    b := {:cassign "b", "s32", -(2)} -(2);
    assume {:sourceloc "tests/data/c/golden/int_arith.c", 4, 12} true;
    u := {:cassign "u", "u32", 3} 3;
    assume {:sourceloc "tests/data/c/golden/int_arith.c", 5, 8} true;
    l := {:cassign "l", "s32", a * b} a * b;
    assume {:sourceloc "tests/data/c/golden/int_arith.c", 6, 7} true;
    q := {:cassign "q", "s32", if a >= 0 || a mod b == 0 then a div b else if b > 0 then a div b + 1 else a div b - 1} if a >= 0 || a mod b == 0 then a div b else if b > 0 then a div b + 1 else a div b - 1;
    assume {:sourceloc "tests/data/c/golden/int_arith.c", 6, 18} true;
    r := {:cassign "r", "s32", if a >= 0 || a mod b == 0 then a mod b else a mod b - (if b >= 0 then b else -b)} if a >= 0 || a mod b == 0 then a mod b else a mod b - (if b >= 0 then b else -b);
    assume {:sourceloc "tests/data/c/golden/int_arith.c", 7, 12} true;
    w := {:cassign "w", "u32", if 0 <= u - 5 && u - 5 <= 4294967295 then u - 5 else (u - 5) mod 4294967296} if 0 <= u - 5 && u - 5 <= 4294967295 then u - 5 else (u - 5) mod 4294967296;
    assume {:sourceloc "tests/data/c/golden/int_arith.c", 8, 3} true;
    $r := (((l + q + r) mod 4294967296 + w) mod 4294967296 + 2147483648) mod 4294967296 - 2147483648;
    return;
}
