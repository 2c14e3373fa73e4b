//! The C ABI of the xiangqi toolkit. The header `include/xiangqi.h` is generated from this crate
//! by cbindgen (`make header`) and committed; its first comment states the conventions every
//! function follows (status codes, outputs by pointer, strings, handles, thread safety).
//!
//! Every exported function has the same shape: arguments checked (NULL and out-of-range values
//! give a status), the body inside a panic boundary, outputs written last and only on success.
//!
//! Where things are: `game.rs` (`xq_game`, moves, notations, outcomes, perft, and the header's
//! numbered constants; `game_value`, `game_change` and `hand_out` are the steps its functions
//! share), `engine.rs` (`xq_engine`: options, search, levels; `lock_idle`), `records.rs` (games
//! from PGN, XQF and DhtmlXQ bytes), `status.rs` (status codes and their texts), `util.rs` (the
//! panic boundary, pointer checks, string outputs).

#![allow(non_camel_case_types)]

mod engine;
mod game;
mod records;
mod status;
mod util;

pub use engine::*;
pub use game::*;
pub use records::*;
pub use status::{xq_status, xq_status_message};

use std::ffi::c_char;

/// Major version of the library (from Cargo.toml; a test keeps them equal).
pub const XQ_VERSION_MAJOR: u32 = 0;
/// Minor version of the library.
pub const XQ_VERSION_MINOR: u32 = 1;
/// Patch version of the library.
pub const XQ_VERSION_PATCH: u32 = 0;
/// Version of the C ABI: raised whenever a function, type or constant changes incompatibly.
pub const XQ_ABI_VERSION: u32 = 2;

/// The library version as text, e.g. "0.1.0" (static, never NULL).
#[no_mangle]
pub extern "C" fn xq_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The ABI version the library was built with; compare it with `XQ_ABI_VERSION` from the header
/// to detect a header/library mismatch.
#[no_mangle]
pub extern "C" fn xq_abi_version() -> u32 {
    XQ_ABI_VERSION
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_constants_match_cargo_toml() {
        assert_eq!(
            XQ_VERSION_MAJOR.to_string(),
            env!("CARGO_PKG_VERSION_MAJOR")
        );
        assert_eq!(
            XQ_VERSION_MINOR.to_string(),
            env!("CARGO_PKG_VERSION_MINOR")
        );
        assert_eq!(
            XQ_VERSION_PATCH.to_string(),
            env!("CARGO_PKG_VERSION_PATCH")
        );
        // SAFETY: xq_version returns a static NUL-terminated string.
        let text = unsafe { std::ffi::CStr::from_ptr(xq_version()) };
        assert_eq!(text.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
    }

    #[test]
    fn every_status_has_a_message() {
        for code in -1..20 {
            // SAFETY: xq_status_message returns a static NUL-terminated string for any input.
            let text = unsafe { std::ffi::CStr::from_ptr(xq_status_message(code)) };
            assert!(!text.to_bytes().is_empty());
        }
    }
}

/// The Rust examples of the top-level README, compiled and run as doctests so they stay true.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeExamples;
