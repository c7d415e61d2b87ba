// EXPECT: bug
// The Linux driver tasks' shape: SMACK's quantified $memset contract behind a wrapper
// (ldv_memset) whose length is a parameter, so no call has a literal length
// (boogie/passes/constant_memops.py leaves it quantified).  z3's incremental core spins on
// the refinement checks under assumptions, the one-shot query answers them at once; the
// re-check from the model's inputs (concrete maps) spins, the path alone does not.
// Bug: p+5 is not written by the memset of p..p+3.
type ref = int;
type i8 = int;
var $M.0: [ref]i8;
var $M.1: [ref]i8;
function {:inline} $slt.ref.bool(p1: ref, p2: ref) : bool { p1 < p2 }
function {:inline} $sle.ref.bool(p1: ref, p2: ref) : bool { p1 <= p2 }
function {:inline} $add.ref(p1: ref, p2: ref) : ref { p1 + p2 }
procedure $memset.i8(M: [ref]i8, dst: ref, val: i8, len: ref) returns (M.ret: [ref]i8);
implementation $memset.i8(M: [ref]i8, dst: ref, val: i8, len: ref) returns (M.ret: [ref]i8)
{
  anon0:
    assume (forall x: ref :: $sle.ref.bool(dst, x) && $slt.ref.bool(x, $add.ref(dst, len)) ==> M.ret[x] == val);
    assume (forall x: ref :: $slt.ref.bool(x, dst) ==> M.ret[x] == M[x]);
    assume (forall x: ref :: $sle.ref.bool($add.ref(dst, len), x) ==> M.ret[x] == M[x]);
    return;
}
procedure ldv_memset(p: ref, c: i8, n: ref);
  modifies $M.0;
implementation ldv_memset(p: ref, c: i8, n: ref)
{
  var t: [ref]i8;
  anon0:
    call t := $memset.i8($M.0, p, c, n);
    $M.0 := t;
    return;
}
procedure other(p: ref);
  modifies $M.1;
implementation other(p: ref) { anon0: $M.1[p] := $M.1[p] + 1; return; }
procedure main();
  modifies $M.0, $M.1;
implementation main()
{
  var p: ref; var q: ref; var r: ref; var k: int;
  anon0:
    assume p > 0; assume q > p + 16; assume r > q + 16;
    call ldv_memset(p, 0, 4);
    call other(p);
    call ldv_memset(q, 1, 8);
    call other(q);
    assert $M.0[p + 1] == 0 && $M.0[q + 2] == 1;
    assert $M.0[p+5] == 0;
    return;
}
