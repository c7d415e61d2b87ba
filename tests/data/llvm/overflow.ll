; EXPECT: correct
; The *.with.overflow intrinsics: results wrap, flags are exact.
target datalayout = "e-m:e-p:32:32-i64:32-n8:16:32-S128"
target triple = "i386-unknown-linux-gnu"

declare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32)
declare { i32, i1 } @llvm.uadd.with.overflow.i32(i32, i32)
declare { i8, i1 } @llvm.smul.with.overflow.i8(i8, i8)
declare { i8, i1 } @llvm.usub.with.overflow.i8(i8, i8)
declare void @reach_error()

define i32 @main() {
entry:
  %a = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 2147483647, i32 1)
  %a0 = extractvalue { i32, i1 } %a, 0
  %a1 = extractvalue { i32, i1 } %a, 1
  %b = call { i32, i1 } @llvm.uadd.with.overflow.i32(i32 -1, i32 1)
  %b0 = extractvalue { i32, i1 } %b, 0
  %b1 = extractvalue { i32, i1 } %b, 1
  %c = call { i8, i1 } @llvm.smul.with.overflow.i8(i8 16, i8 8)
  %c0 = extractvalue { i8, i1 } %c, 0
  %c1 = extractvalue { i8, i1 } %c, 1
  %d = call { i8, i1 } @llvm.usub.with.overflow.i8(i8 3, i8 5)
  %d0 = extractvalue { i8, i1 } %d, 0
  %d1 = extractvalue { i8, i1 } %d, 1
  %e = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 -5, i32 3)
  %e1 = extractvalue { i32, i1 } %e, 1
  %t1 = icmp eq i32 %a0, -2147483648
  %t2 = icmp eq i32 %b0, 0
  %t3 = icmp eq i8 %c0, -128
  %t4 = icmp eq i8 %d0, -2
  %f1 = and i1 %a1, %b1
  %f2 = and i1 %c1, %d1
  %ne = xor i1 %e1, true
  %u1 = and i1 %t1, %t2
  %u2 = and i1 %t3, %t4
  %u3 = and i1 %u1, %u2
  %u4 = and i1 %f1, %f2
  %u5 = and i1 %u3, %u4
  %all = and i1 %u5, %ne
  br i1 %all, label %ok, label %err
err:
  call void @reach_error()
  unreachable
ok:
  ret i32 0
}
