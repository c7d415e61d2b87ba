var $alloc: int;

var $M.i32$R0: [int]int;

var $M.i32$R1: [int]int;

var $M.i32$R2: [int]int;

procedure {:cfunction "swap", "", "a", "p", "b", "p"} swap(in$a: int, in$b: int)
  modifies $M.i32$R0, $M.i32$R1;
{
  var a: int;
  var b: int;
  var t: int;

  $entry:
    a := in$a;
    b := in$b;
    assume {:sourceloc "tests/data/c/golden/pointers.c", 2, 33} true;
    t := {:cassign "t", "s32", $M.i32$R0[a]} $M.i32$R0[a];
    assume {:sourceloc "tests/data/c/golden/pointers.c", 2, 42} true;
    $M.i32$R0[a] := {:cassign "*a", "s32", $M.i32$R1[b]} $M.i32$R1[b];
    assume {:sourceloc "tests/data/c/golden/pointers.c", 2, 51} true;
    $M.i32$R1[b] := {:cassign "*b", "s32", t} t;
    return;
}

procedure {:entrypoint} {:cfunction "main", "s32"} {:memory_regions "3"} main() returns ($r: int)
  modifies $M.i32$R0, $M.i32$R1, $M.i32$R2, $alloc;
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
    $p1 := {:alloc "local"} {:cobject "x", "local", 4} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p1 + 4;
    assume {:cs_step_continues} $alloc < 2147483648;
    $M.i32$R0[$p1] := {:cassign "x", "s32", 1} 1;
    assume {:sourceloc "tests/data/c/golden/pointers.c", 4, 14} true;
    $p2 := {:alloc "local"} {:cobject "y", "local", 4} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p2 + 4;
    assume {:cs_step_continues} $alloc < 2147483648;
    $M.i32$R1[$p2] := {:cassign "y", "s32", 2} 2;
    assume {:sourceloc "tests/data/c/golden/pointers.c", 5, 7} true;
    $p3 := {:alloc "local"} {:cobject "arr", "local", 16} $alloc;
    havoc {:cs_step_continues} $alloc;
    assume {:cs_step_continues} $alloc > $p3 + 16;
    assume {:cs_step_continues} $alloc < 2147483648;
    $M.i32$R2[$p3 + 4] := 0;
    $M.i32$R2[$p3 + 8] := 0;
    $M.i32$R2[$p3 + 12] := 0;
    $M.i32$R2[$p3] := {:cassign "arr[0]", "s32", 0} 0;
    assume {:sourceloc "tests/data/c/golden/pointers.c", 6, 7} true;
    p := {:cassign "p", "p", $p3 + 4} $p3 + 4;
    call {:sourceloc "tests/data/c/golden/pointers.c", 7, 3} swap($p1, $p2);
    assume {:sourceloc "tests/data/c/golden/pointers.c", 8, 4} true;
    $M.i32$R2[p] := {:cassign "*p", "s32", $M.i32$R0[$p1]} $M.i32$R0[$p1];
    assume {:sourceloc "tests/data/c/golden/pointers.c", 9, 3} true;
    $M.i32$R2[p + 4] := {:cassign "p[1]", "s32", $M.i32$R1[$p2]} $M.i32$R1[$p2];
    assume {:sourceloc "tests/data/c/golden/pointers.c", 10, 3} true;
    $r := (p - $p3) div 4 + $M.i32$R2[$p3 + 8] + (if p > $p3 then 1 else 0);
    return;
}
