//! `wrapc`: the driver. `wrapc interpret` runs a wrapper with the reference
//! interpreter — before or after wrapc's passes — and prints what the call
//! did (outputs, aliasing, versions, grad mode) as JSON.

mod bench;
mod compile_scaling;
mod crash;
mod fuzz;
mod inputs;
mod native;
mod table;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context as _, Result};
use clap::{Parser, Subcommand};
use compile_scaling::Shape;
use melior::ir::Module;
use wrapc_interpreter::{Effects, Interpreter, StorageSnapshot};

#[derive(Parser)]
#[command(name = "wrapc", version, about = "Compile and run PyTorch runtime wrappers modelled in the wrap dialect")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Format {
    Json,
    Table,
}

#[derive(Subcommand)]
enum Command {
    /// Compile a module to native code (shared object + C header, object,
    /// assembly, LLVM IR or LLVM-dialect MLIR).
    Compile {
        /// The .mlir file ("-" for stdin).
        input: PathBuf,
        /// Output path; "-" is standard output, for the text emits (mlir,
        /// llvm, asm, header, ptx). With --emit=so (the default) the C header
        /// is written next to it, as <output stem>.h; neither may be the
        /// input. The object file is made and linked in a temporary directory,
        /// then the library is copied here. Linking runs the C compiler named
        /// by $CC (default `cc`), stopped past 1 MiB of output or 10 minutes.
        #[arg(short, long)]
        output: PathBuf,
        #[arg(long, value_enum, default_value = "so")]
        emit: native::Emit,
        /// LLVM optimization level (0-3).
        #[arg(short = 'O', default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=3))]
        opt_level: u8,
        #[arg(long, value_enum, default_value = "host")]
        target: native::TargetKind,
        /// GPU architecture (with --target=cuda).
        #[arg(long, value_enum, default_value = "sm90")]
        arch: native::Arch,
        /// A directory, besides the input file's, that kernels' `ptx_file` /
        /// `cubin_file` attributes may name files in (with --target=cuda).
        #[arg(long)]
        allow_file_dir: Option<PathBuf>,
        /// Replay each entry point's GPU launches as one CUDA graph when a
        /// call repeats the previous call's launches (same kernels, sizes
        /// and buffers); other calls launch directly (with --target=cuda).
        #[arg(long)]
        cuda_graphs: bool,
        /// No progress and timing lines on stderr.
        #[arg(long)]
        quiet: bool,
    },
    /// Mutational fuzzing of the parser, verifier, pipelines, interpreter
    /// and --inputs reader from a seed corpus (make fuzz SECONDS=...).
    #[command(hide = true)]
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
    /// JIT-compile a module, call an entry point, print its effects.
    Run {
        input: PathBuf,
        #[arg(long)]
        entry: String,
        /// JSON file with the call's arguments (see docs/INTERPRETER.md).
        #[arg(long)]
        inputs: PathBuf,
        #[arg(short = 'O', default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=3))]
        opt_level: u8,
        #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
        grad: bool,
        #[arg(long, value_enum, default_value = "json")]
        format: Format,
        #[arg(long)]
        quiet: bool,
    },
    /// Run a wrapper with the reference interpreter and print its effects.
    Interpret {
        /// The .mlir file ("-" for stdin).
        input: PathBuf,
        /// The symbol to call.
        #[arg(long)]
        entry: String,
        /// JSON file with the call's arguments (see docs/INTERPRETER.md).
        #[arg(long)]
        inputs: PathBuf,
        /// Pass pipeline to run first: "none", "specialize" (wrapc's four
        /// specialization passes) or MLIR's textual pipeline syntax.
        #[arg(long, default_value = "none")]
        pipeline: String,
        /// Grad mode of the calling thread.
        #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
        grad: bool,
        /// Output format: JSON, or a table with one line per tensor.
        #[arg(long, value_enum, default_value = "json")]
        format: Format,
    },
}

/// The stack of the thread that does the work: MLIR's parser, verifier and
/// printer recurse per nesting level, and so do the passes.
const STACK_BYTES: usize = 256 << 20;

fn main() -> ExitCode {
    // Bad arguments are bad input like any other: exit code 1 (clap's own
    // exit would be 2), help and --version 0.
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return if error.use_stderr() { ExitCode::FAILURE } else { ExitCode::SUCCESS };
        }
    };
    let worker = std::thread::Builder::new().name("wrapc".into()).stack_size(STACK_BYTES).spawn(move || {
        crash::install();
        run(cli)
    });
    let result = match worker {
        Ok(handle) => {
            handle.join().unwrap_or_else(|_| Err(anyhow::anyhow!("internal error (a panic, reported above)")))
        }
        Err(error) => Err(anyhow::anyhow!("cannot start the worker thread: {error}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("wrapc: error: {error:#}");
            ExitCode::FAILURE
        }
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
                eprintln!("wrapc bench: wrote {}", path.display());
            }
            Ok(())
        }
        Command::Bench { write_fused_cases: None, cases, .. } => {
            let cases = if cases.is_empty() { bench::CASES.to_vec() } else { cases };
            let mut rows = Vec::new();
            for (aliases, mutated, args) in cases {
                eprintln!("wrapc bench: {aliases} alias, {mutated} mut, {args} args ...");
                rows.push(bench::run_case(aliases, mutated, args)?);
            }
            print!("{}", bench::table(&rows));
            Ok(())
        }
        Command::Fuzz { corpus, seconds, seed, out } => {
            fuzz::run(fuzz::Options { corpus: &corpus, seconds, seed, out: &out })
        }
        Command::Compile { input, output, emit, opt_level, target, arch, allow_file_dir, cuda_graphs, quiet } => {
            native::compile(
                native::CompileRequest {
                    input: &input,
                    output: &output,
                    emit,
                    opt_level,
                    target,
                    arch,
                    allow_file_dir: allow_file_dir.as_deref(),
                    cuda_graphs,
                },
                &mut native::Progress::new(quiet),
            )
        }
        Command::Run { input, entry, inputs, opt_level, grad, format, quiet } => {
            let spec = inputs::read(&inputs)?;
            let args = inputs::parse(&spec).with_context(|| format!("in {}", inputs.display()))?;
            wrapc_runtime::set_grad_enabled(grad);
            let before = StorageSnapshot::take(&args);
            let outputs = native::run(&input, &entry, &args, opt_level, &mut native::Progress::new(quiet))
                .with_context(|| format!("running @{entry}"))?;
            native::print_effects(&before, &args, &outputs, format)
        }
        Command::Interpret { input, entry, inputs, pipeline, grad, format } => {
            interpret(&input, &entry, &inputs, &pipeline, grad, format)
        }
    }
}

/// The largest IR file read (a program of millions of ops fits).
const MAX_SOURCE_BYTES: u64 = 1 << 30;

pub(crate) fn read_source(path: &std::path::Path) -> Result<String> {
    read_bounded(path, MAX_SOURCE_BYTES, "an input file")
}

/// Reads `path` (`-` is stdin) as UTF-8, refusing more than `limit` bytes
/// instead of reading an endless stream forever.
pub(crate) fn read_bounded(path: &std::path::Path, limit: u64, what: &str) -> Result<String> {
    use std::io::Read as _;
    let reader: Box<dyn std::io::Read> = if path.as_os_str() == "-" {
        Box::new(std::io::stdin())
    } else {
        Box::new(std::fs::File::open(path).with_context(|| format!("reading {}", path.display()))?)
    };
    let mut bytes = Vec::new();
    reader.take(limit + 1).read_to_end(&mut bytes).with_context(|| format!("reading {}", path.display()))?;
    if bytes.len() as u64 > limit {
        anyhow::bail!("{} is larger than the {limit} bytes {what} may have", path.display());
    }
    String::from_utf8(bytes).map_err(|e| anyhow::anyhow!("{} is not UTF-8 text: {e}", path.display()))
}

fn interpret(
    input: &std::path::Path,
    entry: &str,
    inputs_path: &std::path::Path,
    pipeline: &str,
    grad: bool,
    format: Format,
) -> Result<()> {
    let source = read_source(input)?;
    let context = wrapc_dialects::create_context();
    let mut module = parse_module(&context, &source, input)?;
    let pipeline = match pipeline {
        "none" => None,
        "specialize" => Some(wrapc_passes::pipeline::SPECIALIZE.to_string()),
        custom => Some(custom.to_string()),
    };
    if let Some(pipeline) = pipeline {
        let warnings = wrapc_passes::pipeline::run_pipeline(&context, &mut module, &pipeline)
            .map_err(|diagnostics| anyhow::anyhow!("{diagnostics}"))
            .context("running the pass pipeline")?;
        for warning in warnings {
            eprintln!("{warning}");
        }
    }
    let spec = inputs::read(inputs_path)?;
    let args = inputs::parse(&spec).with_context(|| format!("in {}", inputs_path.display()))?;
    wrapc_runtime::set_grad_enabled(grad);
    let interpreter = Interpreter::new(module.as_operation());
    let before = StorageSnapshot::take(&args);
    let outputs = interpreter.call(entry, &args).with_context(|| format!("calling @{entry}"))?;
    let effects = Effects::capture(&before, &args, &outputs);
    match format {
        Format::Json => println!("{}", serde_json::to_string_pretty(&effects)?),
        Format::Table => print!("{}", table::render(&effects)),
    }
    Ok(())
}

pub(crate) fn parse_module<'c>(
    context: &'c melior::Context,
    source: &str,
    path: &std::path::Path,
) -> Result<Module<'c>> {
    crash::set_phase(format!("parsing and verifying {}", path.display()));
    wrapc_dialects::check_source(source).map_err(|e| anyhow::anyhow!("{}:{e}", path.display()))?;
    let diagnostics = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let sink = diagnostics.clone();
    let handler = context.attach_diagnostic_handler(move |d| {
        sink.borrow_mut().push(format!("{}: {}", wrapc_passes::ir::location_text(&d.location().to_string()), d));
        true
    });
    let name = if path.as_os_str() == "-" { "<stdin>".to_string() } else { path.display().to_string() };
    let module = wrapc_dialects::parse_module(context, source, &name);
    context.detach_diagnostic_handler(handler);
    match module {
        Some(module) => Ok(module),
        None => {
            let lines = diagnostics.borrow().join("\n");
            bail!("{} is not valid wrap IR:\n{lines}", path.display())
        }
    }
}
