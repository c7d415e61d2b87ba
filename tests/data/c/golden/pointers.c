// pointers, address-taken locals, pointer arithmetic and comparison
void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
int main(void) {
  int x = 1, y = 2;
  int arr[4] = {0};
  int *p = arr + 1;
  swap(&x, &y);
  *p = x;
  p[1] = y;
  return (p - arr) + arr[2] + (p > arr);
}
