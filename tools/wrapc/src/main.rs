//! `wrapc`: the driver. `wrapc compile` compiles a module to native code,
//! `wrapc run` JIT-compiles and calls it, and `wrapc interpret` runs a
//! wrapper with the reference interpreter — before or after wrapc's passes;
//! both print what the call did (outputs, aliasing, versions, grad mode).
//! The developers' benchmarks and fuzzer are `wrapc-dev`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, Result};
use clap::{Parser, Subcommand};
use wrapc_driver::{inputs, native, parse_module, read_source, table, Format};
use wrapc_interpreter::{Effects, Interpreter, StorageSnapshot};

#[derive(Parser)]
#[command(name = "wrapc", version, about = "Compile and run PyTorch runtime wrappers modelled in the wrap dialect")]
struct Cli {
    #[command(subcommand)]
    command: Command,
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
        /// then the library is copied here. Linking runs LLVM's lld inside
        /// wrapc (no C compiler needed), or the C compiler $CC names when set
        /// (stopped past 1 MiB of output or 10 minutes).
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

fn main() -> ExitCode {
    match wrapc_driver::parse_args::<Cli>() {
        Ok(cli) => wrapc_driver::drive("wrapc", move || run(cli)),
        Err(code) => code,
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
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
                    runtime: None,
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
