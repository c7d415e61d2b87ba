var $alloc: int;

var $M.i32: [int]int;

var $M.i32$R0: [int]int;

procedure {:entrypoint} {:cfunction "main", "s32"} {:memory_regions "1"} main() returns ($r: int)
  modifies $M.i32, $M.i32$R0, $alloc;
{
  var n: int;
  var $nd1: int;
  var $vla5: int;
  var $t6: int;
  var $t7: int;
  var $p8: int;
  var $p9: int;

  $entry:
    assume $alloc > 4112;
    assume $alloc < 1073741824;
    goto $body;

  $body:
    havoc {:sourceloc "tests/data/c/golden/vla_array.c", 4, 7} {:nondet "int from __VERIFIER_nondet_int"} $nd1;
    assume -(2147483648) <= $nd1 && $nd1 <= 2147483647;
    n := {:cassign "n", "s32", $nd1} $nd1;
    goto $then2, $else3;

  $then2:
    assume {:sourceloc "tests/data/c/golden/vla_array.c", 5, 3} {:cbranch "if", "n <= 0 || n > 100", "true"} n <= 0 || n > 100;
    assume {:sourceloc "tests/data/c/golden/vla_array.c", 5, 26} true;
    $r := 0;
    return;

  $else3:
    assume {:cbranch "if", "n <= 0 || n > 100", "false"} !(n <= 0 || n > 100);
    goto $endif4;

  $endif4:
    assume {:sourceloc "tests/data/c/golden/vla_array.c", 6, 7} true;
    $vla5 := if n > 0 then n mod 4294967296 else 0;
    $t6 := $vla5 * 4 mod 4294967296;
    $t7 := if $t6 >= 536870912 then 0 else $t6;
    $p8 := {:alloc "alloca"} {:cobject "a", "local", $t7} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p8 + $t7;
    assume {:cs_step_continues} $alloc < 2147483648;
    assume {:sourceloc "tests/data/c/golden/vla_array.c", 7, 7} true;
    $p9 := {:alloc "local"} {:cobject "m", "local", 24} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p9 + 24;
    assume {:cs_step_continues} $alloc < 2147483648;
    assume {:sourceloc "tests/data/c/golden/vla_array.c", 8, 3} true;
    $M.i32[$p8 + (n - 1) * 4] := {:cassign "a[{s32}]", "s32", 4, n - 1} 4;
    assume {:sourceloc "tests/data/c/golden/vla_array.c", 9, 3} true;
    $M.i32$R0[$p9 + 12 + 8] := {:cassign "m[1][2]", "s32", $M.i32[$p8 + (n - 1) * 4]} $M.i32[$p8 + (n - 1) * 4];
    assume {:sourceloc "tests/data/c/golden/vla_array.c", 10, 3} true;
    $r := $M.i32$R0[$p9 + 12 + 8];
    return;
}
