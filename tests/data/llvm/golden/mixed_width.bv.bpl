function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

var $M.0: [bv32]bv8;

var $CurrAddr: bv32;

procedure {:entrypoint} {:cfunction "main", "s32"} {:cglobal "main", 4160, 1} main() returns ($r: bv32)
  modifies $M.0, $CurrAddr;
{
  var v$x: bv32;
  var v$b0: bv8;
  var v$p1: bv32;
  var v$b1: bv8;
  var v$p2: bv32;
  var v$h: bv16;
  var v$w: bv32;
  var v$c0: bool;
  var v$c1: bool;
  var v$c2: bool;
  var v$c3: bool;
  var v$a: bool;
  var v$b: bool;
  var v$ok: bool;

  $bb.entry:
    $CurrAddr := 4288bv32;
    v$x := {:cobject "x", "copy", 4bv32} $CurrAddr;
    $CurrAddr := {:cs_step_continues} $bvadd.bv32($CurrAddr, 64bv32);
    $M.0 := {:cstore "s32", v$x, 305419896bv32} $M.0[v$x := 305419896bv32[8:0]][$bvadd.bv32(v$x, 1bv32) := 305419896bv32[16:8]][$bvadd.bv32(v$x, 2bv32) := 305419896bv32[24:16]][$bvadd.bv32(v$x, 3bv32) := 305419896bv32[32:24]];
    v$b0 := $M.0[v$x];
    v$p1 := $bvadd.bv32(v$x, 1bv32);
    v$b1 := $M.0[v$p1];
    v$p2 := $bvadd.bv32(v$x, 2bv32);
    v$h := $M.0[$bvadd.bv32(v$p2, 1bv32)] ++ $M.0[v$p2];
    $M.0 := {:cstore "s8", v$p1, 255bv8} $M.0[v$p1 := 255bv8[8:0]];
    v$w := $M.0[$bvadd.bv32(v$x, 3bv32)] ++ ($M.0[$bvadd.bv32(v$x, 2bv32)] ++ ($M.0[$bvadd.bv32(v$x, 1bv32)] ++ $M.0[v$x]));
    v$c0 := v$b0 == 120bv8;
    v$c1 := v$b1 == 86bv8;
    v$c2 := v$h == 4660bv16;
    v$c3 := v$w == 305463160bv32;
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
    $r := 0bv32;
    return;
}
