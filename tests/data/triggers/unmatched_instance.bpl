// Consistent axioms, but the assertion holds only through an instance the trigger never
// produces: the axiom speaks of F(x) for every x, and its trigger G(x) meets no term.
// Read completely (the default), F(3) > 0 follows: correct.  Read through the triggers
// (--triggers-only), z3's E-matching saturates without instantiating the axiom, and its
// candidate model (F(3) <= 0) is the counterexample Boogie and Corral would report too:
// a bug under that reading only, and the verdict says so.
// RUN: --bound 1 => correct
// RUN: --bound 1 --triggers-only => bug
function F(x: int) : int;
function G(x: int) : int;
axiom (forall x: int :: {G(x)} F(x) > 0);

procedure main()
{
  assert F(3) > 0;
}
