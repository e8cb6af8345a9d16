//! Which connections are waiting for a request head, and closing the one that has waited
//! longest when the connection cap is reached: silent, trickling and idle keep-alive connections
//! give way to a client with a request in hand (`/health` included), as long as any of them has
//! waited more than a fortieth of the header timeout (250 ms by default).
//!
//! A connection is *waiting* from its opening, and from each response it was sent, until the
//! end of a request head (`\r\n\r\n`) arrives; then it is *busy* until its response is flushed.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::Waker;
use std::time::{Duration, Instant};

/// `waiting_since` of a busy connection.
const BUSY: u64 = u64::MAX;

/// One connection's state, shared by its stream and the accept loop.
#[derive(Debug)]
pub(crate) struct Slot {
    epoch: Instant,
    /// Milliseconds after `epoch` since which it waits for a request head, or [`BUSY`].
    waiting_since: AtomicU64,
    evicted: AtomicBool,
    /// Woken to close the connection when it is evicted.
    reader: Mutex<Option<Waker>>,
}

impl Slot {
    fn now(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(BUSY - 1)
    }

    /// A request head is complete: busy until its response is out.
    pub(crate) fn busy(&self) {
        self.waiting_since.store(BUSY, Ordering::Relaxed);
    }

    /// A response is out: waiting for the next head.
    pub(crate) fn waiting(&self) {
        self.waiting_since.store(self.now(), Ordering::Relaxed);
    }

    /// Whether the accept loop asked this connection to close.
    pub(crate) fn is_evicted(&self) -> bool {
        self.evicted.load(Ordering::Relaxed)
    }

    /// Remembers who to wake when the connection is evicted while its read is pending.
    pub(crate) fn park(&self, waker: &Waker) {
        let mut slot = self.reader.lock().unwrap_or_else(|p| p.into_inner());
        if !slot.as_ref().is_some_and(|w| w.will_wake(waker)) {
            *slot = Some(waker.clone());
        }
    }
}

/// Every open connection's [`Slot`].
#[derive(Debug)]
pub(crate) struct Registry {
    epoch: Instant,
    next: AtomicU64,
    slots: Mutex<HashMap<u64, Arc<Slot>>>,
}

impl Registry {
    pub(crate) fn new() -> Registry {
        Registry {
            epoch: Instant::now(),
            next: AtomicU64::new(0),
            slots: Mutex::new(HashMap::new()),
        }
    }

    /// A slot for a new connection (waiting from now), and its key for [`Registry::remove`].
    pub(crate) fn add(&self) -> (u64, Arc<Slot>) {
        let slot = Arc::new(Slot {
            epoch: self.epoch,
            waiting_since: AtomicU64::new(0),
            evicted: AtomicBool::new(false),
            reader: Mutex::new(None),
        });
        slot.waiting();
        let key = self.next.fetch_add(1, Ordering::Relaxed);
        self.lock().insert(key, Arc::clone(&slot));
        (key, slot)
    }

    pub(crate) fn remove(&self, key: u64) {
        self.lock().remove(&key);
    }

    /// Closes the connection that has waited longest for a request head, if one has waited at
    /// least `min_wait`; whether one was.
    pub(crate) fn evict_longest_waiting(&self, min_wait: Duration) -> bool {
        let now = u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(BUSY - 1);
        let min_wait = u64::try_from(min_wait.as_millis()).unwrap_or(BUSY);
        let slots = self.lock();
        // Ties (the same millisecond) go to the connection opened first.
        let oldest = slots
            .iter()
            .filter(|(_, s)| !s.is_evicted())
            .map(|(key, s)| (s.waiting_since.load(Ordering::Relaxed), *key, s))
            .filter(|&(since, _, _)| since != BUSY && now.saturating_sub(since) >= min_wait)
            .min_by_key(|&(since, key, _)| (since, key));
        let Some((_, _, slot)) = oldest else {
            return false;
        };
        slot.evicted.store(true, Ordering::Relaxed);
        let waker = slot.reader.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(w) = waker {
            w.wake();
        }
        true
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Arc<Slot>>> {
        self.slots.lock().unwrap_or_else(|p| p.into_inner())
    }
}
