var $alloc: int;

var $M.inner.tag$R0: [int]int;

var $M.inner.tag$R1: [int]int;

var $M.inner.val$R0: [int]int;

var $M.inner.val$R1: [int]int;

var $M.outer.n$R0: [int]int;

var $M.outer.n$R1: [int]int;

var $M.outer.next$R0: [int]int;

var $M.outer.next$R1: [int]int;

procedure {:entrypoint} {:cfunction "main", "s32"} {:memory_regions "2"} main() returns ($r: int)
  modifies $M.inner.tag$R0, $M.inner.tag$R1, $M.inner.val$R0, $M.inner.val$R1, $M.outer.n$R1, $M.outer.next$R0, $M.outer.next$R1, $alloc;
{
  var $p1: int;
  var $p2: int;
  var $t3: int;
  var $t4: int;

  $entry:
    assume $alloc > 4112;
    assume $alloc < 1073741824;
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/structs.c", 5, 16} true;
    $p1 := {:alloc "local"} {:cobject "a", "local", 16} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p1 + 16;
    assume {:cs_step_continues} $alloc < 2147483648;
    assume {:sourceloc "tests/data/c/golden/structs.c", 5, 19} true;
    $p2 := {:alloc "local"} {:cobject "b", "local", 16} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p2 + 16;
    assume {:cs_step_continues} $alloc < 2147483648;
    assume {:sourceloc "tests/data/c/golden/structs.c", 6, 3} true;
    $M.inner.tag$R0[$p1] := {:cassign "a.in.tag", "s8", 97} 97;
    assume {:sourceloc "tests/data/c/golden/structs.c", 7, 3} true;
    $M.inner.val$R0[$p1 + 4] := {:cassign "a.in.val", "s32", 3} 3;
    assume {:sourceloc "tests/data/c/golden/structs.c", 8, 3} true;
    $M.outer.next$R0[$p1 + 8] := {:cassign "a.next", "p", $p2} $p2;
    assume {:sourceloc "tests/data/c/golden/structs.c", 9, 3} true;
    $t3 := $M.outer.next$R0[$p1 + 8] + 12;
    $M.outer.n$R1[$t3] := {:cassign "a.next->n", "s32", 9} 9;
    assume {:sourceloc "tests/data/c/golden/structs.c", 10, 3} true;
    $M.inner.tag$R1[$p2] := {:cassign "b.in.tag", "s8", $M.inner.tag$R0[$p1]} $M.inner.tag$R0[$p1];
    $M.inner.val$R1[$p2 + 4] := {:cassign "b.in.val", "s32", $M.inner.val$R0[$p1 + 4]} $M.inner.val$R0[$p1 + 4];
    $M.outer.next$R1[$p2 + 8] := {:cassign "b.next", "p", $M.outer.next$R0[$p1 + 8]} $M.outer.next$R0[$p1 + 8];
    $M.outer.n$R1[$p2 + 12] := {:cassign "b.n", "s32", $M.outer.n$R0[$p1 + 12]} $M.outer.n$R0[$p1 + 12];
    assume {:sourceloc "tests/data/c/golden/structs.c", 11, 3} true;
    $t4 := $M.outer.next$R0[$p1 + 8] + 12;
    $r := ((($M.inner.val$R1[$p2 + 4] + $M.outer.n$R1[$t4]) mod 4294967296 + 16) mod 4294967296 + 2147483648) mod 4294967296 - 2147483648;
    return;
}
