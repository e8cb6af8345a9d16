//! Cache prefetch hints. The matcher's hot loops read rows and lists at scattered places of a
//! 350 MB index; a hint issued a few iterations ahead lets those loads overlap the work instead
//! of stalling it. A hint never changes what is read, only when the memory arrives.

use crate::index::lists::Lists;
use crate::index::tables::{Elements, Places};

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

/// Cache prefetch hints for the matcher's scattered reads, with the sections looked up once.
/// A hint changes when memory arrives, never what is read; list data is two hops away (offset,
/// then bytes), so its offset is hinted some iterations before the bytes.
#[derive(Clone, Copy)]
pub struct Prefetcher<'a> {
    pub(super) elements: &'a [u8],
    pub(super) variants: Lists<'a>,
    pub(super) term_frequencies: &'a [u8],
    pub(super) places: &'a [u8],
    pub(super) element_places: Lists<'a>,
}

impl Prefetcher<'_> {
    /// Element `ord`'s row and where its variants are.
    #[inline]
    pub fn element(&self, ord: u32) {
        prefetch(self.elements, ord as usize * Elements::WIDTH);
        self.variants.prefetch_offset(ord as usize);
    }

    /// Element `ord`'s variants (after [`Prefetcher::element`]).
    #[inline]
    pub fn element_variants(&self, ord: u32) {
        self.variants.prefetch_list(ord as usize);
    }

    /// Term `term`'s frequency.
    #[inline]
    pub fn term_frequency(&self, term: u32) {
        prefetch(self.term_frequencies, term as usize * 4);
    }

    /// Place `ord`'s row.
    #[inline]
    pub fn place(&self, ord: u32) {
        prefetch(self.places, ord as usize * Places::WIDTH);
    }

    /// Where element `ord`'s places are.
    #[inline]
    pub fn element_places_offset(&self, ord: u32) {
        self.element_places.prefetch_offset(ord as usize);
    }

    /// Element `ord`'s places (after [`Prefetcher::element_places_offset`]).
    #[inline]
    pub fn element_places(&self, ord: u32) {
        self.element_places.prefetch_list(ord as usize);
    }
}
