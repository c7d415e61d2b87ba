function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvmul"} $bvmul.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvsgt"} $bvsgt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvslt"} $bvslt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvsub"} $bvsub.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvuge"} $bvuge.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvule"} $bvule.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "(_ sign_extend 24)"} $sign_extend.bv8.bv32(x0: bv8) : bv32;

function {:bvbuiltin "(_ zero_extend 24)"} $zero_extend.bv8.bv32(x0: bv8) : bv32;

var $alloc: bv32;

var $size: [bv32]bv32;

var $M.b32: [bv32]bv32;

var $M.b8$R0: [bv32]bv8;

var $M.b8$R1: [bv32]bv8;

procedure {:entrypoint} {:cfunction "main", "s32"} {:cglobal "\"ab\"", 4096, 3} {:memory_regions "3"} main() returns ($r: bv32)
  modifies $M.b32, $M.b8$R0, $M.b8$R1, $alloc, $size;
{
  var $p1: bv32;
  var $r2: bv32;
  var $sc3: bool;
  var $r7: bv32;
  var p: bv32;
  var $p11: bv32;
  var $t12: bv32;
  var $t13: bv32;
  var $t14: bv32;
  var $fail15: bool;
  var $t16: bv32;
  var $p17: bv32;
  var $t18: bv32;
  var $p19: bv32;

  $entry:
    $M.b8$R0[4096bv32] := 97bv8;
    $M.b8$R0[4097bv32] := 98bv8;
    $M.b8$R0[4098bv32] := 0bv8;
    assume $bvugt.bv32($alloc, 4119bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/string_models.c", 7, 8} true;
    $p1 := {:alloc "local"} {:cobject "b", "local", 4bv32} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p1, 4bv32));
    assume {:cs_step_continues} $bvule.bv32($p1, $bvadd.bv32($p1, 4bv32));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    $size[$p1] := {:cs_step_continues} 4bv32;
    $M.b8$R1[$p1] := 97bv8;
    $M.b8$R1[$bvadd.bv32($p1, 1bv32)] := 98bv8;
    $M.b8$R1[$bvadd.bv32($p1, 2bv32)] := 0bv8;
    $M.b8$R1[$bvadd.bv32($p1, 3bv32)] := 0bv8;
    call {:sourceloc "tests/data/c/golden/string_models.c", 8, 3} $r2 := strlen($p1);
    goto $rhs4, $skip5;

  $rhs4:
    assume !($r2 != 2bv32);
    call $r7 := strcmp($p1, 4096bv32);
    $sc3 := $r7 != 0bv32;
    goto $join6;

  $skip5:
    assume $r2 != 2bv32;
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
    $p11 := {:alloc "malloc"} {:cobject "", "malloc", 4bv32} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p11, 4bv32));
    assume {:cs_step_continues} $bvule.bv32($p11, $bvadd.bv32($p11, 4bv32));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    $size[$p11] := {:cs_step_continues} 4bv32;
    p := {:cassign "p", "p", $p11} $p11;
    assume {:sourceloc "tests/data/c/golden/string_models.c", 10, 4} true;
    $M.b32[p] := {:cassign "*p", "s32", 1bv32} 1bv32;
    assume {:sourceloc "tests/data/c/golden/string_models.c", 11, 3} true;
    $t12 := p;
    $t13 := $bvmul.bv32(2bv32, 4bv32);
    $t14 := $size[$t12];
    havoc {:nondet "realloc fails"} $fail15;
    assume $fail15 ==> $t13 == 0bv32 || $bvuge.bv32($t13, 536870912bv32);
    $t16 := if $fail15 then 0bv32 else $t13;
    $p17 := {:alloc "realloc"} {:cobject "", "realloc", $t16} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p17, $t16));
    assume {:cs_step_continues} $bvule.bv32($p17, $bvadd.bv32($p17, $t16));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    $size[$p17] := {:cs_step_continues} $t16;
    $t18 := if $t12 == 0bv32 then 0bv32 else if $bvult.bv32($t14, $t16) then $t14 else $t16;
    assume {:heap_fact "$M.b32"} (forall $a: bv32 :: { $M.b32[$a] } $bvule.bv32($p17, $a) && $bvult.bv32($a, $bvadd.bv32($p17, $t18)) ==> $M.b32[$a] == $M.b32[$bvadd.bv32($t12, $bvsub.bv32($a, $p17))]);
    $p19 := if $fail15 then 0bv32 else $p17;
    p := {:cassign "p", "p", $p19} $p19;
    goto $then20, $else21;

  $then20:
    assume {:sourceloc "tests/data/c/golden/string_models.c", 12, 3} {:cbranch "if", "*p != 1", "true"} $M.b32[p] != 1bv32;
    assert {:sourceloc "tests/data/c/golden/string_models.c", 12, 16} {:error "reach_error"} false;
    goto $endif22;

  $else21:
    assume {:cbranch "if", "*p != 1", "false"} !($M.b32[p] != 1bv32);
    goto $endif22;

  $endif22:
    assume {:sourceloc "tests/data/c/golden/string_models.c", 13, 3} true;
    $r := 0bv32;
    return;
}

procedure {:cfunction "strlen", "u32", "s", "p"} {:clibrary} strlen(in$s: bv32) returns ($r: bv32)
{
  var s: bv32;
  var n: bv32;

  $entry:
    s := in$s;
    assume {:sourceloc "frontend/include/pycorral_libc.c", 19, 17} true;
    n := {:cassign "n", "u32", 0bv32} 0bv32;
    goto $loop1;

  $loop1:
    goto $true5, $false6;

  $true5:
    assume {:sourceloc "frontend/include/pycorral_libc.c", 20, 3} {:cbranch "while", "s[n] != 0", "true"} $sign_extend.bv8.bv32($M.b8$R1[$bvadd.bv32(s, n)]) != 0bv32;
    goto $body2;

  $false6:
    assume {:cbranch "while", "s[n] != 0", "false"} !($sign_extend.bv8.bv32($M.b8$R1[$bvadd.bv32(s, n)]) != 0bv32);
    goto $endloop3;

  $body2:
    assume {:sourceloc "frontend/include/pycorral_libc.c", 21, 5} true;
    n := {:cassign "n", "u32", $bvadd.bv32(n, 1bv32)} $bvadd.bv32(n, 1bv32);
    goto $cont4;

  $cont4:
    goto $loop1;

  $endloop3:
    assume {:sourceloc "frontend/include/pycorral_libc.c", 22, 3} true;
    $r := n;
    return;
}

procedure {:cfunction "strcmp", "s32", "a", "p", "b", "p"} {:clibrary} strcmp(in$a: bv32, in$b: bv32) returns ($r: bv32)
{
  var a: bv32;
  var b: bv32;
  var i: bv32;
  var $t7: bv32;
  var $sign8: bv32;

  $entry:
    a := in$a;
    b := in$b;
    assume {:sourceloc "frontend/include/pycorral_libc.c", 42, 17} true;
    i := {:cassign "i", "u32", 0bv32} 0bv32;
    goto $loop1;

  $loop1:
    goto $true5, $false6;

  $true5:
    assume {:sourceloc "frontend/include/pycorral_libc.c", 43, 3} {:cbranch "while", "a[i] != 0 && a[i] == b[i]", "true"} $sign_extend.bv8.bv32($M.b8$R1[$bvadd.bv32(a, i)]) != 0bv32 && $sign_extend.bv8.bv32($M.b8$R1[$bvadd.bv32(a, i)]) == $sign_extend.bv8.bv32($M.b8$R0[$bvadd.bv32(b, i)]);
    goto $body2;

  $false6:
    assume {:cbranch "while", "a[i] != 0 && a[i] == b[i]", "false"} !($sign_extend.bv8.bv32($M.b8$R1[$bvadd.bv32(a, i)]) != 0bv32 && $sign_extend.bv8.bv32($M.b8$R1[$bvadd.bv32(a, i)]) == $sign_extend.bv8.bv32($M.b8$R0[$bvadd.bv32(b, i)]));
    goto $endloop3;

  $body2:
    assume {:sourceloc "frontend/include/pycorral_libc.c", 44, 5} true;
    i := {:cassign "i", "u32", $bvadd.bv32(i, 1bv32)} $bvadd.bv32(i, 1bv32);
    goto $cont4;

  $cont4:
    goto $loop1;

  $endloop3:
    assume {:sourceloc "frontend/include/pycorral_libc.c", 45, 3} true;
    $t7 := $bvsub.bv32($zero_extend.bv8.bv32($M.b8$R1[$bvadd.bv32(a, i)]), $zero_extend.bv8.bv32($M.b8$R0[$bvadd.bv32(b, i)]));
    havoc {:unspecified "library result"} $sign8;
    assume $bvslt.bv32($t7, 0bv32) <==> $bvslt.bv32($sign8, 0bv32);
    assume $t7 == 0bv32 <==> $sign8 == 0bv32;
    assume $bvsgt.bv32($t7, 0bv32) <==> $bvsgt.bv32($sign8, 0bv32);
    $r := $sign8;
    return;
}
