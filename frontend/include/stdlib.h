#ifndef PYCORRAL_STDLIB_H
#define PYCORRAL_STDLIB_H
#define __pycorral_need_size_t
#define __pycorral_need_wchar_t
#include "pycorral_builtins.h"
void *malloc(size_t);
void *calloc(size_t, size_t);
void *realloc(void *, size_t);
void *alloca(size_t);
void free(void *);
void abort(void);
void exit(int);
int abs(int);
long labs(long);
long long llabs(long long);
int rand(void);
#define RAND_MAX 2147483647
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#endif
