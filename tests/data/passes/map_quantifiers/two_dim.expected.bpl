var H: [int, int]int;

var Valid: [int]bool;

procedure callee();

procedure p(base: int, size: int)
  modifies H, Valid;
{
  var G: [int, int]int;
  var Z: [int]int;

  anon0:
    assume H == (lambda o: int, f: int :: if 0 <= f && f < size then 0 else H[o, f]);
    assume Z == (lambda x: int :: 7);
    assume Valid == old(Valid)[base := Valid[base]];
    call callee();
    assume G == (lambda o: int, f: int :: if size <= f || f < 0 then H[o, f] else G[o, f]);
    return;
}
