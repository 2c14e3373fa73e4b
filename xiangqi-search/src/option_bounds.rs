//! Refusing sizes the machine cannot give: the largest transposition table this machine
//! accepts, and the error an engine option out of range becomes.

use core::fmt;
use std::sync::OnceLock;

/// Largest transposition table accepted anywhere, in MiB, whatever the machine has.
pub const MAX_HASH_MB: usize = 1 << 16;

/// The largest transposition table this machine accepts, in MiB: [`MAX_HASH_MB`], or less when
/// the machine (or the control group the process runs in) has less memory than that. The UCI
/// `Hash` option advertises it as its maximum.
pub fn max_hash_mb() -> usize {
    static MAX: OnceLock<usize> = OnceLock::new();
    *MAX.get_or_init(|| {
        memory_mib()
            .map_or(MAX_HASH_MB, |mib| mib.min(MAX_HASH_MB))
            .max(1)
    })
}

/// Physical memory in MiB, lowered to the control group's limit, where the system says.
fn memory_mib() -> Option<usize> {
    let total = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
            let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(kib / 1024)
        })?;
    let group = std::fs::read_to_string("/sys/fs/cgroup/memory.max")
        .ok()
        .and_then(|text| text.trim().parse::<u64>().ok())
        .map_or(u64::MAX, |bytes| bytes >> 20);
    usize::try_from(total.min(group)).ok()
}

/// Why an engine could not be made or an option could not be set. The engine is unchanged
/// after a failed setter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The transposition table asked for is larger than this machine accepts.
    HashTooLarge {
        /// The size asked for, in MiB.
        requested_mb: usize,
        /// The largest accepted ([`max_hash_mb`]).
        max_mb: usize,
    },
    /// The memory for a transposition table of this size could not be allocated.
    OutOfMemory {
        /// The size asked for, in MiB.
        requested_mb: usize,
    },
    /// A numeric option is outside its range.
    OutOfRange {
        /// The option's name (`"threads"`, `"hash_mb"`, `"multipv"`).
        option: &'static str,
        /// The value given.
        value: usize,
        /// The smallest accepted.
        min: usize,
        /// The largest accepted.
        max: usize,
    },
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::HashTooLarge {
                requested_mb,
                max_mb,
            } => write!(
                f,
                "a hash table of {requested_mb} MiB is larger than the {max_mb} MiB this machine accepts"
            ),
            EngineError::OutOfMemory { requested_mb } => {
                write!(f, "could not allocate a hash table of {requested_mb} MiB")
            }
            EngineError::OutOfRange {
                option,
                value,
                min,
                max,
            } => write!(f, "{option} {value} is outside {min}..={max}"),
        }
    }
}

impl std::error::Error for EngineError {}

/// `value` when it lies in `min..=max`, else the error naming `option`.
pub(crate) fn check_range(
    option: &'static str,
    value: usize,
    min: usize,
    max: usize,
) -> Result<usize, EngineError> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(EngineError::OutOfRange {
            option,
            value,
            min,
            max,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_machine_maximum_is_positive_and_at_most_the_absolute_one() {
        assert!((1..=MAX_HASH_MB).contains(&max_hash_mb()));
    }

    #[test]
    fn errors_name_the_size() {
        let e = EngineError::HashTooLarge {
            requested_mb: 999_999_999,
            max_mb: 4096,
        };
        assert!(e.to_string().contains("999999999 MiB"), "{e}");
        assert!(check_range("threads", 0, 1, 256).is_err());
        assert_eq!(check_range("threads", 3, 1, 256), Ok(3));
    }
}
