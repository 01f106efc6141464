//! The reference interpreter of the wrap dialect.
//!
//! Level-1 ops (`wrap.runtime_wrapper`, `wrap.subclass_wrapper`) run the way
//! PyTorch's method-dispatch `RuntimeWrapper` does: the metadata is consulted
//! on every call and every branch is taken at run time. Level-2/3 functions
//! run op by op. Both work on `wrapc-runtime` tensors, so the effects of a
//! call — [`Effects`] — can be compared between IR before and after the
//! passes, and against compiled code.

mod exec;
mod level1;
mod payload;
mod value;

use std::collections::HashMap;
use wrapc_dialects::WrapOp;

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::IntegerType;
use melior::ir::{RegionLike, TypeLike};
use wrapc_dialects::ir;

pub use value::{Effects, StorageSnapshot, TensorEffect, Value, ValueEffect};

/// A failure of the interpreted program, located at the op that failed.
#[derive(Debug, thiserror::Error)]
#[error("{location}: {message}")]
pub struct InterpError {
    pub location: String,
    pub message: String,
}

impl InterpError {
    pub(crate) fn at(op: OperationRef, message: impl Into<String>) -> Self {
        InterpError { location: ir::location_text(&op.location().to_string()), message: message.into() }
    }
}

pub type Result<T> = std::result::Result<T, InterpError>;

/// The body of a compiled graph given as Rust code (for callees that are
/// only declared in the IR).
pub type GraphFn = Box<dyn Fn(&[Value]) -> std::result::Result<Vec<Value>, String>>;

pub struct Interpreter<'c, 'a> {
    module: OperationRef<'c, 'a>,
    graphs: HashMap<String, GraphFn>,
    /// Entry points' parsed signatures: reading types back from MLIR
    /// prints them, which would cost more than the call itself.
    signatures: std::cell::RefCell<HashMap<String, std::rc::Rc<Signature>>>,
    /// Calls in progress (see [`MAX_CALL_DEPTH`]).
    depth: std::cell::Cell<usize>,
}

/// How deeply calls may nest. Wrappers call a few levels down (dedupe,
/// subclass, runtime wrapper, graph); a deeper stack is a recursive call,
/// reported instead of overflowing the interpreter's own stack.
pub const MAX_CALL_DEPTH: usize = 64;

/// What the compiled prologue checks of each argument.
enum Expected {
    Tensor {
        dtype: Option<wrapc_runtime::DType>,
        cuda: bool,
        shape: Vec<i64>,
    },
    /// A symbolic int; `bool` for `i1`.
    Int {
        ty: String,
        bool_ok: bool,
    },
    /// Subclass values and anything else the prologue does not check.
    Unchecked,
}

struct Signature {
    inputs: Vec<Expected>,
    results: usize,
}

impl<'c, 'a> Interpreter<'c, 'a> {
    /// An interpreter of the symbols of `module` (a `builtin.module` op).
    pub fn new(module: OperationRef<'c, 'a>) -> Self {
        Self { module, graphs: HashMap::new(), signatures: Default::default(), depth: Default::default() }
    }

    /// Supplies the body of the declared function `name`.
    pub fn register_graph(&mut self, name: &str, body: GraphFn) {
        self.graphs.insert(name.to_string(), body);
    }

    /// Calls the symbol `name` — a wrapper or a function — with `args`.
    /// Calls entry point `name` as the embedder calls its compiled twin:
    /// the arguments are checked against its signature first, with the
    /// compiled prologue's messages (count, null, dtype, device, sizes).
    pub fn call(&self, name: &str, args: &[Value]) -> Result<Vec<Value>> {
        let Some(symbol) = self.lookup(name) else {
            return Err(InterpError::at(self.module, format!("no symbol named '{name}'")));
        };
        let cached = self.signatures.borrow().get(name).cloned();
        let signature = match cached {
            Some(signature) => signature,
            None => {
                let signature = std::rc::Rc::new(Signature::of(symbol)?);
                self.signatures.borrow_mut().insert(name.to_string(), signature.clone());
                signature
            }
        };
        signature.check(symbol, name, args)?;
        // A failure leaves the grad mode the call was entered with, as the
        // compiled entry point's failure exits restore it.
        let entered = wrapc_runtime::grad_enabled();
        let result = self.call_symbol(symbol, name, args);
        if result.is_err() {
            wrapc_runtime::set_grad_enabled(entered);
        }
        result
    }

    /// Calls `name` from within the program (types already verified).
    pub(crate) fn call_inner(&self, name: &str, args: &[Value]) -> Result<Vec<Value>> {
        let Some(symbol) = self.lookup(name) else {
            return Err(InterpError::at(self.module, format!("no symbol named '{name}'")));
        };
        if self.depth.get() >= MAX_CALL_DEPTH {
            return Err(InterpError::at(
                symbol,
                format!("calls nest more than {MAX_CALL_DEPTH} deep at '{name}' (a recursive call?)"),
            ));
        }
        self.depth.set(self.depth.get() + 1);
        let result = self.call_symbol(symbol, name, args);
        self.depth.set(self.depth.get() - 1);
        result
    }

    fn call_symbol(&self, symbol: OperationRef<'c, 'a>, name: &str, args: &[Value]) -> Result<Vec<Value>> {
        match (WrapOp::of(&symbol), symbol.name().as_string_ref().as_str().unwrap_or("")) {
            (Some(WrapOp::RuntimeWrapper), _) => level1::run_runtime_wrapper(self, symbol, args),
            (Some(WrapOp::SubclassWrapper), _) => level1::run_subclass_wrapper(self, symbol, args),
            (Some(WrapOp::DedupeWrapper), _) => level1::run_dedupe_wrapper(self, symbol, args),
            (Some(WrapOp::SyntheticBaseWrapper), _) => level1::run_synthetic_base_wrapper(self, symbol, args),
            (Some(WrapOp::BackwardWrapper), _) => level1::run_backward_wrapper(self, symbol, args),
            (None, "func.func") => self.call_function(symbol, name, args),
            (_, other) => Err(InterpError::at(symbol, format!("'{name}' is a {other}, which cannot be called"))),
        }
    }

    fn call_function(&self, function: OperationRef<'c, 'a>, name: &str, args: &[Value]) -> Result<Vec<Value>> {
        let has_body = function.region(0).ok().and_then(|r| r.first_block()).is_some();
        if has_body {
            return exec::run_function(self, function, args);
        }
        match self.graphs.get(name) {
            Some(body) => body(args).map_err(|message| InterpError::at(function, message)),
            None => Err(InterpError::at(
                function,
                format!("compiled graph '{name}' is only declared; register its body with the interpreter"),
            )),
        }
    }

    pub(crate) fn lookup(&self, name: &str) -> Option<OperationRef<'c, 'a>> {
        ir::lookup_in(self.module, name)
    }
}

impl Signature {
    /// The checks the compiled prologue (convert-wrap-to-llvm's `prologue`
    /// and `wrt_check_argument`) makes for `symbol`'s arguments.
    /// A symbol that is not callable (a kernel, a global) or a malformed
    /// one is an error at the symbol, not an empty signature.
    fn of(symbol: OperationRef) -> Result<Signature> {
        let (inputs, results) =
            wrapc_dialects::views::callable_type(symbol).map_err(|e| InterpError::at(symbol, e.to_string()))?;
        let inputs = inputs
            .iter()
            .map(|&ty| match wrapc_dialects::TensorTypeInfo::from_type(ty) {
                Some(info) => Expected::Tensor {
                    dtype: level1::dtype_of(ty),
                    cuda: info.device == wrapc_dialects::DeviceKind::Cuda,
                    shape: info.shape.iter().map(|&d| if d < 0 { -1 } else { d }).collect(),
                },
                None if ty.is_index() || ty.is_integer() => {
                    let bool_ok = IntegerType::try_from(ty).is_ok_and(|t| t.width() == 1);
                    Expected::Int { bool_ok, ty: ty.to_string() }
                }
                None => Expected::Unchecked,
            })
            .collect();
        Ok(Signature { inputs, results: results.len() })
    }

    /// The compiled prologue's checks, applied to interpreter values, with
    /// its messages.
    fn check(&self, symbol: OperationRef, name: &str, args: &[Value]) -> Result<()> {
        if self.inputs.len() != args.len() {
            return Err(InterpError::at(
                symbol,
                format!(
                    "{name}: expected {} inputs and {} outputs, got {} inputs",
                    self.inputs.len(),
                    self.results,
                    args.len()
                ),
            ));
        }
        for (i, (expected, arg)) in self.inputs.iter().zip(args).enumerate() {
            let fail = |message: String| Err(InterpError::at(symbol, format!("{name}: argument #{i}: {message}")));
            match expected {
                Expected::Tensor { dtype, cuda, shape } => {
                    let Value::Tensor(t) = arg else {
                        return fail(format!("expected a tensor, got {}", arg.kind()));
                    };
                    let Some(want) = *dtype else { continue };
                    if t.has_signature(want, *cuda, shape) {
                        continue;
                    }
                    if t.dtype() != want {
                        return fail(format!("expected {}, got {}", want.name(), t.dtype().name()));
                    }
                    if matches!(t.device(), wrapc_runtime::Device::Cuda(_)) != *cuda {
                        return fail(format!("expected a {} tensor", if *cuda { "cuda" } else { "host" }));
                    }
                    return fail(format!("expected sizes {shape:?} (-1: any), got {:?}", t.sizes()));
                }
                Expected::Int { ty, bool_ok } => {
                    let ok = matches!(arg, Value::Int(_)) || (*bool_ok && matches!(arg, Value::Bool(_)));
                    if !ok {
                        return fail(format!("expected a symbolic int ({ty}), got {}", arg.kind()));
                    }
                }
                Expected::Unchecked => {}
            }
        }
        Ok(())
    }
}
