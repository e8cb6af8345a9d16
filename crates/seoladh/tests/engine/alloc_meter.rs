//! The test binary's global allocator: it counts, per thread, allocations, bytes live and their
//! peak, and can refuse any request that would take a thread past a ceiling. Per thread, so the
//! other tests of this binary, running on their own threads, do not disturb a measurement.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Meter;

thread_local! {
    // `const` initialisation: reading them never allocates, so the allocator may use them.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
    static CEILING: Cell<usize> = const { Cell::new(0) };
}

/// Accounts for `grow` more bytes on this thread; `false` when that passes the ceiling.
fn take(grow: usize) -> bool {
    // `try_with`: during a thread's teardown the slots may already be gone.
    let live = LIVE.try_with(Cell::get).unwrap_or(0);
    let ceiling = CEILING.try_with(Cell::get).unwrap_or(0);
    let after = live.saturating_add(grow as isize);
    if ceiling > 0 && after > ceiling as isize {
        return false;
    }
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
    let _ = LIVE.try_with(|n| n.set(after));
    let _ = PEAK.try_with(|p| p.set(p.get().max(after)));
    true
}

fn give(shrink: usize) {
    let _ = LIVE.try_with(|n| n.set(n.get() - shrink as isize));
}

unsafe impl GlobalAlloc for Meter {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if !take(layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        give(layout.size());
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if !take(new_size) {
            return std::ptr::null_mut();
        }
        // SAFETY: forwarded unchanged to the system allocator.
        let moved = unsafe { System.realloc(ptr, layout, new_size) };
        if moved.is_null() {
            give(new_size);
        } else {
            give(layout.size());
        }
        moved
    }
}

#[global_allocator]
static GLOBAL: Meter = Meter;

/// Allocations (and reallocations) made by this thread so far.
pub fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

/// Starts a new peak measurement on this thread and refuses any allocation that would take the
/// bytes it holds more than `ceiling` past what it holds now (a refused allocation aborts the
/// process with "memory allocation of N bytes failed": the test fails loudly instead of
/// exhausting the machine). Returns the bytes held now.
pub fn limit_growth(ceiling: usize) -> isize {
    let live = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(live));
    CEILING.with(|c| c.set(live.max(0) as usize + ceiling));
    live
}

/// The most bytes this thread held since [`limit_growth`].
pub fn peak() -> isize {
    PEAK.with(Cell::get)
}

/// Lifts the ceiling of [`limit_growth`].
pub fn unlimit() {
    CEILING.with(|c| c.set(0));
}
