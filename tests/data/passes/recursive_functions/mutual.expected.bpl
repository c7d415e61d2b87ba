function fact(n: int) : int;

function ev(n: int) : bool;

function od(n: int) : bool;

function sq(n: int) : int
{
  n * n
}

function uses(n: int) : int
{
  sq(fact(n))
}

procedure main()
{
  anon0:
    assert fact(3) == 6 && ev(4) && uses(2) == 4;
    return;
}

axiom (forall n: int :: { ev(n) } ev(n) == (if n == 0 then true else od(n - 1)));

axiom (forall n: int :: { fact(n) } fact(n) == (if n <= 0 then 1 else n * fact(n - 1)));

axiom (forall n: int :: { od(n) } od(n) == (if n == 0 then false else ev(n - 1)));
