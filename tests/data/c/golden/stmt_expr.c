// GNU extensions: statement expressions, __extension__, attributes, __builtin_expect
extern void abort(void) __attribute__((__noreturn__));
int main(void) {
  int y = __extension__ ({ int t = 3; t * 2; });
  if (__builtin_expect(y != 6, 0)) abort();
  return y;
}
