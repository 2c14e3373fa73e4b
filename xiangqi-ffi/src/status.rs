//! Status codes: every fallible function returns one. The numbers never change.

use std::ffi::c_char;

/// The result of a call. 0 is success; every other value is an error with a fixed number.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum xq_status {
    /// Success.
    Ok = 0,
    /// A required pointer argument was NULL.
    NullArgument = 1,
    /// An argument is out of range or otherwise invalid (e.g. a square above 89, an unknown enum value).
    InvalidArgument = 2,
    /// A string argument is not valid UTF-8.
    InvalidUtf8 = 3,
    /// The FEN is malformed or describes an illegal position.
    InvalidFen = 4,
    /// The move text is not a move in the chosen notation.
    InvalidMove = 5,
    /// The move is not legal in the position.
    IllegalMove = 6,
    /// The move text fits more than one legal move.
    AmbiguousMove = 7,
    /// The output buffer is too small; the needed size was written.
    BufferTooSmall = 8,
    /// There is no move to take back.
    NothingToUndo = 9,
    /// The game is already over.
    GameOver = 10,
    /// The search found no move (the side to move has none).
    NoMove = 11,
    /// An internal error was caught at the boundary. Please report it.
    Internal = 12,
    /// A size is larger than this machine accepts, or its memory could not be allocated
    /// (e.g. a hash table above `xq_engine_max_hash_mb()`). Nothing was changed.
    OutOfMemory = 13,
    /// The engine is busy with a search on this very thread: the call came from inside that
    /// search's info callback. Nothing was done (`xq_engine_stop` is the one call allowed there).
    Busy = 14,
    /// A net for the learned evaluation cannot be used: the file is unreadable, not a net,
    /// damaged (size or checksum) or of an architecture this build does not run. The engine
    /// keeps its evaluation.
    InvalidNet = 15,
}

/// Static text for each status.
fn message(status: xq_status) -> &'static [u8] {
    match status {
        xq_status::Ok => b"ok\0",
        xq_status::NullArgument => b"a required pointer argument was NULL\0",
        xq_status::InvalidArgument => b"an argument is out of range or invalid\0",
        xq_status::InvalidUtf8 => b"a string argument is not valid UTF-8\0",
        xq_status::InvalidFen => b"the FEN is malformed or describes an illegal position\0",
        xq_status::InvalidMove => b"the text is not a move in this notation\0",
        xq_status::IllegalMove => b"the move is not legal in this position\0",
        xq_status::AmbiguousMove => b"the move text fits more than one legal move\0",
        xq_status::BufferTooSmall => b"the output buffer is too small\0",
        xq_status::NothingToUndo => b"there is no move to take back\0",
        xq_status::GameOver => b"the game is already over\0",
        xq_status::NoMove => b"the side to move has no legal move\0",
        xq_status::Internal => b"internal error caught at the library boundary\0",
        xq_status::OutOfMemory => {
            b"the size is larger than this machine accepts or its memory could not be allocated\0"
        }
        xq_status::Busy => {
            b"the engine is busy with a search on this thread (called from its callback)\0"
        }
        xq_status::InvalidNet => {
            b"the net file is unreadable, not a net, damaged or of another architecture\0"
        }
    }
}

/// The text of a status code: a static NUL-terminated string, never NULL. Unknown numbers give
/// "unknown status".
#[no_mangle]
pub extern "C" fn xq_status_message(status: i32) -> *const c_char {
    const ALL: [xq_status; 16] = [
        xq_status::Ok,
        xq_status::NullArgument,
        xq_status::InvalidArgument,
        xq_status::InvalidUtf8,
        xq_status::InvalidFen,
        xq_status::InvalidMove,
        xq_status::IllegalMove,
        xq_status::AmbiguousMove,
        xq_status::BufferTooSmall,
        xq_status::NothingToUndo,
        xq_status::GameOver,
        xq_status::NoMove,
        xq_status::Internal,
        xq_status::OutOfMemory,
        xq_status::Busy,
        xq_status::InvalidNet,
    ];
    let text: &'static [u8] = ALL
        .iter()
        .find(|s| **s as i32 == status)
        .map_or(b"unknown status\0", |s| message(*s));
    text.as_ptr().cast()
}
