var $M.0: [int]int;

var $CurrAddr: int;

procedure {:entrypoint} {:cfunction "main", "s32"} {:cglobal "main", 4160, 1} main() returns ($r: int)
  modifies $M.0, $CurrAddr;
{
  var v$x: int;
  var v$b0: int;
  var v$p1: int;
  var v$b1: int;
  var v$p2: int;
  var v$h: int;
  var v$w: int;
  var v$c0: bool;
  var v$c1: bool;
  var v$c2: bool;
  var v$c3: bool;
  var v$a: bool;
  var v$b: bool;
  var v$ok: bool;

  $bb.entry:
    $CurrAddr := 4288;
    v$x := {:cobject "x", "copy", 4} $CurrAddr;
    $CurrAddr := {:cs_step_continues} $CurrAddr + 64;
    $M.0 := {:cstore "s32", v$x, 305419896} $M.0[v$x := 120][v$x + 1 := 86][v$x + 2 := 52][v$x + 3 := 18];
    assume 0 <= $M.0[v$x] && $M.0[v$x] < 256;
    v$b0 := if $M.0[v$x] >= 128 then $M.0[v$x] - 256 else $M.0[v$x];
    assume -(128) <= v$b0 && v$b0 < 128;
    v$p1 := v$x + 1;
    assume 0 <= $M.0[v$p1] && $M.0[v$p1] < 256;
    v$b1 := if $M.0[v$p1] >= 128 then $M.0[v$p1] - 256 else $M.0[v$p1];
    assume -(128) <= v$b1 && v$b1 < 128;
    v$p2 := v$x + 2;
    assume 0 <= $M.0[v$p2] && $M.0[v$p2] < 256;
    assume 0 <= $M.0[v$p2 + 1] && $M.0[v$p2 + 1] < 256;
    v$h := if $M.0[v$p2] + $M.0[v$p2 + 1] * 256 >= 32768 then $M.0[v$p2] + $M.0[v$p2 + 1] * 256 - 65536 else $M.0[v$p2] + $M.0[v$p2 + 1] * 256;
    assume -(32768) <= v$h && v$h < 32768;
    $M.0 := {:cstore "s8", v$p1, -(1)} $M.0[v$p1 := 255];
    assume 0 <= $M.0[v$x] && $M.0[v$x] < 256;
    assume 0 <= $M.0[v$x + 1] && $M.0[v$x + 1] < 256;
    assume 0 <= $M.0[v$x + 2] && $M.0[v$x + 2] < 256;
    assume 0 <= $M.0[v$x + 3] && $M.0[v$x + 3] < 256;
    v$w := if $M.0[v$x] + $M.0[v$x + 1] * 256 + $M.0[v$x + 2] * 65536 + $M.0[v$x + 3] * 16777216 >= 2147483648 then $M.0[v$x] + $M.0[v$x + 1] * 256 + $M.0[v$x + 2] * 65536 + $M.0[v$x + 3] * 16777216 - 4294967296 else $M.0[v$x] + $M.0[v$x + 1] * 256 + $M.0[v$x + 2] * 65536 + $M.0[v$x + 3] * 16777216;
    assume -(2147483648) <= v$w && v$w < 2147483648;
    v$c0 := v$b0 == 120;
    v$c1 := v$b1 == 86;
    v$c2 := v$h == 4660;
    v$c3 := v$w == 305463160;
    v$a := v$c0 && v$c1;
    v$b := v$c2 && v$c3;
    v$ok := v$a && v$b;
    goto $bb.entry$1, $bb.entry$2;

  $bb.entry$1:
    assume {:cbranch "branch", "", "true"} v$ok;
    goto $bb.fine;

  $bb.entry$2:
    assume {:cbranch "branch", "", "false"} !v$ok;
    goto $bb.err;

  $bb.err:
    assert false;
    assume false;
    return;

  $bb.fine:
    $r := 0;
    return;
}
