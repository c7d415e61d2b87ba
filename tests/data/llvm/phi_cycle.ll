; EXPECT: correct
; A loop whose two phis swap each other (parallel assignment on the back edge).
target datalayout = "e-m:e-p:32:32-i64:32-n8:16:32-S128"
target triple = "i386-unknown-linux-gnu"

declare void @reach_error()

define i32 @main() {
entry:
  br label %loop

loop:
  %a = phi i32 [ 1, %entry ], [ %b, %loop ]
  %b = phi i32 [ 2, %entry ], [ %a, %loop ]
  %i = phi i32 [ 0, %entry ], [ %inc, %loop ]
  %inc = add nsw i32 %i, 1
  %c = icmp slt i32 %inc, 2
  br i1 %c, label %loop, label %done

done:
  ; after 2 iterations the swap happened once: a = 2, b = 1 (sequential assignment gives 2, 2)
  %ok1 = icmp eq i32 %a, 2
  %ok2 = icmp eq i32 %b, 1
  %ok = and i1 %ok1, %ok2
  br i1 %ok, label %fine, label %err

err:
  call void @reach_error()
  unreachable

fine:
  ret i32 0
}
