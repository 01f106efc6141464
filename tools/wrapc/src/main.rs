//! `wrapc`: the driver. `wrapc interpret` runs a wrapper with the reference
//! interpreter — before or after wrapc's passes — and prints what the call
//! did (outputs, aliasing, versions, grad mode) as JSON.

mod bench;
mod inputs;
mod native;
mod table;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context as _, Result};
use clap::{Parser, Subcommand};
use melior::ir::operation::OperationLike;
use melior::ir::Module;
use wrapc_interpreter::{Effects, Interpreter};

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
        /// Output path.
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
        /// No progress and timing lines on stderr.
        #[arg(long)]
        quiet: bool,
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
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("wrapc: error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Bench { write_fused_cases: Some(dir), device } => {
            std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
            for (aliases, mutated, args) in bench::CASES {
                let path = dir.join(format!("case_{aliases}_{mutated}_{args}.mlir"));
                std::fs::write(&path, bench::fused_case_module(aliases, mutated, args, &device))
                    .with_context(|| format!("writing {}", path.display()))?;
                eprintln!("wrapc bench: wrote {}", path.display());
            }
            Ok(())
        }
        Command::Bench { write_fused_cases: None, .. } => {
            let mut rows = Vec::new();
            for (aliases, mutated, args) in bench::CASES {
                eprintln!("wrapc bench: {aliases} alias, {mutated} mut, {args} args ...");
                rows.push(bench::run_case(aliases, mutated, args)?);
            }
            print!("{}", bench::table(&rows));
            Ok(())
        }
        Command::Compile { input, output, emit, opt_level, target, arch, quiet } => native::compile(
            native::CompileRequest { input: &input, output: &output, emit, opt_level, target, arch },
            &mut native::Progress::new(quiet),
        ),
        Command::Run { input, entry, inputs, opt_level, grad, format, quiet } => {
            let spec = std::fs::read_to_string(&inputs).with_context(|| format!("reading {}", inputs.display()))?;
            let args = inputs::parse(&spec).with_context(|| format!("in {}", inputs.display()))?;
            wrapc_runtime::set_grad_enabled(grad);
            let outputs = native::run(&input, &entry, &args, opt_level, &mut native::Progress::new(quiet))
                .with_context(|| format!("running @{entry}"))?;
            native::print_effects(&args, &outputs, format)
        }
        Command::Interpret { input, entry, inputs, pipeline, grad, format } => {
            interpret(&input, &entry, &inputs, &pipeline, grad, format)
        }
    }
}

pub(crate) fn read_source(path: &PathBuf) -> Result<String> {
    if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text).context("reading stdin")?;
        return Ok(text);
    }
    std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
}

fn interpret(
    input: &PathBuf,
    entry: &str,
    inputs_path: &PathBuf,
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
    let spec = std::fs::read_to_string(inputs_path).with_context(|| format!("reading {}", inputs_path.display()))?;
    let args = inputs::parse(&spec).with_context(|| format!("in {}", inputs_path.display()))?;
    wrapc_runtime::set_grad_enabled(grad);
    let interpreter = Interpreter::new(module.as_operation());
    let outputs = interpreter.call(entry, &args).with_context(|| format!("calling @{entry}"))?;
    let effects = Effects::capture(&args, &outputs);
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
    let diagnostics = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let sink = diagnostics.clone();
    let handler = context.attach_diagnostic_handler(move |d| {
        sink.borrow_mut().push(format!("{}: {}", wrapc_passes::ir::location_text(&d.location().to_string()), d));
        true
    });
    let module = parse_with_filename(context, source, path);
    let verified = module.as_ref().map(|m| m.as_operation().verify()).unwrap_or(false);
    context.detach_diagnostic_handler(handler);
    match module {
        Some(module) if verified => Ok(module),
        _ => {
            let lines = diagnostics.borrow().join("\n");
            bail!("{} is not valid wrap IR:\n{lines}", path.display())
        }
    }
}

/// Parses `source` so that locations name `path` (not "-").
fn parse_with_filename<'c>(context: &'c melior::Context, source: &str, path: &std::path::Path) -> Option<Module<'c>> {
    if path.as_os_str() == "-" {
        return Module::parse(context, source);
    }
    let name = std::ffi::CString::new(path.display().to_string()).ok()?;
    // SAFETY: the context is live; the file name is NUL-terminated; a null
    // module means a parse error, already reported as diagnostics.
    unsafe {
        let module = mlir_sys::mlirModuleCreateParseFromFile(
            context.to_raw(),
            mlir_sys::mlirStringRefCreateFromCString(name.as_ptr()),
        );
        if module.ptr.is_null() {
            None
        } else {
            Some(Module::from_raw(module))
        }
    }
}
