// EXPECT: correct
// Leaving the loop from `head` (x may be 0) and from `inc` (x >= 1) must continue at the
// matching target: the caller must not go on at `exitB` after the loop left from `head`.
procedure main()
{
  var x: int;
  start:
    x := 0;
    goto head;
  head:
    assume x < 4;
    goto inc, exitA;
  inc:
    x := x + 1;
    goto head, exitB;
  exitA:
    return;
  exitB:
    assert x >= 1;
    return;
}
