var g: int;

function {:inline} pos(x: int) : bool
{
  (x <= 0 && false) || (x > 0 && true)
}

function h(int) : int;

axiom (forall x: int :: h(x) == (if x > 10 then 1 else 0));

procedure main(x: int)
  requires x > 0;
  modifies g;
{
  anon0:
    assert (exists ce$y: int :: x + 1 > 1 && (forall ce$x: int :: ce$x > x + 1 ==> ce$x > 2));
    return;
}
