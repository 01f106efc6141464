//! `wrapc-dev bench`: per-call cost of a wrapper compiled to native code vs the
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

/// The most arguments or aliased outputs `--case` takes: a bench case, not
/// a scale test.
const MAX_CASE_COUNT: usize = 256;

/// `--case A,M,N`: A outputs aliasing inputs, M of the N inputs mutated.
pub fn parse_case(text: &str) -> Result<(usize, usize, usize), String> {
    let counts: Vec<usize> = text
        .split(',')
        .map(|part| part.trim().parse::<usize>().map_err(|e| format!("'{part}' in '{text}': {e}")))
        .collect::<Result<_, _>>()?;
    let [aliases, mutated, args] = counts[..] else {
        return Err(format!("'{text}': expected three counts A,M,N (aliased outputs, mutated inputs, arguments)"));
    };
    if args == 0 || args > MAX_CASE_COUNT || aliases > MAX_CASE_COUNT {
        return Err(format!("'{text}': N must be 1 to {MAX_CASE_COUNT} and A at most {MAX_CASE_COUNT}"));
    }
    if mutated > args {
        return Err(format!("'{text}': {mutated} mutated inputs of only {args} arguments"));
    }
    Ok((aliases, mutated, args))
}

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
    let inputs: Vec<&str> =
        (0..args).map(|i| if i < mutated { "#wrap.input<mutates_data>" } else { "#wrap.input<>" }).collect();
    let mut output_info: Vec<String> = (0..aliases)
        .map(|k| format!("#wrap.output<alias_of_input, base = {}, view = <[4], [1], 0>>", k % args))
        .collect();
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

/// Seed 000's case as `torch_overhead.py` writes it, with a real fused
/// kernel: the first `mutated` inputs get `x.add_(1)` (in place, in the
/// kernel: the graph returns the inputs themselves, so the epilogue's copy
/// is elided and only the version bump remains), `aliases` outputs are
/// views of inputs, and one fresh output is `xs[0] * 2 + sum(xs[1:])` over
/// the updated values. 16 f32 elements per tensor; one program per element.
/// `device` is "cuda" or "host".
pub fn fused_case_module(aliases: usize, mutated: usize, args: usize, device: &str) -> String {
    let t =
        if device == "host" { "!wrap.tensor<16xf32>".to_string() } else { format!("!wrap.tensor<16xf32, {device}>") };
    let mut text = String::new();
    // The kernel's program: element px of every input.
    let ptrs: Vec<String> = (0..args).map(|i| format!("%a{i}: !llvm.ptr")).collect();
    writeln!(
        text,
        "func.func private @fused_host({}, %acc: !llvm.ptr, %n: index, %px: index, %py: index, %pz: index) {{",
        ptrs.join(", ")
    )
    .unwrap();
    writeln!(text, "  %inside = arith.cmpi ult, %px, %n : index\n  scf.if %inside {{").unwrap();
    writeln!(text, "    %k = arith.index_cast %px : index to i64\n    %one = arith.constant 1.0 : f32\n    %two = arith.constant 2.0 : f32").unwrap();
    for i in 0..args {
        writeln!(text, "    %p{i} = llvm.getelementptr %a{i}[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32").unwrap();
        writeln!(text, "    %x{i} = llvm.load %p{i} : !llvm.ptr -> f32").unwrap();
        if i < mutated {
            writeln!(text, "    %v{i} = arith.addf %x{i}, %one : f32\n    llvm.store %v{i}, %p{i} : f32, !llvm.ptr")
                .unwrap();
        } else {
            writeln!(text, "    %v{i} = arith.addf %x{i}, %x{i} : f32\n    %w{i} = arith.subf %v{i}, %x{i} : f32")
                .unwrap();
        }
    }
    let value = |i: usize| if i < mutated { format!("%v{i}") } else { format!("%w{i}") };
    writeln!(text, "    %s0 = arith.mulf {}, %two : f32", value(0)).unwrap();
    for i in 1..args {
        writeln!(text, "    %s{i} = arith.addf %s{}, {} : f32", i - 1, value(i)).unwrap();
    }
    writeln!(text, "    %q = llvm.getelementptr %acc[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32").unwrap();
    writeln!(text, "    llvm.store %s{}, %q : f32, !llvm.ptr\n  }}\n  return\n}}", args - 1).unwrap();
    let kernel_args = vec![t.as_str(); args + 1].join(", ");
    writeln!(
        text,
        "wrap.kernel @fused : ({kernel_args}, index) -> () entry \"wrapc_fused_{aliases}_{mutated}_{args}\"\n    \
         configs [#wrap.config<\"E1\", block = [1], num_warps = 1, num_stages = 1, shared = 0>]\n    {{host = @fused_host}}"
    )
    .unwrap();
    // The compiled graph.
    let params: Vec<String> = (0..args).map(|i| format!("%a{i}: {t}")).collect();
    let outputs = aliases + 1;
    let graph_results = vec![t.as_str(); mutated + outputs].join(", ");
    let launched: Vec<String> = (0..args).map(|i| format!("%a{i}")).collect();
    writeln!(text, "func.func private @graph({}) -> ({graph_results}) {{", params.join(", ")).unwrap();
    writeln!(text, "  %n = arith.constant 16 : index\n  %acc = wrap.alloc() : {t}").unwrap();
    writeln!(text, "  wrap.launch @fused numel(%n) args({}, %acc, %n) : {kernel_args}, index", launched.join(", "))
        .unwrap();
    let mut returned: Vec<String> = (0..mutated).map(|i| format!("%a{i}")).collect();
    returned.push("%acc".into());
    returned.extend((0..aliases).map(|j| format!("%a{}", (mutated + j) % args)));
    writeln!(text, "  return {} : {graph_results}\n}}", returned.join(", ")).unwrap();
    let inputs: Vec<&str> =
        (0..args).map(|i| if i < mutated { "#wrap.input<mutates_data>" } else { "#wrap.input<>" }).collect();
    let mut output_info = vec!["#wrap.output<non_alias>".to_string()];
    output_info.extend(
        (0..aliases)
            .map(|j| format!("#wrap.output<alias_of_input, base = {}, view = <[16], [1], 0>>", (mutated + j) % args)),
    );
    writeln!(
        text,
        "wrap.runtime_wrapper @f : ({}) -> ({}) calls @graph\n  inputs [{}]\n  outputs [{}]",
        vec![t.as_str(); args].join(", "),
        vec![t.as_str(); outputs].join(", "),
        inputs.join(", "),
        output_info.join(", ")
    )
    .unwrap();
    text
}
