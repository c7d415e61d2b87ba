; EXPECT: correct
; SLOW: int
; Exact integer operations: unsigned/signed division and remainder, shifts, bitwise ops,
; truncation and extension, unsigned comparison of a negative value.
target datalayout = "e-m:e-p:32:32-i64:32-n8:16:32-S128"
target triple = "i386-unknown-linux-gnu"

declare i32 @__VERIFIER_nondet_int()
declare void @reach_error()

define i32 @main() {
entry:
  %x = call i32 @__VERIFIER_nondet_int()
  %m = and i32 %x, 255
  %y = or i32 %m, 256                ; y in [256, 511]
  %q = sdiv i32 -7, 2                ; -3
  %r = srem i32 -7, 2                ; -1
  %uq = udiv i32 -2, 2               ; 0x7fffffff
  %sh = lshr i32 -1, 28              ; 15
  %as = ashr i32 -16, 2              ; -4
  %tr = trunc i32 %y to i8           ; = m
  %zx = zext i8 %tr to i32
  %sx = sext i8 -1 to i32
  %lt = icmp ult i32 1, -1           ; true
  %xo = xor i32 %y, %m               ; 256
  %c1 = icmp eq i32 %q, -3
  %c2 = icmp eq i32 %r, -1
  %c3 = icmp eq i32 %uq, 2147483647
  %c4 = icmp eq i32 %sh, 15
  %c5 = icmp eq i32 %as, -4
  %c6 = icmp eq i32 %zx, %m
  %c7 = icmp eq i32 %sx, -1
  %c8 = icmp eq i32 %xo, 256
  %a1 = and i1 %c1, %c2
  %a2 = and i1 %c3, %c4
  %a3 = and i1 %c5, %c6
  %a4 = and i1 %c7, %c8
  %b1 = and i1 %a1, %a2
  %b2 = and i1 %a3, %a4
  %b3 = and i1 %b1, %b2
  %ok = and i1 %b3, %lt
  br i1 %ok, label %fine, label %err
err:
  call void @reach_error()
  unreachable
fine:
  ret i32 0
}
