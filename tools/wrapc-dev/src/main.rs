//! `wrapc-dev`: the developers' tools, kept out of the user's `wrapc`:
//! `bench` (per-call time of compiled wrappers against the interpreter,
//! compile time at scale, and the benchmark programs they measure, which
//! lit and the GPU scripts compile) and `fuzz` (mutational fuzzing of
//! everything that reads user input, behind `make fuzz`).

mod bench;
mod compile_scaling;
mod fuzz;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, Result};
use clap::{Parser, Subcommand};
use compile_scaling::Shape;

#[derive(Parser)]
#[command(name = "wrapc-dev", version, about = "wrapc's developer tools: benchmarks and the fuzzer")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Mutational fuzzing of the parser, verifier, pipelines, interpreter
    /// and --inputs reader from a seed corpus (make fuzz SECONDS=...).
    Fuzz {
        /// Directory of .mlir / .json seeds (searched recursively).
        #[arg(long, default_value = "test")]
        corpus: PathBuf,
        #[arg(long, default_value_t = 60)]
        seconds: u64,
        /// PRNG seed (the same seed replays the same cases).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Where failing inputs are saved.
        #[arg(long, default_value = "target/fuzz")]
        out: PathBuf,
    },
    /// Per-call time of compiled wrappers vs the reference interpreter on
    /// seed 000's five cases (no-op compiled graph), side by side.
    Bench {
        /// Instead of measuring, write the five cases with a real fused
        /// kernel (torch_overhead.py's functions) as .mlir files into DIR,
        /// for the GPU benchmark (scripts/gpu-check.sh).
        #[arg(long, value_name = "DIR")]
        write_fused_cases: Option<PathBuf>,
        /// Device of the written cases' tensors.
        #[arg(long, default_value = "cuda", value_parser = ["cuda", "host"])]
        device: String,
        /// Instead, measure `wrapc compile` time per phase for wrappers of
        /// N steps of each --scaling-shape, for each N of --sizes.
        #[arg(long)]
        compile_scaling: bool,
        /// The step counts --compile-scaling measures.
        #[arg(long, value_delimiter = ',', default_values_t = [100, 1000, 10000])]
        sizes: Vec<usize>,
        /// What a step of the --compile-scaling cases is: a kernel launch
        /// (a chain of N), or a mutated input (N written back).
        #[arg(long, value_enum, value_delimiter = ',', default_values_t = [Shape::Launches, Shape::Mutations])]
        scaling_shape: Vec<Shape>,
        /// Print the N-step program --compile-scaling measures (of the first
        /// --scaling-shape), and exit.
        #[arg(long, value_name = "N")]
        write_compile_scaling_case: Option<usize>,
        /// Measure these cases (aliased outputs, mutated inputs, arguments;
        /// repeatable) instead of seed 000's five.
        #[arg(long = "case", value_name = "A,M,N", value_parser = bench::parse_case)]
        cases: Vec<(usize, usize, usize)>,
        /// Print the wrapper the first --case measures (entry point `f`,
        /// no-op graph) and exit, to compile it on its own
        /// (bench/wrapper_ab.c times two builds of it side by side).
        #[arg(long, requires = "cases")]
        write_case: bool,
    },
}

fn main() -> ExitCode {
    match wrapc_driver::parse_args::<Cli>() {
        Ok(cli) => wrapc_driver::drive("wrapc-dev", move || run(cli)),
        Err(code) => code,
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Bench { write_compile_scaling_case: Some(n), scaling_shape, .. } => {
            print!("{}", compile_scaling::case_module(scaling_shape.first().copied().unwrap_or(Shape::Launches), n));
            Ok(())
        }
        Command::Bench { write_case: true, cases, .. } => {
            let (aliases, mutated, args) = cases[0];
            print!("{}", bench::case_module(aliases, mutated, args));
            Ok(())
        }
        Command::Bench { compile_scaling: true, sizes, scaling_shape, .. } => {
            compile_scaling::run(&scaling_shape, &sizes)
        }
        Command::Bench { write_fused_cases: Some(dir), device, .. } => {
            std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
            for (aliases, mutated, args) in bench::CASES {
                let path = dir.join(format!("case_{aliases}_{mutated}_{args}.mlir"));
                std::fs::write(&path, bench::fused_case_module(aliases, mutated, args, &device))
                    .with_context(|| format!("writing {}", path.display()))?;
                eprintln!("wrapc-dev bench: wrote {}", path.display());
            }
            Ok(())
        }
        Command::Bench { write_fused_cases: None, cases, .. } => {
            let cases = if cases.is_empty() { bench::CASES.to_vec() } else { cases };
            let mut rows = Vec::new();
            for (aliases, mutated, args) in cases {
                eprintln!("wrapc-dev bench: {aliases} alias, {mutated} mut, {args} args ...");
                rows.push(bench::run_case(aliases, mutated, args)?);
            }
            print!("{}", bench::table(&rows));
            Ok(())
        }
        Command::Fuzz { corpus, seconds, seed, out } => {
            fuzz::run(fuzz::Options { corpus: &corpus, seconds, seed, out: &out })
        }
    }
}
