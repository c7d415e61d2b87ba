; EXPECT: correct
; As inttoptr_const.ll, but the error needs the small pointer to read back other than 5 or
; the global, read through its constant address, to hold other than 7.
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
  %c1 = icmp ne i32 %n, 5
  %c2 = icmp ne i32 %v, 7
  %bad = or i1 %c1, %c2
  br i1 %bad, label %err, label %fine
err:
  call void @reach_error()
  unreachable
fine:
  ret i32 0
}
