//! Differential property test: for random but valid runtime-wrapper
//! metadata, running wrapc's specialization pipeline and interpreting the
//! straight-line result has exactly the effects of interpreting the level-1
//! wrapper by method dispatch (PyTorch's semantics). The specialized module
//! also goes through MLIR's CSE and canonicalizer, which may only move or
//! merge wrap ops as their declared memory effects allow.

use melior::ir::operation::OperationLike;
use melior::ir::Module;
use proptest::prelude::*;
use wrapc_interpreter::{Effects, Interpreter, StorageSnapshot};
use wrapc_testing::cases::*;
use wrapc_testing::layered::{layered_case, LayeredCase};

fn call(case: &Case, module: &Module) -> Result<Effects, String> {
    let mut interpreter = Interpreter::new(module.as_operation());
    let graph_case = case.clone();
    interpreter.register_graph("graph", Box::new(move |args| run_graph(&graph_case, args)));
    // Inputs are made the way autograd made them (grad mode on); the call
    // then runs under the case's grad mode.
    wrapc_runtime::set_grad_enabled(true);
    let (entry, inputs) = entry_and_args(case, make_inputs(case));
    wrapc_runtime::set_grad_enabled(case.grad_mode);
    let before = StorageSnapshot::take(&inputs);
    let outputs = interpreter.call(entry, &inputs).map_err(|e| e.message)?;
    Ok(Effects::capture(&before, &inputs, &outputs))
}

/// The module parsed as generated (checked to verify), and again through
/// wrapc's specialization pipeline with MLIR's CSE and canonicalizer.
fn reference_and_specialized<'c>(
    context: &'c melior::Context,
    text: &str,
) -> Result<(Module<'c>, Module<'c>), TestCaseError> {
    let reference = Module::parse(context, text).ok_or_else(|| TestCaseError::fail(format!("unparsable:\n{text}")))?;
    prop_assert!(reference.as_operation().verify(), "generated IR does not verify:\n{}", text);
    let mut specialized = Module::parse(context, text).unwrap();
    let pipeline = "builtin.module(cse,canonicalize,wrap-specialize,cse,canonicalize)";
    wrapc_passes::pipeline::run_pipeline(context, &mut specialized, pipeline)
        .map_err(|e| TestCaseError::fail(format!("pipeline failed: {e}\n{text}")))?;
    Ok((reference, specialized))
}

fn check_case(case: &Case) -> Result<(), TestCaseError> {
    let text = module_text(case);
    let context = wrapc_dialects::create_context();
    let (reference, specialized) = reference_and_specialized(&context, &text)?;
    let expected = call(case, &reference);
    let actual = call(case, &specialized);
    prop_assert!(expected.is_ok() != expect_failure(case), "reference run: {:?}\n{}", expected, text);
    prop_assert_eq!(expected, actual, "\n{}\n---\n{}", text, specialized.as_operation());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: wrapc_testing::property_cases(1000), ..ProptestConfig::default() })]

    #[test]
    fn specialized_wrapper_matches_method_dispatch(case in case()) {
        check_case(&case)?;
    }

    #[test]
    fn specialized_layered_subclass_wrappers_match_method_dispatch(case in layered_case()) {
        check_layered(&case)?;
    }
}

fn call_layered(case: &LayeredCase, module: &Module) -> Result<Effects, String> {
    let interpreter = Interpreter::new(module.as_operation());
    let inputs = case.make_inputs();
    wrapc_runtime::set_grad_enabled(case.grad_mode);
    let before = StorageSnapshot::take(&inputs);
    let outputs = interpreter.call("o", &inputs).map_err(|e| e.message)?;
    Ok(Effects::capture(&before, &inputs, &outputs))
}

/// The outer runtime wrapper over a subclass wrapper (PyTorch's layering
/// with subclasses): specialized == method dispatch, and the reference
/// run succeeds.
fn check_layered(case: &LayeredCase) -> Result<(), TestCaseError> {
    let text = case.module_text();
    let context = wrapc_dialects::create_context();
    let (reference, specialized) = reference_and_specialized(&context, &text)?;
    let expected = call_layered(case, &reference);
    prop_assert!(expected.is_ok(), "reference run: {:?}\n{}", expected, text);
    let actual = call_layered(case, &specialized);
    prop_assert_eq!(expected, actual, "\n{}\n---\n{}", text, specialized.as_operation());
    Ok(())
}
