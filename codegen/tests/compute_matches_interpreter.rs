//! Differential property test of programs with real compute: a wrapper
//! program does symbolic-int arithmetic on a size, allocates, and launches a
//! host kernel (grid or element-count form) whose payload loops over its
//! block; the interpreter (which runs the payload op by op, bounds-checked)
//! and the compiled code (JIT) must produce identical effects.

use melior::ir::Module;
use proptest::prelude::*;
use wrapc_interpreter::{Effects, Interpreter, StorageSnapshot, Value};
use wrapc_runtime::capi::{self, wrt_tensor};
use wrapc_runtime::{DType, Tensor};

#[derive(Clone, Debug)]
struct Program {
    n: i64,
    block: i64,
    numel_form: bool,
    op: &'static str,
    /// m = min(n, (n * mul + add) / div): the launch covers m elements.
    mul: i64,
    add: i64,
    div: i64,
}

fn program() -> impl Strategy<Value = Program> {
    (
        0i64..300,
        prop::sample::select(vec![1i64, 32, 64, 128]),
        any::<bool>(),
        prop::sample::select(vec!["arith.addf", "arith.mulf", "arith.subf", "arith.maximumf", "arith.divf"]),
        1i64..4,
        0i64..20,
        1i64..5,
    )
        .prop_map(|(n, block, numel_form, op, mul, add, div)| Program { n, block, numel_form, op, mul, add, div })
}

const ARGS: &str = "!wrap.tensor<?xf32>, !wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index";

fn module_text(p: &Program) -> String {
    let launch = if p.numel_form {
        format!("wrap.launch @k numel(%m) args(%x, %y, %out, %m) : {ARGS}")
    } else {
        format!("%b = arith.constant {} : index\n  %g = arith.ceildivui %m, %b : index\n  wrap.launch @k grid(%g) args(%x, %y, %out, %m) : {ARGS}", p.block)
    };
    format!(
        r#"
func.func @payload(%x: !llvm.ptr, %y: !llvm.ptr, %out: !llvm.ptr, %n: index, %px: index, %py: index, %pz: index) {{
  %block = arith.constant {block} : index
  %c1 = arith.constant 1 : index
  %start = arith.muli %px, %block : index
  %stop = arith.addi %start, %block : index
  %end = arith.minui %stop, %n : index
  scf.for %i = %start to %end step %c1 {{
    %k = arith.index_cast %i : index to i64
    %xp = llvm.getelementptr %x[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %yp = llvm.getelementptr %y[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %op = llvm.getelementptr %out[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %a = llvm.load %xp : !llvm.ptr -> f32
    %b = llvm.load %yp : !llvm.ptr -> f32
    %r = {op} %a, %b : f32
    llvm.store %r, %op : f32, !llvm.ptr
  }}
  return
}}

wrap.kernel @k : (!wrap.tensor<?xf32>, !wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index) -> ()
    entry "k"
    configs [#wrap.config<"B", block = [{block}], num_warps = 4, num_stages = 1, shared = 0>]
    {{host = @payload}}

func.func @f(%x: !wrap.tensor<?xf32>, %y: !wrap.tensor<?xf32>, %n: index) -> (!wrap.tensor<?xf32>, index) {{
  %mul = arith.constant {mul} : index
  %add = arith.constant {add} : index
  %div = arith.constant {div} : index
  %scaled = arith.muli %n, %mul : index
  %shifted = arith.addi %scaled, %add : index
  %q = arith.divui %shifted, %div : index
  %m = arith.minui %q, %n : index
  %out = wrap.empty_strided [%n] [1] : !wrap.tensor<?xf32>
  {launch}
  return %out, %m : !wrap.tensor<?xf32>, index
}}
"#,
        block = p.block,
        op = p.op,
        mul = p.mul,
        add = p.add,
        div = p.div,
    )
}

fn inputs(p: &Program) -> Vec<Value> {
    let x: Vec<f64> = (0..p.n).map(|i| i as f64 * 0.5 - 3.0).collect();
    let y: Vec<f64> = (0..p.n).map(|i| 7.0 - i as f64 * 0.25).collect();
    vec![
        Value::Tensor(Tensor::from_f64s(&[p.n], DType::F32, &x).unwrap()),
        Value::Tensor(Tensor::from_f64s(&[p.n], DType::F32, &y).unwrap()),
        Value::Int(p.n),
    ]
}

fn handle_of(value: &Value) -> *mut wrt_tensor {
    match value {
        Value::Tensor(t) => capi::into_handle(t.clone()),
        Value::Int(i) => capi::into_handle(Tensor::from_f64s(&[], DType::I64, &[*i as f64]).unwrap()),
        _ => std::ptr::null_mut(),
    }
}

fn compiled(p: &Program, function: wrapc_codegen::NativeFn) -> Result<Effects, String> {
    let inputs = inputs(p);
    let before = StorageSnapshot::take(&inputs);
    let handles: Vec<*mut wrt_tensor> = inputs.iter().map(handle_of).collect();
    let mut outputs = vec![std::ptr::null_mut(); 2];
    // SAFETY: the entry point has wrapc's ABI.
    let status = unsafe { function(handles.as_ptr(), handles.len(), outputs.as_mut_ptr(), outputs.len()) };
    for h in handles {
        // SAFETY: made above, not used again.
        unsafe { capi::wrt_tensor_release(h) };
    }
    if status != 0 {
        // SAFETY: a thread-local NUL-terminated message.
        return Err(unsafe { std::ffi::CStr::from_ptr(capi::wrt_last_error()) }.to_string_lossy().into_owned());
    }
    let mut values = Vec::new();
    for (k, h) in outputs.into_iter().enumerate() {
        // SAFETY: owned handles written by the callee.
        let t = unsafe { capi::take_handle(h) }.ok_or("null output")?;
        // Result #1 is the symbolic int m, boxed as a 0-d i64 tensor.
        values.push(if k == 1 {
            Value::Int(t.to_f64_vec().map_err(|e| e.to_string())?[0] as i64)
        } else {
            Value::Tensor(t)
        });
    }
    Ok(Effects::capture(&before, &inputs, &values))
}

fn check(p: Program) -> Result<(), TestCaseError> {
    let text = module_text(&p);
    let context = wrapc_dialects::create_context();
    let reference =
        Module::parse(&context, &text).ok_or_else(|| TestCaseError::fail(format!("unparsable:\n{text}")))?;
    let mut native = Module::parse(&context, &text).unwrap();
    wrapc_codegen::lower_to_llvm_dialect(&context, &mut native)
        .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    let jit = wrapc_codegen::Jit::new(&native, 2, &[]).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let function = jit.entry("f").map_err(|e| TestCaseError::fail(e.to_string()))?;
    let interpreter = Interpreter::new(reference.as_operation());
    let args = inputs(&p);
    let before = StorageSnapshot::take(&args);
    let expected =
        interpreter.call("f", &args).map(|outs| Effects::capture(&before, &args, &outs)).map_err(|e| e.message);
    prop_assert!(expected.is_ok(), "interpreted run failed: {:?}\n{}", expected, text);
    prop_assert_eq!(expected, compiled(&p, function), "\n{}", text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: wrapc_testing::property_cases(200), ..ProptestConfig::default() })]

    #[test]
    fn compiled_compute_matches_the_interpreter(p in program()) {
        check(p)?;
    }
}
