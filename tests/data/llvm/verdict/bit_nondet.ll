; EXPECT: bug
; ENCODINGS: bv
; Bit intrinsics of a non-constant value: bswap twice is the identity, the low byte of
; bswap(x) is the high byte of x; ctpop(x) == 3 is reachable.
target datalayout = "e-m:e-p:32:32-i64:32-n8:16:32-S128"
target triple = "i386-unknown-linux-gnu"

declare i32 @llvm.bswap.i32(i32)
declare i32 @llvm.ctpop.i32(i32)
declare i32 @__VERIFIER_nondet_int()
declare void @reach_error()

define i32 @main() {
entry:
  %x = call i32 @__VERIFIER_nondet_int()
  %b = call i32 @llvm.bswap.i32(i32 %x)
  %bb = call i32 @llvm.bswap.i32(i32 %b)
  %lo = and i32 %b, 255
  %hi = lshr i32 %x, 24
  %c1 = icmp eq i32 %bb, %x
  %c2 = icmp eq i32 %lo, %hi
  %ok = and i1 %c1, %c2
  br i1 %ok, label %next, label %err
next:
  %p = call i32 @llvm.ctpop.i32(i32 %x)
  %three = icmp eq i32 %p, 3
  br i1 %three, label %err, label %fine
err:
  call void @reach_error()
  unreachable
fine:
  ret i32 0
}
