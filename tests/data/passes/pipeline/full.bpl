// A small program exercising every stage: an inlined helper, a loop, a missing modifies,
// an assertion inside the loop, and an unreachable procedure.
var count: int;

procedure {:inline 1} bump()
{
  start:
    count := count + 1;
    return;
}

procedure unreachable()
{
  start:
    assert false;
    return;
}

procedure {:entrypoint} main(n: int)
  requires n >= 0;
{
  var i: int;
  count := 0;
  i := 0;
  while (i < n) {
    call bump();
    assert count <= 10;
    i := i + 1;
  }
  assume true;
}
