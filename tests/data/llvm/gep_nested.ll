; EXPECT: correct
; getelementptr into an array of structs holding arrays; offsets from the data layout.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.In = type { i8, [3 x i32] }
%struct.Out = type { i64, [2 x %struct.In] }

@g = global %struct.Out { i64 5, [2 x %struct.In] [%struct.In { i8 1, [3 x i32] [i32 10, i32 11, i32 12] }, %struct.In { i8 2, [3 x i32] [i32 20, i32 21, i32 22] }] }

declare i32 @__VERIFIER_nondet_int()
declare void @reach_error()

define i32 @main() {
entry:
  %k = call i32 @__VERIFIER_nondet_int()
  %k1 = and i32 %k, 1
  %idx = sext i32 %k1 to i64
  ; &g.arr[idx].v[2]  == g + 8 + idx*16 + 4 + 8
  %p = getelementptr inbounds %struct.Out, ptr @g, i64 0, i32 1, i64 %idx, i32 1, i64 2
  %v = load i32, ptr %p
  %q = getelementptr inbounds i8, ptr @g, i64 36
  %w = load i32, ptr %q
  %is22 = icmp eq i32 %w, 22
  br i1 %is22, label %next, label %err
next:
  %lo = icmp eq i32 %v, 12
  %hi = icmp eq i32 %v, 22
  %any = or i1 %lo, %hi
  br i1 %any, label %ok, label %err
err:
  call void @reach_error()
  unreachable
ok:
  ret i32 0
}
