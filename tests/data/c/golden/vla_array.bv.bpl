function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvmul"} $bvmul.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvsgt"} $bvsgt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvsle"} $bvsle.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvsub"} $bvsub.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvuge"} $bvuge.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvule"} $bvule.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

var $alloc: bv32;

var $M.b32: [bv32]bv32;

var $M.b32$R0: [bv32]bv32;

procedure {:entrypoint} {:cfunction "main", "s32"} {:memory_regions "1"} main() returns ($r: bv32)
  modifies $M.b32, $M.b32$R0, $alloc;
{
  var n: bv32;
  var $nd1: bv32;
  var $vla5: bv32;
  var $t6: bv32;
  var $t7: bv32;
  var $p8: bv32;
  var $p9: bv32;

  $entry:
    assume $bvugt.bv32($alloc, 4112bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    havoc {:sourceloc "tests/data/c/golden/vla_array.c", 4, 7} {:nondet "int from __VERIFIER_nondet_int"} $nd1;
    n := {:cassign "n", "s32", $nd1} $nd1;
    goto $then2, $else3;

  $then2:
    assume {:sourceloc "tests/data/c/golden/vla_array.c", 5, 3} {:cbranch "if", "n <= 0 || n > 100", "true"} $bvsle.bv32(n, 0bv32) || $bvsgt.bv32(n, 100bv32);
    assume {:sourceloc "tests/data/c/golden/vla_array.c", 5, 26} true;
    $r := 0bv32;
    return;

  $else3:
    assume {:cbranch "if", "n <= 0 || n > 100", "false"} !($bvsle.bv32(n, 0bv32) || $bvsgt.bv32(n, 100bv32));
    goto $endif4;

  $endif4:
    assume {:sourceloc "tests/data/c/golden/vla_array.c", 6, 7} true;
    $vla5 := if $bvsgt.bv32(n, 0bv32) then n else 0bv32;
    $t6 := $bvmul.bv32($vla5, 4bv32);
    $t7 := if $bvuge.bv32($t6, 536870912bv32) then 0bv32 else $t6;
    $p8 := {:alloc "alloca"} {:cobject "a", "local", $t7} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p8, $t7));
    assume {:cs_step_continues} $bvule.bv32($p8, $bvadd.bv32($p8, $t7));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    assume {:sourceloc "tests/data/c/golden/vla_array.c", 7, 7} true;
    $p9 := {:alloc "local"} {:cobject "m", "local", 24bv32} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p9, 24bv32));
    assume {:cs_step_continues} $bvule.bv32($p9, $bvadd.bv32($p9, 24bv32));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    assume {:sourceloc "tests/data/c/golden/vla_array.c", 8, 3} true;
    $M.b32[$bvadd.bv32($p8, $bvmul.bv32($bvsub.bv32(n, 1bv32), 4bv32))] := {:cassign "a[{s32}]", "s32", 4bv32, $bvsub.bv32(n, 1bv32)} 4bv32;
    assume {:sourceloc "tests/data/c/golden/vla_array.c", 9, 3} true;
    $M.b32$R0[$bvadd.bv32($bvadd.bv32($p9, 12bv32), 8bv32)] := {:cassign "m[1][2]", "s32", $M.b32[$bvadd.bv32($p8, $bvmul.bv32($bvsub.bv32(n, 1bv32), 4bv32))]} $M.b32[$bvadd.bv32($p8, $bvmul.bv32($bvsub.bv32(n, 1bv32), 4bv32))];
    assume {:sourceloc "tests/data/c/golden/vla_array.c", 10, 3} true;
    $r := $M.b32$R0[$bvadd.bv32($bvadd.bv32($p9, 12bv32), 8bv32)];
    return;
}
