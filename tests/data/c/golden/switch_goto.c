// switch with fall-through and default, goto
int classify(int x) {
  int r = 0;
  switch (x) {
    case 0: r = 1;
    case 1: r += 2; break;
    case 5 ... 7: r = 5; break;
    default: r = -1;
  }
  if (r < 0) goto out;
  r *= 2;
out:
  return r;
}
int main(void) { return classify(1); }
