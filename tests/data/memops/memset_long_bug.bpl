// EXPECT: bug
// FLAGS: --bound 2
// Bug twin of memset_long_ok: the cell after the 232 set ones (a long chain: beyond constant_memops.CHUNK) is not 7.
type ref = int;
type i8 = int;
function {:inline} $slt.int.bool(i1: int, i2: int) : bool { i1 < i2 }
function {:inline} $sle.int.bool(i1: int, i2: int) : bool { i1 <= i2 }
function {:inline} $slt.ref.bool(p1: ref, p2: ref) : bool { $slt.int.bool(p1, p2) }
function {:inline} $sle.ref.bool(p1: ref, p2: ref) : bool { $sle.int.bool(p1, p2) }
function {:inline} $add.ref(p1: ref, p2: ref) : ref { p1 + p2 }
function {:inline} $sub.ref(p1: ref, p2: ref) : ref { p1 - p2 }

procedure $memcpy.i8(M.dst: [ref]i8, M.src: [ref]i8, dst: ref, src: ref, len: ref, align: ref, isvolatile: bool) returns (M.ret: [ref]i8);
implementation $memcpy.i8(M.dst: [ref]i8, M.src: [ref]i8, dst: ref, src: ref, len: ref, align: ref, isvolatile: bool) returns (M.ret: [ref]i8)
{
  anon0:
    assume (forall x: ref :: $sle.ref.bool(dst, x) && $slt.ref.bool(x, $add.ref(dst, len)) ==> M.ret[x] == M.src[$add.ref($sub.ref(src, dst), x)]);
    assume (forall x: ref :: $slt.ref.bool(x, dst) ==> M.ret[x] == M.dst[x]);
    assume (forall x: ref :: $sle.ref.bool($add.ref(dst, len), x) ==> M.ret[x] == M.dst[x]);
    return;
}

procedure $memmove.i8(M.dst: [ref]i8, M.src: [ref]i8, dst: ref, src: ref, len: ref, align: ref, isvolatile: bool) returns (M.ret: [ref]i8);
implementation $memmove.i8(M.dst: [ref]i8, M.src: [ref]i8, dst: ref, src: ref, len: ref, align: ref, isvolatile: bool) returns (M.ret: [ref]i8)
{
  anon0:
    assume (forall x: ref :: $sle.ref.bool(dst, x) && $slt.ref.bool(x, $add.ref(dst, len)) ==> M.ret[x] == M.src[$add.ref($sub.ref(src, dst), x)]);
    assume (forall x: ref :: $slt.ref.bool(x, dst) ==> M.ret[x] == M.dst[x]);
    assume (forall x: ref :: $sle.ref.bool($add.ref(dst, len), x) ==> M.ret[x] == M.dst[x]);
    return;
}

procedure $memset.i8(M: [ref]i8, dst: ref, val: i8, len: ref, align: ref, isvolatile: bool) returns (M.ret: [ref]i8);
implementation $memset.i8(M: [ref]i8, dst: ref, val: i8, len: ref, align: ref, isvolatile: bool) returns (M.ret: [ref]i8)
{
  anon0:
    assume (forall x: ref :: $sle.ref.bool(dst, x) && $slt.ref.bool(x, $add.ref(dst, len)) ==> M.ret[x] == val);
    assume (forall x: ref :: $slt.ref.bool(x, dst) ==> M.ret[x] == M[x]);
    assume (forall x: ref :: $sle.ref.bool($add.ref(dst, len), x) ==> M.ret[x] == M[x]);
    return;
}

var $M.0: [ref]i8;

procedure main()
modifies $M.0;
{
  var p: ref;
  assume p > 0;
  $M.0[$add.ref(p, 232)] := 3;
  call $M.0 := $memset.i8($M.0, p, 7, 232, 1, false);
  assert $M.0[$add.ref(p, 232)] == 7;
}
