function {:bvbuiltin "bvmul"} $bvmul.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

var $alloc: bv32;

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: bv32)
{
  var y: bv32;
  var t: bv32;
  var $t1: bv32;

  $entry:
    assume $bvugt.bv32($alloc, 4112bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/stmt_expr.c", 4, 32} true;
    t := {:cassign "t", "s32", 3bv32} 3bv32;
    $t1 := $bvmul.bv32(t, 2bv32);
    y := {:cassign "y", "s32", $t1} $t1;
    goto $then2, $else3;

  $then2:
    assume {:sourceloc "tests/data/c/golden/stmt_expr.c", 5, 3} {:cbranch "if", "__builtin_expect(y != 6, 0)", "true"} (if y != 6bv32 then 1bv32 else 0bv32) != 0bv32;
    assume {:sourceloc "tests/data/c/golden/stmt_expr.c", 5, 36} {:exit "abort"} false;
    goto $endif4;

  $else3:
    assume {:cbranch "if", "__builtin_expect(y != 6, 0)", "false"} !((if y != 6bv32 then 1bv32 else 0bv32) != 0bv32);
    goto $endif4;

  $endif4:
    assume {:sourceloc "tests/data/c/golden/stmt_expr.c", 6, 3} true;
    $r := y;
    return;
}
