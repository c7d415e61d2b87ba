; EXPECT: correct
; Sequential semantics of atomicrmw and cmpxchg (no threads): load, operation, store.
target datalayout = "e-m:e-p:32:32-i64:32-n8:16:32-S128"
target triple = "i386-unknown-linux-gnu"

declare void @reach_error()

define i32 @main() {
entry:
  %x = alloca i32, align 4
  store i32 5, ptr %x
  %o1 = atomicrmw add ptr %x, i32 3 seq_cst, align 4          ; 5 -> 8
  %o2 = atomicrmw umin ptr %x, i32 -1 seq_cst, align 4        ; 8 -> 8
  %o3 = atomicrmw nand ptr %x, i32 12 seq_cst, align 4        ; ~(8 & 12) = -9
  %c1 = cmpxchg ptr %x, i32 0, i32 1 seq_cst seq_cst, align 4   ; fails
  %c2 = cmpxchg ptr %x, i32 -9, i32 7 seq_cst seq_cst, align 4  ; succeeds
  %f1 = extractvalue { i32, i1 } %c1, 1
  %f2 = extractvalue { i32, i1 } %c2, 1
  %v2 = extractvalue { i32, i1 } %c2, 0
  %end = load i32, ptr %x
  %t1 = icmp eq i32 %o1, 5
  %t2 = icmp eq i32 %o2, 8
  %t3 = icmp eq i32 %o3, 8
  %t4 = icmp eq i32 %v2, -9
  %t5 = icmp eq i32 %end, 7
  %nf1 = xor i1 %f1, true
  %a1 = and i1 %t1, %t2
  %a2 = and i1 %t3, %t4
  %a3 = and i1 %t5, %nf1
  %a4 = and i1 %a1, %a2
  %a5 = and i1 %a3, %f2
  %ok = and i1 %a4, %a5
  br i1 %ok, label %fine, label %err
err:
  call void @reach_error()
  unreachable
fine:
  ret i32 0
}
