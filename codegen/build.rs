//! Builds `src/lld.cpp` (LLVM's ELF linker as a function) against the LLVM
//! the rest of the workspace uses, and links lld's libraries.

use std::env;
use std::process::Command;

fn main() {
    let prefix = env::var("LLVM_SYS_221_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    println!("cargo:rerun-if-changed=src/lld.cpp");
    println!("cargo:rerun-if-env-changed=LLVM_SYS_221_PREFIX");
    let config = format!("{prefix}/bin/llvm-config");
    let flags =
        Command::new(&config).arg("--cxxflags").output().unwrap_or_else(|e| panic!("running {config}: {e}")).stdout;
    let libdir = format!("{prefix}/lib");
    if !std::path::Path::new(&format!("{libdir}/liblldELF.a")).is_file() {
        panic!("{libdir}/liblldELF.a is missing: install liblld-22-dev (scripts/install-deps.sh)");
    }
    let mut build = cc::Build::new();
    build.cpp(true).file("src/lld.cpp").warnings(false);
    for flag in String::from_utf8_lossy(&flags).split_whitespace() {
        build.flag(flag);
    }
    build.compile("wrapc_lld");
    println!("cargo:rustc-link-search=native={libdir}");
    for library in ["lldELF", "lldCommon"] {
        println!("cargo:rustc-link-lib=static={library}");
    }
}
