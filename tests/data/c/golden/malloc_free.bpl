var $alloc: int;

var $M.i32: [int]int;

var $M.node.next$R1: [int]int;

var $M.node.v$R1: [int]int;

procedure {:entrypoint} {:cfunction "main", "s32"} {:memory_regions "2"} main() returns ($r: int)
  modifies $M.node.next$R1, $M.node.v$R1, $alloc;
{
  var n: int;
  var $p1: int;
  var zeros: int;
  var $fail2: bool;
  var $p3: int;
  var $p4: int;
  var r: int;

  $entry:
    assume $alloc > 4112;
    assume $alloc < 1073741824;
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/malloc_free.c", 5, 15} true;
    $p1 := {:alloc "malloc"} {:cobject "", "malloc", 8} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p1 + 8;
    assume {:cs_step_continues} $alloc < 2147483648;
    n := {:cassign "n", "p", $p1} $p1;
    havoc {:sourceloc "tests/data/c/golden/malloc_free.c", 6, 7} {:nondet "calloc fails"} $fail2;
    $p3 := {:alloc "calloc"} {:cobject "", "calloc", 16} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p3 + 16;
    assume {:cs_step_continues} $alloc < 2147483648;
    assume {:heap_fact "$M.i32"} (forall $a: int :: { $M.i32[$a] } $p3 <= $a && $a < $p3 + 16 ==> $M.i32[$a] == 0);
    $p4 := if $fail2 then 0 else $p3;
    zeros := {:cassign "zeros", "p", $p4} $p4;
    assume {:sourceloc "tests/data/c/golden/malloc_free.c", 7, 3} true;
    $M.node.v$R1[n] := {:cassign "n->v", "s32", 1} 1;
    assume {:sourceloc "tests/data/c/golden/malloc_free.c", 8, 3} true;
    $M.node.next$R1[n + 4] := {:cassign "n->next", "p", 0} 0;
    assume {:sourceloc "tests/data/c/golden/malloc_free.c", 9, 7} true;
    r := {:cassign "r", "s32", $M.node.v$R1[n] + (if zeros != 0 then $M.i32[zeros + 8] else 0)} $M.node.v$R1[n] + (if zeros != 0 then $M.i32[zeros + 8] else 0);
    assume {:sourceloc "tests/data/c/golden/malloc_free.c", 12, 3} true;
    $r := r;
    return;
}
