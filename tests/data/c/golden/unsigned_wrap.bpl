var $alloc: int;

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: int)
{
  var u: int;
  var c: int;
  var neg: int;
  var cmp: int;

  $entry:
    assume $alloc > 4112;
    assume $alloc < 1073741824;
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/unsigned_wrap.c", 3, 16} true;
    u := {:cassign "u", "u32", 0} 0;
    assume {:sourceloc "tests/data/c/golden/unsigned_wrap.c", 4, 3} true;
    u := {:cassign "u", "u32", if 0 <= u - 1 && u - 1 <= 4294967295 then u - 1 else (u - 1) mod 4294967296} if 0 <= u - 1 && u - 1 <= 4294967295 then u - 1 else (u - 1) mod 4294967296;
    assume {:sourceloc "tests/data/c/golden/unsigned_wrap.c", 5, 17} true;
    c := {:cassign "c", "u8", 255} 255;
    assume {:sourceloc "tests/data/c/golden/unsigned_wrap.c", 6, 3} true;
    c := {:cassign "c", "u8", (c + 1) mod 256} (c + 1) mod 256;
    assume {:sourceloc "tests/data/c/golden/unsigned_wrap.c", 7, 7} true;
    neg := {:cassign "neg", "s32", -(1)} -(1);
    assume {:sourceloc "tests/data/c/golden/unsigned_wrap.c", 8, 7} true;
    cmp := {:cassign "cmp", "s32", if neg mod 4294967296 < 1 then 1 else 0} if neg mod 4294967296 < 1 then 1 else 0;
    assume {:sourceloc "tests/data/c/golden/unsigned_wrap.c", 9, 3} true;
    $r := (if u == 4294967295 then 1 else 0) + (if c == 0 then 1 else 0) + cmp;
    return;
}
