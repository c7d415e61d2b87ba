// A nested code expression, a quantifier whose bound name would capture a value (renamed),
// code expressions in a function body, an axiom and a contract.
var g: int;

function {:inline} pos(x: int) returns (bool) { |{ A: goto B, C; B: assume x > 0; return true; C: assume x <= 0; return false; }| }

function h(int) returns (int);

axiom (forall x: int :: h(x) == (if |{ A: return x > 10; }| then 1 else 0));

procedure main(x: int)
  requires |{ A: return x > 0; }|;
  modifies g;
{
  assert |{ var y: int; A: y := x + 1; return |{ B: return y > 1; }| && (forall x: int :: x > y ==> x > 2); }|;
}
