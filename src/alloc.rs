//! The allocator of the `gobook` command, its benches and examples: mimalloc, called through
//! its plain entry points whenever they give the alignment asked for.
//!
//! The `mimalloc` crate passes every request to `mi_malloc_aligned`, which for the usual
//! alignments only checks it and then does what `mi_malloc` does; the SGF reader allocates
//! tens of thousands of small blocks per megabyte, so the detour showed in its profile.

use libmimalloc_sys as mi;
use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

/// The alignment mimalloc gives any block of at least that size (`MI_MAX_ALIGN_SIZE`).
const PLAIN_ALIGN: usize = 16;

/// mimalloc as the global allocator (see the module comment).
pub struct Allocator;

/// Whether a plain `mi_malloc` of `size` bytes is aligned enough: mimalloc's own test
/// (`mi_malloc_is_naturally_aligned`) before it takes the same path.
#[inline(always)]
fn plain(size: usize, align: usize) -> bool {
    align <= PLAIN_ALIGN && align <= size
}

/// A new block from mimalloc's plain entry point, or from its aligned one when the plain one
/// would not give the alignment.
///
/// # Safety
/// As for [`GlobalAlloc::alloc`]: `layout` has a non-zero size.
#[inline(always)]
unsafe fn new_block(
    layout: Layout,
    plain_fn: unsafe extern "C" fn(usize) -> *mut c_void,
    aligned_fn: unsafe extern "C" fn(usize, usize) -> *mut c_void,
) -> *mut u8 {
    // SAFETY: both are mimalloc's allocation functions, called with the sizes they take.
    unsafe {
        if plain(layout.size(), layout.align()) {
            plain_fn(layout.size()).cast()
        } else {
            aligned_fn(layout.size(), layout.align()).cast()
        }
    }
}

// SAFETY: every path hands the request to mimalloc, which returns null or a block of at least
// `size` bytes at the alignment asked for: its aligned entry points always, its plain ones
// only when `plain` holds, where mimalloc's own aligned path would make the same call.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        unsafe { new_block(layout, mi::mi_malloc, mi::mi_malloc_aligned) }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        unsafe { new_block(layout, mi::mi_zalloc, mi::mi_zalloc_aligned) }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        mi::mi_free(ptr.cast::<c_void>());
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if plain(new_size, layout.align()) {
            mi::mi_realloc(ptr.cast::<c_void>(), new_size).cast()
        } else {
            mi::mi_realloc_aligned(ptr.cast::<c_void>(), new_size, layout.align()).cast()
        }
    }
}
