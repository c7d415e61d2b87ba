// SMACK's wrapper shapes: ldv_memset(p, c, n) passes its length on; calloc(n, s) computes
// n * s in a local; ldv_zalloc(n) calls calloc(1, n).  Literal lengths at the call sites
// become copies with the literal (the copy's memop call has it); a length local assigned
// on one branch only (`undominated`) and a length read from memory (`loaded`) stay.
type ref = int;
type i64 = int;
var M: [ref]int;
function {:inline} $mul.i64(i1: i64, i2: i64) : i64 { i1 * i2 }
function {:inline} $add.ref(p1: ref, p2: ref) : ref { p1 + p2 }
procedure $memset.i8(M: [ref]int, dst: ref, val: int, len: ref) returns (M.ret: [ref]int);
implementation $memset.i8(M: [ref]int, dst: ref, val: int, len: ref) returns (M.ret: [ref]int)
{
  anon0:
    assume (forall x: ref :: dst <= x && x < $add.ref(dst, len) ==> M.ret[x] == val);
    assume (forall x: ref :: x < dst ==> M.ret[x] == M[x]);
    assume (forall x: ref :: $add.ref(dst, len) <= x ==> M.ret[x] == M[x]);
    return;
}
procedure ldv_memset(p: ref, c: int, n: i64);
  modifies M;
implementation ldv_memset(p: ref, c: int, n: i64)
{
  anon0: call M := $memset.i8(M, p, c, n); return;
}
procedure calloc(n: i64, s: i64) returns (r: ref);
  modifies M;
implementation calloc(n: i64, s: i64) returns (r: ref)
{
  var len: i64;
  anon0: havoc r; len := $mul.i64(n, s); goto z;
  z: call M := $memset.i8(M, r, 0, len); return;
}
procedure ldv_zalloc(n: i64) returns (r: ref);
  modifies M;
implementation ldv_zalloc(n: i64) returns (r: ref)
{
  anon0: call r := calloc(1, n); return;
}
procedure main(q: ref, b: bool);
  modifies M;
implementation main(q: ref, b: bool)
{
  var r: ref; var undominated: i64; var loaded: i64;
  anon0:
    call ldv_memset(q, 0, 4);
    call ldv_memset(q, 1, 4);
    call r := ldv_zalloc(8);
    loaded := M[q];
    call ldv_memset(q, 0, loaded);
    goto t, e;
  t: assume b; undominated := 2; goto j;
  e: assume !b; goto j;
  j: call ldv_memset(q, 0, undominated); return;
}
