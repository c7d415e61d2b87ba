// EXPECT: correct
var x: int;

procedure main()
  modifies x;
{
  var k: int;
  start:
    k := 0;
    goto L1, L2;
  L1:
    assume x == 0;
    goto L3, L4;
  L2:
    assume x != 0;
    goto L3, L4;
  L3:
    assert k < 4;
    return;
  L4:
    assume k < 3;
    k := k + 1;
    x := 1 - x;
    goto L1, L2;
}
