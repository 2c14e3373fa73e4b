//! Gives the shared library its soname on Linux (`libxiangqi.so`), so programs linked against an
//! installed copy record the name, not the path they were linked with.

fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libxiangqi.so");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
