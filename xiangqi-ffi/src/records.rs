//! Game records from a buffer of raw bytes: PGN (any encoding, found from the bytes), XQF and
//! DhtmlXQ, read into a game handle.

use crate::game::{hand_out, rules_from, xq_game, xq_rules};
use crate::status::xq_status;
use crate::util::{guard, write_str};
use std::ffi::c_char;
use xiangqi_core::pgn::PgnGame;

/// The format of a record buffer.
pub type xq_record_format = u32;
/// PGN, moves in ICCS, WXF or Chinese; UTF-8, UTF-16, GBK or Big5 (detected).
pub const XQ_RECORD_PGN: xq_record_format = 0;
/// XQStudio's binary XQF, every version (encrypted ones included).
pub const XQ_RECORD_XQF: xq_record_format = 1;
/// The DhtmlXQ text of web sites (any encoding, detected).
pub const XQ_RECORD_DHTMLXQ: xq_record_format = 2;

/// Reads the first record of a buffer, or why it cannot be read.
fn first_record(
    data: &[u8],
    format: xq_record_format,
) -> Result<PgnGame, Result<String, xq_status>> {
    match format {
        XQ_RECORD_PGN => match xiangqi_core::pgn::read_bytes(data, Default::default())
            .into_iter()
            .next()
        {
            Some(Ok(game)) => Ok(game),
            Some(Err(e)) => Err(Ok(e.to_string())),
            None => Err(Ok("the buffer holds no record".to_owned())),
        },
        XQ_RECORD_XQF => xiangqi_core::xqf::read(data).map_err(|e| Ok(e.to_string())),
        XQ_RECORD_DHTMLXQ => {
            let text = xiangqi_core::encoding::decode(data, Default::default()).text;
            xiangqi_core::dhtmlxq::read(&text).map_err(|e| Ok(e.to_string()))
        }
        _ => Err(Err(xq_status::InvalidArgument)),
    }
}

/// # Safety
/// `data` must be NULL (only with `len` 0) or valid for reads of `len` bytes.
unsafe fn bytes<'a>(data: *const u8, len: usize) -> Result<&'a [u8], xq_status> {
    if len == 0 {
        return Ok(&[]);
    }
    if data.is_null() {
        return Err(xq_status::NullArgument);
    }
    // SAFETY: checked non-NULL; the caller guarantees `len` readable bytes.
    Ok(unsafe { std::slice::from_raw_parts(data, len) })
}

/// A game from the main line of the first record in `data` (`len` bytes, in `format`, an
/// `XQ_RECORD_*` value), judged by `rules`. A record that cannot be read gives
/// `XQ_STATUS_INVALID_ARGUMENT`; `xq_record_error` explains why.
///
/// # Safety
/// `data` must be valid for reads of `len` bytes (NULL only when `len` is 0); `out` NULL or
/// valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_game_from_record(
    data: *const u8,
    len: usize,
    format: xq_record_format,
    rules: xq_rules,
    out: *mut *mut xq_game,
) -> xq_status {
    guard(|| {
        // SAFETY: the caller guarantees data/len.
        let data = unsafe { bytes(data, len) }?;
        let rules = rules_from(rules)?;
        let make = || {
            let record = first_record(data, format)
                .map_err(|e| e.err().unwrap_or(xq_status::InvalidArgument))?;
            record.to_game(rules).map_err(|_| xq_status::IllegalMove)
        };
        // SAFETY: the caller guarantees out.
        unsafe { hand_out(out, make) }
    })
}

/// Explains why the first record of `data` cannot be read into `buf` (an empty string when it
/// can), with line and column for PGN.
///
/// # Safety
/// `data` as for `xq_game_from_record`; `buf` NULL or valid for `buf_len` bytes; `needed` NULL
/// or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn xq_record_error(
    data: *const u8,
    len: usize,
    format: xq_record_format,
    buf: *mut c_char,
    buf_len: usize,
    needed: *mut usize,
) -> xq_status {
    guard(|| {
        // SAFETY: the caller guarantees data/len.
        let data = unsafe { bytes(data, len) }?;
        let text = match first_record(data, format) {
            Ok(_) => String::new(),
            Err(Ok(why)) => why,
            Err(Err(status)) => return Err(status),
        };
        // SAFETY: the caller guarantees buf/buf_len/needed.
        unsafe { write_str(&text, buf, buf_len, needed) }
    })
}
