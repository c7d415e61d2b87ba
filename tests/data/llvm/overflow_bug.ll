; EXPECT: bug
; The overflow flag of a nondeterministic addition is set exactly when x == INT_MAX: the
; error needs that one value (a flag that is always false, or always true, misses it or
; finds it for the wrong x).
target datalayout = "e-m:e-p:32:32-i64:32-n8:16:32-S128"
target triple = "i386-unknown-linux-gnu"

declare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32)
declare { i16, i1 } @llvm.umul.with.overflow.i16(i16, i16)
declare i32 @__VERIFIER_nondet_int()
declare void @reach_error()

define i32 @main() {
entry:
  %x = call i32 @__VERIFIER_nondet_int()
  %a = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %x, i32 1)
  %f = extractvalue { i32, i1 } %a, 1
  %r = extractvalue { i32, i1 } %a, 0
  %y = trunc i32 %x to i16
  %m = call { i16, i1 } @llvm.umul.with.overflow.i16(i16 %y, i16 2)
  %mf = extractvalue { i16, i1 } %m, 1
  br i1 %f, label %over, label %ok
over:
  ; only x == 2147483647 gets here: r wraps to INT_MIN and 0xFFFF * 2 overflows i16
  %w = icmp eq i32 %r, -2147483648
  %both = and i1 %w, %mf
  br i1 %both, label %err, label %ok
err:
  call void @reach_error()
  unreachable
ok:
  ret i32 0
}
