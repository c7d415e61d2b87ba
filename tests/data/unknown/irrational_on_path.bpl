// The assertion fails only on a path through `roots(5)`, whose quantified assumption needs
// r(2) * r(2) == 2: a model needs irrational values, which z3's model-based quantifier
// instantiation cannot build.  z3's incremental core answers "unknown (incomplete
// quantifiers)" with a candidate model; the candidate's trace does not re-check (the same
// quantifier is on its path), so the verdict must stay UNKNOWN -- never "correct".
function {:builtin "to_real"} toreal(i: int): real;
function r(i: int): real;
procedure main(m: int)
{
  call roots(5);
  assert m != 3;
}
procedure roots(n: int)
{
  assume (forall k: int :: 0 < k && k < n ==> r(k) * r(k) == toreal(k));
}
