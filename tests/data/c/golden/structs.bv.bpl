function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvule"} $bvule.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

var $alloc: bv32;

var $M.inner.tag$R0: [bv32]bv8;

var $M.inner.tag$R1: [bv32]bv8;

var $M.inner.val$R0: [bv32]bv32;

var $M.inner.val$R1: [bv32]bv32;

var $M.outer.n$R0: [bv32]bv32;

var $M.outer.n$R1: [bv32]bv32;

var $M.outer.next$R0: [bv32]bv32;

var $M.outer.next$R1: [bv32]bv32;

procedure {:entrypoint} {:cfunction "main", "s32"} {:memory_regions "2"} main() returns ($r: bv32)
  modifies $M.inner.tag$R0, $M.inner.tag$R1, $M.inner.val$R0, $M.inner.val$R1, $M.outer.n$R1, $M.outer.next$R0, $M.outer.next$R1, $alloc;
{
  var $p1: bv32;
  var $p2: bv32;
  var $t3: bv32;
  var $t4: bv32;

  $entry:
    assume $bvugt.bv32($alloc, 4112bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/structs.c", 5, 16} true;
    $p1 := {:alloc "local"} {:cobject "a", "local", 16bv32} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p1, 16bv32));
    assume {:cs_step_continues} $bvule.bv32($p1, $bvadd.bv32($p1, 16bv32));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    assume {:sourceloc "tests/data/c/golden/structs.c", 5, 19} true;
    $p2 := {:alloc "local"} {:cobject "b", "local", 16bv32} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p2, 16bv32));
    assume {:cs_step_continues} $bvule.bv32($p2, $bvadd.bv32($p2, 16bv32));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    assume {:sourceloc "tests/data/c/golden/structs.c", 6, 3} true;
    $M.inner.tag$R0[$p1] := {:cassign "a.in.tag", "s8", 97bv8} 97bv8;
    assume {:sourceloc "tests/data/c/golden/structs.c", 7, 3} true;
    $M.inner.val$R0[$bvadd.bv32($p1, 4bv32)] := {:cassign "a.in.val", "s32", 3bv32} 3bv32;
    assume {:sourceloc "tests/data/c/golden/structs.c", 8, 3} true;
    $M.outer.next$R0[$bvadd.bv32($p1, 8bv32)] := {:cassign "a.next", "p", $p2} $p2;
    assume {:sourceloc "tests/data/c/golden/structs.c", 9, 3} true;
    $t3 := $bvadd.bv32($M.outer.next$R0[$bvadd.bv32($p1, 8bv32)], 12bv32);
    $M.outer.n$R1[$t3] := {:cassign "a.next->n", "s32", 9bv32} 9bv32;
    assume {:sourceloc "tests/data/c/golden/structs.c", 10, 3} true;
    $M.inner.tag$R1[$p2] := {:cassign "b.in.tag", "s8", $M.inner.tag$R0[$p1]} $M.inner.tag$R0[$p1];
    $M.inner.val$R1[$bvadd.bv32($p2, 4bv32)] := {:cassign "b.in.val", "s32", $M.inner.val$R0[$bvadd.bv32($p1, 4bv32)]} $M.inner.val$R0[$bvadd.bv32($p1, 4bv32)];
    $M.outer.next$R1[$bvadd.bv32($p2, 8bv32)] := {:cassign "b.next", "p", $M.outer.next$R0[$bvadd.bv32($p1, 8bv32)]} $M.outer.next$R0[$bvadd.bv32($p1, 8bv32)];
    $M.outer.n$R1[$bvadd.bv32($p2, 12bv32)] := {:cassign "b.n", "s32", $M.outer.n$R0[$bvadd.bv32($p1, 12bv32)]} $M.outer.n$R0[$bvadd.bv32($p1, 12bv32)];
    assume {:sourceloc "tests/data/c/golden/structs.c", 11, 3} true;
    $t4 := $bvadd.bv32($M.outer.next$R0[$bvadd.bv32($p1, 8bv32)], 12bv32);
    $r := $bvadd.bv32($bvadd.bv32($M.inner.val$R1[$bvadd.bv32($p2, 4bv32)], $M.outer.n$R1[$t4]), 16bv32);
    return;
}
