//! wrapc's passes. Names, summaries and options come from `Passes.td`
//! (through build.rs); each pass is a Rust function registered in MLIR's pass
//! registry, so `wrapc-opt --<pass>` and `--pass-pipeline` work as for any
//! MLIR pass.

mod flatten_subclasses;
pub mod ir;
mod convert_wrap_to_llvm;
mod orchestrate;
pub mod pipeline;
mod specialize_mutation_epilogue;
mod inline_alias_replay;

use std::collections::HashMap;
use std::ffi::{c_char, c_void, CStr, CString};
use std::sync::Once;

use melior::ir::operation::OperationRef;
use mlir_sys::{MlirLogicalResult, MlirOperation};
use wrapc_dialects::ffi;

pub use ir::Reported;

/// One option of a pass, as declared in Passes.td.
#[derive(Debug)]
pub struct OptionDef {
    pub name: &'static str,
    pub ty: &'static str,
    pub default: &'static str,
    pub description: &'static str,
}

/// One pass, as declared in Passes.td, with its Rust implementation.
pub struct PassDef {
    pub name: &'static str,
    pub argument: &'static str,
    pub op_name: &'static str,
    pub summary: &'static str,
    pub description: &'static str,
    pub options: &'static [OptionDef],
    pub run: for<'c, 'a> fn(OperationRef<'c, 'a>, &Options) -> Result<(), Reported>,
}

impl std::fmt::Debug for PassDef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PassDef")
            .field("name", &self.name)
            .field("argument", &self.argument)
            .field("op_name", &self.op_name)
            .field("summary", &self.summary)
            .field("options", &self.options)
            .finish()
    }
}

include!(concat!(env!("OUT_DIR"), "/passes.rs"));

/// The option values one pass instance runs with.
#[derive(Debug, Default)]
pub struct Options {
    values: HashMap<&'static str, String>,
}

impl Options {
    /// A boolean option; MLIR's own spellings of true and false are accepted.
    pub fn flag(&self, name: &str) -> bool {
        matches!(self.values.get(name).map(String::as_str), Some("true" | "1" | "on"))
    }
}

/// Registers every pass of Passes.td in MLIR's global pass registry. Safe to
/// call more than once.
pub fn register_passes() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| PASSES.iter().for_each(register_pass));
}

fn register_pass(pass: &'static PassDef) {
    // The C++ side copies every string, so these may be dropped afterwards.
    let c = |s: &str| CString::new(s).expect("Passes.td strings have no NUL");
    let (argument, name, summary, op_name) =
        (c(pass.argument), c(pass.name), c(pass.summary), c(op_anchor(pass.op_name)));
    let option_strings: Vec<[CString; 3]> = pass
        .options
        .iter()
        .map(|o| [c(o.name), c(o.description), c(o.default)])
        .collect();
    let options: Vec<ffi::WrapcPassOption> = option_strings
        .iter()
        .map(|[n, d, v]| ffi::WrapcPassOption { name: n.as_ptr(), description: d.as_ptr(), default_value: v.as_ptr() })
        .collect();
    let descriptor = ffi::WrapcPassDescriptor {
        argument: argument.as_ptr(),
        name: name.as_ptr(),
        summary: summary.as_ptr(),
        op_name: op_name.as_ptr(),
        num_options: options.len() as isize,
        options: options.as_ptr(),
        run: run_pass,
        user_data: pass as *const PassDef as *mut c_void,
    };
    // SAFETY: every pointer in the descriptor lives until the call returns,
    // and `user_data` points to a `'static` PassDef.
    unsafe { ffi::wrapcRegisterPass(&descriptor) }
}

/// ODS names the anchor with its C++ class; the registry wants the op name.
fn op_anchor(cpp_name: &str) -> &str {
    match cpp_name {
        "mlir::ModuleOp" | "::mlir::ModuleOp" => "builtin.module",
        "mlir::func::FuncOp" | "::mlir::func::FuncOp" => "func.func",
        other => other,
    }
}

// MLIR's C API spells these as inline functions, which bindgen skips.
const SUCCESS: MlirLogicalResult = MlirLogicalResult { value: 1 };
const FAILURE: MlirLogicalResult = MlirLogicalResult { value: 0 };

unsafe extern "C" fn run_pass(
    op: MlirOperation,
    option_values: *const *const c_char,
    num_options: isize,
    user_data: *mut c_void,
) -> MlirLogicalResult {
    // SAFETY: `user_data` is the `'static` PassDef given at registration.
    let pass = unsafe { &*(user_data as *const PassDef) };
    let mut options = Options::default();
    for (i, option) in pass.options.iter().enumerate().take(num_options.max(0) as usize) {
        // SAFETY: the C++ side passes one NUL-terminated value per option.
        let value = unsafe { CStr::from_ptr(*option_values.add(i)) };
        options.values.insert(option.name, value.to_string_lossy().into_owned());
    }
    let outcome = std::panic::catch_unwind(|| {
        // SAFETY: MLIR hands the pass a live operation.
        let op = unsafe { OperationRef::from_raw(op) };
        (pass.run)(op, &options)
    });
    match outcome {
        Ok(Ok(())) => SUCCESS,
        Ok(Err(Reported)) => FAILURE,
        Err(_) => {
            // SAFETY: the operation is still alive; only the Rust pass failed.
            let op = unsafe { OperationRef::from_raw(op) };
            ir::emit_error(op, &format!("internal error in pass '{}'", pass.argument));
            FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_matches_passes_td() {
        let summary: Vec<String> = PASSES
            .iter()
            .map(|p| {
                let options: Vec<String> =
                    p.options.iter().map(|o| format!("{}:{}={}", o.name, o.ty, o.default)).collect();
                format!("{} ({}) on {} [{}]: {}", p.argument, p.name, p.op_name, options.join(", "), p.summary)
            })
            .collect();
        insta::assert_snapshot!(summary.join("\n"));
    }

    #[test]
    fn boolean_options_accept_mlir_spellings() {
        let mut options = Options::default();
        options.values.insert("a", "true".into());
        options.values.insert("b", "false".into());
        options.values.insert("c", "1".into());
        assert!(options.flag("a"));
        assert!(!options.flag("b"));
        assert!(options.flag("c"));
        assert!(!options.flag("missing"));
    }
}

/// Registers MLIR's own passes (canonicalize, cse, the conversions, …) so
/// that pipelines can mix them with wrapc's.
pub fn register_upstream_passes() {
    static ONCE: Once = Once::new();
    // SAFETY: registration only touches MLIR's global registry.
    ONCE.call_once(|| unsafe { mlir_sys::mlirRegisterAllPasses() });
}
