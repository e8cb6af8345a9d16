//! Cache prefetch hints. The matcher's hot loops read rows and lists at scattered places of a
//! 350 MB index; a hint issued a few iterations ahead lets those loads overlap the work instead
//! of stalling it. A hint never changes what is read, only when the memory arrives.

/// Asks the CPU to start loading the cache line holding `bytes[at]` (nothing when `at` is out
/// of range or the target has no prefetch instruction).
#[inline(always)]
pub(crate) fn prefetch(bytes: &[u8], at: usize) {
    if let Some(b) = bytes.get(at) {
        line(b);
    }
}

#[inline(always)]
fn line<T>(p: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint: it reads nothing into the program, cannot fault, and SSE is
    // part of the x86_64 baseline. `p` is a live reference in any case.
    #[allow(unused_unsafe)]
    unsafe {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((p as *const T).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// Prefetches the slot of a slice of plain values (see [`prefetch`]).
#[inline(always)]
pub(crate) fn prefetch_item<T>(items: &[T], at: usize) {
    if let Some(x) = items.get(at) {
        line(x);
    }
}
