// MODE: reach
// ENTRY: main_SeqInstr
var assertsPassed: bool;

procedure foo(x: int) returns (r: int)
  requires x > 0;
{
  start:
    assertsPassed := assertsPassed && x > 5;
    assert x != 3;
    r := x;
    return;
}

procedure main() returns (r: int)
{
  var i: int;
  start:
    i := 0;
    goto head;
  head:
    goto body, done;
  body:
    call r := foo(i);
    i := i + 1;
    goto head;
  done:
    return;
}

procedure {:entrypoint} main_SeqInstr() returns ($r: i32);
  free requires assertsPassed;

type i32 = int;

implementation {:entrypoint} main_SeqInstr() returns ($r: i32)
{
  start:
    assertsPassed := true;
    call $r := main();
    assume {:OldAssert} !assertsPassed;
    return;
}
