var $M.0: [int]int;

var $M.1: [int]int;

var $M.2: [int]int;

var $CurrAddr: int;

procedure {:cfunction "make", "", "n", "s64"} make(v$n: int) returns ($r#0: int, $r#1: int)
  modifies $M.2, $CurrAddr;
{
  var v$s: int;
  var v$f1: int;
  var v$v#0: int;
  var v$v#1: int;

  $bb.entry:
    v$s := {:cobject "s", "copy", 16} $CurrAddr;
    $CurrAddr := {:cs_step_continues} $CurrAddr + 64;
    $M.2[v$s] := {:cstore "p", v$s, 4096} 4096;
    v$f1 := v$s + 8;
    $M.2[v$f1] := {:cstore "s64", v$f1, v$n} v$n;
    v$v#0 := $M.2[v$s];
    assume 0 <= v$v#0 && v$v#0 < 18446744073709551616;
    v$v#1 := $M.2[v$s + 8];
    assume -(9223372036854775808) <= v$v#1 && v$v#1 < 9223372036854775808;
    $r#0, $r#1 := v$v#0, v$v#1;
    return;
}

procedure {:entrypoint} {:cfunction "main", "s32"} {:cglobal "g", 4096, 4} {:cglobal "make", 4224, 1} {:cglobal "main", 4288, 1} main() returns ($r: int)
  modifies $M.0, $M.1, $M.2, $CurrAddr;
{
  var v$r#0: int;
  var v$r#1: int;
  var v$p: int;
  var v$n: int;
  var v$x: int;
  var v$r2#0: int;
  var v$r2#1: int;
  var v$t: int;
  var v$tf: int;
  var v$m: int;
  var v$c1: bool;
  var v$c2: bool;
  var v$c3: bool;
  var v$a: bool;
  var v$ok: bool;

  $bb.entry:
    $CurrAddr := 4416;
    $M.0[4096] := 42;
    call v$r#0, v$r#1 := make(7);
    v$p := v$r#0;
    v$n := v$r#1;
    v$x := $M.0[v$p];
    assume -(2147483648) <= v$x && v$x < 2147483648;
    v$r2#0, v$r2#1 := v$r#0, 9;
    v$t := {:cobject "t", "copy", 16} $CurrAddr;
    $CurrAddr := {:cs_step_continues} $CurrAddr + 64;
    $M.1[v$t] := v$r2#0;
    $M.1[v$t + 8] := v$r2#1;
    v$tf := v$t + 8;
    v$m := $M.1[v$tf];
    assume -(9223372036854775808) <= v$m && v$m < 9223372036854775808;
    v$c1 := v$x == 42;
    v$c2 := v$n == 7;
    v$c3 := v$m == 9;
    v$a := v$c1 && v$c2;
    v$ok := v$a && v$c3;
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
