//! The search threads: started once (when `Threads` is set) and reused by every search.
//!
//! Each thread waits on its own crossbeam channel for a job. A search sends the main worker's
//! job to thread 0 and one helper job to each of threads 1.., so starting a search costs a few
//! channel messages instead of thread creation. Stopping is not done here: the jobs watch the
//! search's atomics ([`super::Control`]) and return; the pool only starts them.

use crossbeam_channel::{unbounded, Sender};
use std::thread::JoinHandle;

/// Work for one pool thread.
pub type Job = Box<dyn FnOnce() + Send + 'static>;

/// Stack of a search thread: recursion to `MAX_PLY` with per-node move lists needs more than
/// the 2 MiB default on wide boards.
const STACK_BYTES: usize = 16 << 20;

enum Msg {
    Run(Job),
    Quit,
}

struct Slot {
    tx: Sender<Msg>,
    handle: Option<JoinHandle<()>>,
}

/// The threads. Dropping the pool ends them after their current job.
pub struct Pool {
    slots: Vec<Slot>,
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool")
            .field("threads", &self.slots.len())
            .finish()
    }
}

/// A cheap, clonable way to give jobs to the pool's threads (held by a running search).
#[derive(Clone, Default)]
pub struct PoolHandle {
    senders: Vec<Sender<Msg>>,
}

impl std::fmt::Debug for PoolHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PoolHandle")
            .field("threads", &self.senders.len())
            .finish()
    }
}

fn spawn(index: usize) -> Option<Slot> {
    let (tx, rx) = unbounded::<Msg>();
    let handle = std::thread::Builder::new()
        .name(format!("search-{index}"))
        .stack_size(STACK_BYTES)
        .spawn(move || {
            // Ends on `Quit` or when every sender is gone.
            while let Ok(Msg::Run(job)) = rx.recv() {
                job();
            }
        })
        .ok()?;
    Some(Slot {
        tx,
        handle: Some(handle),
    })
}

impl Pool {
    /// A pool of `n` threads (at least one). If the system refuses a thread, the pool is
    /// smaller; searches then use the threads there are.
    pub fn new(n: usize) -> Pool {
        let mut p = Pool { slots: Vec::new() };
        p.resize(n);
        p
    }

    /// Number of threads.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the pool has no thread (only when the system refused every one).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Grows or shrinks to `n` threads (at least one). Call only when no search runs: a
    /// thread that is removed finishes its current job first, and this waits for it.
    pub fn resize(&mut self, n: usize) {
        let n = n.max(1);
        while self.slots.len() > n {
            if let Some(mut s) = self.slots.pop() {
                let _ = s.tx.send(Msg::Quit);
                if let Some(h) = s.handle.take() {
                    let _ = h.join();
                }
            }
        }
        while self.slots.len() < n {
            match spawn(self.slots.len()) {
                Some(s) => self.slots.push(s),
                None => break,
            }
        }
    }

    /// A handle for giving jobs to the threads.
    pub fn handle(&self) -> PoolHandle {
        PoolHandle {
            senders: self.slots.iter().map(|s| s.tx.clone()).collect(),
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.resize_to_zero();
    }
}

impl Pool {
    fn resize_to_zero(&mut self) {
        for s in &self.slots {
            let _ = s.tx.send(Msg::Quit);
        }
        for s in &mut self.slots {
            if let Some(h) = s.handle.take() {
                let _ = h.join();
            }
        }
        self.slots.clear();
    }
}

impl PoolHandle {
    /// Number of threads reachable through this handle.
    pub fn len(&self) -> usize {
        self.senders.len()
    }

    /// Whether no thread is reachable (a handle made by `Default`: searches then run only on
    /// the calling thread).
    pub fn is_empty(&self) -> bool {
        self.senders.is_empty()
    }

    /// Runs `job` on thread `i`. Gives the job back when there is no such thread or it has
    /// ended, so the caller can run it elsewhere or drop it.
    pub fn execute(&self, i: usize, job: Job) -> Result<(), Job> {
        let Some(tx) = self.senders.get(i) else {
            return Err(job);
        };
        tx.send(Msg::Run(job)).map_err(|e| match e.0 {
            Msg::Run(job) => job,
            Msg::Quit => Box::new(|| {}),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    #[test]
    fn threads_are_reused_and_resized() {
        let mut pool = Pool::new(3);
        assert_eq!(pool.len(), 3);
        let h = pool.handle();
        let names = Arc::new(std::sync::Mutex::new(Vec::new()));
        for round in 0..2 {
            let (tx, rx) = crossbeam_channel::bounded(3);
            for i in 0..3 {
                let (tx, names) = (tx.clone(), Arc::clone(&names));
                let job: Job = Box::new(move || {
                    let name = std::thread::current().name().map(str::to_string);
                    names.lock().expect("lock").push((round, i, name));
                    let _ = tx.send(());
                });
                assert!(h.execute(i, job).is_ok());
            }
            for _ in 0..3 {
                rx.recv().expect("job done");
            }
        }
        let names = names.lock().expect("lock").clone();
        // The same named thread ran job `i` in both rounds.
        for (_, i, name) in &names {
            assert_eq!(name.as_deref(), Some(format!("search-{i}").as_str()));
        }
        assert_eq!(names.len(), 6);
        drop(h);
        pool.resize(1);
        assert_eq!(pool.len(), 1);
        let h = pool.handle();
        let count = Arc::new(AtomicUsize::new(0));
        let c = Arc::clone(&count);
        let (tx, rx) = crossbeam_channel::bounded(1);
        assert!(h
            .execute(
                0,
                Box::new(move || {
                    c.fetch_add(1, Ordering::Relaxed);
                    let _ = tx.send(());
                })
            )
            .is_ok());
        rx.recv().expect("done");
        assert_eq!(count.load(Ordering::Relaxed), 1);
        assert!(h.execute(1, Box::new(|| {})).is_err());
    }
}
