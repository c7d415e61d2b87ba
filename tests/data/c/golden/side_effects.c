// side effects inside &&, ||, ?: and comma; ++/-- and compound assignment
int calls = 0;
int bump(int v) { calls++; return v; }
int main(void) {
  int i = 0, a[3] = {0, 0, 0};
  int t = (i > 0) && bump(1);
  int u = bump(0) || bump(2);
  int c = i ? bump(3) : bump(4);
  a[i++] += 5;
  a[++i] -= 1;
  int d = (i++, i--, i);
  return t + u + c + d + calls;
}
