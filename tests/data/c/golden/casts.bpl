var $alloc: int;

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: int)
{
  var x: int;
  var c: int;
  var s: int;
  var h: int;
  var uh: int;
  var ll: int;
  var ui: int;

  $entry:
    assume $alloc > 4112;
    assume $alloc < 1073741824;
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/casts.c", 3, 7} true;
    x := {:cassign "x", "s32", 300} 300;
    assume {:sourceloc "tests/data/c/golden/casts.c", 4, 17} true;
    c := {:cassign "c", "u8", x mod 256} x mod 256;
    assume {:sourceloc "tests/data/c/golden/casts.c", 5, 15} true;
    s := {:cassign "s", "s8", -(56)} -(56);
    assume {:sourceloc "tests/data/c/golden/casts.c", 6, 9} true;
    h := {:cassign "h", "s16", -(1)} -(1);
    assume {:sourceloc "tests/data/c/golden/casts.c", 7, 18} true;
    uh := {:cassign "uh", "u16", h mod 65536} h mod 65536;
    assume {:sourceloc "tests/data/c/golden/casts.c", 8, 13} true;
    ll := {:cassign "ll", "s64", x} x;
    assume {:sourceloc "tests/data/c/golden/casts.c", 9, 16} true;
    ui := {:cassign "ui", "u32", s mod 4294967296} s mod 4294967296;
    assume {:sourceloc "tests/data/c/golden/casts.c", 10, 3} true;
    $r := c + s + h + uh + ((ll + 2147483648) mod 4294967296 - 2147483648) + ((ui + 2147483648) mod 4294967296 - 2147483648);
    return;
}
