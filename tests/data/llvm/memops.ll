; EXPECT: correct
; memset/memcpy with lengths not known statically (lambda updates), a large zero global,
; calloc, and a VLA (stacksave/stackrestore).
target datalayout = "e-m:e-p:32:32-i64:32-n8:16:32-S128"
target triple = "i386-unknown-linux-gnu"

@big = global [1000 x i32] zeroinitializer, align 16

declare i32 @__VERIFIER_nondet_int()
declare void @reach_error()
declare void @llvm.memset.p0.i32(ptr, i8, i32, i1)
declare void @llvm.memcpy.p0.p0.i32(ptr, ptr, i32, i1)
declare ptr @calloc(i32, i32)
declare ptr @llvm.stacksave.p0()
declare void @llvm.stackrestore.p0(ptr)

define i32 @main() {
entry:
  %n0 = call i32 @__VERIFIER_nondet_int()
  %n = and i32 %n0, 15                       ; n in [0, 15]
  %sp = call ptr @llvm.stacksave.p0()
  %buf = alloca i8, i32 16, align 16
  %dst = alloca i8, i32 16, align 16
  call void @llvm.memset.p0.i32(ptr %buf, i8 7, i32 %n, i1 false)
  store i8 9, ptr %dst
  call void @llvm.memcpy.p0.p0.i32(ptr %dst, ptr %buf, i32 %n, i1 false)
  %v = load i8, ptr %dst
  %big0 = getelementptr inbounds [1000 x i32], ptr @big, i32 0, i32 %n
  %b = load i32, ptr %big0
  %cnt = or i32 %n, 8                       ; cnt in [8, 15]
  %c = call ptr @calloc(i32 %cnt, i32 4)
  %c5 = getelementptr inbounds i32, ptr %c, i32 5
  %cv = load i32, ptr %c5
  call void @llvm.stackrestore.p0(ptr %sp)
  %pos = icmp sgt i32 %n, 0
  %is7 = icmp eq i8 %v, 7
  %is9 = icmp eq i8 %v, 9
  %want = select i1 %pos, i1 %is7, i1 %is9
  %bz = icmp eq i32 %b, 0
  %cz = icmp eq i32 %cv, 0
  %a1 = and i1 %want, %bz
  %ok = and i1 %a1, %cz
  br i1 %ok, label %fine, label %err
err:
  call void @reach_error()
  unreachable
fine:
  ret i32 0
}
