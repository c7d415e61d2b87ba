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
int atoi(const char *);
long atol(const char *);
long long atoll(const char *);
long strtol(const char *, char **, int);
long long strtoll(const char *, char **, int);
unsigned long strtoul(const char *, char **, int);
unsigned long long strtoull(const char *, char **, int);
void qsort(void *, size_t, size_t, int (*)(const void *, const void *));
void *bsearch(const void *, const void *, size_t, size_t, int (*)(const void *, const void *));
char *getenv(const char *);
#define RAND_MAX 2147483647
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#endif
