; EXPECT: correct
; As const_expr_access.ll (loads, stores and memcpy through constant expressions), but
; the error needs s.b[2] read back through the copied pointer as other than 9.
target datalayout = "e-m:e-p:32:32-i64:32-n8:16:32-S128"
target triple = "i386-unknown-linux-gnu"

%S = type { i32, [4 x i32], ptr }
@s = global %S zeroinitializer
@t = global %S zeroinitializer
declare void @reach_error()
declare void @llvm.memcpy.p0.p0.i32(ptr, ptr, i32, i1)

define i32 @main() {
entry:
  store i32 9, ptr getelementptr (i8, ptr getelementptr (%S, ptr @s, i32 0, i32 1), i32 8)
  store ptr bitcast (ptr getelementptr (%S, ptr @s, i32 0, i32 1) to ptr), ptr getelementptr (%S, ptr @s, i32 0, i32 2)
  call void @llvm.memcpy.p0.p0.i32(ptr bitcast (ptr @t to ptr), ptr getelementptr (%S, ptr @s, i32 0, i32 0), i32 24, i1 false)
  %v = load i32, ptr addrspace(1) addrspacecast (ptr getelementptr inbounds (%S, ptr @t, i32 0, i32 1, i32 2) to ptr addrspace(1))
  %p = load ptr, ptr getelementptr (%S, ptr @t, i32 0, i32 2)
  %q = getelementptr i32, ptr %p, i32 2
  %w = load i32, ptr %q
  %c1 = icmp eq i32 %v, 9
  %c2 = icmp ne i32 %w, 9
  %ok = and i1 %c1, %c2
  br i1 %ok, label %err, label %fine
err:
  call void @reach_error()
  unreachable
fine:
  ret i32 0
}
