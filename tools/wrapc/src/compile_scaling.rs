//! `wrapc bench --compile-scaling`: `wrapc compile` time per phase for
//! wrappers of N kernel launches, the shape of Inductor programs with many
//! kernels and buffers. The program is one graph chaining N host-kernel
//! launches (`wrap.empty_strided` + `wrap.launch numel(...)` + `wrap.free`
//! per step, each kernel adding 1 to its input) behind a
//! `wrap.runtime_wrapper`; `--write-compile-scaling-case N` prints it.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context as _, Result};

use crate::native::{self, Arch, CompileRequest, Emit, Progress, TargetKind};

/// The wrapper of `n` chained launches. Called with `x` (f32, any length
/// `len`) and `len`, it returns `x + n`.
pub fn case_module(n: usize) -> String {
    let t = "!wrap.tensor<?xf32>";
    let mut text = String::from(
        r#"func.func @payload(%x: !llvm.ptr, %out: !llvm.ptr, %n: index, %px: index, %py: index, %pz: index) {
  %block = arith.constant 256 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %start = arith.muli %px, %block : index
  %stop = arith.addi %start, %block : index
  %end = arith.minui %stop, %n : index
  scf.for %i = %start to %end step %c1 {
    %k = arith.index_cast %i : index to i64
    %xp = llvm.getelementptr %x[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %op = llvm.getelementptr %out[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %a = llvm.load %xp : !llvm.ptr -> f32
    %r = arith.addf %a, %one : f32
    llvm.store %r, %op : f32, !llvm.ptr
  }
  return
}
"#,
    );
    let _ = writeln!(
        text,
        "wrap.kernel @k : ({t}, {t}, index) -> () entry \"k\" configs [#wrap.config<\"B\", block = [256], \
         num_warps = 4, num_stages = 1, shared = 0>] {{host = @payload}}"
    );
    let _ = writeln!(text, "func.func private @graph(%x: {t}, %n: index) -> {t} {{");
    let _ = writeln!(text, "  wrap.assert_size_stride %x [%n] [1] : {t}");
    let mut previous = "%x".to_string();
    for i in 0..n {
        let _ = writeln!(text, "  %b{i} = wrap.empty_strided [%n] [1] : {t}");
        let _ = writeln!(text, "  wrap.launch @k numel(%n) args({previous}, %b{i}, %n) : {t}, {t}, index");
        if previous != "%x" {
            let _ = writeln!(text, "  wrap.free {previous} : {t}");
        }
        previous = format!("%b{i}");
    }
    let _ = writeln!(text, "  return {previous} : {t}\n}}");
    let _ = writeln!(
        text,
        "wrap.runtime_wrapper @f : ({t}, index) -> {t} calls @graph inputs [#wrap.input<>, #wrap.input<>] \
         outputs [#wrap.output<non_alias>]"
    );
    text
}

/// Compiles the `n`-launch case to a shared object in `dir`; returns each
/// phase's time.
fn measure(n: usize, dir: &Path) -> Result<Vec<(String, f64)>> {
    let input = dir.join(format!("n{n}.mlir"));
    std::fs::write(&input, case_module(n)).with_context(|| format!("writing {}", input.display()))?;
    let output = dir.join(format!("libn{n}.so"));
    let mut progress = Progress::new(true);
    let request = CompileRequest {
        input: &input,
        output: &output,
        emit: Emit::So,
        opt_level: 2,
        target: TargetKind::Host,
        arch: Arch::Sm90,
        allow_file_dir: None,
        cuda_graphs: false,
    };
    native::compile(request, &mut progress)?;
    // "optimize (default<O1>)" and "(default<O2>)" are one column.
    let column = |phase: &str| phase.split(" (").next().unwrap_or(phase).to_string();
    Ok(progress.timings.into_iter().map(|(phase, time)| (column(&phase), time.as_secs_f64())).collect())
}

/// Measures every size and prints a Markdown table, one row per size.
pub fn run(sizes: &[usize]) -> Result<()> {
    let dir = std::env::temp_dir().join(format!("wrapc-compile-scaling-{}", std::process::id()));
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let mut rows = Vec::new();
    for &n in sizes {
        eprintln!("wrapc bench: compiling {n} launches ...");
        let result = measure(n, &dir);
        rows.push((n, result));
    }
    let _ = std::fs::remove_dir_all(&dir);
    let mut phases: Vec<String> = Vec::new();
    for (_, result) in &rows {
        for (phase, _) in result.as_ref().map(Vec::as_slice).unwrap_or_default() {
            if !phases.contains(phase) {
                phases.push(phase.clone());
            }
        }
    }
    println!("| launches | {} | total |", phases.join(" | "));
    println!("|---:|{}---:|", "---:|".repeat(phases.len()));
    for (n, result) in rows {
        let timings = result?;
        let cells: Vec<String> = phases
            .iter()
            .map(|p| timings.iter().find(|(q, _)| q == p).map_or("—".into(), |(_, s)| format!("{s:.2} s")))
            .collect();
        let total: f64 = timings.iter().map(|(_, s)| s).sum();
        println!("| {n} | {} | {total:.2} s |", cells.join(" | "));
    }
    Ok(())
}
