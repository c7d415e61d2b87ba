define i32 @main() {
entry:
  %x = add i32 1, 2
  %y = frobnicate i32 %x, 3
  ret i32 %y
}
