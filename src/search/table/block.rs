//! The table's memory: one block of zeroed memory that the system maps on first use, and a
//! thread that faults in a part of it before the search first writes there.
//!
//! On this class of machine the first write to a page costs far more than the search's later
//! accesses: a table that doubles its region pays that inside the doubling, on the search's
//! thread, unless the pages were faulted in beforehand (`docs/performance-log.md`,
//! "Up to 982de80", "Memory first touched is dear here").
//!
//! A block given back is kept (one at a time) for the next table of its size, which zeroes
//! only the bytes its owner wrote: a run of searches, such as a collection's
//! problems one after another, has its pages faulted in once, not once a problem.

use std::ptr::NonNull;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// Bytes of a transparent huge page on x86-64 Linux.
pub(super) const HUGE_PAGE: usize = 2 << 20;

/// Bytes faulted in at a time, so a stop request is seen soon: one huge page.
const CHUNK: usize = HUGE_PAGE;

/// A block of zeroed memory, page aligned.
pub(super) struct Block {
    ptr: NonNull<u8>,
    bytes: usize,
    prefault: Mutex<Option<Prefault>>,
    /// The bytes from the start that the owner may have written ([`Block::touch`]). Faulting in
    /// ahead writes nothing.
    touched: AtomicUsize,
}

/// A block given back, mapped still, whose first `dirty` bytes must be zeroed before use.
struct Spare {
    ptr: NonNull<u8>,
    bytes: usize,
    dirty: usize,
}

// SAFETY: a spare block is memory that no one else refers to, moved between threads whole.
unsafe impl Send for Spare {}

impl Spare {
    fn unmap(self) {
        // SAFETY: the spare is one whole mapping made by `map_zeroed`, referred to by no one.
        unsafe { sys::unmap(self.ptr.as_ptr(), self.bytes) }
    }
}

/// At most one block given back, kept mapped for the next block of its size.
struct Pool(Mutex<Option<Spare>>);

impl Pool {
    /// The spare block's memory if it has `bytes`, zeroed; a spare of another size is unmapped.
    fn take(&self, bytes: usize) -> Option<NonNull<u8>> {
        let spare = self.0.lock().unwrap_or_else(|e| e.into_inner()).take()?;
        if spare.bytes != bytes {
            spare.unmap();
            return None;
        }
        // SAFETY: the spare's first `dirty` bytes lie within it, and no one else refers to it.
        unsafe { spare.ptr.as_ptr().write_bytes(0, spare.dirty) };
        Some(spare.ptr)
    }

    /// Keeps `spare`, unmapping the one kept before.
    fn give(&self, spare: Spare) {
        let before = self
            .0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .replace(spare);
        if let Some(before) = before {
            before.unmap();
        }
    }
}

/// The blocks given back.
static SPARE: Pool = Pool(Mutex::new(None));

// SAFETY: the block owns its memory as a `Box<[u8]>` does; the prefault thread only faults
// pages in (no byte changes) and is joined before the memory is given back.
unsafe impl Send for Block {}
// SAFETY: as for `Send`: the block hands out its memory only as a pointer to its owner.
unsafe impl Sync for Block {}

/// A thread faulting in a range of the block.
struct Prefault {
    stop: Arc<AtomicBool>,
    /// The thread; it returns the bytes it faulted in.
    handle: JoinHandle<usize>,
}

impl Block {
    /// `bytes` (non-zero) of zeroed memory: the spare block if it has that size (its used part
    /// zeroed), else memory mapped on first use, with huge pages asked for; `None` when the
    /// system refuses.
    pub(super) fn map(bytes: usize) -> Option<Block> {
        let ptr = match SPARE.take(bytes) {
            Some(ptr) => ptr,
            None => NonNull::new(sys::map_zeroed(bytes)?)?,
        };
        Some(Block {
            ptr,
            bytes,
            prefault: Mutex::new(None),
            touched: AtomicUsize::new(0),
        })
    }

    /// Notes that the first `bytes` of the block may have been written.
    pub(super) fn touch(&self, bytes: usize) {
        self.touched.fetch_max(bytes.min(self.bytes), Relaxed);
    }

    /// The first byte.
    pub(super) fn as_ptr(&self) -> *mut u8 {
        self.ptr.as_ptr()
    }

    /// Starts faulting in bytes `from..to` of the block on another thread, as if written but
    /// with every byte unchanged (nothing, if the system gives no thread). An earlier request is
    /// ended first.
    pub(super) fn prefault(&self, from: usize, to: usize) {
        let to = to.min(self.bytes);
        if !sys::CAN_PREFAULT || from >= to {
            return;
        }
        let mut current = self.prefault.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(p) = current.take() {
            p.finish();
        }
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let start = self.ptr.as_ptr() as usize + from;
        let bytes = to - from;
        let spawned = std::thread::Builder::new()
            .name("tsume-prefault".to_string())
            .stack_size(64 << 10)
            // SAFETY: the range lies within the block, whose owner joins this thread before
            // the memory is given back.
            .spawn(move || unsafe { fault_in(start, bytes, &flag) });
        // Without a thread the pages are faulted in by the search, as without this.
        if let Ok(handle) = spawned {
            *current = Some(Prefault { stop, handle });
        }
    }

    /// Waits for the prefault thread, if any, to finish; the bytes it faulted in.
    #[cfg(test)]
    pub(super) fn wait_prefault(&self) -> usize {
        let p = self
            .prefault
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        p.map_or(0, |p| p.join())
    }
}

/// Faults in `bytes` from address `start`, a chunk at a time, until done, refused or `stop` is
/// set; the bytes faulted in.
///
/// # Safety
/// The range must lie within a live block for the whole call.
unsafe fn fault_in(start: usize, bytes: usize, stop: &AtomicBool) -> usize {
    let mut done = 0;
    while done < bytes && !stop.load(Relaxed) {
        let len = CHUNK.min(bytes - done);
        // SAFETY: within the range the caller keeps mapped.
        if !unsafe { sys::populate(start + done, len) } {
            break;
        }
        done += len;
    }
    done
}

impl Prefault {
    /// Stops the thread and waits for it.
    fn finish(self) {
        self.stop.store(true, Relaxed);
        self.join();
    }

    /// Waits for the thread; the bytes it faulted in.
    fn join(self) -> usize {
        self.handle.join().unwrap_or(0)
    }
}

impl Drop for Block {
    /// Keeps the block as the spare (the spare before is unmapped).
    fn drop(&mut self) {
        let p = self.prefault.get_mut().unwrap_or_else(|e| e.into_inner());
        if let Some(p) = p.take() {
            p.finish();
        }
        SPARE.give(Spare {
            ptr: self.ptr,
            bytes: self.bytes,
            dirty: self.touched.load(Relaxed),
        });
    }
}

#[cfg(target_os = "linux")]
mod sys {
    /// Whether [`populate`] can fault in pages.
    pub const CAN_PREFAULT: bool = true;

    pub fn map_zeroed(bytes: usize) -> Option<*mut u8> {
        // SAFETY: an anonymous private mapping of a fresh range: no file, no existing memory.
        let ptr = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                bytes,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if ptr == libc::MAP_FAILED {
            return None;
        }
        // SAFETY: the range is the mapping just made; madvise only changes how it is paged (a
        // hint that may be refused, which changes nothing else).
        unsafe {
            libc::madvise(ptr, bytes, libc::MADV_HUGEPAGE);
        }
        Some(ptr as *mut u8)
    }

    /// Faults in `bytes` from `start` for writing, leaving every byte as it is; false when the
    /// system cannot (before Linux 5.14).
    ///
    /// # Safety
    /// The range must lie within a live mapping made by [`map_zeroed`].
    pub unsafe fn populate(start: usize, bytes: usize) -> bool {
        // SAFETY: the caller keeps the range mapped; populating changes no byte of it.
        unsafe { libc::madvise(start as *mut libc::c_void, bytes, libc::MADV_POPULATE_WRITE) == 0 }
    }

    /// # Safety
    /// `ptr` and `bytes` must be exactly one mapping made by [`map_zeroed`], unmapped once.
    pub unsafe fn unmap(ptr: *mut u8, bytes: usize) {
        // SAFETY: as the caller promises.
        unsafe {
            libc::munmap(ptr as *mut libc::c_void, bytes);
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod sys {
    use std::alloc::{alloc_zeroed, dealloc, Layout};

    /// Whether [`populate`] can fault in pages.
    pub const CAN_PREFAULT: bool = false;

    pub fn map_zeroed(bytes: usize) -> Option<*mut u8> {
        let layout = Layout::from_size_align(bytes, 4096).ok()?;
        // SAFETY: the layout has a non-zero size.
        let ptr = unsafe { alloc_zeroed(layout) };
        (!ptr.is_null()).then_some(ptr)
    }

    /// # Safety
    /// Nothing is touched.
    pub unsafe fn populate(_start: usize, _bytes: usize) -> bool {
        false
    }

    /// # Safety
    /// `ptr` and `bytes` must come from one [`map_zeroed`], freed once.
    pub unsafe fn unmap(ptr: *mut u8, bytes: usize) {
        let layout = Layout::from_size_align(bytes, 4096).expect("a valid layout");
        // SAFETY: as the caller promises.
        unsafe { dealloc(ptr, layout) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefaulting_changes_no_byte() {
        let bytes = 3 * CHUNK + 4096;
        let block = Block::map(bytes).expect("a small block");
        let ptr = block.as_ptr();
        for i in (0..bytes).step_by(1021) {
            // SAFETY: within the block, which no other thread writes.
            unsafe { ptr.add(i).write(i as u8 | 1) };
        }
        block.touch(bytes);
        // Faulted in whole where the system can (the range asked for is cut at the block's end).
        let whole = |n: usize| if sys::CAN_PREFAULT { n } else { 0 };
        block.prefault(4096, bytes);
        assert_eq!(block.wait_prefault(), whole(bytes - 4096));
        block.prefault(0, 2 * bytes);
        assert_eq!(block.wait_prefault(), whole(bytes));
        for i in 0..bytes {
            let expected = if i % 1021 == 0 { i as u8 | 1 } else { 0 };
            // SAFETY: within the block, which no other thread writes.
            assert_eq!(unsafe { ptr.add(i).read() }, expected, "byte {i}");
        }
    }

    #[test]
    fn a_spare_block_is_taken_again_zeroed_where_it_was_written() {
        let pool = Pool(Mutex::new(None));
        let bytes = 2 * CHUNK;
        let ptr = NonNull::new(sys::map_zeroed(bytes).expect("a small block")).unwrap();
        // SAFETY: within the mapping, which no other thread refers to.
        unsafe { ptr.as_ptr().write_bytes(0xa5, 4096) };
        pool.give(Spare {
            ptr,
            bytes,
            dirty: 4096,
        });
        assert_eq!(pool.take(bytes), Some(ptr), "the same memory, still mapped");
        // SAFETY: as above.
        let all = unsafe { std::slice::from_raw_parts(ptr.as_ptr(), bytes) };
        assert!(all.iter().all(|&b| b == 0));
        assert_eq!(pool.take(bytes), None, "taken once");
        // A spare of another size is given back to the system, not kept.
        pool.give(Spare {
            ptr,
            bytes,
            dirty: 0,
        });
        assert_eq!(pool.take(bytes - 4096), None);
        assert_eq!(pool.take(bytes), None);
    }

    #[test]
    fn a_stopped_prefault_faults_in_nothing_more() {
        let block = Block::map(4 * CHUNK).expect("a small block");
        let start = block.as_ptr() as usize;
        // SAFETY: the range is the block, alive for the calls.
        let (stopped, running) = unsafe {
            (
                fault_in(start, 4 * CHUNK, &AtomicBool::new(true)),
                fault_in(start, 4 * CHUNK, &AtomicBool::new(false)),
            )
        };
        assert_eq!(stopped, 0);
        assert_eq!(running, if sys::CAN_PREFAULT { 4 * CHUNK } else { 0 });
    }
}
