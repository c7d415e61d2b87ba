; EXPECT: correct
; bswap of a non-constant value is in bit_nondet.ll (bv only: int2bv in the int encoding is slow).
; bswap, ctpop, ctlz, cttz, fshl, fshr, smax/umin, abs on constants and a nondet value.
target datalayout = "e-m:e-p:32:32-i64:32-n8:16:32-S128"
target triple = "i386-unknown-linux-gnu"

declare i32 @llvm.bswap.i32(i32)
declare i16 @llvm.bswap.i16(i16)
declare i32 @llvm.ctpop.i32(i32)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.cttz.i32(i32, i1)
declare i8 @llvm.fshl.i8(i8, i8, i8)
declare i8 @llvm.fshr.i8(i8, i8, i8)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.umin.i32(i32, i32)
declare i32 @llvm.abs.i32(i32, i1)
declare i32 @__VERIFIER_nondet_int()
declare void @reach_error()

define i32 @main() {
entry:
  %x = call i32 @__VERIFIER_nondet_int()
  %s1 = call i32 @llvm.bswap.i32(i32 305419896)    ; 0x12345678 -> 0x78563412
  %s2 = call i16 @llvm.bswap.i16(i16 258)          ; 0x0102 -> 0x0201
  %p = call i32 @llvm.ctpop.i32(i32 -1)
  %l = call i32 @llvm.ctlz.i32(i32 256, i1 false)  ; 23
  %t = call i32 @llvm.cttz.i32(i32 256, i1 false)  ; 8
  %fl = call i8 @llvm.fshl.i8(i8 -127, i8 0, i8 1) ; 0x81 << 1 = 0x02
  %fr = call i8 @llvm.fshr.i8(i8 1, i8 0, i8 1)    ; (0x01 ++ 0x00) >> 1 low = 0x80
  %mx = call i32 @llvm.smax.i32(i32 -3, i32 2)
  %mn = call i32 @llvm.umin.i32(i32 -3, i32 2)
  %ab = call i32 @llvm.abs.i32(i32 -7, i1 true)
  %c1 = icmp eq i32 %s1, 2018915346
  %c2 = icmp eq i16 %s2, 513
  %c3 = icmp eq i32 %p, 32
  %c4 = icmp eq i32 %l, 23
  %c5 = icmp eq i32 %t, 8
  %c6 = icmp eq i8 %fl, 2
  %c7 = icmp eq i8 %fr, -128
  %c8 = icmp eq i32 %mx, 2
  %c9 = icmp eq i32 %mn, 2
  %c10 = icmp eq i32 %ab, 7
  %c11 = icmp eq i32 %x, %x
  %a1 = and i1 %c1, %c2
  %a2 = and i1 %c3, %c4
  %a3 = and i1 %c5, %c6
  %a4 = and i1 %c7, %c8
  %a5 = and i1 %c9, %c10
  %b1 = and i1 %a1, %a2
  %b2 = and i1 %a3, %a4
  %b3 = and i1 %a5, %c11
  %b4 = and i1 %b1, %b2
  %ok = and i1 %b4, %b3
  br i1 %ok, label %fine, label %err
err:
  call void @reach_error()
  unreachable
fine:
  ret i32 0
}
