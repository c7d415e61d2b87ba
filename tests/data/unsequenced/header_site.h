static inline int twice_i(int *i) { extern int f(int, int); return f((*i)++, *i); }
static inline int in_header(int i) { extern int f(int, int); return f(i++, i); }
