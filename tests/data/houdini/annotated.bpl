// EXPECT: correct
// WITHOUT: bug
// FLAGS: --bound 2
// `ensures {:candidate}` are candidates under --houdini (the false one, x == old(x), is
// dropped, not reported); without --houdini they are ordinary ensures and the false one
// fails.
var x: int;

procedure step(n: int) modifies x;
  ensures {:candidate} old(x) mod 2 == 0 ==> x mod 2 == 0;
  ensures {:candidate} x == old(x);
{
  if (n > 0) {
    x := x + 2;
    call step(n - 1);
  }
}

procedure {:entrypoint} main() modifies x; {
  var n: int;
  x := 0;
  havoc n;
  call step(n);
  assert x != 1;
}
