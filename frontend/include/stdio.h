#ifndef PYCORRAL_STDIO_H
#define PYCORRAL_STDIO_H
#define __pycorral_need_size_t
#include "pycorral_builtins.h"
typedef struct __pycorral_FILE FILE;
extern FILE *stdin, *stdout, *stderr;
int printf(const char *, ...);
int fprintf(FILE *, const char *, ...);
int puts(const char *);
int putchar(int);
int getchar(void);
#define EOF (-1)
#endif
