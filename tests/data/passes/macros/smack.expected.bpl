type ref = int;

type i32 = int;

function $p2i(p: ref) : i32
{
  p
}

function $sub(x: int, y: int) : int
{
  x - y
}

function $b(x: bool) : bool
{
  !x
}

function loop(int) : int;

axiom (forall x: int :: loop(x) == loop(x + 1));

function g(int) : int;

axiom (forall x: int :: g(x + 1) == x);

function twice(x: int) : int
{
  x + x
}

axiom (forall x: int :: twice(x) == 2 * x);

function {:bvbuiltin "bvadd"} add(x: bv8, y: bv8) : bv8;

axiom (forall x: bv8, y: bv8 :: add(x, y) == add(y, x));

procedure main()
{
  anon0:
    assert $p2i(3) == 3 && $sub(5, 2) == 3 && twice(2) == 4;
    return;
}
