#ifndef CIOC_ATOMICS_H
#define CIOC_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>

// Atomic operations on a 64-bit word at a fixed address, one function for each operation and
// memory order IoCCore uses. For IoCCore's `AtomicCell` and `AtomicBuffer` where
// `Synchronization.Atomic` cannot be stored: on Apple platforms (it is unavailable below iOS 18
// / macOS 15), and wherever IOC_FALLBACK is set (`make test-fallback`). Static and inline,
// so that Swift compiles them into its callers; Clang's builtins, so that ThreadSanitizer sees
// each one.

static inline uint64_t ioc_atomic_load_relaxed(uint64_t *word) {
    return __atomic_load_n(word, __ATOMIC_RELAXED);
}

static inline uint64_t ioc_atomic_load_acquire(uint64_t *word) {
    return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

static inline void ioc_atomic_store_release(uint64_t *word, uint64_t value) {
    __atomic_store_n(word, value, __ATOMIC_RELEASE);
}

static inline uint64_t ioc_atomic_exchange_acq_rel(uint64_t *word, uint64_t value) {
    return __atomic_exchange_n(word, value, __ATOMIC_ACQ_REL);
}

/// Stores `desired` when the word holds `*expected`; else writes what it holds to `*expected`.
static inline bool ioc_atomic_compare_exchange_acq_rel(uint64_t *word, uint64_t *expected, uint64_t desired) {
    return __atomic_compare_exchange_n(word, expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

/// Adds `delta` (wrapping) and returns the value before.
static inline uint64_t ioc_atomic_fetch_add_relaxed(uint64_t *word, uint64_t delta) {
    return __atomic_fetch_add(word, delta, __ATOMIC_RELAXED);
}

#endif
