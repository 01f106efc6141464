//! `wrapc bench`: per-call cost of a wrapper compiled to native code vs the
//! reference interpreter (PyTorch-style method dispatch), measured side by
//! side in one run, on the five shapes of seed 000's table, with a no-op
//! compiled graph (it hands back its arguments).

use std::fmt::Write as _;
use std::time::Instant;

use anyhow::{Context as _, Result};
use melior::ir::Module;
use wrapc_codegen as codegen;
use wrapc_interpreter::{Interpreter, Value};
use wrapc_runtime::{capi, DType, Tensor};

/// (aliased outputs, mutated inputs, arguments): seed 000's cases.
pub const CASES: [(usize, usize, usize); 5] = [(0, 0, 5), (2, 0, 5), (0, 2, 5), (3, 1, 10), (5, 3, 20)];

/// The wrapper of one case: `mutated` inputs mutated outside the graph (the
/// graph returns the next argument as the new value, so a real copy runs),
/// `aliases` outputs aliasing inputs, and one fresh output.
pub fn case_module(aliases: usize, mutated: usize, args: usize) -> String {
    let t = "!wrap.tensor<4xf32>";
    let arg_types = vec![t; args].join(", ");
    let outputs = aliases + 1;
    let graph_results = vec![t; mutated + outputs].join(", ");
    let params: Vec<String> = (0..args).map(|i| format!("%a{i}: {t}")).collect();
    let mut returned: Vec<String> = (0..mutated).map(|i| format!("%a{}", (i + 1) % args)).collect();
    returned.extend((0..aliases).map(|k| format!("%a{}", k % args)));
    returned.push(format!("%a{}", args - 1));
    let inputs: Vec<&str> = (0..args).map(|i| if i < mutated { "#wrap.input<mutates_data>" } else { "#wrap.input<>" }).collect();
    let mut output_info: Vec<String> =
        (0..aliases).map(|k| format!("#wrap.output<alias_of_input, base = {}, view = <[4], [1], 0>>", k % args)).collect();
    output_info.push("#wrap.output<non_alias>".into());
    let mut text = String::new();
    writeln!(text, "func.func private @graph({}) -> ({graph_results}) {{", params.join(", ")).unwrap();
    writeln!(text, "  return {} : {graph_results}\n}}", returned.join(", ")).unwrap();
    writeln!(
        text,
        "wrap.runtime_wrapper @f : ({arg_types}) -> ({}) calls @graph\n  inputs [{}]\n  outputs [{}]",
        vec![t; outputs].join(", "),
        inputs.join(", "),
        output_info.join(", ")
    )
    .unwrap();
    text
}

/// Median nanoseconds per call of `call`, over batches sized to ~20 ms.
fn measure(mut call: impl FnMut() -> Result<()>) -> Result<f64> {
    for _ in 0..1000 {
        call()?;
    }
    let start = Instant::now();
    let mut probe = 0u64;
    while start.elapsed().as_millis() < 20 {
        call()?;
        probe += 1;
    }
    let batch = probe.max(1);
    let mut samples = Vec::new();
    for _ in 0..15 {
        let begin = Instant::now();
        for _ in 0..batch {
            call()?;
        }
        samples.push(begin.elapsed().as_nanos() as f64 / batch as f64);
    }
    samples.sort_by(f64::total_cmp);
    Ok(samples[samples.len() / 2])
}

pub struct Row {
    pub case: (usize, usize, usize),
    pub native_ns: f64,
    pub interpreter_ns: f64,
}

pub fn run_case(aliases: usize, mutated: usize, args: usize) -> Result<Row> {
    let text = case_module(aliases, mutated, args);
    let context = wrapc_dialects::create_context();
    let reference = Module::parse(&context, &text).context("parsing the generated case")?;
    let mut native = Module::parse(&context, &text).context("parsing the generated case")?;
    codegen::specialize(&context, &mut native)?;
    codegen::lower_to_llvm_dialect(&context, &mut native)?;
    let jit = codegen::Jit::new(&native, 3, &[])?;
    let entry = jit.entry("f")?;

    let tensors: Vec<Tensor> =
        (0..args).map(|i| Tensor::from_f64s(&[4], DType::F32, &[i as f64; 4]).expect("small tensor")).collect();
    let handles: Vec<*mut capi::wrt_tensor> = tensors.iter().map(|t| capi::into_handle(t.clone())).collect();
    let mut outputs = vec![std::ptr::null_mut(); aliases + 1];
    let native_ns = measure(|| {
        // SAFETY: the entry point has wrapc's ABI; outputs are owned.
        let status = unsafe { entry(handles.as_ptr(), handles.len(), outputs.as_mut_ptr(), outputs.len()) };
        anyhow::ensure!(status == 0, "compiled wrapper failed with status {status}");
        for &output in &outputs {
            // SAFETY: owned handles written by the call.
            unsafe { capi::wrt_tensor_release(output) };
        }
        Ok(())
    })?;
    for handle in handles {
        // SAFETY: made above.
        unsafe { capi::wrt_tensor_release(handle) };
    }

    let interpreter = Interpreter::new(reference.as_operation());
    let values: Vec<Value> = tensors.iter().cloned().map(Value::Tensor).collect();
    let interpreter_ns = measure(|| {
        interpreter.call("f", &values)?;
        Ok(())
    })?;
    Ok(Row { case: (aliases, mutated, args), native_ns, interpreter_ns })
}

pub fn table(rows: &[Row]) -> String {
    let mut text = String::from(
        "| case (alias, mut, args) | native (ns/call) | interpreter (ns/call) | speedup |\n|---|---:|---:|---:|\n",
    );
    for row in rows {
        let (a, m, n) = row.case;
        writeln!(
            text,
            "| {a} alias, {m} mut, {n} args | {:.0} | {:.0} | {:.1}x |",
            row.native_ns,
            row.interpreter_ns,
            row.interpreter_ns / row.native_ns
        )
        .unwrap();
    }
    text
}
