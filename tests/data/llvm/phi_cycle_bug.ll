; EXPECT: bug
; Two phis swapping each other for a nondeterministic number (< 4) of iterations: after an
; odd number of iterations a = 2 (a sequential phi assignment would keep a = b = 2 and hide
; the distinction this test checks: the error needs a = 2 AND b = 1).
target datalayout = "e-m:e-p:32:32-i64:32-n8:16:32-S128"
target triple = "i386-unknown-linux-gnu"

declare i32 @__VERIFIER_nondet_int()
declare void @reach_error()

define i32 @main() {
entry:
  %n0 = call i32 @__VERIFIER_nondet_int()
  %n = and i32 %n0, 3
  br label %loop

loop:
  %a = phi i32 [ 1, %entry ], [ %b, %body ]
  %b = phi i32 [ 2, %entry ], [ %a, %body ]
  %i = phi i32 [ 0, %entry ], [ %inc, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %done

body:
  %inc = add nsw i32 %i, 1
  br label %loop

done:
  %ok1 = icmp eq i32 %a, 2
  %ok2 = icmp eq i32 %b, 1
  %ok = and i1 %ok1, %ok2
  br i1 %ok, label %err, label %fine

err:
  call void @reach_error()
  unreachable

fine:
  ret i32 0
}
