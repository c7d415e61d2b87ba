// Recursive bodies (direct and mutual) become definitional axioms; others keep their body.
function fact(n: int) returns (int) { if n <= 0 then 1 else n * fact(n - 1) }
function ev(n: int) returns (bool) { if n == 0 then true else od(n - 1) }
function od(n: int) returns (bool) { if n == 0 then false else ev(n - 1) }
function sq(n: int) returns (int) { n * n }
function uses(n: int) returns (int) { sq(fact(n)) }

procedure main()
{
  assert fact(3) == 6 && ev(4) && uses(2) == 4;
}
