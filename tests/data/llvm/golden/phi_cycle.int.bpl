var $CurrAddr: int;

procedure {:entrypoint} {:cfunction "main", "s32"} {:cglobal "main", 4160, 1} main() returns ($r: int)
  modifies $CurrAddr;
{
  var v$a: int;
  var v$b: int;
  var v$i: int;
  var v$inc: int;
  var v$c: bool;
  var v$ok1: bool;
  var v$ok2: bool;
  var v$ok: bool;

  $bb.entry:
    $CurrAddr := 4288;
    v$a, v$b, v$i := 1, 2, 0;
    goto $bb.loop;

  $bb.loop:
    v$inc := v$i + 1;
    v$c := v$inc < 2;
    goto $bb.loop$1, $bb.loop$2;

  $bb.loop$1:
    assume {:cbranch "branch", "", "true"} v$c;
    v$a, v$b, v$i := v$b, v$a, v$inc;
    goto $bb.loop;

  $bb.loop$2:
    assume {:cbranch "branch", "", "false"} !v$c;
    goto $bb.done;

  $bb.done:
    v$ok1 := v$a == 2;
    v$ok2 := v$b == 1;
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
    $r := 0;
    return;
}
