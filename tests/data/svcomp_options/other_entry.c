// the error is in another function: TRUE from main, FALSE with --entry other
extern void reach_error(void);
int other(void) { reach_error(); return 0; }
int main(void) { return 0; }
