//! Typed views of the wrap ops, generated from `WrapOps.td`
//! (`build_views.rs`): `RuntimeWrapperOp::new(op)?.callee()` instead of
//! `ir::flat_symbol_attr(op, "callee")`. A view is made once, checking the
//! op's kind and every required attribute; its accessors are then typed by
//! the ODS constraint (a required attribute is a value, an optional one an
//! `Option`, a defaulted one its ODS default when absent, a unit attribute a
//! `bool`), so a reader can neither misspell an attribute nor default a
//! required one silently.
//!
//! The upstream ops wrapc reads get views generated the same way from
//! upstream's ODS: `views::func::FuncOp`, `views::func::CallOp`,
//! `views::arith::{ConstantOp, CmpIOp, CmpFOp}`, `views::llvm::{GlobalOp, GEPOp}`.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Attribute, Type, Value};

use crate::ir;
use crate::WrapOp;

/// Why an operation has no view of the asked kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewError {
    /// It is not the op (the op's name).
    NotThisOp(&'static str),
    /// The op (first) lacks required attribute (second), or has it with
    /// another kind.
    Attribute(&'static str, &'static str),
    /// The op (first) has another number of operands or results (second)
    /// than its ODS definition.
    Count(&'static str, &'static str),
}

impl std::fmt::Display for ViewError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ViewError::NotThisOp(name) => write!(f, "expected a {name}"),
            ViewError::Attribute(op, attr) => {
                write!(f, "malformed {op}: attribute '{attr}' is missing or of another kind")
            }
            ViewError::Count(op, kind) => write!(f, "malformed {op}: another number of {kind}s than its definition"),
        }
    }
}

impl std::error::Error for ViewError {}

/// `op`'s view made by `new` (`SetRequiresGradOp::new`), its error reported
/// at `op` as a pass reports one.
pub fn reported<'c, 'a, V>(
    op: OperationRef<'c, 'a>,
    new: impl FnOnce(OperationRef<'c, 'a>) -> Result<V, ViewError>,
) -> Result<V, ir::Reported> {
    new(op).or_else(|e| ir::fail(op, &e.to_string()))
}

/// The static geometry of a strided op: its sizes and strides and, where it
/// has one, its offset, each `DYNAMIC` where the next dynamic operand gives
/// it. One reading for the lowering and the interpreter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaticGeometry {
    pub sizes: Vec<i64>,
    pub strides: Vec<i64>,
    pub offset: Option<i64>,
}

impl StaticGeometry {
    /// The geometry of `wrap.as_strided`, `wrap.reinterpret`,
    /// `wrap.empty_strided` or `wrap.assert_size_stride`.
    pub fn of(op: OperationRef) -> Result<Self, ViewError> {
        let of = |sizes, strides, offset| Ok(Self { sizes, strides, offset });
        match WrapOp::of(&op) {
            Some(WrapOp::AsStrided) => {
                let v = AsStridedOp::new(op)?;
                of(v.static_sizes(), v.static_strides(), Some(v.static_offset()))
            }
            Some(WrapOp::Reinterpret) => {
                let v = ReinterpretOp::new(op)?;
                of(v.static_sizes(), v.static_strides(), Some(v.static_offset()))
            }
            Some(WrapOp::EmptyStrided) => {
                let v = EmptyStridedOp::new(op)?;
                of(v.static_sizes(), v.static_strides(), None)
            }
            Some(WrapOp::AssertSizeStride) => {
                let v = AssertSizeStrideOp::new(op)?;
                of(v.static_sizes(), v.static_strides(), None)
            }
            _ => Err(ViewError::NotThisOp("strided op")),
        }
    }
}

/// What every wrapper symbol op (`wrap.runtime_wrapper`,
/// `wrap.subclass_wrapper`, `wrap.dedupe_wrapper`,
/// `wrap.synthetic_base_wrapper`, `wrap.backward_wrapper`) declares: its name, its callee and its
/// signature.
pub struct WrapperSignature<'c> {
    pub name: String,
    pub callee: String,
    pub inputs: Vec<Type<'c>>,
    pub results: Vec<Type<'c>>,
}

impl<'c> WrapperSignature<'c> {
    /// The signature of a wrapper symbol op, read through its view.
    pub fn of(op: OperationRef<'c, '_>) -> Result<Self, ViewError> {
        // The wrapper views share these accessors (each op's ODS
        // declares them) but no trait: read them alike.
        macro_rules! read {
            ($view:ident) => {{
                let v = $view::new(op)?;
                let (inputs, results) = v.function_type();
                Ok(Self { name: v.sym_name(), callee: v.callee(), inputs, results })
            }};
        }
        match WrapOp::of(&op) {
            Some(WrapOp::RuntimeWrapper) => read!(RuntimeWrapperOp),
            Some(WrapOp::SubclassWrapper) => read!(SubclassWrapperOp),
            Some(WrapOp::DedupeWrapper) => read!(DedupeWrapperOp),
            Some(WrapOp::SyntheticBaseWrapper) => read!(SyntheticBaseWrapperOp),
            Some(WrapOp::BackwardWrapper) => read!(BackwardWrapperOp),
            _ => Err(ViewError::NotThisOp("wrapper op")),
        }
    }
}

/// The inputs and results of a symbol a wrapper or a call names: a
/// `func.func` or a wrapper op.
pub fn callable_type<'c>(op: OperationRef<'c, '_>) -> Result<(Vec<Type<'c>>, Vec<Type<'c>>), ViewError> {
    if WrapOp::of(&op).is_some() {
        // Another wrap op is not callable; a malformed wrapper says which
        // attribute it lacks.
        return match WrapperSignature::of(op) {
            Err(ViewError::NotThisOp(_)) => Err(ViewError::NotThisOp("func.func or wrapper op")),
            made => made.map(|signature| (signature.inputs, signature.results)),
        };
    }
    match func::FuncOp::new(op) {
        Err(ViewError::NotThisOp(_)) => Err(ViewError::NotThisOp("func.func or wrapper op")),
        made => Ok(made?.function_type()),
    }
}

/// The symbol a call names: a `func.call`'s or a `wrap.call_compiled`'s
/// callee.
pub fn callee(op: OperationRef) -> Result<String, ViewError> {
    match WrapOp::of(&op) {
        Some(WrapOp::CallCompiled) => Ok(CallCompiledOp::new(op)?.callee()),
        Some(_) => Err(ViewError::NotThisOp("func.call or wrap.call_compiled")),
        None => match func::CallOp::new(op) {
            Err(ViewError::NotThisOp(_)) => Err(ViewError::NotThisOp("func.call or wrap.call_compiled")),
            made => Ok(made?.callee()),
        },
    }
}

include!(concat!(env!("OUT_DIR"), "/wrap_op_views.rs"));
include!(concat!(env!("OUT_DIR"), "/upstream_op_views.rs"));
