//! The C API of wrapc's passes (`include/wrapc/Passes.h`), for MLIR tools
//! written in C or C++ that embed the wrap dialect. The CMake package
//! (CMakeLists.txt at the root) builds this crate as `WrapcMLIR::Passes`;
//! docs/EMBEDDING.md shows a downstream opt tool that uses it.

use std::ffi::{c_void, CString};

use mlir_sys::{
    mlirEmitError, mlirModuleGetContext, mlirModuleGetOperation, mlirOperationGetLocation, mlirOperationVerify,
    mlirParsePassPipeline, mlirPassManagerCreate, mlirPassManagerDestroy, mlirPassManagerGetAsOpPassManager,
    mlirPassManagerRunOnOp, MlirLogicalResult, MlirModule, MlirStringRef,
};
use wrapc_passes::pipeline::PIPELINES;

// MLIR's inline mlirLogicalResultSuccess/Failure, which bindgen omits.
const SUCCESS: MlirLogicalResult = MlirLogicalResult { value: 1 };
const FAILURE: MlirLogicalResult = MlirLogicalResult { value: 0 };

/// Registers every wrapc pass and named pipeline in MLIR's global registry.
#[unsafe(no_mangle)]
pub extern "C" fn wrapcRegisterPasses() {
    wrapc_passes::register_passes();
    wrapc_codegen::ptx::install();
}

/// The number of named pipelines.
#[unsafe(no_mangle)]
pub extern "C" fn wrapcGetNumPipelines() -> isize {
    PIPELINES.len() as isize
}

/// The name of pipeline `pos`; a null string ref when out of range.
#[unsafe(no_mangle)]
pub extern "C" fn wrapcGetPipelineName(pos: isize) -> MlirStringRef {
    match usize::try_from(pos).ok().and_then(|i| PIPELINES.get(i)) {
        Some(pipeline) => MlirStringRef { data: pipeline.name.as_ptr().cast(), length: pipeline.name.len() },
        None => MlirStringRef { data: std::ptr::null(), length: 0 },
    }
}

/// Runs a textual pipeline on `module`, then verifies it; errors are the
/// context's diagnostics.
///
/// # Safety
/// `module` is a live module and `pipeline` points at `pipeline.length`
/// readable bytes (or is empty). No other thread uses the module's context
/// during the call, as for any MLIR pass manager run.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn wrapcRunPipeline(module: MlirModule, pipeline: MlirStringRef) -> MlirLogicalResult {
    wrapcRegisterPasses();
    // SAFETY: the caller passes a live module and a readable string.
    unsafe {
        let operation = mlirModuleGetOperation(module);
        let location = mlirOperationGetLocation(operation);
        let fail = |message: &str| {
            // A message with a NUL cannot be shown whole; its prefix is.
            let text = CString::new(message.split('\0').next().unwrap_or_default()).unwrap_or_default();
            mlirEmitError(location, text.as_ptr());
            FAILURE
        };
        let text = if pipeline.length == 0 {
            String::new()
        } else {
            String::from_utf8_lossy(std::slice::from_raw_parts(pipeline.data.cast::<u8>(), pipeline.length))
                .into_owned()
        };
        let Some(anchored) = anchor(&text) else {
            return fail(&format!("invalid pass pipeline '{text}': empty"));
        };
        let manager = mlirPassManagerCreate(mlirModuleGetContext(module));
        let mut parse_error = String::new();
        let source = MlirStringRef { data: anchored.as_ptr().cast(), length: anchored.len() };
        let parsed = mlirParsePassPipeline(
            mlirPassManagerGetAsOpPassManager(manager),
            source,
            Some(append_message),
            (&raw mut parse_error).cast::<c_void>(),
        );
        let outcome = if parsed.value == 0 {
            Err(format!("invalid pass pipeline '{text}': {}", parse_error.trim_end()))
        } else if mlirPassManagerRunOnOp(manager, operation).value == 0 {
            // The failing pass reported its errors to the context.
            Err(String::new())
        } else if !mlirOperationVerify(operation) {
            Err(String::new())
        } else {
            Ok(())
        };
        mlirPassManagerDestroy(manager);
        match outcome {
            Ok(()) => SUCCESS,
            Err(message) if message.is_empty() => FAILURE,
            Err(message) => fail(&message),
        }
    }
}

/// `pipeline` anchored on the module, as `--pass-pipeline` wants it: a
/// bare list of passes or pipeline names is wrapped in `builtin.module(…)`.
fn anchor(pipeline: &str) -> Option<String> {
    let trimmed = pipeline.trim();
    if trimmed.is_empty() {
        return None;
    }
    Some(if trimmed.starts_with("builtin.module(") {
        trimmed.to_string()
    } else {
        format!("builtin.module({trimmed})")
    })
}

unsafe extern "C" fn append_message(text: MlirStringRef, user_data: *mut c_void) {
    // SAFETY: `user_data` is the String wrapcRunPipeline passed, alive for
    // the parse; MLIR passes a readable string.
    unsafe {
        let bytes = std::slice::from_raw_parts(text.data.cast::<u8>(), text.length);
        (*user_data.cast::<String>()).push_str(&String::from_utf8_lossy(bytes));
    }
}
