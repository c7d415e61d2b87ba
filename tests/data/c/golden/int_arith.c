// integer arithmetic, promotions and usual arithmetic conversions
int main(void) {
  int a = 7, b = -2;
  unsigned u = 3u;
  long l = a * b;
  int q = a / b, r = a % b;
  unsigned w = u - 5u;
  return (int)(l + q + r + w);
}
