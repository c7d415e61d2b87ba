// function calls and recursion
int fact(int n) { if (n <= 1) return 1; return n * fact(n - 1); }
void touch(void) { }
int main(void) { touch(); return fact(4); }
