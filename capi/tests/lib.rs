//! The passes' C API (`include/wrapc/Passes.h`), called as a C tool would:
//! through the exported functions and MLIR's C types only.

use std::cell::RefCell;
use std::rc::Rc;

use melior::StringRef;
use wrapc_capi::{wrapcGetNumPipelines, wrapcGetPipelineName, wrapcRegisterPasses, wrapcRunPipeline};
use wrapc_passes::pipeline::PIPELINES;

fn name_at(pos: isize) -> Option<String> {
    let name = wrapcGetPipelineName(pos);
    // SAFETY: a non-null ref points at a static string of that length.
    (!name.data.is_null()).then(|| {
        unsafe { std::str::from_utf8(std::slice::from_raw_parts(name.data.cast(), name.length)) }.unwrap().into()
    })
}

#[test]
fn the_pipelines_are_listed_by_name_in_registry_order() {
    let names: Vec<String> = (0..wrapcGetNumPipelines()).map(|i| name_at(i).unwrap()).collect();
    assert_eq!(names, PIPELINES.iter().map(|p| p.name).collect::<Vec<_>>());
    assert!(names.contains(&"wrap-lower-to-llvm".to_string()));
    assert_eq!(name_at(-1), None);
    assert_eq!(name_at(wrapcGetNumPipelines()), None);
}

const DEMO: &str = include_str!("../../examples/demo.mlir");

/// Runs `pipeline` on the demo module through the C API; the module's text
/// afterwards and the errors its context reported.
fn run(pipeline: &str) -> (bool, String, Vec<String>) {
    wrapcRegisterPasses();
    let context = wrapc_dialects::create_context();
    let errors = Rc::new(RefCell::new(Vec::new()));
    let sink = errors.clone();
    context.attach_diagnostic_handler(move |diagnostic| {
        sink.borrow_mut().push(diagnostic.to_string());
        true
    });
    let module = wrapc_dialects::parse_module(&context, DEMO, "demo.mlir").expect("the demo parses");
    // SAFETY: a live module and a string that outlives the call.
    let result = unsafe { wrapcRunPipeline(module.to_raw(), StringRef::new(pipeline).to_raw()) };
    let text = module.as_operation().to_string();
    let errors = errors.borrow().clone();
    (result.value != 0, text, errors)
}

#[test]
fn the_named_pipelines_lower_the_demo_to_the_llvm_dialect() {
    let (ok, text, errors) = run("wrap-specialize,wrap-lower-to-llvm");
    assert!(ok, "{errors:?}");
    assert!(errors.is_empty(), "{errors:?}");
    assert!(!text.contains("wrap."), "wrap ops left after lowering:\n{text}");
    assert!(text.contains("llvm.func @f("), "{text}");
}

#[test]
fn an_anchored_pipeline_of_passes_runs_as_written() {
    let (ok, text, errors) = run("builtin.module(wrap-specialize)");
    assert!(ok, "{errors:?}");
    assert!(text.contains("wrap."), "wrap-specialize alone keeps wrap ops");
    assert!(!text.contains("wrap.runtime_wrapper"), "level 1 is gone after wrap-specialize:\n{text}");
}

#[test]
fn a_bad_pipeline_fails_with_a_diagnostic_on_the_module() {
    let (ok, _, errors) = run("wrap-no-such-pass");
    assert!(!ok);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("invalid pass pipeline 'wrap-no-such-pass'"), "{errors:?}");
    let (ok, _, errors) = run("  ");
    assert!(!ok);
    assert!(errors[0].contains("empty"), "{errors:?}");
}

#[test]
fn the_cuda_pipeline_compiles_mlir_kernels_with_the_registered_back_end() {
    wrapcRegisterPasses();
    let context = wrapc_dialects::create_context();
    let source = include_str!("../../test/Transforms/wrap-attach-ptx.mlir");
    let module = wrapc_dialects::parse_module(&context, source, "kernel.mlir").expect("the kernel parses");
    // SAFETY: a live module and a string that outlives the call.
    let result =
        unsafe { wrapcRunPipeline(module.to_raw(), StringRef::new("wrap-specialize,wrap-attach-ptx").to_raw()) };
    assert_eq!(result.value, 1);
    let text = module.as_operation().to_string();
    assert!(text.contains(".visible .entry inc_kernel("), "no PTX attached:\n{text}");
}
