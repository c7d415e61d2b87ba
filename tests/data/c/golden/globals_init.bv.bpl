function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "(_ sign_extend 24)"} $sign_extend.bv8.bv32(x0: bv8) : bv32;

var $alloc: bv32;

var $M.b32: [bv32]bv32;

var $M.b8$R0: [bv32]bv8;

var $M.b8$R1: [bv32]bv8;

var $M.point.x: [bv32]bv32;

var $M.point.y: [bv32]bv32;

var counter: bv32;

var msg: bv32;

var next$n: bv32;

procedure {:cfunction "next", "s32"} next() returns ($r: bv32)
  modifies next$n;
{
  var $t1: bv32;

  $entry:
    assume {:sourceloc "tests/data/c/golden/globals_init.c", 8, 37} true;
    $t1 := next$n;
    next$n := {:cassign "n", "s32", $bvadd.bv32($t1, 1bv32)} $bvadd.bv32($t1, 1bv32);
    $r := $t1;
    return;
}

procedure {:entrypoint} {:cfunction "main", "s32"} {:cglobal "table", 4096, 12} {:cglobal "origin", 4112, 8} {:cglobal "greeting", 4124, 3} {:cglobal "\"ok\"", 4132, 3} {:memory_regions "2"} main() returns ($r: bv32)
  modifies $M.b32, $M.b8$R0, $M.b8$R1, $M.point.x, $M.point.y, counter, msg, next$n;
{
  var $r1: bv32;

  $entry:
    counter := 5bv32;
    $M.b32[4104bv32] := 0bv32;
    $M.b32[4096bv32] := 1bv32;
    $M.b32[4100bv32] := 2bv32;
    $M.point.x[4112bv32] := 0bv32;
    $M.point.y[4116bv32] := 4bv32;
    $M.b8$R0[4124bv32] := 104bv8;
    $M.b8$R0[4125bv32] := 105bv8;
    $M.b8$R0[4126bv32] := 0bv8;
    msg := 4132bv32;
    next$n := 10bv32;
    $M.b8$R1[4132bv32] := 111bv8;
    $M.b8$R1[4133bv32] := 107bv8;
    $M.b8$R1[4134bv32] := 0bv8;
    assume $bvugt.bv32($alloc, 4155bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    call {:sourceloc "tests/data/c/golden/globals_init.c", 9, 18} $r1 := next();
    $r := $bvadd.bv32($bvadd.bv32($bvadd.bv32($bvadd.bv32($bvadd.bv32(counter, $M.b32[4100bv32]), $M.point.y[4116bv32]), $sign_extend.bv8.bv32($M.b8$R0[4125bv32])), $sign_extend.bv8.bv32($M.b8$R1[msg])), $r1);
    return;
}
