// Axioms E-matching also finds inconsistent (ground ones): UNKNOWN under both readings,
// and under --triggers-only the reason says it holds even then.
// RUN: --bound 1 => unknown | axioms are inconsistent | use --triggers-only
// RUN: --bound 1 --triggers-only => unknown | axioms are inconsistent | even read through their triggers only
const K: int;
axiom K == 1;
axiom K > 1;

procedure main()
{
  assert K == 1;
}
