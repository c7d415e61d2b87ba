; EXPECT: bug
; Constant inttoptr expressions: a small constant is a pointer into no object, kept as a
; value (pthread_exit((void *)5)); one at a global's address reads that global (the module
; gets one region).  The error is reachable: @g holds 7 and the small pointer reads back 5.
target datalayout = "e-m:e-p:32:32-i64:32-n8:16:32-S128"
target triple = "i386-unknown-linux-gnu"

@g = global i32 0
@slot = global ptr null
declare void @reach_error()

define i32 @main() {
entry:
  store i32 7, ptr @g
  store ptr inttoptr (i32 5 to ptr), ptr @slot
  %p = load ptr, ptr @slot
  %n = ptrtoint ptr %p to i32
  %v = load i32, ptr inttoptr (i32 4096 to ptr)
  %c1 = icmp eq i32 %n, 5
  %c2 = icmp eq i32 %v, 7
  %ok = and i1 %c1, %c2
  br i1 %ok, label %err, label %fine
err:
  call void @reach_error()
  unreachable
fine:
  ret i32 0
}
