// Consistent axioms whose triggers do meet the program's terms: the assertion needs the
// instance for F(n), which E-matching makes from the term F(n) itself.  Correct under both
// readings.  (The Horn prover drops quantified axioms, a sound weakening, so alone it
// proves nothing here, under either reading.)
// RUN: --bound 1 => correct
// RUN: --bound 1 --triggers-only => correct
// RUN: --bound 1 --triggers-only --strategy si => correct
// RUN: --bound 1 --triggers-only --strategy chc => unknown
// RUN: --bound 1 --strategy chc => unknown
function F(x: int) : int;
axiom (forall x: int :: {F(x)} F(x) >= 0);
var total: int;

procedure main()
  modifies total;
{
  var n: int;
  assume n >= 0;
  total := F(n) + n;
  assert total >= n;
}
