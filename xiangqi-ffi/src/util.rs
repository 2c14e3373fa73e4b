//! The panic boundary and the helpers for pointers and strings shared by every function.

use crate::status::xq_status;
use std::ffi::{c_char, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Runs `body` inside a panic boundary: a panic becomes `xq_status::Internal`.
pub(crate) fn guard(body: impl FnOnce() -> Result<(), xq_status>) -> xq_status {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => xq_status::Ok,
        Ok(Err(status)) => status,
        Err(_) => xq_status::Internal,
    }
}

/// A shared reference from a pointer, or `NullArgument`.
///
/// # Safety
/// `ptr` must be NULL or point to a live `T` that nobody mutates for the lifetime `'a`.
pub(crate) unsafe fn from_ptr<'a, T>(ptr: *const T) -> Result<&'a T, xq_status> {
    // SAFETY: the caller guarantees ptr is NULL or valid for reads for 'a.
    unsafe { ptr.as_ref() }.ok_or(xq_status::NullArgument)
}

/// An exclusive reference from a pointer, or `NullArgument`.
///
/// # Safety
/// `ptr` must be NULL or point to a live `T` that nobody else uses for the lifetime `'a`.
pub(crate) unsafe fn from_mut_ptr<'a, T>(ptr: *mut T) -> Result<&'a mut T, xq_status> {
    // SAFETY: the caller guarantees ptr is NULL or valid and unaliased for 'a.
    unsafe { ptr.as_mut() }.ok_or(xq_status::NullArgument)
}

/// Writes `value` through an output pointer (already checked non-NULL by the caller's contract).
///
/// # Safety
/// `out` must be NULL or valid for writes of `T`.
pub(crate) unsafe fn write_out<T>(out: *mut T, value: T) -> Result<(), xq_status> {
    if out.is_null() {
        return Err(xq_status::NullArgument);
    }
    // SAFETY: checked non-NULL; the caller guarantees it is valid for writes.
    unsafe { out.write(value) };
    Ok(())
}

/// A `&str` from a NUL-terminated UTF-8 C string.
///
/// # Safety
/// `ptr` must be NULL or point to a NUL-terminated string that lives for `'a`.
pub(crate) unsafe fn c_str<'a>(ptr: *const c_char) -> Result<&'a str, xq_status> {
    if ptr.is_null() {
        return Err(xq_status::NullArgument);
    }
    // SAFETY: checked non-NULL; the caller guarantees NUL termination and lifetime.
    let bytes = unsafe { CStr::from_ptr(ptr) };
    bytes.to_str().map_err(|_| xq_status::InvalidUtf8)
}

/// Copies `text` plus a NUL into `buf` of `len` bytes and stores the needed size in `needed`.
/// Returns `BufferTooSmall` (with `needed` written) when it does not fit.
///
/// # Safety
/// `buf` must be NULL or valid for `len` bytes of writes; `needed` NULL or valid for a write.
pub(crate) unsafe fn write_str(
    text: &str,
    buf: *mut c_char,
    len: usize,
    needed: *mut usize,
) -> Result<(), xq_status> {
    let size = text.len() + 1;
    if !needed.is_null() {
        // SAFETY: checked non-NULL; the caller guarantees it is valid for a write.
        unsafe { needed.write(size) };
    }
    if buf.is_null() {
        return Err(if len == 0 {
            xq_status::BufferTooSmall
        } else {
            xq_status::NullArgument
        });
    }
    if len < size {
        return Err(xq_status::BufferTooSmall);
    }
    // SAFETY: buf is valid for len >= size bytes; text and buf cannot overlap (buf is the caller's).
    unsafe {
        std::ptr::copy_nonoverlapping(text.as_ptr(), buf.cast::<u8>(), text.len());
        buf.add(text.len()).write(0);
    }
    Ok(())
}
