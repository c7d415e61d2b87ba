; EXPECT: bug
; switch with a fall-through default; the error is reachable only for x == 7.
target datalayout = "e-m:e-p:32:32-i64:32-n8:16:32-S128"
target triple = "i386-unknown-linux-gnu"

declare i32 @__VERIFIER_nondet_int()
declare void @reach_error()

define i32 @main() {
entry:
  %x = call i32 @__VERIFIER_nondet_int()
  switch i32 %x, label %other [
    i32 1, label %one
    i32 -3, label %minus3
    i32 7, label %seven
  ]
one:
  br label %join
minus3:
  br label %join
seven:
  br label %join
other:
  br label %join
join:
  %v = phi i32 [ 10, %one ], [ 20, %minus3 ], [ 30, %seven ], [ 0, %other ]
  %bad = icmp eq i32 %v, 30
  br i1 %bad, label %err, label %ok
err:
  call void @reach_error()
  unreachable
ok:
  ret i32 0
}
