//! wrapc's passes. Names, summaries and options come from `Passes.td`
//! (through build.rs); each pass is a Rust function registered in MLIR's pass
//! registry, so `wrapc-opt --<pass>` and `--pass-pipeline` work as for any
//! MLIR pass.

mod conversion;
/// IR helpers (walk, build, diagnose), in the dialect crate so that the
/// interpreter can use them without depending on the passes.
pub use wrapc_dialects::ir;
pub mod pipeline;
mod transforms;
pub use transforms::attach_ptx;
pub use transforms::outline_gpu_kernels::{needs_gpu_code, GPU_MODULE};

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

/// The option values one pass instance runs with, checked against the
/// types Passes.td declares.
#[derive(Debug, Default)]
pub struct Options {
    flags: HashMap<&'static str, bool>,
    strings: HashMap<&'static str, String>,
}

impl Options {
    /// Reads the raw option values; an ill-typed value is an error message.
    fn parse(defs: &'static [OptionDef], values: &[String]) -> Result<Options, String> {
        let mut options = Options::default();
        for (def, value) in defs.iter().zip(values) {
            match def.ty {
                "bool" => {
                    let flag = parse_bool(value).ok_or_else(|| {
                        format!("invalid value '{value}' for option '{}': expected true or false", def.name)
                    })?;
                    options.flags.insert(def.name, flag);
                }
                "std::string" => {
                    options.strings.insert(def.name, value.clone());
                }
                other => return Err(format!("option '{}' has type '{other}', which wrapc does not support", def.name)),
            }
        }
        Ok(options)
    }

    /// A boolean option (false when not declared).
    pub fn flag(&self, name: &str) -> bool {
        self.flags.get(name).copied().unwrap_or(false)
    }

    /// A string option ("" when not declared).
    pub fn string(&self, name: &str) -> &str {
        self.strings.get(name).map_or("", String::as_str)
    }
}

/// MLIR's spellings of a boolean option.
fn parse_bool(value: &str) -> Option<bool> {
    match value {
        "true" | "1" | "on" | "TRUE" | "True" => Some(true),
        "false" | "0" | "off" | "FALSE" | "False" => Some(false),
        _ => None,
    }
}

/// Registers every pass of Passes.td in MLIR's global pass registry. Safe to
/// call more than once.
pub fn register_passes() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        PASSES.iter().for_each(register_pass);
        // After the passes (and upstream's): a pipeline names them.
        register_upstream_passes();
        for pipeline in pipeline::PIPELINES {
            let c = |s: &str| CString::new(s).expect("pipeline strings have no NUL");
            let (name, summary, passes) = (c(pipeline.name), c(pipeline.summary), c(pipeline.passes));
            // SAFETY: NUL-terminated strings the C++ side copies.
            unsafe { ffi::wrapcRegisterPipeline(name.as_ptr(), summary.as_ptr(), passes.as_ptr()) };
        }
    });
}

fn register_pass(pass: &'static PassDef) {
    // The C++ side copies every string, so these may be dropped afterwards.
    let c = |s: &str| CString::new(s).expect("Passes.td strings have no NUL");
    let (argument, name, summary, op_name) =
        (c(pass.argument), c(pass.name), c(pass.summary), c(op_anchor(pass.op_name)));
    let option_strings: Vec<[CString; 3]> =
        pass.options.iter().map(|o| [c(o.name), c(o.description), c(o.default)]).collect();
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
    let values: Vec<String> = (0..num_options.max(0) as usize)
        // SAFETY: the C++ side passes one NUL-terminated value per option.
        .map(|i| unsafe { CStr::from_ptr(*option_values.add(i)) }.to_string_lossy().into_owned())
        .collect();
    let options = match Options::parse(pass.options, &values) {
        Ok(options) => options,
        Err(message) => {
            // SAFETY: MLIR hands the pass a live operation.
            ir::emit_error(unsafe { OperationRef::from_raw(op) }, &format!("{}: {message}", pass.argument));
            return FAILURE;
        }
    };
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

/// Registers MLIR's own passes (canonicalize, cse, the conversions, …) so
/// that pipelines can mix them with wrapc's.
pub fn register_upstream_passes() {
    static ONCE: Once = Once::new();
    // SAFETY: registration only touches MLIR's global registry.
    ONCE.call_once(|| unsafe { mlir_sys::mlirRegisterAllPasses() });
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
    fn boolean_options_accept_mlir_spellings_and_reject_the_rest() {
        static DEFS: [OptionDef; 3] = [
            OptionDef { name: "a", ty: "bool", default: "true", description: "" },
            OptionDef { name: "b", ty: "bool", default: "true", description: "" },
            OptionDef { name: "c", ty: "bool", default: "true", description: "" },
        ];
        let options = Options::parse(&DEFS, &["true".into(), "false".into(), "1".into()]).unwrap();
        assert!(options.flag("a"));
        assert!(!options.flag("b"));
        assert!(options.flag("c"));
        assert!(!options.flag("missing"));
        let error = Options::parse(&DEFS, &["yes".into(), "false".into(), "1".into()]).unwrap_err();
        assert_eq!(error, "invalid value 'yes' for option 'a': expected true or false");
    }
}
