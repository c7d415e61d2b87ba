function {:bvbuiltin "bvadd"} $bvadd.bv32(x0: bv32, x1: bv32) : bv32;

function {:bvbuiltin "bvslt"} $bvslt.bv32(x0: bv32, x1: bv32) : bool;

var $CurrAddr: bv32;

procedure {:entrypoint} {:cfunction "main", "s32"} {:cglobal "main", 4160, 1} main() returns ($r: bv32)
  modifies $CurrAddr;
{
  var v$a: bv32;
  var v$b: bv32;
  var v$i: bv32;
  var v$inc: bv32;
  var v$c: bool;
  var v$ok1: bool;
  var v$ok2: bool;
  var v$ok: bool;

  $bb.entry:
    $CurrAddr := 4288bv32;
    v$a, v$b, v$i := 1bv32, 2bv32, 0bv32;
    goto $bb.loop;

  $bb.loop:
    v$inc := $bvadd.bv32(v$i, 1bv32);
    v$c := $bvslt.bv32(v$inc, 2bv32);
    goto $bb.loop$1, $bb.loop$2;

  $bb.loop$1:
    assume {:cbranch "branch", "", "true"} v$c;
    v$a, v$b, v$i := v$b, v$a, v$inc;
    goto $bb.loop;

  $bb.loop$2:
    assume {:cbranch "branch", "", "false"} !v$c;
    goto $bb.done;

  $bb.done:
    v$ok1 := v$a == 2bv32;
    v$ok2 := v$b == 1bv32;
    v$ok := v$ok1 && v$ok2;
    goto $bb.done$1, $bb.done$2;

  $bb.done$1:
    assume {:cbranch "branch", "", "true"} v$ok;
    goto $bb.fine;

  $bb.done$2:
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
