//! Builds the C++ side of the wrap dialect (ODS → mlir-tblgen → static
//! library) with CMake and links it into this crate.

use std::env;
use std::path::PathBuf;

fn main() {
    let llvm_prefix = env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("..");
    let cmake_dir = root.join("cmake");

    for dir in ["cmake", "dialects/wrap"] {
        println!("cargo:rerun-if-changed={}", root.join(dir).display());
    }
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");

    let mut config = cmake::Config::new(&cmake_dir);
    config
        .define("MLIR_DIR", format!("{llvm_prefix}/lib/cmake/mlir"))
        .define("LLVM_DIR", format!("{llvm_prefix}/lib/cmake/llvm"))
        .profile("Release");
    if which("ninja") {
        config.generator("Ninja");
    }
    let out = config.build();

    println!("cargo:rustc-link-search=native={}", out.join("lib").display());
    println!("cargo:rustc-link-lib=static=wrapc_mlir");
    println!("cargo:rustc-link-lib=stdc++");
    println!("cargo:include={}", out.join("include").display());
    // For melior::dialect!, which reads the same ODS to generate Rust builders.
    println!("cargo:rustc-env=WRAP_TD_DIR={}", root.join("dialects/wrap").canonicalize().unwrap().display());
    println!("cargo:docs={}", out.join("docs").display());
}

fn which(tool: &str) -> bool {
    env::var_os("PATH").map(|paths| env::split_paths(&paths).any(|dir| dir.join(tool).is_file())).unwrap_or(false)
}
