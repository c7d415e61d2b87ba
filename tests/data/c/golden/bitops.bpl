var $alloc: int;

procedure {:cfunction "f", "u32", "x", "u32", "y", "u32", "k", "s32"} f(in$x: int, in$y: int, in$k: int) returns ($r: int)
{
  var x: int;
  var y: int;
  var k: int;
  var a: int;
  var b: int;
  var c: int;
  var $t1: int;
  var d: int;
  var e: int;
  var g: int;

  $entry:
    x := in$x;
    y := in$y;
    k := in$k;
    assume {:sourceloc "tests/data/c/golden/bitops.c", 3, 12} true;
    a := {:cassign "a", "u32", x mod 256} x mod 256;
    assume {:sourceloc "tests/data/c/golden/bitops.c", 4, 12} true;
    b := {:cassign "b", "u32", x + 4 - (x mod 8 - x mod 4)} x + 4 - (x mod 8 - x mod 4);
    havoc {:sourceloc "tests/data/c/golden/bitops.c", 5, 12} {:overapprox "^"} $t1;
    assume 0 <= $t1 && $t1 <= 4294967295;
    assume x >= 0 && y >= 0 ==> $t1 >= 0 && $t1 <= x + y;
    assume x == 0 ==> $t1 == y;
    assume y == 0 ==> $t1 == x;
    assume x == y ==> $t1 == 0;
    c := {:cassign "c", "u32", $t1} $t1;
    assume {:sourceloc "tests/data/c/golden/bitops.c", 6, 12} true;
    d := {:cassign "d", "u32", 4294967295 - x} 4294967295 - x;
    assume {:sourceloc "tests/data/c/golden/bitops.c", 7, 12} true;
    e := {:cassign "e", "u32", x * 8 mod 4294967296} x * 8 mod 4294967296;
    assume {:sourceloc "tests/data/c/golden/bitops.c", 8, 12} true;
    g := {:cassign "g", "u32", y div (if k == 0 then 1 else if k == 1 then 2 else if k == 2 then 4 else if k == 3 then 8 else if k == 4 then 16 else if k == 5 then 32 else if k == 6 then 64 else if k == 7 then 128 else if k == 8 then 256 else if k == 9 then 512 else if k == 10 then 1024 else if k == 11 then 2048 else if k == 12 then 4096 else if k == 13 then 8192 else if k == 14 then 16384 else if k == 15 then 32768 else if k == 16 then 65536 else if k == 17 then 131072 else if k == 18 then 262144 else if k == 19 then 524288 else if k == 20 then 1048576 else if k == 21 then 2097152 else if k == 22 then 4194304 else if k == 23 then 8388608 else if k == 24 then 16777216 else if k == 25 then 33554432 else if k == 26 then 67108864 else if k == 27 then 134217728 else if k == 28 then 268435456 else if k == 29 then 536870912 else if k == 30 then 1073741824 else 2147483648)} y div (if k == 0 then 1 else if k == 1 then 2 else if k == 2 then 4 else if k == 3 then 8 else if k == 4 then 16 else if k == 5 then 32 else if k == 6 then 64 else if k == 7 then 128 else if k == 8 then 256 else if k == 9 then 512 else if k == 10 then 1024 else if k == 11 then 2048 else if k == 12 then 4096 else if k == 13 then 8192 else if k == 14 then 16384 else if k == 15 then 32768 else if k == 16 then 65536 else if k == 17 then 131072 else if k == 18 then 262144 else if k == 19 then 524288 else if k == 20 then 1048576 else if k == 21 then 2097152 else if k == 22 then 4194304 else if k == 23 then 8388608 else if k == 24 then 16777216 else if k == 25 then 33554432 else if k == 26 then 67108864 else if k == 27 then 134217728 else if k == 28 then 268435456 else if k == 29 then 536870912 else if k == 30 then 1073741824 else 2147483648);
    assume {:sourceloc "tests/data/c/golden/bitops.c", 9, 3} true;
    $r := (((((a + b) mod 4294967296 + c) mod 4294967296 + d) mod 4294967296 + e) mod 4294967296 + g) mod 4294967296;
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
    call {:sourceloc "tests/data/c/golden/bitops.c", 11, 18} $r1 := f(1, 2, 1);
    $r := ($r1 + 2147483648) mod 4294967296 - 2147483648;
    return;
}
