//! Writes include/xiangqi.h from the xiangqi-ffi sources (`--check` compares instead and fails on
//! a difference).

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let crate_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let config = match cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let bindings = match cbindgen::Builder::new()
        .with_crate(&crate_dir)
        .with_config(config)
        .generate()
    {
        Ok(bindings) => bindings,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut generated = Vec::new();
    bindings.write(&mut generated);
    let target = crate_dir.join("../include/xiangqi.h");
    if std::env::args().any(|a| a == "--check") {
        let committed = std::fs::read(&target).unwrap_or_default();
        if committed != generated {
            eprintln!("include/xiangqi.h is out of date: run `make header` and commit it");
            return ExitCode::FAILURE;
        }
        println!("include/xiangqi.h is up to date");
    } else if let Err(e) = std::fs::write(&target, &generated) {
        eprintln!("error: writing {}: {e}", target.display());
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
