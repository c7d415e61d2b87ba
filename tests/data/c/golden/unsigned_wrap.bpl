var $alloc: int;

procedure {:entrypoint} main() returns ($r: int)
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
    u := 0;
    assume {:sourceloc "tests/data/c/golden/unsigned_wrap.c", 4, 3} true;
    u := (u - 1) mod 4294967296;
    assume {:sourceloc "tests/data/c/golden/unsigned_wrap.c", 5, 17} true;
    c := 255;
    assume {:sourceloc "tests/data/c/golden/unsigned_wrap.c", 6, 3} true;
    c := (c + 1) mod 256;
    assume {:sourceloc "tests/data/c/golden/unsigned_wrap.c", 7, 7} true;
    neg := -(1);
    assume {:sourceloc "tests/data/c/golden/unsigned_wrap.c", 8, 7} true;
    cmp := if neg mod 4294967296 < 1 then 1 else 0;
    assume {:sourceloc "tests/data/c/golden/unsigned_wrap.c", 9, 3} true;
    $r := (if u == 4294967295 then 1 else 0) + (if c == 0 then 1 else 0) + cmp;
    return;
}
