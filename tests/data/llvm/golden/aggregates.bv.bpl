function {:bvbuiltin "bvadd"} $bvadd.bv64(x0: bv64, x1: bv64) : bv64;

var $M.0: [bv64]bv32;

var $M.1: [bv64]bv64;

var $M.2: [bv64]bv64;

var $CurrAddr: bv64;

procedure {:cfunction "make", "", "n", "s64"} make(v$n: bv64) returns ($r#0: bv64, $r#1: bv64)
  modifies $M.2, $CurrAddr;
{
  var v$s: bv64;
  var v$f1: bv64;
  var v$v#0: bv64;
  var v$v#1: bv64;

  $bb.entry:
    v$s := {:cobject "s", "copy", 16bv64} $CurrAddr;
    $CurrAddr := {:cs_step_continues} $bvadd.bv64($CurrAddr, 64bv64);
    $M.2[v$s] := {:cstore "p", v$s, 4096bv64} 4096bv64;
    v$f1 := $bvadd.bv64(v$s, 8bv64);
    $M.2[v$f1] := {:cstore "s64", v$f1, v$n} v$n;
    v$v#0 := $M.2[v$s];
    v$v#1 := $M.2[$bvadd.bv64(v$s, 8bv64)];
    $r#0, $r#1 := v$v#0, v$v#1;
    return;
}

procedure {:entrypoint} {:cfunction "main", "s32"} {:cglobal "g", 4096, 4} {:cglobal "make", 4224, 1} {:cglobal "main", 4288, 1} main() returns ($r: bv32)
  modifies $M.0, $M.1, $M.2, $CurrAddr;
{
  var v$r#0: bv64;
  var v$r#1: bv64;
  var v$p: bv64;
  var v$n: bv64;
  var v$x: bv32;
  var v$r2#0: bv64;
  var v$r2#1: bv64;
  var v$t: bv64;
  var v$tf: bv64;
  var v$m: bv64;
  var v$c1: bool;
  var v$c2: bool;
  var v$c3: bool;
  var v$a: bool;
  var v$ok: bool;

  $bb.entry:
    $CurrAddr := 4416bv64;
    $M.0[4096bv64] := 42bv32;
    call v$r#0, v$r#1 := make(7bv64);
    v$p := v$r#0;
    v$n := v$r#1;
    v$x := $M.0[v$p];
    v$r2#0, v$r2#1 := v$r#0, 9bv64;
    v$t := {:cobject "t", "copy", 16bv64} $CurrAddr;
    $CurrAddr := {:cs_step_continues} $bvadd.bv64($CurrAddr, 64bv64);
    $M.1[v$t] := v$r2#0;
    $M.1[$bvadd.bv64(v$t, 8bv64)] := v$r2#1;
    v$tf := $bvadd.bv64(v$t, 8bv64);
    v$m := $M.1[v$tf];
    v$c1 := v$x == 42bv32;
    v$c2 := v$n == 7bv64;
    v$c3 := v$m == 9bv64;
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
    $r := 0bv32;
    return;
}
