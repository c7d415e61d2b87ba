// EXPECT: correct
// Both front ends evaluate a call's arguments and a binary operator's operands left to
// right, as clang does (README): x is read before g() writes it.  (The C front end used to
// read a global argument when the call was made, after g ran: a bug the LLVM front end
// did not find.)  C leaves the order unspecified; the C front end warns about such calls
// (frontend/c/unsequenced.py).
extern void reach_error(void);
int x;
int g(void) { x = 5; return 1; }
void f(int a, int b) { if (a == 5) reach_error(); }
int main(void)
{
  x = 0;
  f(x, g());
  x = 0;
  if (x + g() == 6) reach_error();
  x = 0;
  if (x < g() - 1) reach_error();
  return 0;
}
