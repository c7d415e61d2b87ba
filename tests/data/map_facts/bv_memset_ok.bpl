// EXPECT: correct
// FLAGS: --bound 2
// memset over bit-vector addresses (signed comparisons as SMACK's bit-vector mode emits).
function {:bvbuiltin "bvslt"} $slt(a: bv32, b: bv32) : bool;
function {:bvbuiltin "bvsle"} $sle(a: bv32, b: bv32) : bool;
function {:bvbuiltin "bvadd"} $add(a: bv32, b: bv32) : bv32;
var M: [bv32]bv8;
procedure memset(M0: [bv32]bv8, dst: bv32, val: bv8, len: bv32) returns (M.ret: [bv32]bv8)
{
  anon0:
    assume (forall x: bv32 :: $sle(dst, x) && $slt(x, $add(dst, len)) ==> M.ret[x] == val);
    assume (forall x: bv32 :: $slt(x, dst) ==> M.ret[x] == M0[x]);
    assume (forall x: bv32 :: $sle($add(dst, len), x) ==> M.ret[x] == M0[x]);
    return;
}
procedure main()
modifies M;
{
  M[64bv32] := 7bv8;
  call M := memset(M, 16bv32, 255bv8, 16bv32);
  assert M[16bv32] == 255bv8 && M[31bv32] == 255bv8;
  assert M[64bv32] == 7bv8;
}
