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
/* files: modelled in pycorral_stdio.c, output into memory in pycorral_printf.c */
FILE *fopen(const char *, const char *);
int fclose(FILE *);
char *fgets(char *, int, FILE *);
int fgetc(FILE *);
int getc(FILE *);
int fputs(const char *, FILE *);
int fputc(int, FILE *);
size_t fread(void *, size_t, size_t, FILE *);
size_t fwrite(const void *, size_t, size_t, FILE *);
int fflush(FILE *);
int feof(FILE *);
int ferror(FILE *);
int sprintf(char *, const char *, ...);
int snprintf(char *, size_t, const char *, ...);
int vsprintf(char *, const char *, __builtin_va_list);
int vsnprintf(char *, size_t, const char *, __builtin_va_list);
#define EOF (-1)
#endif
