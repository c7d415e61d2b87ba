// The storm preamble's division axiom (Corral regressions 004, 005, 010, 011), false for
// size 0: inconsistent in first-order logic.  Its trigger M(a, b, size) meets no term with
// size 0 here, so read through its triggers (Boogie, Corral) it is consistent, and the
// assertion below fails: x is nondeterministic.
// RUN: --bound 1 => unknown | axioms are inconsistent | inconsistent_bug.bpl:11 | use --triggers-only
// RUN: --bound 1 --triggers-only => bug
// RUN: --bound 1 --triggers-only --strategy chc => unknown
// RUN: --bound 2 --triggers-only --strategy static => bug
// RUN: --bound 1 --triggers-only --track-all --houdini => bug
function M(a: int, b: int, size: int) : int;
axiom (forall a: int, b: int, size: int :: {M(a, b, size)}
         size * M(a, b, size) <= a - b && a - b < size * (M(a, b, size) + 1));
var g: int;

procedure main()
  modifies g;
{
  var x: int;
  call half(x);
  assert g != 3;
}

procedure half(x: int)
  modifies g;
{
  g := M(x, 0, 2);
}
