#ifndef CIOC_THREAD_STACK_H
#define CIOC_THREAD_STACK_H

#include <stddef.h>

/// The calling thread's stack: its lowest address and its size in bytes. Returns 0 when it
/// found them, another value when the system does not say (then `*low` and `*size` are unset).
/// For IoCCore's `StackGuard` on Linux: glibc declares `pthread_getattr_np` only under
/// `_GNU_SOURCE`, which Swift's Glibc module does not set; this file sets it.
int ioc_thread_stack(void **low, size_t *size);

#endif
