#ifndef PYCORRAL_STRING_H
#define PYCORRAL_STRING_H
#define __pycorral_need_size_t
#include "pycorral_builtins.h"
void *memset(void *, int, size_t);
void *memcpy(void *, const void *, size_t);
void *memmove(void *, const void *, size_t);
int memcmp(const void *, const void *, size_t);
size_t strlen(const char *);
char *strcpy(char *, const char *);
char *strncpy(char *, const char *, size_t);
int strcmp(const char *, const char *);
int strncmp(const char *, const char *, size_t);
char *strcat(char *, const char *);
char *strchr(const char *, int);
char *strrchr(const char *, int);
char *strstr(const char *, const char *);
char *strpbrk(const char *, const char *);
size_t strspn(const char *, const char *);
size_t strcspn(const char *, const char *);
size_t strnlen(const char *, size_t);
char *strncat(char *, const char *, size_t);
char *strtok(char *, const char *);
char *strdup(const char *);
char *strndup(const char *, size_t);
void *memchr(const void *, int, size_t);
#endif
