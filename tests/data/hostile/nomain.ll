define i32 @f() {
  ret i32 0
}
