//! A fixed set of threads that run engine work, first come first served.
//!
//! Blocking threads, not a rayon pool: rayon's idle workers spin before they sleep, which on a
//! small machine takes the CPU the HTTP workers and the engine need (measured: 2,663 requests/s
//! on 2 cores against 7,636 with tokio's blocking pool). Here an idle thread sleeps in the
//! channel and costs nothing.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};

type Job = Box<dyn FnOnce() + Send + 'static>;

/// The threads and the queue they take jobs from; dropping it lets the threads end once the
/// queue is empty.
pub(crate) struct ComputePool {
    queue: mpsc::Sender<Job>,
}

impl ComputePool {
    /// Starts `threads` threads named `seoladh-compute-N`.
    ///
    /// # Errors
    /// The OS refuses a thread.
    pub(crate) fn new(threads: usize) -> std::io::Result<Self> {
        let (queue, jobs) = mpsc::channel::<Job>();
        let jobs = Arc::new(Mutex::new(jobs));
        for i in 0..threads {
            let jobs = Arc::clone(&jobs);
            std::thread::Builder::new()
                .name(format!("seoladh-compute-{i}"))
                .spawn(move || loop {
                    // One thread waits in `recv` holding the lock, the others on the lock.
                    let job = jobs.lock().unwrap_or_else(|p| p.into_inner()).recv();
                    let Ok(job) = job else { break };
                    // A job catches its own panics; this keeps the thread if one does not.
                    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
                })?;
        }
        Ok(ComputePool { queue })
    }

    /// Queues `job`; it runs when a thread is free.
    pub(crate) fn spawn(&self, job: impl FnOnce() + Send + 'static) {
        // The receiver lives as long as any thread does; without threads the job is dropped and
        // its caller sees its channel closed.
        let _ = self.queue.send(Box::new(job));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_run_and_a_panic_keeps_the_thread() {
        let pool = ComputePool::new(1).unwrap();
        let (tx, rx) = mpsc::channel();
        pool.spawn(|| panic!("on purpose"));
        for i in 0..3 {
            let tx = tx.clone();
            pool.spawn(move || tx.send(i).unwrap());
        }
        let got: Vec<i32> = (0..3).map(|_| rx.recv().unwrap()).collect();
        assert_eq!(got, [0, 1, 2], "one thread runs jobs in order");
    }
}
