//! What the record tests share: where the shared data is.

use std::path::{Path, PathBuf};

/// `../shared` from the repository root, or one level further up (a worktree beside it).
pub fn shared() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    [root.join("../shared"), root.join("../../shared")]
        .into_iter()
        .find(|p| p.join("corpus").is_dir())
        .expect("the shared data (../shared/corpus) is missing")
}
