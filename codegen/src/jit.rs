//! In-process execution of a compiled module through MLIR's execution
//! engine, resolved against the runtime linked into this process.

use melior::ir::Module;
use melior::StringRef;
use wrapc_runtime::capi::wrt_tensor;

use crate::{CodegenError, Result};

/// wrapc's native entry-point ABI.
pub type NativeFn = unsafe extern "C" fn(*const *mut wrt_tensor, usize, *mut *mut wrt_tensor, usize) -> i32;

/// An MLIR execution engine made by `wrapcExecutionEngineCreate` (no perf
/// jitdump files, unlike melior's `ExecutionEngine::new`).
pub struct Jit {
    engine: mlir_sys::MlirExecutionEngine,
}

impl Jit {
    /// JIT-compiles an LLVM-dialect module at `opt_level`; extra symbols
    /// (e.g. compiled graphs supplied by the host) are resolved by name.
    pub fn new(module: &Module, opt_level: usize, extra_symbols: &[(&str, *mut ())]) -> Result<Jit> {
        // SAFETY: the module is live; a null engine is a reported failure.
        let engine = unsafe { wrapc_dialects::ffi::wrapcExecutionEngineCreate(module.to_raw(), opt_level as i32) };
        if engine.ptr.is_null() {
            return Err(CodegenError::Llvm("the JIT could not compile the module (see the diagnostics)".into()));
        }
        let jit = Jit { engine };
        for (name, address) in wrapc_runtime::capi::symbols().into_iter().chain(extra_symbols.iter().copied()) {
            // SAFETY: every address is a function with the C signature the
            // compiled module declares for that name.
            unsafe {
                mlir_sys::mlirExecutionEngineRegisterSymbol(jit.engine, StringRef::new(name).to_raw(), address.cast())
            };
        }
        Ok(jit)
    }

    /// The entry point `name`.
    pub fn entry(&self, name: &str) -> Result<NativeFn> {
        // SAFETY: the engine is live; lookup returns null for unknown names.
        let address = unsafe { mlir_sys::mlirExecutionEngineLookup(self.engine, StringRef::new(name).to_raw()) };
        if address.is_null() {
            return Err(CodegenError::Llvm(format!("no compiled entry point '{name}'")));
        }
        // SAFETY: entry points are compiled with exactly this signature.
        Ok(unsafe { std::mem::transmute::<*mut std::ffi::c_void, NativeFn>(address) })
    }
}

impl Drop for Jit {
    fn drop(&mut self) {
        // SAFETY: the engine was made by wrapcExecutionEngineCreate and is
        // destroyed once.
        unsafe { mlir_sys::mlirExecutionEngineDestroy(self.engine) };
    }
}
