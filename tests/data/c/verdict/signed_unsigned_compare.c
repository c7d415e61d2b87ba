// EXPECT: bug
extern void reach_error(void);
int main(void) {
  int neg = -1;
  unsigned one = 1;
  if (neg > one) reach_error();   /* -1 converts to UINT_MAX */
  return 0;
}
