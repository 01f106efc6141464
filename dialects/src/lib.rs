//! The `wrap` dialect for Rust: registration, typed access to its metadata
//! attributes and types, and the hooks that put Rust passes into MLIR's pass
//! registry and run MLIR's opt driver.
//!
//! The dialect itself is defined once, in `dialects/wrap/*.td`; its C++ side
//! is built by CMake (see `build.rs`) and reached through the small C API in
//! `dialects/wrap/include/wrapc/CAPI.h`, declared in [`ffi`].

pub mod ffi;
pub mod ir;
mod metadata;

mod source;
pub mod views;
mod wrapper_info;

mod op_kind {
    include!(concat!(env!("OUT_DIR"), "/wrap_ops.rs"));

    impl WrapOp {
        /// The kind of `op`, if it is a wrap op.
        pub fn of<'c: 'a, 'a>(op: &impl melior::ir::operation::OperationLike<'c, 'a>) -> Option<WrapOp> {
            op.name().as_string_ref().as_str().ok().and_then(WrapOp::from_name)
        }
    }
}
pub use metadata::{
    autograd_function_marks, dedupe_args, duplicate_message, element_dtype, synthetic_base_plan, tangent_layout,
    DedupeArg, DeviceKind, InputFlags, InputInfo, KernelConfig, MutationType, OutputInfo, OutputType, SubclassInfo,
    SyntheticBasePlan, TensorTypeInfo, DYNAMIC,
};
pub use op_kind::WrapOp;
pub use source::{check_source, SourceError, MAX_NESTING, MAX_RESULT_NUMBER};
pub use wrapper_info::{BackwardWrapperInfo, RuntimeWrapperInfo};

use melior::dialect::{DialectHandle, DialectRegistry};
use melior::Context;

/// The handle of the `wrap` dialect.
pub fn wrap_dialect_handle() -> DialectHandle {
    // SAFETY: the function only returns a static handle.
    unsafe { DialectHandle::from_raw(ffi::mlirGetDialectHandle__wrap__()) }
}

/// Adds the wrap dialect and the upstream dialects wrapc works with
/// (func, arith, scf, cf, index, memref, llvm, gpu, nvvm) to `registry`.
pub fn register_dialects(registry: &DialectRegistry) {
    // SAFETY: the registry is a live MLIR object owned by the caller.
    unsafe { ffi::wrapcRegisterDialects(registry.to_raw()) }
}

/// A context with every dialect of [`register_dialects`] loaded.
pub fn create_context() -> Context {
    let registry = DialectRegistry::new();
    register_dialects(&registry);
    let context = Context::new();
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    context
}

/// Parses and verifies `source` as a module whose locations name
/// `filename`; `None` when it is invalid (the diagnostics went to the
/// context's handlers). Properties MLIR's parser left half-made are caught
/// before its verifier would crash on them (see `wrapcParseModule`).
pub fn parse_module<'c>(context: &'c Context, source: &str, filename: &str) -> Option<melior::ir::Module<'c>> {
    use melior::StringRef;
    // SAFETY: the context is live and both strings outlive the call; a null
    // module means the parse or the verification failed.
    unsafe {
        let module =
            ffi::wrapcParseModule(context.to_raw(), StringRef::new(source).to_raw(), StringRef::new(filename).to_raw());
        (!module.ptr.is_null()).then(|| melior::ir::Module::from_raw(module))
    }
}

/// Typed Rust builders of every wrap op, generated from the same ODS as the
/// C++ side (`melior::dialect!` reads `dialects/wrap/WrapOps.td`).
pub mod ops {
    melior::dialect! {
        name: "wrap",
        files: ["WrapOps.td"],
        include_directory_env_vars: ["WRAP_TD_DIR"],
    }
}
