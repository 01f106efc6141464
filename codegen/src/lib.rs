//! wrapc's back end: wrap IR → LLVM dialect (wrapc's passes + the upstream
//! conversions) → LLVM IR (`mlirTranslateModuleToLLVMIR` into an inkwell
//! context) → optimized object, assembly, shared object (linked with the
//! runtime's static library) and C header; or a JIT for `wrapc run`.

mod child;
mod header;
#[cfg(feature = "jit")]
mod jit;
mod link;
mod lld;
pub mod ptx;

use std::path::Path;

use inkwell::module::Module as LlvmModule;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetMachine};
use inkwell::OptimizationLevel;
use melior::ir::Module;
use melior::Context;

pub use header::{check_c_name, entry_points, external_graphs, header, Arg, EntryPoint};
#[cfg(feature = "jit")]
pub use jit::{Jit, NativeFn};
pub use link::{link_shared_object, LINKER_OUTPUT_LIMIT, LINK_TIMEOUT};

#[derive(Debug, thiserror::Error)]
pub enum CodegenError {
    /// Diagnostics of a failed pass pipeline, one per line.
    #[error("{0}")]
    Pipeline(String),
    #[error("LLVM: {0}")]
    Llvm(String),
    #[error("linking the shared object failed: {0}")]
    Link(String),
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

pub type Result<T> = std::result::Result<T, CodegenError>;

pub use wrapc_passes::pipeline::{TO_LLVM, TO_LLVM_CUDA};

/// Runs `pipeline` on `module`; returns the passes' warnings. This crate
/// is `wrap-attach-ptx`'s back end there.
pub fn run_pipeline(context: &Context, module: &mut Module, pipeline: &str) -> Result<Vec<String>> {
    ptx::install();
    wrapc_passes::pipeline::run_pipeline(context, module, pipeline).map_err(CodegenError::Pipeline)
}

/// Runs wrapc's specialization passes (level 1 → straight-line level 2).
pub fn specialize(context: &Context, module: &mut Module) -> Result<Vec<String>> {
    run_pipeline(context, module, wrapc_passes::pipeline::SPECIALIZE)
}

/// Lowers a specialized module to the LLVM dialect; returns the warnings
/// (e.g. functions that get no native entry point).
pub fn lower_to_llvm_dialect(context: &Context, module: &mut Module) -> Result<Vec<String>> {
    run_pipeline(context, module, TO_LLVM)
}

/// Lowers a specialized module whose kernels run on the GPU: kernels
/// written in MLIR are compiled to PTX for `sm` first (`wrap-attach-ptx`),
/// then every launch goes through a lazy slot: the named pipeline
/// `wrap-lower-to-llvm-cuda` with these options, which `wrapc-opt` runs
/// alike.
///
/// `allow_file_dir` is a directory besides the input's that kernels'
/// `ptx_file` / `cubin_file` may read from (`--allow-file-dir`).
pub fn lower_to_llvm_dialect_cuda(
    context: &Context,
    module: &mut Module,
    sm: ptx::Sm,
    opt_level: u8,
    allow_file_dir: Option<&Path>,
    cuda_graphs: bool,
) -> Result<Vec<String>> {
    let allow_file_dir = match allow_file_dir {
        Some(dir) => Some(dir.to_str().filter(|d| !d.contains(['"', '\\'])).ok_or_else(|| {
            CodegenError::Pipeline(format!("--allow-file-dir {}: the path must be UTF-8 without quotes", dir.display()))
        })?),
        None => None,
    };
    let options = wrapc_passes::pipeline::CudaOptions { chip: sm, opt_level, allow_file_dir, cuda_graphs };
    run_pipeline(context, module, &options.pipeline())
}

/// Translates an LLVM-dialect module into LLVM IR owned by `llvm`.
pub fn translate<'ctx>(module: &Module, llvm: &'ctx inkwell::context::Context) -> Result<LlvmModule<'ctx>> {
    // SAFETY: the module's context is live.
    unsafe { mlir_sys::mlirRegisterAllLLVMTranslations(mlir_sys::mlirModuleGetContext(module.to_raw())) };
    // SAFETY: both contexts are live; the returned module belongs to `llvm`
    // (mlir-sys and inkwell link the same LLVM).
    let raw = unsafe { mlir_sys::mlirTranslateModuleToLLVMIR(module.as_operation().to_raw(), llvm.raw() as _) };
    if raw.is_null() {
        return Err(CodegenError::Llvm("translation to LLVM IR failed (is the module fully lowered?)".into()));
    }
    // SAFETY: `raw` is a fresh module in `llvm`'s context, owned from here.
    Ok(unsafe { LlvmModule::new(raw as _) })
}

fn optimization_level(level: u8) -> OptimizationLevel {
    match level {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    }
}

/// A target machine for the host CPU, producing position-independent code.
pub fn host_target_machine(level: u8) -> Result<TargetMachine> {
    Target::initialize_native(&InitializationConfig::default()).map_err(CodegenError::Llvm)?;
    let triple = TargetMachine::get_default_triple();
    let target = Target::from_triple(&triple).map_err(|e| CodegenError::Llvm(e.to_string()))?;
    target
        .create_target_machine(
            &triple,
            &TargetMachine::get_host_cpu_name().to_string(),
            &TargetMachine::get_host_cpu_features().to_string(),
            optimization_level(level),
            RelocMode::PIC,
            CodeModel::Default,
        )
        .ok_or_else(|| CodegenError::Llvm(format!("no target machine for {triple}")))
}

/// LLVM instructions past which a module counts as large (about 350 kernel
/// launches): LLVM's instruction selection, register allocation and some
/// function passes (correlated value propagation, SLP) grow faster than
/// linearly with the size of the one function a wrapper becomes.
pub const LARGE_MODULE_INSTRUCTIONS: usize = 10_000;

/// The LLVM IR pipeline of a large module: promote the scratch slots to
/// registers, fold common subexpressions and simplify the control flow —
/// what a wrapper of runtime calls and launches gains from, in time linear
/// in its size. No inliner: in a large module the graph or its wrapper is
/// tens of thousands of instructions, so inlining saves one call per call
/// of the wrapper, while building the call graph over every runtime call
/// cost 1.5 s of a 10,000-mutation wrapper's 15 s here.
pub const LARGE_MODULE_PIPELINE: &str = "function(sroa,early-cse,simplifycfg)";

/// How a module is optimized and compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The LLVM IR pipeline (`default<O2>`, or [`LARGE_MODULE_PIPELINE`]).
    pub pipeline: String,
    /// The code generator's level (0: fast instruction selection and
    /// register allocation).
    pub codegen: u8,
    /// Instructions in the module before optimization.
    pub instructions: usize,
}

impl Plan {
    pub fn is_large(&self) -> bool {
        self.instructions > LARGE_MODULE_INSTRUCTIONS
    }
}

/// The requested level, except for large modules: [`LARGE_MODULE_PIPELINE`]
/// and code generation at O0. A large wrapper is thousands of runtime calls
/// and launches, each far costlier than the few instructions fast
/// instruction selection adds, while at O2 its compile time grows to tens
/// of seconds (and the user waits for it at their first call).
pub fn plan_for(module: &LlvmModule, requested: u8) -> Plan {
    let instructions: usize =
        module.get_functions().flat_map(|f| f.get_basic_blocks()).map(|b| b.get_instructions().count()).sum();
    if requested > 0 && instructions > LARGE_MODULE_INSTRUCTIONS {
        Plan { pipeline: LARGE_MODULE_PIPELINE.into(), codegen: 0, instructions }
    } else {
        let level = requested.min(3);
        Plan { pipeline: format!("default<O{level}>"), codegen: level, instructions }
    }
}

/// Runs the LLVM IR `pipeline` (e.g. `default<O2>`), then verifies.
pub fn optimize(module: &LlvmModule, machine: &TargetMachine, pipeline: &str) -> Result<()> {
    module.set_triple(&machine.get_triple());
    module.set_data_layout(&machine.get_target_data().get_data_layout());
    module
        .run_passes(pipeline, machine, PassBuilderOptions::create())
        .map_err(|e| CodegenError::Llvm(e.to_string()))?;
    module.verify().map_err(|e| CodegenError::Llvm(e.to_string()))
}

/// The module's object file, in memory.
pub fn object_code(module: &LlvmModule, machine: &TargetMachine) -> Result<Vec<u8>> {
    let buffer =
        machine.write_to_memory_buffer(module, FileType::Object).map_err(|e| CodegenError::Llvm(e.to_string()))?;
    Ok(buffer.as_slice().to_vec())
}

/// Writes the module's object file to `path`. The object is made in memory
/// first: LLVM's own file output aborts the process on a failed write (a
/// full disk, `/dev/full`), where this reports it.
pub fn write_object(module: &LlvmModule, machine: &TargetMachine, path: &Path) -> Result<()> {
    Ok(std::fs::write(path, object_code(module, machine)?)?)
}

pub fn assembly(module: &LlvmModule, machine: &TargetMachine) -> Result<String> {
    let buffer =
        machine.write_to_memory_buffer(module, FileType::Assembly).map_err(|e| CodegenError::Llvm(e.to_string()))?;
    Ok(String::from_utf8_lossy(buffer.as_slice()).into_owned())
}
