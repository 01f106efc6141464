//! `wrapc-dev bench --compile-scaling`: `wrapc compile` time per phase for
//! wrappers of N steps, in two shapes real programs have:
//!
//! * `launches`: Inductor programs with many kernels and buffers, one graph
//!   chaining N host-kernel launches (`wrap.empty_strided` +
//!   `wrap.launch numel(...)` + `wrap.free` per step, each kernel adding 1
//!   to its input);
//! * `mutations`: a compiled optimizer step over N parameters, a graph
//!   computing a new value for each of N inputs (one launch each) that the
//!   wrapper writes back into them: N inputs checked, N references owned
//!   across N write-backs that can each fail.
//!
//! Both behind a `wrap.runtime_wrapper`; `--write-compile-scaling-case N`
//! prints one.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context as _, Result};

use wrapc_driver::native::{self, Arch, CompileRequest, Emit, Progress, TargetKind};

/// What the N steps of a scaling case are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Shape {
    /// N chained launches, each buffer freed after the next launch.
    Launches,
    /// N mutated inputs, each written back after the graph.
    Mutations,
}

impl Shape {
    fn noun(self) -> &'static str {
        match self {
            Shape::Launches => "launches",
            Shape::Mutations => "mutated inputs",
        }
    }
}

/// The host kernel both shapes launch: `out[i] = x[i] + 1`.
const ADD_ONE: &str = r#"func.func @payload(%x: !llvm.ptr, %out: !llvm.ptr, %n: index, %px: index, %py: index, %pz: index) {
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
wrap.kernel @k : (!wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index) -> () entry "k" configs [#wrap.config<"B", block = [256], num_warps = 4, num_stages = 1, shared = 0>] {host = @payload}
"#;

/// The `n`-step case of `shape`.
///
/// `launches`: called with `x` (f32, any length `len`) and `len`, `f`
/// returns `x + n`. `mutations`: called with `n` tensors `x_i` of one
/// length `len` and `len`, `f` adds 1 to each `x_i` in place.
pub fn case_module(shape: Shape, n: usize) -> String {
    let t = "!wrap.tensor<?xf32>";
    let mut text = String::from(ADD_ONE);
    match shape {
        Shape::Launches => {
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
        }
        Shape::Mutations => {
            // Each list ends with a separator, so that N = 0 is a valid module.
            let list = |item: &dyn Fn(usize) -> String| (0..n).map(|i| item(i) + ", ").collect::<String>();
            let types = list(&|_| t.to_string());
            let _ = writeln!(
                text,
                "func.func private @graph({}%n: index) -> ({}) {{",
                list(&|i| format!("%x{i}: {t}")),
                types.trim_end_matches(", ")
            );
            for i in 0..n {
                let _ = writeln!(text, "  %b{i} = wrap.empty_strided [%n] [1] : {t}");
                let _ = writeln!(text, "  wrap.launch @k numel(%n) args(%x{i}, %b{i}, %n) : {t}, {t}, index");
            }
            let returned = list(&|i| format!("%b{i}"));
            let returned = returned.trim_end_matches(", ");
            let _ = match n {
                0 => writeln!(text, "  return\n}}"),
                _ => writeln!(text, "  return {returned} : {}\n}}", types.trim_end_matches(", ")),
            };
            let _ = writeln!(
                text,
                "wrap.runtime_wrapper @f : ({types}index) -> () calls @graph inputs [{}#wrap.input<>] outputs []",
                list(&|_| "#wrap.input<mutates_data>".to_string())
            );
        }
    }
    text
}

/// Compiles the `n`-step case of `shape` to a shared object in `dir`;
/// returns each phase's time.
fn measure(shape: Shape, n: usize, dir: &Path) -> Result<Vec<(String, f64)>> {
    let input = dir.join(format!("n{n}.mlir"));
    std::fs::write(&input, case_module(shape, n)).with_context(|| format!("writing {}", input.display()))?;
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
        runtime: None,
    };
    native::compile(request, &mut progress)?;
    // "optimize (default<O1>)" and "(default<O2>)" are one column.
    let column = |phase: &str| phase.split(" (").next().unwrap_or(phase).to_string();
    Ok(progress.timings.into_iter().map(|(phase, time)| (column(&phase), time.as_secs_f64())).collect())
}

/// Measures every size of each shape and prints a Markdown table per
/// shape, one row per size.
pub fn run(shapes: &[Shape], sizes: &[usize]) -> Result<()> {
    let dir = std::env::temp_dir().join(format!("wrapc-compile-scaling-{}", std::process::id()));
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let result = shapes.iter().try_for_each(|&shape| table(shape, sizes, &dir));
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn table(shape: Shape, sizes: &[usize], dir: &Path) -> Result<()> {
    let mut rows = Vec::new();
    for &n in sizes {
        eprintln!("wrapc-dev bench: compiling {n} {} ...", shape.noun());
        rows.push((n, measure(shape, n, dir)));
    }
    let mut phases: Vec<String> = Vec::new();
    for (_, result) in &rows {
        for (phase, _) in result.as_ref().map(Vec::as_slice).unwrap_or_default() {
            if !phases.contains(phase) {
                phases.push(phase.clone());
            }
        }
    }
    println!("\n| {} | {} | total |", shape.noun(), phases.join(" | "));
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
