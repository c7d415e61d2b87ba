// EXPECT: correct
// FLAGS: --strategy si --bound 3
// tests/data/properties/free_in_callee_ok.c through the C front end (--memory-safety
// --encoding bv --data-model ILP32).  With every check under assumptions sent to the
// one-shot query, z3 5.4.1's preprocessing left, in most runs, a SAT model in which the
// edge condition out of main's $cjoin9_ok_4 does not evaluate (an equality of arrays built
// from lambdas): "internal error: no true successor of main:$cjoin9_ok_4" before
// verifier/trace.py's _next_block took the true block whose edge is not false.
function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvlshr"} $bvlshr.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvmul"} $bvmul.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvshl"} $bvshl.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvugt"} $bvugt.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvule"} $bvule.bv32(x0: bv32, x1: bv32) : bool;

function {:bvbuiltin "bvult"} $bvult.bv32(x0: bv32, x1: bv32) : bool;

var $alloc: bv32;

var $Chunk: [bv32]bv32;

var $Size: [bv32]bv32;

var $State: [bv32]int;

var $HeapLive: int;

var $M.b32: [bv32]bv32;

var $M.node.next: [bv32]bv32;

var $M.node.v: [bv32]bv32;

procedure {:cfunction "release", "", "n", "p"} release(in$n: bv32)
  modifies $HeapLive, $State;
{
  var n: bv32;
  var next: bv32;

  $entry:
    n := in$n;
    goto $loop1;

  $loop1:
    goto $true5, $false6;

  $true5:
    assume {:sourceloc "tests/data/properties/free_in_callee_ok.c", 7, 3} {:cbranch "while", "n", "true"} n != 0bv32;
    goto $body2;

  $false6:
    assume {:cbranch "while", "n", "false"} !(n != 0bv32);
    goto $endloop3;

  $body2:
    assert {:sourceloc "tests/data/properties/free_in_callee_ok.c", 8, 17} {:property "pointer_dereference", "dereference failure: pointer outside a live object (NULL, out of bounds, or freed)", "release.pointer_dereference.1"} ($State[$Chunk[$bvlshr.bv32($bvadd.bv32(n, 4bv32), 6bv32)]] == 1 || $State[$Chunk[$bvlshr.bv32($bvadd.bv32(n, 4bv32), 6bv32)]] == 2) && $bvule.bv32($bvadd.bv32($bvadd.bv32(n, 4bv32), 4bv32), $bvadd.bv32($Chunk[$bvlshr.bv32($bvadd.bv32(n, 4bv32), 6bv32)], $Size[$Chunk[$bvlshr.bv32($bvadd.bv32(n, 4bv32), 6bv32)]]));
    next := {:cassign "next", "p", $M.node.next[$bvadd.bv32(n, 4bv32)]} $M.node.next[$bvadd.bv32(n, 4bv32)];
    assert {:sourceloc "tests/data/properties/free_in_callee_ok.c", 9, 5} {:property "precondition_instance", "free argument must be a dynamic object (the start of a heap block)", "release.precondition_instance.1"} n == 0bv32 || ($State[n] == 1 || $State[n] == 3);
    assert {:property "precondition_instance", "double free", "release.precondition_instance.2"} n == 0bv32 || $State[n] != 3;
    $HeapLive := if $State[n] == 1 then $HeapLive - 1 else $HeapLive;
    $State[n] := if $State[n] == 1 then 3 else $State[n];
    assume {:sourceloc "tests/data/properties/free_in_callee_ok.c", 10, 5} true;
    n := {:cassign "n", "p", next} next;
    goto $cont4;

  $cont4:
    goto $loop1;

  $endloop3:
    return;
}

procedure {:entrypoint} {:cfunction "main", "s32"} main() returns ($r: bv32)
  modifies $Chunk, $HeapLive, $M.node.next, $M.node.v, $Size, $State, $alloc;
{
  var a: bv32;
  var $p1: bv32;
  var b: bv32;
  var $p2: bv32;
  var z: bv32;
  var $p3: bv32;
  var $fail4: bool;
  var $p5: bv32;
  var s: bv32;
  var $t6: bv32;
  var $c10: bv32;

  $entry:
    $Chunk := (lambda $k: bv32 :: 0bv32);
    $State := (lambda $k: bv32 :: 0);
    $HeapLive := 0;
    $alloc := $bvshl.bv32($bvadd.bv32($bvlshr.bv32(4112bv32, 6bv32), 1bv32), 6bv32);
    assume $bvugt.bv32($alloc, 4112bv32);
    assume $bvult.bv32($alloc, 1073741824bv32);
    goto $body;

  $body:
    assume {:sourceloc "tests/data/properties/free_in_callee_ok.c", 14, 15} true;
    $p1 := {:alloc "malloc"} {:cobject "", "malloc", 8bv32} $alloc;
    $alloc := $bvshl.bv32($bvadd.bv32($bvlshr.bv32($bvadd.bv32($p1, 8bv32), 6bv32), 1bv32), 6bv32);
    assume $bvule.bv32($p1, $bvadd.bv32($p1, 8bv32));
    assume $bvult.bv32($alloc, 2147483648bv32);
    $Chunk := $Chunk[$bvlshr.bv32($p1, 6bv32) := $p1];
    $Size[$p1] := 8bv32;
    $State[$p1] := 1;
    $HeapLive := $HeapLive + 1;
    a := {:cassign "a", "p", $p1} $p1;
    assume {:sourceloc "tests/data/properties/free_in_callee_ok.c", 15, 15} true;
    $p2 := {:alloc "malloc"} {:cobject "", "malloc", 8bv32} $alloc;
    $alloc := $bvshl.bv32($bvadd.bv32($bvlshr.bv32($bvadd.bv32($p2, 8bv32), 6bv32), 1bv32), 6bv32);
    assume $bvule.bv32($p2, $bvadd.bv32($p2, 8bv32));
    assume $bvult.bv32($alloc, 2147483648bv32);
    $Chunk := $Chunk[$bvlshr.bv32($p2, 6bv32) := $p2];
    $Size[$p2] := 8bv32;
    $State[$p2] := 1;
    $HeapLive := $HeapLive + 1;
    b := {:cassign "b", "p", $p2} $p2;
    assume {:sourceloc "tests/data/properties/free_in_callee_ok.c", 16, 7} true;
    $p3 := {:alloc "calloc"} {:cobject "", "calloc", $bvmul.bv32(4bv32, 4bv32)} $alloc;
    $alloc := $bvshl.bv32($bvadd.bv32($bvlshr.bv32($bvadd.bv32($p3, $bvmul.bv32(4bv32, 4bv32)), 6bv32), 1bv32), 6bv32);
    assume $bvule.bv32($p3, $bvadd.bv32($p3, $bvmul.bv32(4bv32, 4bv32)));
    assume $bvult.bv32($alloc, 2147483648bv32);
    $Chunk := $Chunk[$bvlshr.bv32($p3, 6bv32) := $p3];
    $Size[$p3] := $bvmul.bv32(4bv32, 4bv32);
    $State[$p3] := 1;
    $HeapLive := $HeapLive + 1;
    assume {:heap_fact "$M.b32"} (forall $a: bv32 :: { $M.b32[$a] } $bvule.bv32($p3, $a) && $bvult.bv32($a, $bvadd.bv32($p3, $bvmul.bv32(4bv32, 4bv32))) ==> $M.b32[$a] == 0bv32);
    assume {:heap_fact "$M.node.next"} (forall $a: bv32 :: { $M.node.next[$a] } $bvule.bv32($p3, $a) && $bvult.bv32($a, $bvadd.bv32($p3, $bvmul.bv32(4bv32, 4bv32))) ==> $M.node.next[$a] == 0bv32);
    assume {:heap_fact "$M.node.v"} (forall $a: bv32 :: { $M.node.v[$a] } $bvule.bv32($p3, $a) && $bvult.bv32($a, $bvadd.bv32($p3, $bvmul.bv32(4bv32, 4bv32))) ==> $M.node.v[$a] == 0bv32);
    havoc {:nondet "calloc fails"} $fail4;
    $p5 := if $fail4 then 0bv32 else $p3;
    $HeapLive := if $fail4 then $HeapLive - 1 else $HeapLive;
    $State[$p3] := if $fail4 then 0 else $State[$p3];
    z := {:cassign "z", "p", $p5} $p5;
    assert {:sourceloc "tests/data/properties/free_in_callee_ok.c", 17, 3} {:property "pointer_dereference", "dereference failure: pointer outside a live object (NULL, out of bounds, or freed)", "main.pointer_dereference.1"} ($State[$Chunk[$bvlshr.bv32(a, 6bv32)]] == 1 || $State[$Chunk[$bvlshr.bv32(a, 6bv32)]] == 2) && $bvule.bv32($bvadd.bv32(a, 4bv32), $bvadd.bv32($Chunk[$bvlshr.bv32(a, 6bv32)], $Size[$Chunk[$bvlshr.bv32(a, 6bv32)]]));
    $M.node.v[a] := {:cassign "a->v", "s32", 1bv32} 1bv32;
    assert {:property "pointer_dereference", "dereference failure: pointer outside a live object (NULL, out of bounds, or freed)", "main.pointer_dereference.2"} ($State[$Chunk[$bvlshr.bv32(a, 6bv32)]] == 1 || $State[$Chunk[$bvlshr.bv32(a, 6bv32)]] == 2) && $bvule.bv32($bvadd.bv32(a, 4bv32), $bvadd.bv32($Chunk[$bvlshr.bv32(a, 6bv32)], $Size[$Chunk[$bvlshr.bv32(a, 6bv32)]]));
    assert {:sourceloc "tests/data/properties/free_in_callee_ok.c", 17, 13} {:property "pointer_dereference", "dereference failure: pointer outside a live object (NULL, out of bounds, or freed)", "main.pointer_dereference.3"} ($State[$Chunk[$bvlshr.bv32($bvadd.bv32(a, 4bv32), 6bv32)]] == 1 || $State[$Chunk[$bvlshr.bv32($bvadd.bv32(a, 4bv32), 6bv32)]] == 2) && $bvule.bv32($bvadd.bv32($bvadd.bv32(a, 4bv32), 4bv32), $bvadd.bv32($Chunk[$bvlshr.bv32($bvadd.bv32(a, 4bv32), 6bv32)], $Size[$Chunk[$bvlshr.bv32($bvadd.bv32(a, 4bv32), 6bv32)]]));
    $M.node.next[$bvadd.bv32(a, 4bv32)] := {:cassign "a->next", "p", b} b;
    assert {:property "pointer_dereference", "dereference failure: pointer outside a live object (NULL, out of bounds, or freed)", "main.pointer_dereference.4"} ($State[$Chunk[$bvlshr.bv32($bvadd.bv32(a, 4bv32), 6bv32)]] == 1 || $State[$Chunk[$bvlshr.bv32($bvadd.bv32(a, 4bv32), 6bv32)]] == 2) && $bvule.bv32($bvadd.bv32($bvadd.bv32(a, 4bv32), 4bv32), $bvadd.bv32($Chunk[$bvlshr.bv32($bvadd.bv32(a, 4bv32), 6bv32)], $Size[$Chunk[$bvlshr.bv32($bvadd.bv32(a, 4bv32), 6bv32)]]));
    assert {:sourceloc "tests/data/properties/free_in_callee_ok.c", 18, 3} {:property "pointer_dereference", "dereference failure: pointer outside a live object (NULL, out of bounds, or freed)", "main.pointer_dereference.5"} ($State[$Chunk[$bvlshr.bv32(b, 6bv32)]] == 1 || $State[$Chunk[$bvlshr.bv32(b, 6bv32)]] == 2) && $bvule.bv32($bvadd.bv32(b, 4bv32), $bvadd.bv32($Chunk[$bvlshr.bv32(b, 6bv32)], $Size[$Chunk[$bvlshr.bv32(b, 6bv32)]]));
    $M.node.v[b] := {:cassign "b->v", "s32", 2bv32} 2bv32;
    assert {:property "pointer_dereference", "dereference failure: pointer outside a live object (NULL, out of bounds, or freed)", "main.pointer_dereference.6"} ($State[$Chunk[$bvlshr.bv32(b, 6bv32)]] == 1 || $State[$Chunk[$bvlshr.bv32(b, 6bv32)]] == 2) && $bvule.bv32($bvadd.bv32(b, 4bv32), $bvadd.bv32($Chunk[$bvlshr.bv32(b, 6bv32)], $Size[$Chunk[$bvlshr.bv32(b, 6bv32)]]));
    assert {:sourceloc "tests/data/properties/free_in_callee_ok.c", 18, 13} {:property "pointer_dereference", "dereference failure: pointer outside a live object (NULL, out of bounds, or freed)", "main.pointer_dereference.7"} ($State[$Chunk[$bvlshr.bv32($bvadd.bv32(b, 4bv32), 6bv32)]] == 1 || $State[$Chunk[$bvlshr.bv32($bvadd.bv32(b, 4bv32), 6bv32)]] == 2) && $bvule.bv32($bvadd.bv32($bvadd.bv32(b, 4bv32), 4bv32), $bvadd.bv32($Chunk[$bvlshr.bv32($bvadd.bv32(b, 4bv32), 6bv32)], $Size[$Chunk[$bvlshr.bv32($bvadd.bv32(b, 4bv32), 6bv32)]]));
    $M.node.next[$bvadd.bv32(b, 4bv32)] := {:cassign "b->next", "p", 0bv32} 0bv32;
    assert {:property "pointer_dereference", "dereference failure: pointer outside a live object (NULL, out of bounds, or freed)", "main.pointer_dereference.8"} ($State[$Chunk[$bvlshr.bv32($bvadd.bv32(b, 4bv32), 6bv32)]] == 1 || $State[$Chunk[$bvlshr.bv32($bvadd.bv32(b, 4bv32), 6bv32)]] == 2) && $bvule.bv32($bvadd.bv32($bvadd.bv32(b, 4bv32), 4bv32), $bvadd.bv32($Chunk[$bvlshr.bv32($bvadd.bv32(b, 4bv32), 6bv32)], $Size[$Chunk[$bvlshr.bv32($bvadd.bv32(b, 4bv32), 6bv32)]]));
    assert {:sourceloc "tests/data/properties/free_in_callee_ok.c", 19, 7} {:property "pointer_dereference", "dereference failure: pointer outside a live object (NULL, out of bounds, or freed)", "main.pointer_dereference.9"} ($State[$Chunk[$bvlshr.bv32(a, 6bv32)]] == 1 || $State[$Chunk[$bvlshr.bv32(a, 6bv32)]] == 2) && $bvule.bv32($bvadd.bv32(a, 4bv32), $bvadd.bv32($Chunk[$bvlshr.bv32(a, 6bv32)], $Size[$Chunk[$bvlshr.bv32(a, 6bv32)]]));
    assert {:property "pointer_dereference", "dereference failure: pointer outside a live object (NULL, out of bounds, or freed)", "main.pointer_dereference.10"} ($State[$Chunk[$bvlshr.bv32($bvadd.bv32(a, 4bv32), 6bv32)]] == 1 || $State[$Chunk[$bvlshr.bv32($bvadd.bv32(a, 4bv32), 6bv32)]] == 2) && $bvule.bv32($bvadd.bv32($bvadd.bv32(a, 4bv32), 4bv32), $bvadd.bv32($Chunk[$bvlshr.bv32($bvadd.bv32(a, 4bv32), 6bv32)], $Size[$Chunk[$bvlshr.bv32($bvadd.bv32(a, 4bv32), 6bv32)]]));
    $t6 := $M.node.next[$bvadd.bv32(a, 4bv32)];
    assert {:property "pointer_dereference", "dereference failure: pointer outside a live object (NULL, out of bounds, or freed)", "main.pointer_dereference.11"} ($State[$Chunk[$bvlshr.bv32($t6, 6bv32)]] == 1 || $State[$Chunk[$bvlshr.bv32($t6, 6bv32)]] == 2) && $bvule.bv32($bvadd.bv32($t6, 4bv32), $bvadd.bv32($Chunk[$bvlshr.bv32($t6, 6bv32)], $Size[$Chunk[$bvlshr.bv32($t6, 6bv32)]]));
    goto $ctrue7, $cfalse8;

  $ctrue7:
    assume z != 0bv32;
    assert {:property "pointer_dereference", "dereference failure: pointer outside a live object (NULL, out of bounds, or freed)", "main.pointer_dereference.12"} ($State[$Chunk[$bvlshr.bv32($bvadd.bv32(z, 12bv32), 6bv32)]] == 1 || $State[$Chunk[$bvlshr.bv32($bvadd.bv32(z, 12bv32), 6bv32)]] == 2) && $bvule.bv32($bvadd.bv32($bvadd.bv32(z, 12bv32), 4bv32), $bvadd.bv32($Chunk[$bvlshr.bv32($bvadd.bv32(z, 12bv32), 6bv32)], $Size[$Chunk[$bvlshr.bv32($bvadd.bv32(z, 12bv32), 6bv32)]]));
    $c10 := $M.b32[$bvadd.bv32(z, 12bv32)];
    goto $cjoin9;

  $cfalse8:
    assume !(z != 0bv32);
    $c10 := 0bv32;
    goto $cjoin9;

  $cjoin9:
    s := {:cassign "s", "s32", $bvadd.bv32($bvadd.bv32($M.node.v[a], $M.node.v[$t6]), $c10)} $bvadd.bv32($bvadd.bv32($M.node.v[a], $M.node.v[$t6]), $c10);
    assert {:sourceloc "tests/data/properties/free_in_callee_ok.c", 20, 3} {:property "precondition_instance", "free argument must be a dynamic object (the start of a heap block)", "main.precondition_instance.1"} z == 0bv32 || ($State[z] == 1 || $State[z] == 3);
    assert {:property "precondition_instance", "double free", "main.precondition_instance.2"} z == 0bv32 || $State[z] != 3;
    $HeapLive := if $State[z] == 1 then $HeapLive - 1 else $HeapLive;
    $State[z] := if $State[z] == 1 then 3 else $State[z];
    assert {:sourceloc "tests/data/properties/free_in_callee_ok.c", 21, 3} {:property "precondition_instance", "free argument must be a dynamic object (the start of a heap block)", "main.precondition_instance.3"} 0bv32 == 0bv32 || ($State[0bv32] == 1 || $State[0bv32] == 3);
    assert {:property "precondition_instance", "double free", "main.precondition_instance.4"} 0bv32 == 0bv32 || $State[0bv32] != 3;
    $HeapLive := if $State[0bv32] == 1 then $HeapLive - 1 else $HeapLive;
    $State[0bv32] := if $State[0bv32] == 1 then 3 else $State[0bv32];
    call {:sourceloc "tests/data/properties/free_in_callee_ok.c", 22, 3} release(a);
    assume {:sourceloc "tests/data/properties/free_in_callee_ok.c", 23, 3} true;
    $r := s;
    assert {:property "memory-leak", "dynamically allocated memory never freed", "main.memory-leak.1"} $HeapLive == 0;
    return;
}
