var $alloc: int;

var $M.i32: [int]int;

var $M.i8$R0: [int]int;

var $M.i8$R1: [int]int;

var $M.point.x: [int]int;

var $M.point.y: [int]int;

var counter: int;

var msg: int;

var next$n: int;

procedure {:cfunction "next", "s32"} next() returns ($r: int)
  modifies next$n;
{
  var $t1: int;

  $entry:
    assume {:sourceloc "tests/data/c/golden/globals_init.c", 8, 37} true;
    $t1 := next$n;
    next$n := {:cassign "n", "s32", $t1 + 1} $t1 + 1;
    $r := $t1;
    return;
}

procedure {:entrypoint} {:cfunction "main", "s32"} {:cglobal "table", 4096, 12} {:cglobal "origin", 4112, 8} {:cglobal "greeting", 4124, 3} {:cglobal "\"ok\"", 4132, 3} {:memory_regions "2"} main() returns ($r: int)
  modifies $M.i32, $M.i8$R0, $M.i8$R1, $M.point.x, $M.point.y, counter, msg, next$n;
{
  var $r1: int;

  $entry:
    counter := 5;
    $M.i32[4104] := 0;
    $M.i32[4096] := 1;
    $M.i32[4100] := 2;
    $M.point.x[4112] := 0;
    $M.point.y[4116] := 4;
    $M.i8$R0[4124] := 104;
    $M.i8$R0[4125] := 105;
    $M.i8$R0[4126] := 0;
    msg := 4132;
    next$n := 10;
    $M.i8$R1[4132] := 111;
    $M.i8$R1[4133] := 107;
    $M.i8$R1[4134] := 0;
    assume $alloc > 4155;
    assume $alloc < 1073741824;
    goto $body;

  $body:
    call {:sourceloc "tests/data/c/golden/globals_init.c", 9, 18} $r1 := next();
    $r := counter + $M.i32[4100] + $M.point.y[4116] + $M.i8$R0[4125] + $M.i8$R1[msg] + $r1;
    return;
}
