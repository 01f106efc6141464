//! In-process execution of a compiled module through MLIR's execution
//! engine, resolved against the runtime linked into this process.

use melior::ir::Module;
use melior::ExecutionEngine;
use wrapc_runtime::capi::wrt_tensor;

use crate::{CodegenError, Result};

/// wrapc's native entry-point ABI.
pub type NativeFn = unsafe extern "C" fn(*const *mut wrt_tensor, usize, *mut *mut wrt_tensor, usize) -> i32;

pub struct Jit {
    engine: ExecutionEngine,
}

impl Jit {
    /// JIT-compiles an LLVM-dialect module at `opt_level`; extra symbols
    /// (e.g. compiled graphs supplied by the host) are resolved by name.
    pub fn new(module: &Module, opt_level: usize, extra_symbols: &[(&str, *mut ())]) -> Result<Jit> {
        // SAFETY: the module's context is live.
        unsafe { mlir_sys::mlirRegisterAllLLVMTranslations(mlir_sys::mlirModuleGetContext(module.to_raw())) };
        let engine = ExecutionEngine::new(module, opt_level, &[], false, false);
        for (name, address) in wrapc_runtime::capi::symbols().into_iter().chain(extra_symbols.iter().copied()) {
            // SAFETY: every address is a function with the C signature the
            // compiled module declares for that name.
            unsafe { engine.register_symbol(name, address) };
        }
        Ok(Jit { engine })
    }

    /// The entry point `name`.
    pub fn entry(&self, name: &str) -> Result<NativeFn> {
        let address = self.engine.lookup(name);
        if address.is_null() {
            return Err(CodegenError::Llvm(format!("no compiled entry point '{name}'")));
        }
        // SAFETY: entry points are compiled with exactly this signature.
        Ok(unsafe { std::mem::transmute::<*mut (), NativeFn>(address) })
    }
}
