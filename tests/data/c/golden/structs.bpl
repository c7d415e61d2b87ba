var $alloc: int;

var $M.i32: [int]int;

var $M.i8: [int]int;

var $M.ptr: [int]int;

procedure {:entrypoint} main() returns ($r: int)
  modifies $M.i32, $M.i8, $M.ptr, $alloc;
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
    $p1 := {:alloc "local"} $alloc;
    havoc $alloc;
    assume $alloc > $p1 + 16;
    assume $alloc < 2147483648;
    assume {:sourceloc "tests/data/c/golden/structs.c", 5, 19} true;
    $p2 := {:alloc "local"} $alloc;
    havoc $alloc;
    assume $alloc > $p2 + 16;
    assume $alloc < 2147483648;
    assume {:sourceloc "tests/data/c/golden/structs.c", 6, 3} true;
    $M.i8[$p1] := 97;
    assume {:sourceloc "tests/data/c/golden/structs.c", 7, 3} true;
    $M.i32[$p1 + 4] := 3;
    assume {:sourceloc "tests/data/c/golden/structs.c", 8, 3} true;
    $M.ptr[$p1 + 8] := $p2;
    assume {:sourceloc "tests/data/c/golden/structs.c", 9, 3} true;
    $t3 := $M.ptr[$p1 + 8] + 12;
    $M.i32[$t3] := 9;
    assume {:sourceloc "tests/data/c/golden/structs.c", 10, 3} true;
    $M.i8[$p2] := $M.i8[$p1];
    $M.i32[$p2 + 4] := $M.i32[$p1 + 4];
    $M.ptr[$p2 + 8] := $M.ptr[$p1 + 8];
    $M.i32[$p2 + 12] := $M.i32[$p1 + 12];
    assume {:sourceloc "tests/data/c/golden/structs.c", 11, 3} true;
    $t4 := $M.ptr[$p1 + 8] + 12;
    $r := ((($M.i32[$p2 + 4] + $M.i32[$t4]) mod 4294967296 + 16) mod 4294967296 + 2147483648) mod 4294967296 - 2147483648;
    return;
}
