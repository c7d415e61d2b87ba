// SMACK-style definitions become bodies; a definition that calls its function, one whose
// arguments are not the bound variables, a second definition and a builtin stay axioms.
type ref = int;
type i32 = int;

function $p2i(p: ref) returns (i32);
axiom (forall p: ref :: $p2i(p) == p);

function $sub(int, int) returns (int);
axiom (forall y: int, x: int :: $sub(x, y) == x - y);

function $b(x: bool) returns (bool);
axiom (forall x: bool :: $b(x) <==> !x);

function loop(int) returns (int);
axiom (forall x: int :: loop(x) == loop(x + 1));

function g(int) returns (int);
axiom (forall x: int :: g(x + 1) == x);

function twice(int) returns (int);
axiom (forall x: int :: twice(x) == x + x);
axiom (forall x: int :: twice(x) == 2 * x);

function {:bvbuiltin "bvadd"} add(x: bv8, y: bv8) returns (bv8);
axiom (forall x: bv8, y: bv8 :: add(x, y) == add(y, x));

procedure main()
{
  assert $p2i(3) == 3 && $sub(5, 2) == 3 && twice(2) == 4;
}
