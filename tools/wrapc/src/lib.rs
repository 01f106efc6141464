//! The driver's shared parts, for the user's `wrapc` and the developers'
//! `wrapc-dev`: reading and parsing inputs, compiling and running natively,
//! printing effects, the fatal-signal handler, and the worker thread both
//! binaries run on.

pub mod crash;
pub mod inputs;
pub mod native;
pub mod table;

use std::process::ExitCode;

use anyhow::{bail, Context as _, Result};
use melior::ir::Module;

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Format {
    Json,
    Table,
}

/// The stack of the thread that does the work: MLIR's parser, verifier and
/// printer recurse per nesting level, and so do the passes.
const STACK_BYTES: usize = 256 << 20;

/// Runs `work` on a worker thread with a deep stack and the fatal-signal
/// handler installed; an error is one line on stderr (`<tool>: error: ...`)
/// and exit code 1.
pub fn drive(tool: &'static str, work: impl FnOnce() -> Result<()> + Send + 'static) -> ExitCode {
    let worker = std::thread::Builder::new().name(tool.into()).stack_size(STACK_BYTES).spawn(move || {
        crash::install();
        work()
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
            eprintln!("{tool}: error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Parses the command line as clap's `T`; bad arguments are bad input like
/// any other: exit code 1 (clap's own exit would be 2), help and --version 0.
pub fn parse_args<T: clap::Parser>() -> Result<T, ExitCode> {
    T::try_parse().map_err(|error| {
        let _ = error.print();
        if error.use_stderr() {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        }
    })
}

/// The largest IR file read (a program of millions of ops fits).
const MAX_SOURCE_BYTES: u64 = 1 << 30;

pub fn read_source(path: &std::path::Path) -> Result<String> {
    read_bounded(path, MAX_SOURCE_BYTES, "an input file")
}

/// Reads `path` (`-` is stdin) as UTF-8, refusing more than `limit` bytes
/// instead of reading an endless stream forever.
pub fn read_bounded(path: &std::path::Path, limit: u64, what: &str) -> Result<String> {
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

pub fn parse_module<'c>(context: &'c melior::Context, source: &str, path: &std::path::Path) -> Result<Module<'c>> {
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
