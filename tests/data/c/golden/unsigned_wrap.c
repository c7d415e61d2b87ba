// unsigned wrap-around and signed/unsigned comparison
int main(void) {
  unsigned int u = 0;
  u = u - 1;
  unsigned char c = 255;
  c++;
  int neg = -1;
  int cmp = neg < 1u;
  return (u == 4294967295u) + (c == 0) + cmp;
}
