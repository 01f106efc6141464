//! The source tree mirrors the test tree, as upstream MLIR's does: each
//! pass of `Passes.td` is implemented in `passes/src/<family>/<name>` (a
//! file, or a directory of its own) and tested in `test/<Family>/<argument>*.mlir`,
//! where the family is `conversion` for `convert-*` passes and
//! `transforms` for the others. A pass added without its lit test, or a
//! test or source named otherwise, fails here.

use std::path::Path;

#[test]
fn every_pass_has_its_source_and_its_lit_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let repo = root.parent().unwrap();
    assert!(wrapc_passes::PASSES.len() >= 10, "Passes.td's passes were not found");
    for pass in wrapc_passes::PASSES {
        let (family, tests) = if pass.argument.starts_with("convert-") {
            ("conversion", "Conversion")
        } else {
            ("transforms", "Transforms")
        };
        let stem = pass.argument.strip_prefix("wrap-").unwrap_or(pass.argument).replace('-', "_");
        let source = root.join("src").join(family).join(&stem);
        assert!(
            source.with_extension("rs").is_file() || source.join("mod.rs").is_file(),
            "{}: no passes/src/{family}/{stem}.rs or {stem}/mod.rs",
            pass.argument
        );
        let tested = std::fs::read_dir(repo.join("test").join(tests)).unwrap().any(|entry| {
            let name = entry.unwrap().file_name().into_string().unwrap();
            name.starts_with(pass.argument) && name.ends_with(".mlir")
        });
        assert!(tested, "{}: no test/{tests}/{}*.mlir", pass.argument, pass.argument);
    }
}
