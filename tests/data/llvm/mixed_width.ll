; EXPECT: correct
; One object written as i32 and read back as bytes and as i16 (little-endian): a byte-level
; region.
target datalayout = "e-m:e-p:32:32-i64:32-n8:16:32-S128"
target triple = "i386-unknown-linux-gnu"

declare void @reach_error()

define i32 @main() {
entry:
  %x = alloca i32, align 4
  store i32 305419896, ptr %x, align 4          ; 0x12345678
  %b0 = load i8, ptr %x, align 1
  %p1 = getelementptr inbounds i8, ptr %x, i32 1
  %b1 = load i8, ptr %p1, align 1
  %p2 = getelementptr inbounds i8, ptr %x, i32 2
  %h = load i16, ptr %p2, align 2
  store i8 -1, ptr %p1, align 1
  %w = load i32, ptr %x, align 4
  %c0 = icmp eq i8 %b0, 120                      ; 0x78
  %c1 = icmp eq i8 %b1, 86                       ; 0x56
  %c2 = icmp eq i16 %h, 4660                     ; 0x1234
  %c3 = icmp eq i32 %w, 305463160                ; 0x1234ff78
  %a = and i1 %c0, %c1
  %b = and i1 %c2, %c3
  %ok = and i1 %a, %b
  br i1 %ok, label %fine, label %err
err:
  call void @reach_error()
  unreachable
fine:
  ret i32 0
}
