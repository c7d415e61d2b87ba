// EXPECT: bug
// A function-scope static whose address is taken lives in memory (it was an internal
// error, "address of a register variable", in the C front end).
extern void reach_error(void);
int *counter(void) { static int c; return &c; }
int main(void) {
  *counter() += 1;
  *counter() += 1;
  if (*counter() == 2) reach_error();
  return 0;
}
