//! The table's memory: one block of zeroed memory that the system maps on first use, and a
//! thread that faults in a part of it before the search first writes there.
//!
//! On this class of machine the first write to a page costs far more than the search's later
//! accesses (2.4 s a gigabyte): a table that doubles its region pays that inside the doubling,
//! on the search's thread, unless the pages were faulted in beforehand.

use std::ptr::NonNull;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// Bytes faulted in at a time, so a stop request is seen soon: one huge page.
const CHUNK: usize = 2 << 20;

/// A block of zeroed memory, page aligned.
pub(super) struct Block {
    ptr: NonNull<u8>,
    bytes: usize,
    prefault: Mutex<Option<Prefault>>,
}

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
    /// `bytes` (non-zero) of zeroed memory, mapped on first use, with huge pages asked for;
    /// `None` when the system refuses.
    pub(super) fn map(bytes: usize) -> Option<Block> {
        Some(Block {
            ptr: NonNull::new(sys::map_zeroed(bytes)?)?,
            bytes,
            prefault: Mutex::new(None),
        })
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
        p.map_or(0, |p| p.handle.join().unwrap_or(0))
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
        let _ = self.handle.join();
    }
}

impl Drop for Block {
    fn drop(&mut self) {
        let p = self.prefault.get_mut().unwrap_or_else(|e| e.into_inner());
        if let Some(p) = p.take() {
            p.finish();
        }
        // SAFETY: the block was mapped by `map` with this size and is given back once, no
        // thread touching it any more.
        unsafe { sys::unmap(self.ptr.as_ptr(), self.bytes) }
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
