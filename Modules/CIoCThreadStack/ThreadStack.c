#define _GNU_SOURCE
#include "CIoCThreadStack.h"

#if defined(__linux__)
#include <pthread.h>

int ioc_thread_stack(void **low, size_t *size) {
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) return -1;
    int result = pthread_attr_getstack(&attributes, low, size);
    pthread_attr_destroy(&attributes);
    return result;
}
#else
// Darwin's StackGuard asks pthread_get_stackaddr_np from Swift; other systems do not say.
int ioc_thread_stack(void **low, size_t *size) {
    (void)low;
    (void)size;
    return -1;
}
#endif
