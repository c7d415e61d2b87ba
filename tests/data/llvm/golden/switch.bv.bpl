var $CurrAddr: bv32;

procedure {:entrypoint} {:cfunction "main", "s32"} {:cglobal "main", 4224, 1} main() returns ($r: bv32)
  modifies $CurrAddr;
{
  var v$x: bv32;
  var v$v: bv32;
  var v$bad: bool;

  $bb.entry:
    $CurrAddr := 4352bv32;
    havoc {:nondet "int from __VERIFIER_nondet_int"} v$x;
    goto $bb.entry$1, $bb.entry$2, $bb.entry$3, $bb.entry$4;

  $bb.entry$1:
    assume {:cbranch "switch", "", "case 1"} v$x == 1bv32;
    goto $bb.one;

  $bb.entry$2:
    assume {:cbranch "switch", "", "case -3"} v$x == 4294967293bv32;
    goto $bb.minus3;

  $bb.entry$3:
    assume {:cbranch "switch", "", "case 7"} v$x == 7bv32;
    goto $bb.seven;

  $bb.entry$4:
    assume {:cbranch "switch", "", "default"} !(v$x == 1bv32) && !(v$x == 4294967293bv32) && !(v$x == 7bv32);
    goto $bb.other;

  $bb.one:
    v$v := 10bv32;
    goto $bb.join;

  $bb.minus3:
    v$v := 20bv32;
    goto $bb.join;

  $bb.seven:
    v$v := 30bv32;
    goto $bb.join;

  $bb.other:
    v$v := 0bv32;
    goto $bb.join;

  $bb.join:
    v$bad := v$v == 30bv32;
    goto $bb.join$1, $bb.join$2;

  $bb.join$1:
    assume {:cbranch "branch", "", "true"} v$bad;
    goto $bb.err;

  $bb.join$2:
    assume {:cbranch "branch", "", "false"} !v$bad;
    goto $bb.ok;

  $bb.err:
    assert false;
    assume false;
    return;

  $bb.ok:
    $r := 0bv32;
    return;
}
