// Contracts that are not exactly SMACK's range facts keep their calls: a strict lower
// bound (index dst itself is not written), an outside value from another map than the
// frame pair, bit-vector pointers (dst + len may wrap), the old body-less form with a
// global and `!(range)` frame IS recognised (last procedure).
type ref = int;
type bref = bv64;
function {:bvbuiltin "bvadd"} $add.bv64(p1: bv64, p2: bv64) : bv64;
function {:bvbuiltin "bvsle"} $sle.bv64(p1: bv64, p2: bv64) : bool;
function {:bvbuiltin "bvslt"} $slt.bv64(p1: bv64, p2: bv64) : bool;

procedure $memset.strict(M: [ref]int, dst: ref, val: int, len: ref) returns (M.ret: [ref]int)
{
  anon0:
    assume (forall x: ref :: dst < x && x < dst + len ==> M.ret[x] == val);
    assume (forall x: ref :: x < dst ==> M.ret[x] == M[x]);
    assume (forall x: ref :: dst + len <= x ==> M.ret[x] == M[x]);
    return;
}

procedure $memset.twomaps(M: [ref]int, N: [ref]int, dst: ref, val: int, len: ref) returns (M.ret: [ref]int)
{
  anon0:
    assume (forall x: ref :: dst <= x && x < dst + len ==> M.ret[x] == val);
    assume (forall x: ref :: x < dst ==> M.ret[x] == M[x]);
    assume (forall x: ref :: dst + len <= x ==> M.ret[x] == N[x]);
    return;
}

procedure $memset.bv(M: [bref]int, dst: bref, val: int, len: bref) returns (M.ret: [bref]int)
{
  anon0:
    assume (forall x: bref :: $sle.bv64(dst, x) && $slt.bv64(x, $add.bv64(dst, len)) ==> M.ret[x] == val);
    assume (forall x: bref :: $slt.bv64(x, dst) ==> M.ret[x] == M[x]);
    assume (forall x: bref :: $sle.bv64($add.bv64(dst, len), x) ==> M.ret[x] == M[x]);
    return;
}

var $Mem: [int]int;
procedure $memcpy(dest: int, src: int, len: int);
modifies $Mem;
ensures (forall x: int :: dest <= x && x < dest + len ==> $Mem[x] == old($Mem)[src - dest + x]);
ensures (forall x: int :: !(dest <= x && x < dest + len) ==> $Mem[x] == old($Mem)[x]);

procedure main()
modifies $Mem;
{
  var A: [ref]int;
  var B: [bref]int;
  anon0:
    call A := $memset.strict(A, 1, 0, 2);
    call A := $memset.twomaps(A, A, 1, 0, 2);
    call B := $memset.bv(B, 1bv64, 0, 2bv64);
    call $memcpy(200, 100, 2);
    return;
}
