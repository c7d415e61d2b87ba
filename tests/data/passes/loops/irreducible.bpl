// Two entries into one cycle (from Corral's fwdbck/16).
var x: int;

procedure main()
  modifies x;
{
  start:
    goto L1, L2;
  L1:
    assume x == 0;
    goto L3, L4;
  L2:
    assume x != 0;
    goto L3, L4;
  L3:
    return;
  L4:
    x := 1;
    goto L1, L2;
}
