// while, do-while, for, break and continue
int main(void) {
  int s = 0, i = 0;
  while (i < 10) { i++; if (i == 3) continue; if (i == 8) break; s += i; }
  do { s--; } while (s > 100);
  for (int j = 0; j < 3; j++) s += j;
  return s;
}
