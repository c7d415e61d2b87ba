// bit operations and shifts
unsigned f(unsigned x, unsigned y, int k) {
  unsigned a = x & 0xff;
  unsigned b = x | 4;
  unsigned c = x ^ y;
  unsigned d = ~x;
  unsigned e = x << 3;
  unsigned g = y >> k;
  return a + b + c + d + e + g;
}
int main(void) { return (int)f(1u, 2u, 1); }
