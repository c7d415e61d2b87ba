var $alloc: int;

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: int)
{
  var y: int;
  var t: int;
  var $t1: int;

  $entry:
    assume $alloc > 4112;
    assume $alloc < 1073741824;
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/stmt_expr.c", 4, 32} true;
    t := {:cassign "t", "s32", 3} 3;
    $t1 := t * 2;
    y := {:cassign "y", "s32", $t1} $t1;
    goto $then2, $else3;

  $then2:
    assume {:sourceloc "tests/data/c/golden/stmt_expr.c", 5, 3} {:cbranch "if", "__builtin_expect(y != 6, 0)", "true"} (if y != 6 then 1 else 0) != 0;
    assume {:sourceloc "tests/data/c/golden/stmt_expr.c", 5, 36} {:exit "abort"} false;
    goto $endif4;

  $else3:
    assume {:cbranch "if", "__builtin_expect(y != 6, 0)", "false"} !((if y != 6 then 1 else 0) != 0);
    goto $endif4;

  $endif4:
    assume {:sourceloc "tests/data/c/golden/stmt_expr.c", 6, 3} true;
    $r := y;
    return;
}
