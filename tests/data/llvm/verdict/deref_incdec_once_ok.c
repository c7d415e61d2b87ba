// EXPECT: correct
// FLAGS: --memory-safety
// `*p++` and `*--p` evaluate p++ / --p once (the C front end evaluated a dereference's
// operand twice: p moved by two, and `*--p` at the start of a buffer read before it).
extern void reach_error(void);
int main(void) {
  char line[3];
  line[0] = 1; line[1] = 2; line[2] = 0;
  char *p = line;
  char c = *p++;
  if (p != line + 1 || c != 1) reach_error();
  c = *--p;
  if (p != line || c != 1) reach_error();
  p = line + 2;
  while (p > line && *--p != 1)
    ;
  if (p != line) reach_error();
  return 0;
}
