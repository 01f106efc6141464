//! Writes `symbols()`'s table (`capi.rs`) from the runtime's own
//! definitions: every `#[no_mangle]` function under `src/`, by its module
//! path. A C entry point is then defined once; the JIT
//! (`codegen/src/jit.rs`) resolves compiled wrappers against all of them.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let src = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("src");
    println!("cargo:rerun-if-changed={}", src.display());
    let mut entries = Vec::new();
    defined(&src, &src, &mut entries);
    entries.sort();
    let mut code = String::from("// Generated from the runtime's #[no_mangle] functions by runtime/build.rs.\n\n");
    code.push_str("vec![\n");
    for (name, module) in &entries {
        writeln!(code, "    ({name:?}, {module}::{name} as *mut ()),").unwrap();
    }
    code.push_str("]\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("symbols.rs");
    std::fs::write(&out, code).unwrap_or_else(|e| panic!("writing {}: {e}", out.display()));
}

/// Each `#[no_mangle]` function under `dir` as (name, module path).
fn defined(root: &Path, dir: &Path, found: &mut Vec<(String, String)>) {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            defined(root, &path, found);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        // The attribute on a line of its own, as rustfmt writes it (not a
        // mention in a comment).
        for (at, _) in text.match_indices("\n#[no_mangle]\n") {
            let rest = &text[at + 1..];
            let fn_at =
                rest.find(" fn ").unwrap_or_else(|| panic!("{}: no function after #[no_mangle]", path.display()));
            let name_at = fn_at + 4;
            let open = name_at + rest[name_at..].find('(').expect("a parameter list");
            found.push((rest[name_at..open].trim().to_string(), module_path(root, &path)));
        }
    }
}

/// `crate::a::b` for `src/a/b.rs` or `src/a/b/mod.rs`; `crate` for `src/lib.rs`.
fn module_path(root: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(root).unwrap().with_extension("");
    let mut path = String::from("crate");
    for part in relative.iter().map(|p| p.to_str().expect("a UTF-8 source path")) {
        if part != "mod" && part != "lib" {
            write!(path, "::{part}").unwrap();
        }
    }
    path
}
