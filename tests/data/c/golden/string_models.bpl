var $alloc: int;

var $size: [int]int;

var $M.i32: [int]int;

var $M.i8$R0: [int]int;

var $M.i8$R1: [int]int;

procedure {:entrypoint} {:cfunction "main", "s32"} {:cglobal "\"ab\"", 4096, 3} {:memory_regions "3"} main() returns ($r: int)
  modifies $M.i32, $M.i8$R0, $M.i8$R1, $alloc, $size;
{
  var $p1: int;
  var $r2: int;
  var $sc3: bool;
  var $r7: int;
  var p: int;
  var $p11: int;
  var $t12: int;
  var $t13: int;
  var $fail14: bool;
  var $t15: int;
  var $p16: int;
  var $t17: int;
  var $p18: int;

  $entry:
    $M.i8$R0[4096] := 97;
    $M.i8$R0[4097] := 98;
    $M.i8$R0[4098] := 0;
    assume $alloc > 4119;
    assume $alloc < 1073741824;
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/string_models.c", 7, 8} true;
    $p1 := {:alloc "local"} {:cobject "b", "local", 4} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p1 + 4;
    assume {:cs_step_continues} $alloc < 2147483648;
    $size[$p1] := {:cs_step_continues} 4;
    $M.i8$R1[$p1] := 97;
    $M.i8$R1[$p1 + 1] := 98;
    $M.i8$R1[$p1 + 2] := 0;
    $M.i8$R1[$p1 + 3] := 0;
    call {:sourceloc "tests/data/c/golden/string_models.c", 8, 3} $r2 := strlen($p1);
    goto $rhs4, $skip5;

  $rhs4:
    assume !($r2 != 2);
    call $r7 := strcmp($p1, 4096);
    $sc3 := $r7 != 0;
    goto $join6;

  $skip5:
    assume $r2 != 2;
    $sc3 := true;
    goto $join6;

  $join6:
    goto $then8, $else9;

  $then8:
    assume {:cbranch "if", "strlen(b) != 2 || strcmp(b, \"ab\") != 0", "true"} $sc3;
    assert {:sourceloc "tests/data/c/golden/string_models.c", 8, 47} {:error "reach_error"} false;
    goto $endif10;

  $else9:
    assume {:cbranch "if", "strlen(b) != 2 || strcmp(b, \"ab\") != 0", "false"} !$sc3;
    goto $endif10;

  $endif10:
    assume {:sourceloc "tests/data/c/golden/string_models.c", 9, 7} true;
    $p11 := {:alloc "malloc"} {:cobject "", "malloc", 4} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p11 + 4;
    assume {:cs_step_continues} $alloc < 2147483648;
    $size[$p11] := {:cs_step_continues} 4;
    p := {:cassign "p", "p", $p11} $p11;
    assume {:sourceloc "tests/data/c/golden/string_models.c", 10, 4} true;
    $M.i32[p] := {:cassign "*p", "s32", 1} 1;
    assume {:sourceloc "tests/data/c/golden/string_models.c", 11, 3} true;
    $t12 := p;
    $t13 := $size[$t12];
    havoc {:nondet "realloc fails"} $fail14;
    assume $fail14 ==> 8 == 0;
    $t15 := if $fail14 then 0 else 8;
    $p16 := {:alloc "realloc"} {:cobject "", "realloc", $t15} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p16 + $t15;
    assume {:cs_step_continues} $alloc < 2147483648;
    $size[$p16] := {:cs_step_continues} $t15;
    $t17 := if $t12 == 0 then 0 else if $t13 < $t15 then $t13 else $t15;
    assume {:heap_fact "$M.i32"} (forall $a: int :: { $M.i32[$a] } $p16 <= $a && $a < $p16 + $t17 ==> $M.i32[$a] == $M.i32[$t12 + ($a - $p16)]);
    $p18 := if $fail14 then 0 else $p16;
    p := {:cassign "p", "p", $p18} $p18;
    goto $then19, $else20;

  $then19:
    assume {:sourceloc "tests/data/c/golden/string_models.c", 12, 3} {:cbranch "if", "*p != 1", "true"} $M.i32[p] != 1;
    assert {:sourceloc "tests/data/c/golden/string_models.c", 12, 16} {:error "reach_error"} false;
    goto $endif21;

  $else20:
    assume {:cbranch "if", "*p != 1", "false"} !($M.i32[p] != 1);
    goto $endif21;

  $endif21:
    assume {:sourceloc "tests/data/c/golden/string_models.c", 13, 3} true;
    $r := 0;
    return;
}

procedure {:cfunction "strlen", "u32", "s", "p"} {:clibrary} strlen(in$s: int) returns ($r: int)
{
  var s: int;
  var n: int;

  $entry:
    s := in$s;
    assume {:sourceloc "frontend/include/pycorral_libc.c", 19, 17} true;
    n := {:cassign "n", "u32", 0} 0;
    goto $loop1;

  $loop1:
    goto $true5, $false6;

  $true5:
    assume {:sourceloc "frontend/include/pycorral_libc.c", 20, 3} {:cbranch "while", "s[n] != 0", "true"} $M.i8$R1[s + (if -(2147483648) <= n && n <= 2147483647 then n else (n + 2147483648) mod 4294967296 - 2147483648)] != 0;
    goto $body2;

  $false6:
    assume {:cbranch "while", "s[n] != 0", "false"} !($M.i8$R1[s + (if -(2147483648) <= n && n <= 2147483647 then n else (n + 2147483648) mod 4294967296 - 2147483648)] != 0);
    goto $endloop3;

  $body2:
    assume {:sourceloc "frontend/include/pycorral_libc.c", 21, 5} true;
    n := {:cassign "n", "u32", if 0 <= n + 1 && n + 1 <= 4294967295 then n + 1 else (n + 1) mod 4294967296} if 0 <= n + 1 && n + 1 <= 4294967295 then n + 1 else (n + 1) mod 4294967296;
    goto $cont4;

  $cont4:
    goto $loop1;

  $endloop3:
    assume {:sourceloc "frontend/include/pycorral_libc.c", 22, 3} true;
    $r := n;
    return;
}

procedure {:cfunction "strcmp", "s32", "a", "p", "b", "p"} {:clibrary} strcmp(in$a: int, in$b: int) returns ($r: int)
{
  var a: int;
  var b: int;
  var i: int;
  var $t7: int;
  var $sign8: int;

  $entry:
    a := in$a;
    b := in$b;
    assume {:sourceloc "frontend/include/pycorral_libc.c", 42, 17} true;
    i := {:cassign "i", "u32", 0} 0;
    goto $loop1;

  $loop1:
    goto $true5, $false6;

  $true5:
    assume {:sourceloc "frontend/include/pycorral_libc.c", 43, 3} {:cbranch "while", "a[i] != 0 && a[i] == b[i]", "true"} $M.i8$R1[a + (if -(2147483648) <= i && i <= 2147483647 then i else (i + 2147483648) mod 4294967296 - 2147483648)] != 0 && $M.i8$R1[a + (if -(2147483648) <= i && i <= 2147483647 then i else (i + 2147483648) mod 4294967296 - 2147483648)] == $M.i8$R0[b + (if -(2147483648) <= i && i <= 2147483647 then i else (i + 2147483648) mod 4294967296 - 2147483648)];
    goto $body2;

  $false6:
    assume {:cbranch "while", "a[i] != 0 && a[i] == b[i]", "false"} !($M.i8$R1[a + (if -(2147483648) <= i && i <= 2147483647 then i else (i + 2147483648) mod 4294967296 - 2147483648)] != 0 && $M.i8$R1[a + (if -(2147483648) <= i && i <= 2147483647 then i else (i + 2147483648) mod 4294967296 - 2147483648)] == $M.i8$R0[b + (if -(2147483648) <= i && i <= 2147483647 then i else (i + 2147483648) mod 4294967296 - 2147483648)]);
    goto $endloop3;

  $body2:
    assume {:sourceloc "frontend/include/pycorral_libc.c", 44, 5} true;
    i := {:cassign "i", "u32", if 0 <= i + 1 && i + 1 <= 4294967295 then i + 1 else (i + 1) mod 4294967296} if 0 <= i + 1 && i + 1 <= 4294967295 then i + 1 else (i + 1) mod 4294967296;
    goto $cont4;

  $cont4:
    goto $loop1;

  $endloop3:
    assume {:sourceloc "frontend/include/pycorral_libc.c", 45, 3} true;
    $t7 := $M.i8$R1[a + (if -(2147483648) <= i && i <= 2147483647 then i else (i + 2147483648) mod 4294967296 - 2147483648)] mod 256 - $M.i8$R0[b + (if -(2147483648) <= i && i <= 2147483647 then i else (i + 2147483648) mod 4294967296 - 2147483648)] mod 256;
    havoc {:unspecified "library result"} $sign8;
    assume -(2147483648) <= $sign8 && $sign8 <= 2147483647;
    assume $t7 < 0 <==> $sign8 < 0;
    assume $t7 == 0 <==> $sign8 == 0;
    assume $t7 > 0 <==> $sign8 > 0;
    $r := $sign8;
    return;
}
