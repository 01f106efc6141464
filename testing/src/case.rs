//! The generated case as data: its inputs, outputs, views and synthetic-base
//! layer, and the IR types they spell. What generates, prints and runs a
//! case (`cases`, `synthetic`) builds on this and nothing here on them.

use wrapc_runtime::{DType, Tensor};

pub const N: i64 = 6;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum InputKind {
    Plain,
    Symint,
    DataOutOfGraph,
    DataInGraph { hidden: bool },
    MetadataOnly,
    DataAndMetadata,
    Storage,
    LeafRequiringGradData,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OutputKind {
    NonAlias,
    IsInput,
    AliasOfInput,
    AliasOfIntermediate,
    AliasOfIntermediateSaveAsOutput,
    BaseIsUserOutput,
    UnsafeViewAlias,
    CustomFunctionView,
}

/// A strided view of a 6-element storage.
#[derive(Clone, Debug)]
pub struct View {
    pub sizes: Vec<i64>,
    pub strides: Vec<i64>,
    pub offset: i64,
}

pub fn views() -> Vec<View> {
    let v = |sizes: &[i64], strides: &[i64], offset| View { sizes: sizes.to_vec(), strides: strides.to_vec(), offset };
    vec![
        v(&[6], &[1], 0),
        v(&[2, 3], &[3, 1], 0),
        v(&[3, 2], &[1, 3], 0),
        v(&[3], &[2], 0),
        v(&[2], &[1], 4),
        v(&[2, 2], &[3, 1], 1),
    ]
}

#[derive(Clone, Debug)]
pub struct OutputSpec {
    pub kind: OutputKind,
    pub base: usize,
    pub view: View,
    /// Bit i: entry i of sizes ++ strides ++ [offset] is `?` in the metadata.
    pub dynamic_mask: u32,
    pub has_view: bool,
    /// The regenerated view's dtype when it differs from the base's f32:
    /// same size (i32) or smaller elements (f16, i8: PyTorch's view(dtype)
    /// splits the last dimension, so every f32 view geometry still fits).
    pub dtype: Option<DType>,
    pub requires_grad: bool,
    pub dynamic_dims: bool,
    pub type_dynamic: bool,
}

#[derive(Clone, Debug)]
pub struct Case {
    pub inputs: Vec<(InputKind, bool /* requires_grad */, bool /* leaf */)>,
    pub outputs: Vec<OutputSpec>,
    pub trace_joint: bool,
    pub detach_mask: u32,
    pub grad_enabled_mutation: Option<bool>,
    pub grad_mode: bool,
    pub num_intermediate_bases: usize,
    /// With `trace_joint`: tensors and symbolic ints the graph also
    /// returns, last, as saved for backward (never the caller's).
    pub num_saved_tensors: usize,
    pub num_saved_symints: usize,
    /// How `@f`'s inputs and outputs are packed into tensor subclasses by
    /// a `wrap.subclass_wrapper @g` (empty: no subclass wrapper).
    pub input_groups: Vec<Group>,
    pub output_groups: Vec<Group>,
    /// A `wrap.dedupe_wrapper @d` around `@f` (no subclasses then): the
    /// `@f` argument each of `@d`'s arguments is, first occurrences in
    /// order (empty: no dedupe wrapper).
    pub outer_args: Vec<usize>,
    /// The run passes a different tensor where `@d` expects a duplicate:
    /// the call must fail, with the same message in every mode.
    pub broken_dupe: bool,
    /// A `wrap.synthetic_base_wrapper @s` around `@f` (no subclasses or
    /// duplicates then; see `synthetic.rs`).
    pub synthetic: Option<Synthetic>,
}

/// One argument or result of the subclass wrapper.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Group {
    Plain {
        frozen: bool,
    },
    /// `TwoTensor(a, b)`.
    Two,
    /// `Nested(inner: TwoTensor(a, b), c)`.
    Nested,
}

impl Group {
    pub(crate) fn leaves(self) -> usize {
        match self {
            Group::Plain { .. } => 1,
            Group::Two => 2,
            Group::Nested => 3,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AliasKind {
    /// The tensor itself and views of it: the base is the tensor (or its
    /// own `_base`).
    WithBase,
    /// Views of the tensor only.
    ViewsOnly,
    /// `torch.empty(0).set_(...)` over the tensor's memory: no `_base`.
    Storage,
}

/// How one base's aliases are made.
#[derive(Clone, Debug)]
pub struct AliasGroup {
    pub kind: AliasKind,
    /// Indices into `views()` of the merged views (for `WithBase`, of those
    /// after the tensor itself).
    pub views: Vec<usize>,
}

#[derive(Clone, Debug)]
pub struct Synthetic {
    /// One per base: `@f`'s input `k` for group `k`.
    pub groups: Vec<AliasGroup>,
    /// `@s`'s arguments are rotated by this much (aliases and the other
    /// arguments interleave).
    pub rotate: usize,
    /// `@f`'s last output is the new metadata of the first merged view.
    pub metadata_mutated: bool,
    /// One alias of base 0 is a copy in its own memory: the call fails.
    pub broken: bool,
}

pub fn input_type(kind: InputKind) -> &'static str {
    match kind {
        InputKind::Symint => "index",
        InputKind::MetadataOnly | InputKind::DataAndMetadata | InputKind::Storage => "!wrap.tensor<?xf32>",
        _ => "!wrap.tensor<6xf32>",
    }
}

pub fn output_type(case: &Case, out: &OutputSpec) -> String {
    let element = element_type(out.dtype);
    match out.kind {
        OutputKind::IsInput => input_type(case.inputs[out.base].0).to_string(),
        OutputKind::AliasOfInput
        | OutputKind::AliasOfIntermediate
        | OutputKind::AliasOfIntermediateSaveAsOutput
        | OutputKind::BaseIsUserOutput => {
            let dims: String = out
                .view
                .sizes
                .iter()
                .map(|s| if out.type_dynamic { "?x".to_string() } else { format!("{s}x") })
                .collect();
            format!("!wrap.tensor<{dims}{element}>")
        }
        _ => "!wrap.tensor<6xf32>".to_string(),
    }
}

/// The IR element type of a view's dtype (f32 when it keeps the base's).
pub(crate) fn element_type(dtype: Option<DType>) -> &'static str {
    match dtype {
        None | Some(DType::F32) => "f32",
        Some(DType::I32) => "i32",
        Some(DType::F16) => "f16",
        Some(DType::I8) => "i8",
        Some(DType::U8) => "ui8",
        Some(DType::I16) => "i16",
        Some(other) => unreachable!("the generator makes no {other:?} views"),
    }
}

pub fn fresh(seed: f64, size: i64) -> Tensor {
    let values: Vec<f64> = (0..size).map(|i| seed + i as f64).collect();
    Tensor::from_f64s(&[size], DType::F32, &values).unwrap()
}
