//! Differential property test of the native back end: for random valid
//! runtime-wrapper metadata, the wrapper compiled to machine code (JIT) has
//! exactly the effects of the reference interpreter running the level-1
//! wrapper by method dispatch.

use std::cell::RefCell;

use melior::ir::Module;
use proptest::prelude::*;
use wrapc_interpreter::{Effects, Interpreter, StorageSnapshot};
use wrapc_runtime::capi::wrt_tensor;
use wrapc_testing::cases::*;
use wrapc_testing::layered::{layered_case, LayeredCase};
use wrapc_testing::native::{call_entry, graph_args, store_graph_results};

thread_local! {
    /// The case whose compiled graph `graph_trampoline` runs.
    static CURRENT: RefCell<Option<Case>> = const { RefCell::new(None) };
}

/// The compiled graph `@graph`, with wrapc's native ABI, backed by the
/// case's Rust implementation.
unsafe extern "C" fn graph_trampoline(
    inputs: *const *mut wrt_tensor,
    n_in: usize,
    outputs: *mut *mut wrt_tensor,
    n_out: usize,
) -> i32 {
    let case = CURRENT.with(|c| c.borrow().clone()).expect("a case is being run");
    // SAFETY: the caller passes n_in borrowed handles and room for n_out.
    unsafe { store_graph_results(run_graph(&case, &graph_args(inputs, n_in)), outputs, n_out) }
}

fn interpreted(case: &Case, module: &Module) -> Result<Effects, String> {
    let mut interpreter = Interpreter::new(module.as_operation());
    let graph_case = case.clone();
    interpreter.register_graph("graph", Box::new(move |args| run_graph(&graph_case, args)));
    wrapc_runtime::set_grad_enabled(true);
    let (entry, inputs) = entry_and_args(case, make_inputs(case));
    wrapc_runtime::set_grad_enabled(case.grad_mode);
    let before = StorageSnapshot::take(&inputs);
    let outputs = interpreter.call(entry, &inputs).map_err(|e| e.message)?;
    Ok(Effects::capture(&before, &inputs, &outputs))
}

fn compiled(case: &Case, function: wrapc_codegen::NativeFn, num_outputs: usize) -> Result<Effects, String> {
    CURRENT.with(|c| *c.borrow_mut() = Some(case.clone()));
    wrapc_runtime::set_grad_enabled(true);
    let (_, inputs) = entry_and_args(case, make_inputs(case));
    wrapc_runtime::set_grad_enabled(case.grad_mode);
    let before = StorageSnapshot::take(&inputs);
    let outputs =
        call_entry(function, &inputs, num_outputs).map_err(|message| without_entry_point(&message).to_string())?;
    Ok(Effects::capture(&before, &inputs, &outputs))
}

/// A runtime call's failure names the C entry point that failed
/// (`wrt_synthetic_base: ...`); the interpreter's says the same without it.
fn without_entry_point(message: &str) -> &str {
    match message.split_once(": ") {
        Some((name, rest)) if name.starts_with("wrt_") && !name.contains(' ') => rest,
        _ => message,
    }
}

fn check_case(case: Case) -> Result<(), TestCaseError> {
    let entry = entry_name(&case);
    let text = module_text(&case);
    let context = wrapc_dialects::create_context();
    let reference =
        Module::parse(&context, &text).ok_or_else(|| TestCaseError::fail(format!("unparsable:\n{text}")))?;
    let mut native = Module::parse(&context, &text).unwrap();
    wrapc_codegen::specialize(&context, &mut native).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    // The header lists entry points with a tensor in their signature; one
    // of ints only returns @f's outputs.
    let num_outputs = wrapc_codegen::entry_points(&native)
        .into_iter()
        .find(|e| e.name == entry)
        .map_or(case.outputs.len(), |e| e.outputs.len());
    wrapc_codegen::lower_to_llvm_dialect(&context, &mut native)
        .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    let jit = wrapc_codegen::Jit::new(&native, 1, &[("graph", graph_trampoline as *mut ())])
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let function = jit.entry(entry).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let expected = interpreted(&case, &reference);
    let actual = compiled(&case, function, num_outputs);
    prop_assert!(expected.is_ok() != expect_failure(&case), "reference run: {:?}\n{}", expected, text);
    prop_assert_eq!(expected, actual, "\n{}", text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: wrapc_testing::property_cases(1000), ..ProptestConfig::default() })]

    #[test]
    fn compiled_wrapper_matches_method_dispatch(case in case()) {
        check_case(case)?;
    }

    #[test]
    fn compiled_layered_subclass_wrappers_match_method_dispatch(case in layered_case()) {
        check_layered(&case)?;
    }
}

/// An outer runtime wrapper over a subclass wrapper, compiled (subclass
/// instances in and out of the native entry point) against the interpreter
/// running it by method dispatch.
fn check_layered(case: &LayeredCase) -> Result<(), TestCaseError> {
    let text = case.module_text();
    let context = wrapc_dialects::create_context();
    let reference =
        Module::parse(&context, &text).ok_or_else(|| TestCaseError::fail(format!("unparsable:\n{text}")))?;
    let mut native = Module::parse(&context, &text).unwrap();
    wrapc_codegen::specialize(&context, &mut native).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    wrapc_codegen::lower_to_llvm_dialect(&context, &mut native)
        .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    let jit = wrapc_codegen::Jit::new(&native, 1, &[]).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let function = jit.entry("o").map_err(|e| TestCaseError::fail(e.to_string()))?;

    let interpreter = Interpreter::new(reference.as_operation());
    let inputs = case.make_inputs();
    wrapc_runtime::set_grad_enabled(case.grad_mode);
    let before = StorageSnapshot::take(&inputs);
    let outputs = interpreter.call("o", &inputs).map_err(|e| TestCaseError::fail(format!("{}\n{text}", e.message)))?;
    let expected = Effects::capture(&before, &inputs, &outputs);

    let inputs = case.make_inputs();
    wrapc_runtime::set_grad_enabled(case.grad_mode);
    let before = StorageSnapshot::take(&inputs);
    let outputs = call_entry(function, &inputs, case.outputs.len())
        .map_err(|message| TestCaseError::fail(format!("{message}\n{text}")))?;
    let actual = Effects::capture(&before, &inputs, &outputs);
    prop_assert_eq!(expected, actual, "\n{}", text);
    Ok(())
}
