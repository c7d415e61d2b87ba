// REJECT: members overlap at different types
union U { int i; char c[4]; };
int main(void) {
  union U u;
  u.i = 1; // <-
  return u.c[0];
}
