// truncation, sign and zero extension
int main(void) {
  int x = 300;
  unsigned char c = (unsigned char)x;
  signed char s = (signed char)200;
  short h = (short)-1;
  unsigned short uh = (unsigned short)h;
  long long ll = (long long)x;
  unsigned int ui = (unsigned int)s;
  return c + s + h + uh + (int)ll + (int)ui;
}
