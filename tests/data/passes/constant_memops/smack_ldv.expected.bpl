type ref = int;

type i8 = int;

function {:inline} $sle.ref.bool(p1: ref, p2: ref) : bool
{
  p1 <= p2
}

function {:inline} $slt.ref.bool(p1: ref, p2: ref) : bool
{
  p1 < p2
}

function {:inline} $add.ref(p1: ref, p2: ref) : ref
{
  p1 + p2
}

function {:inline} $sub.ref(p1: ref, p2: ref) : ref
{
  p1 - p2
}

procedure $memcpy.i8(M.dst: [ref]i8, M.src: [ref]i8, dst: ref, src: ref, len: ref) returns (M.ret: [ref]i8)
{
  anon0:
    assume (forall x: ref :: $sle.ref.bool(dst, x) && $slt.ref.bool(x, $add.ref(dst, len)) ==> M.ret[x] == M.src[$add.ref($sub.ref(src, dst), x)]);
    assume (forall x: ref :: $slt.ref.bool(x, dst) ==> M.ret[x] == M.dst[x]);
    assume (forall x: ref :: $sle.ref.bool($add.ref(dst, len), x) ==> M.ret[x] == M.dst[x]);
    return;
}

procedure $memcpy.i8.len2(M.dst: [ref]i8, M.src: [ref]i8, dst: ref, src: ref, len: ref) returns (M.ret: [ref]i8)
{
  anon0:
    assume M.ret == M.dst[dst := M.src[$add.ref($sub.ref(src, dst), dst)]][dst + 1 := M.src[$add.ref($sub.ref(src, dst), dst + 1)]];
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

procedure $memset.i8.len0(M: [ref]i8, dst: ref, val: i8, len: ref) returns (M.ret: [ref]i8)
{
  anon0:
    assume M.ret == M;
    return;
}

procedure $memset.i8.len3(M: [ref]i8, dst: ref, val: i8, len: ref) returns (M.ret: [ref]i8)
{
  anon0:
    assume M.ret == M[dst := val][dst + 1 := val][dst + 2 := val];
    return;
}

var M: [ref]i8;

procedure main(n: int)
  modifies M;
{
  anon0:
    call M := $memset.i8.len3(M, 10, 0, 3);
    call M := $memset.i8.len3(M, 20, 1, 3);
    call M := $memset.i8.len0(M, 30, 2, 0);
    call M := $memcpy.i8.len2(M, M, 40, 10, 2);
    call M := $memcpy.i8(M, M, 40, 10, n);
    call M := $memset.i8(M, 50, 0, 65);
    call M := $memset.i8(M, 50, 0, -1);
    return;
}
