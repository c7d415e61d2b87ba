function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvmul"} $bvmul.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvuge"} $bvuge.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvule"} $bvule.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

var $alloc: bv32;

var $M.b32: [bv32]bv32;

var $M.node.next$R1: [bv32]bv32;

var $M.node.v$R1: [bv32]bv32;

procedure {:entrypoint} {:cfunction "main", "s32"} {:memory_regions "2"} main() returns ($r: bv32)
  modifies $M.node.next$R1, $M.node.v$R1, $alloc;
{
  var n: bv32;
  var $p1: bv32;
  var zeros: bv32;
  var $t2: bv32;
  var $fail3: bool;
  var $t4: bv32;
  var $p5: bv32;
  var $p6: bv32;
  var r: bv32;

  $entry:
    assume $bvugt.bv32($alloc, 4112bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/malloc_free.c", 5, 15} true;
    $p1 := {:alloc "malloc"} {:cobject "", "malloc", 8bv32} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p1, 8bv32));
    assume {:cs_step_continues} $bvule.bv32($p1, $bvadd.bv32($p1, 8bv32));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    n := {:cassign "n", "p", $p1} $p1;
    assume {:sourceloc "tests/data/c/golden/malloc_free.c", 6, 7} true;
    $t2 := $bvmul.bv32(4bv32, 4bv32);
    havoc {:nondet "calloc fails"} $fail3;
    $t4 := if $fail3 then 0bv32 else $t2;
    $p5 := {:alloc "calloc"} {:cobject "", "calloc", $t4} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p5, $t4));
    assume {:cs_step_continues} $bvule.bv32($p5, $bvadd.bv32($p5, $t4));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    assume {:heap_fact "$M.b32"} (forall $a: bv32 :: { $M.b32[$a] } $bvule.bv32($p5, $a) && $bvult.bv32($a, $bvadd.bv32($p5, $t4)) ==> $M.b32[$a] == 0bv32);
    $p6 := if $fail3 then 0bv32 else $p5;
    zeros := {:cassign "zeros", "p", $p6} $p6;
    assume {:sourceloc "tests/data/c/golden/malloc_free.c", 7, 3} true;
    $M.node.v$R1[n] := {:cassign "n->v", "s32", 1bv32} 1bv32;
    assume {:sourceloc "tests/data/c/golden/malloc_free.c", 8, 3} true;
    $M.node.next$R1[$bvadd.bv32(n, 4bv32)] := {:cassign "n->next", "p", 0bv32} 0bv32;
    assume {:sourceloc "tests/data/c/golden/malloc_free.c", 9, 7} true;
    r := {:cassign "r", "s32", $bvadd.bv32($M.node.v$R1[n], if zeros != 0bv32 then $M.b32[$bvadd.bv32(zeros, 8bv32)] else 0bv32)} $bvadd.bv32($M.node.v$R1[n], if zeros != 0bv32 then $M.b32[$bvadd.bv32(zeros, 8bv32)] else 0bv32);
    assume {:sourceloc "tests/data/c/golden/malloc_free.c", 12, 3} true;
    $r := r;
    return;
}
