// A loop whose every iteration needs an instance of the triggered axiom: no bug within
// the bound under both readings (never "correct": the loop is cut off).
// RUN: --bound 2 --strategy si => bounded
// RUN: --bound 2 --strategy si --triggers-only => bounded
function Next(x: int) : int;
axiom (forall x: int :: {Next(x)} Next(x) > x);

procedure main()
{
  var i: int;
  i := 0;
  while (*)
  {
    i := Next(i);
    assert i > 0;
  }
}
