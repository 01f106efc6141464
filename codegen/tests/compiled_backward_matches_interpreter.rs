//! Differential property test of backward entry points (issue 32 part 4):
//! for random valid `wrap.backward_wrapper` metadata, the reference
//! interpreter running the level-1 op by dispatch, the interpreter running
//! it specialized to level 2, and the wrapper compiled to machine code
//! (JIT) have exactly the same effects: the gradients the backward graph
//! received (copied or not, strides, values, requires_grad), the saved
//! values passed on, and nothing written into the caller's tensors.

use std::cell::RefCell;

use melior::ir::operation::OperationLike;
use melior::ir::Module;
use proptest::prelude::*;
use wrapc_interpreter::{Effects, Interpreter, StorageSnapshot, Value};
use wrapc_runtime::capi::wrt_tensor;
use wrapc_testing::backward::{backward_case, BackwardCase};
use wrapc_testing::native::{call_entry, graph_args, store_graph_results};

thread_local! {
    /// The case whose backward graph `graph_trampoline` runs.
    static CURRENT: RefCell<Option<BackwardCase>> = const { RefCell::new(None) };
}

/// `@bw_graph` with wrapc's native ABI, backed by the case's Rust graph.
unsafe extern "C" fn graph_trampoline(
    inputs: *const *mut wrt_tensor,
    n_in: usize,
    outputs: *mut *mut wrt_tensor,
    n_out: usize,
) -> i32 {
    let case = CURRENT.with(|c| c.borrow().clone()).expect("a case is being run");
    // SAFETY: the caller passes n_in borrowed handles and room for n_out.
    unsafe { store_graph_results(case.run_graph(&graph_args(inputs, n_in)), outputs, n_out) }
}

fn interpreted(case: &BackwardCase, module: &Module) -> Result<Effects, String> {
    let mut interpreter = Interpreter::new(module.as_operation());
    let graph_case = case.clone();
    interpreter.register_graph("bw_graph", Box::new(move |args| graph_case.run_graph(args)));
    let inputs = case.make_args();
    let before = StorageSnapshot::take(&inputs);
    let outputs = interpreter.call("bw", &inputs).map_err(|e| e.message)?;
    Ok(Effects::capture(&before, &inputs, &outputs))
}

fn compiled(case: &BackwardCase, function: wrapc_codegen::NativeFn) -> Result<Effects, String> {
    CURRENT.with(|c| *c.borrow_mut() = Some(case.clone()));
    let inputs = case.make_args();
    let before = StorageSnapshot::take(&inputs);
    let outputs = call_entry(function, &inputs, case.num_results())?;
    Ok(Effects::capture(&before, &inputs, &outputs))
}

fn check_case(case: BackwardCase) -> Result<(), TestCaseError> {
    let text = case.module_text();
    let context = wrapc_dialects::create_context();
    let reference =
        Module::parse(&context, &text).ok_or_else(|| TestCaseError::fail(format!("unparsable:\n{text}")))?;
    prop_assert!(reference.as_operation().verify(), "invalid:\n{}", text);
    let mut specialized = Module::parse(&context, &text).unwrap();
    wrapc_codegen::specialize(&context, &mut specialized).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    let mut native = Module::parse(&context, &specialized.as_operation().to_string()).unwrap();
    wrapc_codegen::lower_to_llvm_dialect(&context, &mut native)
        .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    let jit = wrapc_codegen::Jit::new(&native, 1, &[("bw_graph", graph_trampoline as *mut ())])
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let function = jit.entry("bw").map_err(|e| TestCaseError::fail(e.to_string()))?;

    let expected = interpreted(&case, &reference);
    prop_assert!(expected.is_ok(), "reference run: {:?}\n{}", expected, text);
    prop_assert_eq!(&expected, &interpreted(&case, &specialized), "level 2:\n{}", text);
    prop_assert_eq!(&expected, &compiled(&case, function), "compiled:\n{}", text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: wrapc_testing::property_cases(500), ..ProptestConfig::default() })]

    #[test]
    fn compiled_backward_wrapper_matches_method_dispatch(case in backward_case()) {
        check_case(case)?;
    }
}

/// The gradients the graph receives are in the traced layout, whatever
/// layout they arrived in: a channels-last gradient traced contiguous is
/// copied (a new tensor, row-major, same values); one already in the
/// traced layout is passed as it is (the very tensor).
#[test]
fn kept_gradients_reach_the_graph_in_their_traced_layout() {
    use wrapc_abi::{MemoryFormat, TangentLayout};
    use wrapc_testing::backward::{Arrival, Grad};
    let case = BackwardCase {
        saved: vec![],
        grads: vec![
            Grad { sizes: vec![2, 3], arrival: Arrival::Permuted(vec![1, 0]), requires_grad: false },
            Grad { sizes: vec![2, 3], arrival: Arrival::Contiguous, requires_grad: false },
            Grad { sizes: vec![2, 3], arrival: Arrival::Expanded(0), requires_grad: true },
        ],
        kept: vec![
            (0, TangentLayout::Format(MemoryFormat::Contiguous)),
            (1, TangentLayout::Format(MemoryFormat::Contiguous)),
            (2, TangentLayout::Strided { sizes: vec![2, 3], strides: vec![1, 2] }),
        ],
    };
    let context = wrapc_dialects::create_context();
    let module = Module::parse(&context, &case.module_text()).unwrap();
    let mut interpreter = Interpreter::new(module.as_operation());
    let graph_case = case.clone();
    interpreter.register_graph("bw_graph", Box::new(move |args| graph_case.run_graph(args)));
    let args = case.make_args();
    let got = interpreter.call("bw", &args).unwrap();
    let tensor = |v: &Value| match v {
        Value::Tensor(t) => t.clone(),
        other => panic!("expected a tensor, got {other:?}"),
    };
    let (arrived, coerced) = (tensor(&args[0]), tensor(&got[0]));
    assert_eq!(coerced.strides(), vec![3, 1]);
    assert!(!wrapc_runtime::Tensor::same_tensor(&arrived, &coerced));
    assert_eq!(coerced.to_f64_vec().unwrap(), arrived.to_f64_vec().unwrap());
    assert!(wrapc_runtime::Tensor::same_tensor(&tensor(&args[1]), &tensor(&got[1])));
    let expanded = tensor(&got[2]);
    assert_eq!(expanded.strides(), vec![1, 2]);
    assert!(expanded.requires_grad() && !expanded.is_leaf());
    assert_eq!(expanded.to_f64_vec().unwrap(), tensor(&args[2]).to_f64_vec().unwrap());
}
