//! What the record tests share: where the shared data is.

use std::path::{Path, PathBuf};

/// `../shared` from the repository root, or one level further up (a worktree beside it); `None`
/// when neither holds the corpus, after saying on stderr that the calling test is skipped (as
/// pytest skips the Python tests that need it).
pub fn shared() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let found = [root.join("../shared"), root.join("../../shared")]
        .into_iter()
        .find(|p| p.join("corpus").is_dir());
    if found.is_none() {
        eprintln!("skipped: the shared data (../shared/corpus) is missing");
    }
    found
}
