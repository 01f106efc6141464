//! `wrapc compile` and `wrapc run`: the native back end.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context as _, Result};
use wrapc_codegen as codegen;
use wrapc_interpreter::{Effects, StorageSnapshot, Value};
use wrapc_runtime::capi;

/// What `wrapc compile` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Emit {
    /// The module lowered to MLIR's LLVM dialect.
    Mlir,
    /// Optimized LLVM IR.
    Llvm,
    /// Assembly for the host.
    Asm,
    /// An object file.
    Obj,
    /// A shared object linked with the runtime, plus its C header.
    So,
    /// The C header only.
    Header,
    /// PTX of the module's MLIR kernels (with --target=cuda).
    Ptx,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TargetKind {
    Host,
    Cuda,
}

/// GPU architecture for --target=cuda.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Arch {
    Sm80,
    Sm90,
}

/// Progress and timing lines on stderr.
pub struct Progress {
    quiet: bool,
    start: Instant,
    /// Each step's name and wall time, in order (for `wrapc-dev bench`).
    pub timings: Vec<(String, std::time::Duration)>,
    /// In a library (the in-process compiler): the passes' warnings, kept
    /// for the caller instead of printed; no crash-handler phases.
    pub warnings: Option<Vec<String>>,
}

impl Progress {
    pub fn new(quiet: bool) -> Self {
        Progress { quiet, start: Instant::now(), timings: Vec::new(), warnings: None }
    }

    /// Quiet, for a compiler running inside another program: nothing is
    /// printed to that program's standard error.
    pub fn in_library() -> Self {
        Progress { warnings: Some(Vec::new()), ..Progress::new(true) }
    }

    /// Passes' warnings go to stderr even with --quiet: they say something
    /// about the output.
    fn warn(&mut self, warnings: Vec<String>) {
        match &mut self.warnings {
            Some(kept) => kept.extend(warnings),
            None => warnings.iter().for_each(|warning| eprintln!("{warning}")),
        }
    }

    fn step<T>(&mut self, what: &str, work: impl FnOnce() -> Result<T>) -> Result<T> {
        if self.warnings.is_none() {
            crate::crash::set_phase(format!("compiling: {what}"));
        }
        let begin = Instant::now();
        let result = work()?;
        let elapsed = begin.elapsed();
        self.timings.push((what.to_string(), elapsed));
        if !self.quiet {
            eprintln!("wrapc: {what:<34} {:>8.2} ms", elapsed.as_secs_f64() * 1e3);
        }
        Ok(result)
    }

    fn done(&self, output: &Path) {
        if !self.quiet {
            let output = if is_stdout(output) { "standard output".into() } else { output.display().to_string() };
            eprintln!("wrapc: wrote {output} ({:.1} ms total)", self.start.elapsed().as_secs_f64() * 1e3);
        }
    }
}

pub struct CompileRequest<'p> {
    pub input: &'p Path,
    pub output: &'p Path,
    pub emit: Emit,
    pub opt_level: u8,
    pub target: TargetKind,
    pub arch: Arch,
    pub allow_file_dir: Option<&'p Path>,
    pub cuda_graphs: bool,
    /// The runtime to link (`.so` or `.a`); `None`: `$WRAPC_RUNTIME_LIB`,
    /// else the archive beside the executable.
    pub runtime: Option<&'p Path>,
}

pub fn compile(request: CompileRequest, progress: &mut Progress) -> Result<()> {
    if request.target == TargetKind::Host && request.emit == Emit::Ptx {
        bail!("--emit=ptx compiles the module's MLIR kernels for the GPU: add --target=cuda");
    }
    if request.target == TargetKind::Host && request.cuda_graphs {
        bail!("--cuda-graphs replays GPU launches as CUDA graphs: add --target=cuda");
    }
    let header_path = (request.emit == Emit::So).then(|| request.output.with_extension("h"));
    check_outputs(request.input, request.output, request.emit, header_path.as_deref())?;
    let source = crate::read_source(request.input)?;
    let context = wrapc_dialects::create_context();
    let mut module = progress.step("parse and verify", || crate::parse_module(&context, &source, request.input))?;
    let sm = match request.arch {
        Arch::Sm80 => codegen::ptx::Sm::Sm80,
        Arch::Sm90 => codegen::ptx::Sm::Sm90,
    };
    if request.emit == Emit::Ptx {
        let ptx = progress.step("kernels to PTX (NVPTX)", || {
            Ok(codegen::ptx::kernels_to_ptx(&context, &module, sm, request.opt_level)?)
        })?;
        write(request.output, ptx)?;
        progress.done(request.output);
        return Ok(());
    }
    let warnings = progress.step("specialize (4 passes)", || Ok(codegen::specialize(&context, &mut module)?))?;
    progress.warn(warnings);
    let library = Some(request.output)
        .filter(|output| !is_stdout(output))
        .and_then(|output| output.file_stem())
        .and_then(|s| s.to_str())
        .unwrap_or("wrapc")
        .trim_start_matches("lib")
        .to_string();
    let entries = codegen::entry_points(&module);
    let externals = codegen::external_graphs(&module);
    for name in entries.iter().map(|e| &e.name).chain(&externals) {
        codegen::check_c_name(name)
            .map_err(|why| anyhow::anyhow!("@{name} cannot be declared in the C header: {why}"))?;
    }
    let header = codegen::header(&library, &entries, &externals);
    if request.emit == Emit::Header {
        write(request.output, header)?;
        progress.done(request.output);
        return Ok(());
    }
    let warnings = match request.target {
        TargetKind::Host => {
            progress.step("lower to the LLVM dialect", || Ok(codegen::lower_to_llvm_dialect(&context, &mut module)?))?
        }
        TargetKind::Cuda => progress.step("lower to the LLVM dialect (CUDA)", || {
            Ok(codegen::lower_to_llvm_dialect_cuda(
                &context,
                &mut module,
                sm,
                request.opt_level,
                request.allow_file_dir,
                request.cuda_graphs,
            )?)
        })?,
    };
    progress.warn(warnings);
    if request.emit == Emit::Mlir {
        write(request.output, module.as_operation().to_string())?;
        progress.done(request.output);
        return Ok(());
    }
    let llvm = inkwell::context::Context::create();
    let ir = progress.step("translate to LLVM IR", || Ok(codegen::translate(&module, &llvm)?))?;
    let plan = codegen::plan_for(&ir, request.opt_level);
    if plan.is_large() && !progress.quiet {
        eprintln!(
            "wrapc: a large module ({} LLVM instructions): IR pipeline {}, code generation at O{}",
            plan.instructions, plan.pipeline, plan.codegen
        );
    }
    let machine = codegen::host_target_machine(plan.codegen)?;
    progress
        .step(&format!("optimize ({})", plan.pipeline), || Ok(codegen::optimize(&ir, &machine, &plan.pipeline)?))?;
    match request.emit {
        Emit::Llvm => write(request.output, ir.print_to_string().to_string())?,
        Emit::Asm => write(request.output, codegen::assembly(&ir, &machine)?)?,
        Emit::Obj => progress.step("emit object", || write(request.output, codegen::object_code(&ir, &machine)?))?,
        Emit::So => {
            // Linked in private, then copied: the linker never writes to
            // the user's destination (gold loops forever on a failed write,
            // e.g. to /dev/full), and the copy reports the first failure.
            let scratch = ScratchDir::new()?;
            let object = scratch.0.join("module.o");
            let library = scratch.0.join("library.so");
            progress.step("emit object", || {
                codegen::write_object(&ir, &machine, &object).with_context(|| format!("writing {}", object.display()))
            })?;
            let runtime = match request.runtime {
                Some(path) => path.to_path_buf(),
                None => runtime_library()?,
            };
            progress.step("link with the runtime", || Ok(codegen::link_shared_object(&object, &runtime, &library)?))?;
            install(&library, request.output)?;
            let header_path = header_path.expect("made for --emit=so");
            write(&header_path, header)?;
            if !progress.quiet {
                eprintln!("wrapc: wrote {}", header_path.display());
            }
        }
        Emit::Mlir | Emit::Header | Emit::Ptx => unreachable!("handled above"),
    }
    progress.done(request.output);
    Ok(())
}

/// `-o -`: standard output, for the text emits.
fn is_stdout(output: &Path) -> bool {
    output.as_os_str() == "-"
}

/// Writes `contents` to `path` (`-`: standard output); the first failed
/// write (a full disk, `/dev/full`) is the error.
fn write(path: &Path, contents: impl AsRef<[u8]>) -> Result<()> {
    use std::io::Write as _;
    if is_stdout(path) {
        let mut stdout = std::io::stdout().lock();
        return stdout.write_all(contents.as_ref()).and_then(|()| stdout.flush()).context("writing to standard output");
    }
    std::fs::write(path, contents).with_context(|| format!("writing {}", path.display()))
}

/// Copies the linked library `from` to `to` as a linker writes its output:
/// an existing file (or symbolic link) there is removed first rather than
/// truncated, so that a process with the old library loaded keeps an
/// intact copy; the new file is executable as far as the umask allows. The
/// first failed write (a full disk) is the error.
fn install(from: &Path, to: &Path) -> Result<()> {
    use std::os::unix::fs::OpenOptionsExt as _;
    let writing = || format!("writing {}", to.display());
    if std::fs::symlink_metadata(to).is_ok_and(|m| m.is_file() || m.is_symlink()) {
        std::fs::remove_file(to).with_context(writing)?;
    }
    let mut source = std::fs::File::open(from).with_context(|| format!("reading {}", from.display()))?;
    let mut target = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o777)
        .open(to)
        .with_context(writing)?;
    std::io::copy(&mut source, &mut target).with_context(writing)?;
    Ok(())
}

/// Refuses, before any work, outputs that would overwrite the input or each
/// other, `-o -` for the binary emits, destinations in a directory that
/// does not exist, and (for --emit=so, whose header goes beside the
/// library) a library or header path that exists but is not a regular file.
fn check_outputs(input: &Path, output: &Path, emit: Emit, header: Option<&Path>) -> Result<()> {
    if is_stdout(output) {
        match emit {
            Emit::So => bail!(
                "-o -: --emit=so writes a shared object and its C header, two files, not standard output: \
                 name the library (-o libNAME.so; -o ./- for a file named '-')"
            ),
            Emit::Obj => bail!(
                "-o -: --emit=obj writes a binary object file, not standard output: name it (-o ./- for a file \
                 named '-')"
            ),
            // The text emits go to standard output.
            _ => return Ok(()),
        }
    }
    // A path that does not exist yet cannot be the (existing) input.
    let same = |a: &Path, b: &Path| match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if input.as_os_str() != "-" {
        for path in std::iter::once(output).chain(header) {
            if same(input, path) {
                bail!("{} is the input file: refusing to overwrite it (choose another -o)", path.display());
            }
        }
    }
    if let Some(header) = header {
        if header == output || same(header, output) {
            bail!("-o {} would be overwritten by its own C header: name the shared object *.so", output.display());
        }
        for (path, what) in [(output, "the shared object"), (header, "its C header")] {
            if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
                bail!(
                    "{} is not a regular file: --emit=so writes {what} there (the library to -o, its header \
                     beside it as <stem>.h)",
                    path.display()
                );
            }
        }
    }
    for path in std::iter::once(output).chain(header) {
        let directory = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        if !directory.is_dir() {
            bail!("cannot write {}: {} is not a directory", path.display(), directory.display());
        }
    }
    Ok(())
}

/// A private temporary directory, removed with everything in it when
/// dropped: intermediate files never land next to the user's outputs.
struct ScratchDir(PathBuf);

impl ScratchDir {
    fn new() -> Result<ScratchDir> {
        use std::sync::atomic::{AtomicU64, Ordering};
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let base = std::env::temp_dir();
        for _ in 0..16 {
            let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
            let name = format!("wrapc-{}-{}-{nanos}", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed));
            let path = base.join(name);
            // create_dir fails if the name exists: never reuse someone's directory.
            if std::fs::create_dir(&path).is_ok() {
                return Ok(ScratchDir(path));
            }
        }
        bail!("cannot create a temporary directory in {}", base.display())
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The runtime's static library: `$WRAPC_RUNTIME_LIB`, or the one built
/// next to this executable.
fn runtime_library() -> Result<PathBuf> {
    if let Some(path) = std::env::var_os("WRAPC_RUNTIME_LIB") {
        return Ok(PathBuf::from(path));
    }
    let exe = std::env::current_exe().context("locating the wrapc executable")?;
    let candidate = exe.with_file_name("libwrapc_runtime.a");
    if candidate.exists() {
        return Ok(candidate);
    }
    bail!("cannot find libwrapc_runtime.a next to {}; set WRAPC_RUNTIME_LIB", exe.display())
}

/// JIT-compiles `input` and calls `entry` with `args`; returns the outputs.
pub fn run(input: &Path, entry: &str, args: &[Value], opt_level: u8, progress: &mut Progress) -> Result<Vec<Value>> {
    let source = crate::read_source(input)?;
    let context = wrapc_dialects::create_context();
    let mut module = progress.step("parse and verify", || crate::parse_module(&context, &source, input))?;
    let warnings = progress.step("specialize (4 passes)", || Ok(codegen::specialize(&context, &mut module)?))?;
    progress.warn(warnings);
    let externals = codegen::external_graphs(&module);
    if !externals.is_empty() {
        bail!(
            "{} only declares the compiled graph(s) @{}; `wrapc run` needs their bodies in the module \
             (or compile with `wrapc compile` and link them in)",
            input.display(),
            externals.join(", @")
        );
    }
    let Some(signature) = codegen::entry_points(&module).into_iter().find(|e| e.name == entry) else {
        bail!(
            "@{entry} is not a native entry point of {} (a public function taking or returning tensors)",
            input.display()
        );
    };
    let warnings =
        progress.step("lower to the LLVM dialect", || Ok(codegen::lower_to_llvm_dialect(&context, &mut module)?))?;
    progress.warn(warnings);
    let jit = progress.step("JIT compile", || Ok(codegen::Jit::new(&module, opt_level as usize, &[])?))?;
    let function = jit.entry(entry)?;
    call_native(function, args, &signature.outputs)
}

/// Calls a native entry point: arguments in, owned outputs out, errors as
/// messages.
pub fn call_native(function: codegen::NativeFn, args: &[Value], signature: &[codegen::Arg]) -> Result<Vec<Value>> {
    let num_outputs = signature.len();
    let inputs: Vec<*mut capi::wrt_tensor> = args
        .iter()
        .enumerate()
        .map(|(i, arg)| {
            let native = arg.to_native().with_context(|| format!("argument #{i}"))?;
            Ok(native.map_or(std::ptr::null_mut(), capi::into_handle))
        })
        .collect::<Result<_>>()?;
    let mut outputs = vec![std::ptr::null_mut(); num_outputs];
    // SAFETY: the entry point reads `inputs.len()` borrowed handles and
    // writes `outputs.len()` owned ones.
    let status = unsafe { function(inputs.as_ptr(), inputs.len(), outputs.as_mut_ptr(), outputs.len()) };
    for handle in inputs {
        // SAFETY: made above, not used again.
        unsafe { capi::wrt_tensor_release(handle) };
    }
    if status != 0 {
        // SAFETY: wrt_last_error returns a NUL-terminated thread-local string.
        let message = unsafe { std::ffi::CStr::from_ptr(capi::wrt_last_error()) }.to_string_lossy().into_owned();
        bail!("the compiled wrapper failed with status {status}: {message}");
    }
    outputs
        .into_iter()
        .zip(signature)
        .map(|(handle, kind)| {
            // SAFETY: each output is an owned handle written by the callee.
            let Some(tensor) = (unsafe { capi::take_handle(handle) }) else { return Ok(Value::Null) };
            Ok(Value::from_native(tensor, matches!(kind, codegen::Arg::Int))?)
        })
        .collect()
}

pub fn print_effects(before: &StorageSnapshot, args: &[Value], outputs: &[Value], format: crate::Format) -> Result<()> {
    let effects = Effects::capture(before, args, outputs);
    match format {
        crate::Format::Json => println!("{}", serde_json::to_string_pretty(&effects)?),
        crate::Format::Table => print!("{}", crate::table::render(&effects)),
    }
    Ok(())
}
