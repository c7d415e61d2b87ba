function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvsdiv"} $bvsdiv.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvsub"} $bvsub.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvule"} $bvule.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

var $alloc: bv32;

var $M.b32$R0: [bv32]bv32;

var $M.b32$R1: [bv32]bv32;

var $M.b32$R2: [bv32]bv32;

procedure {:cfunction "swap", "", "a", "p", "b", "p"} swap(in$a: bv32, in$b: bv32)
  modifies $M.b32$R0, $M.b32$R1;
{
  var a: bv32;
  var b: bv32;
  var t: bv32;

  $entry:
    a := in$a;
    b := in$b;
    assume {:sourceloc "tests/data/c/golden/pointers.c", 2, 33} true;
    t := {:cassign "t", "s32", $M.b32$R0[a]} $M.b32$R0[a];
    assume {:sourceloc "tests/data/c/golden/pointers.c", 2, 42} true;
    $M.b32$R0[a] := {:cassign "*a", "s32", $M.b32$R1[b]} $M.b32$R1[b];
    assume {:sourceloc "tests/data/c/golden/pointers.c", 2, 51} true;
    $M.b32$R1[b] := {:cassign "*b", "s32", t} t;
    return;
}

procedure {:entrypoint} {:cfunction "main", "s32"} {:memory_regions "3"} main() returns ($r: bv32)
  modifies $M.b32$R0, $M.b32$R1, $M.b32$R2, $alloc;
{
  var $p1: bv32;
  var $p2: bv32;
  var $p3: bv32;
  var p: bv32;

  $entry:
    assume $bvugt.bv32($alloc, 4112bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/pointers.c", 4, 7} true;
    $p1 := {:alloc "local"} {:cobject "x", "local", 4bv32} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p1, 4bv32));
    assume {:cs_step_continues} $bvule.bv32($p1, $bvadd.bv32($p1, 4bv32));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    $M.b32$R0[$p1] := {:cassign "x", "s32", 1bv32} 1bv32;
    assume {:sourceloc "tests/data/c/golden/pointers.c", 4, 14} true;
    $p2 := {:alloc "local"} {:cobject "y", "local", 4bv32} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p2, 4bv32));
    assume {:cs_step_continues} $bvule.bv32($p2, $bvadd.bv32($p2, 4bv32));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    $M.b32$R1[$p2] := {:cassign "y", "s32", 2bv32} 2bv32;
    assume {:sourceloc "tests/data/c/golden/pointers.c", 5, 7} true;
    $p3 := {:alloc "local"} {:cobject "arr", "local", 16bv32} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $bvugt.bv32($alloc, $bvadd.bv32($p3, 16bv32));
    assume {:cs_step_continues} $bvule.bv32($p3, $bvadd.bv32($p3, 16bv32));
    assume {:cs_step_continues} $bvult.bv32($alloc, 2147483648bv32);
    $M.b32$R2[$bvadd.bv32($p3, 4bv32)] := 0bv32;
    $M.b32$R2[$bvadd.bv32($p3, 8bv32)] := 0bv32;
    $M.b32$R2[$bvadd.bv32($p3, 12bv32)] := 0bv32;
    $M.b32$R2[$p3] := {:cassign "arr[0]", "s32", 0bv32} 0bv32;
    assume {:sourceloc "tests/data/c/golden/pointers.c", 6, 7} true;
    p := {:cassign "p", "p", $bvadd.bv32($p3, 4bv32)} $bvadd.bv32($p3, 4bv32);
    call {:sourceloc "tests/data/c/golden/pointers.c", 7, 3} swap($p1, $p2);
    assume {:sourceloc "tests/data/c/golden/pointers.c", 8, 4} true;
    $M.b32$R2[p] := {:cassign "*p", "s32", $M.b32$R0[$p1]} $M.b32$R0[$p1];
    assume {:sourceloc "tests/data/c/golden/pointers.c", 9, 3} true;
    $M.b32$R2[$bvadd.bv32(p, 4bv32)] := {:cassign "p[1]", "s32", $M.b32$R1[$p2]} $M.b32$R1[$p2];
    assume {:sourceloc "tests/data/c/golden/pointers.c", 10, 3} true;
    $r := $bvadd.bv32($bvadd.bv32($bvsdiv.bv32($bvsub.bv32(p, $p3), 4bv32), $M.b32$R2[$bvadd.bv32($p3, 8bv32)]), if $bvugt.bv32(p, $p3) then 1bv32 else 0bv32);
    return;
}
