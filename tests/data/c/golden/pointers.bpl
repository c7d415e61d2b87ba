var $alloc: int;

var $M.i32: [int]int;

procedure swap(in$a: int, in$b: int)
  modifies $M.i32;
{
  var a: int;
  var b: int;
  var t: int;

  $entry:
    a := in$a;
    b := in$b;
    assume {:sourceloc "tests/data/c/golden/pointers.c", 2, 33} true;
    t := $M.i32[a];
    assume {:sourceloc "tests/data/c/golden/pointers.c", 2, 42} true;
    $M.i32[a] := $M.i32[b];
    assume {:sourceloc "tests/data/c/golden/pointers.c", 2, 51} true;
    $M.i32[b] := t;
    return;
}

procedure {:entrypoint} main() returns ($r: int)
  modifies $M.i32, $alloc;
{
  var $p1: int;
  var $p2: int;
  var $p3: int;
  var p: int;

  $entry:
    assume $alloc > 4112;
    assume $alloc < 1073741824;
    goto $body;

  $body:
    assume {:sourceloc "tests/data/c/golden/pointers.c", 4, 7} true;
    $p1 := {:alloc "local"} $alloc;
    havoc $alloc;
    assume $alloc > $p1 + 4;
    assume $alloc < 2147483648;
    $M.i32[$p1] := 1;
    assume {:sourceloc "tests/data/c/golden/pointers.c", 4, 14} true;
    $p2 := {:alloc "local"} $alloc;
    havoc $alloc;
    assume $alloc > $p2 + 4;
    assume $alloc < 2147483648;
    $M.i32[$p2] := 2;
    assume {:sourceloc "tests/data/c/golden/pointers.c", 5, 7} true;
    $p3 := {:alloc "local"} $alloc;
    havoc $alloc;
    assume $alloc > $p3 + 16;
    assume $alloc < 2147483648;
    $M.i32[$p3 + 4] := 0;
    $M.i32[$p3 + 8] := 0;
    $M.i32[$p3 + 12] := 0;
    $M.i32[$p3] := 0;
    assume {:sourceloc "tests/data/c/golden/pointers.c", 6, 7} true;
    p := $p3 + 4;
    call {:sourceloc "tests/data/c/golden/pointers.c", 7, 3} swap($p1, $p2);
    assume {:sourceloc "tests/data/c/golden/pointers.c", 8, 4} true;
    $M.i32[p] := $M.i32[$p1];
    assume {:sourceloc "tests/data/c/golden/pointers.c", 9, 3} true;
    $M.i32[p + 4] := $M.i32[$p2];
    assume {:sourceloc "tests/data/c/golden/pointers.c", 10, 3} true;
    $r := (p - $p3) div 4 + $M.i32[$p3 + 8] + (if p > $p3 then 1 else 0);
    return;
}
