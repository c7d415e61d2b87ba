// SMACK's newer memcpy/memset (the Linux driver tasks): three assumes per implementation,
// order comparisons behind inline functions; the guards cover every index (x < dst, the
// range, dst + len <= x), so the three facts become one lambda without self-reference.
type ref = int;
type i8 = int;
function {:inline} $slt.int.bool(i1: int, i2: int) : bool { i1 < i2 }
function {:inline} $sle.int.bool(i1: int, i2: int) : bool { i1 <= i2 }
function {:inline} $slt.ref.bool(p1: ref, p2: ref) : bool { $slt.int.bool(p1, p2) }
function {:inline} $sle.ref.bool(p1: ref, p2: ref) : bool { $sle.int.bool(p1, p2) }
function {:inline} $add.ref(p1: ref, p2: ref) : ref { p1 + p2 }
function {:inline} $sub.ref(p1: ref, p2: ref) : ref { p1 - p2 }

procedure $memcpy.i8(M.dst: [ref]i8, M.src: [ref]i8, dst: ref, src: ref, len: ref) returns (M.ret: [ref]i8)
{
  anon0:
    assume (forall x: ref :: $sle.ref.bool(dst, x) && $slt.ref.bool(x, $add.ref(dst, len)) ==> M.ret[x] == M.src[$add.ref($sub.ref(src, dst), x)]);
    assume (forall x: ref :: $slt.ref.bool(x, dst) ==> M.ret[x] == M.dst[x]);
    assume (forall x: ref :: $sle.ref.bool($add.ref(dst, len), x) ==> M.ret[x] == M.dst[x]);
    return;
}

procedure $memset.i8(M: [ref]i8, dst: ref, val: i8, len: ref) returns (M.ret: [ref]i8)
{
  anon0:
    assume (forall y: ref :: $sle.ref.bool(dst, y) && $slt.ref.bool(y, $add.ref(dst, len)) ==> M.ret[y] == val);
    assume (forall x: ref :: $slt.ref.bool(x, dst) ==> M.ret[x] == M[x]);
    assume (forall z: ref :: $sle.ref.bool($add.ref(dst, len), z) ==> M.ret[z] == M[z]);
    return;
}
