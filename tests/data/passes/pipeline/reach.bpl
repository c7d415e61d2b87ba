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
    call r := ext(r);
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

procedure ext(k: int) returns (r: int);
  requires k >= 0;
  ensures r > k;
