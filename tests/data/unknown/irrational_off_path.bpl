// The twin with a real bug that avoids the quantifier: `roots` may skip its quantified
// assumption (the then-branch), and the assertion fails for m == 3.  The solver's answer on
// the quantified branch must not hide the bug: a bug with a re-checked trace.
function {:builtin "to_real"} toreal(i: int): real;
function r(i: int): real;
var g: int;
procedure main(m: int)
modifies g;
{
  g := 0;
  call roots(5);
  assert m != 3;
}
procedure roots(n: int)
modifies g;
{
  if (*) {
    g := 1;
  } else {
    assume (forall k: int :: 0 < k && k < n ==> r(k) * r(k) == toreal(k));
    g := 2;
  }
}
