; EXPECT: correct
; First-class struct values: loaded, returned, passed back from a call, taken apart with
; extractvalue, rebuilt with insertvalue and stored (x86-64 small-struct returns).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.S = type { ptr, i64 }

@g = global i32 42, align 4

declare void @reach_error()

define { ptr, i64 } @make(i64 %n) {
entry:
  %s = alloca %struct.S, align 8
  store ptr @g, ptr %s, align 8
  %f1 = getelementptr inbounds nuw %struct.S, ptr %s, i32 0, i32 1
  store i64 %n, ptr %f1, align 8
  %v = load { ptr, i64 }, ptr %s, align 8
  ret { ptr, i64 } %v
}

define i32 @main() {
entry:
  %r = call { ptr, i64 } @make(i64 7)
  %p = extractvalue { ptr, i64 } %r, 0
  %n = extractvalue { ptr, i64 } %r, 1
  %x = load i32, ptr %p, align 4
  %r2 = insertvalue { ptr, i64 } %r, i64 9, 1
  %t = alloca %struct.S, align 8
  store { ptr, i64 } %r2, ptr %t, align 8
  %tf = getelementptr inbounds nuw %struct.S, ptr %t, i32 0, i32 1
  %m = load i64, ptr %tf, align 8
  %c1 = icmp eq i32 %x, 42
  %c2 = icmp eq i64 %n, 7
  %c3 = icmp eq i64 %m, 9
  %a = and i1 %c1, %c2
  %ok = and i1 %a, %c3
  br i1 %ok, label %fine, label %err
err:
  call void @reach_error()
  unreachable
fine:
  ret i32 0
}
