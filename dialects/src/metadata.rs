//! Plain-Rust views of the wrap dialect's metadata attributes and types, read
//! through the C API so that the C++ definitions stay the only ones.

use crate::ffi;
use melior::ir::{Attribute, AttributeLike, Type, TypeLike};

/// The value `?` (a dynamic size, stride or offset) is stored as.
pub const DYNAMIC: i64 = i64::MIN;

/// Where an input mutation happens (PyTorch's `MutationType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MutationType {
    NotMutated,
    MutatedInGraph,
    MutatedOutGraph,
}

include!(concat!(env!("OUT_DIR"), "/input_flags.rs"));

/// `#wrap.input<...>` read into Rust.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InputInfo {
    pub flags: InputFlags,
    pub mutation_type: MutationType,
}

impl InputInfo {
    /// Reads `attr`; `None` if it is not a `#wrap.input`.
    pub fn from_attribute(attr: Attribute) -> Option<Self> {
        let raw = attr.to_raw();
        // SAFETY: `raw` is a live attribute; accessors are called only after
        // the kind check.
        unsafe {
            if !ffi::wrapcAttributeIsInputInfo(raw) {
                return None;
            }
            let mutation_type = match ffi::wrapcInputInfoGetMutationType(raw) {
                1 => MutationType::NotMutated,
                2 => MutationType::MutatedInGraph,
                _ => MutationType::MutatedOutGraph,
            };
            Some(Self { flags: InputFlags::from_bits(ffi::wrapcInputInfoGetFlags(raw)), mutation_type })
        }
    }
}

/// PyTorch's `OutputType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutputType {
    NonAlias,
    AliasOfInput,
    IsInput,
    AliasOfIntermediate,
    AliasOfIntermediateSaveAsOutput,
    AliasOfIntermediateBaseIsUserOutput,
    UnsafeViewAlias,
    CustomFunctionView,
}

impl OutputType {
    const ALL: [OutputType; 8] = [
        OutputType::NonAlias,
        OutputType::AliasOfInput,
        OutputType::IsInput,
        OutputType::AliasOfIntermediate,
        OutputType::AliasOfIntermediateSaveAsOutput,
        OutputType::AliasOfIntermediateBaseIsUserOutput,
        OutputType::UnsafeViewAlias,
        OutputType::CustomFunctionView,
    ];

    /// Outputs handed back exactly as the graph returned them.
    pub fn is_pass_through(self) -> bool {
        matches!(self, Self::NonAlias | Self::UnsafeViewAlias | Self::CustomFunctionView)
    }

    pub fn is_alias_of_intermediate(self) -> bool {
        matches!(
            self,
            Self::AliasOfIntermediate
                | Self::AliasOfIntermediateSaveAsOutput
                | Self::AliasOfIntermediateBaseIsUserOutput
        )
    }
}

/// The view an aliased output is regenerated with; [`DYNAMIC`] entries are
/// read at run time from the output the graph returned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewMeta {
    pub sizes: Vec<i64>,
    pub strides: Vec<i64>,
    pub offset: i64,
}

/// `#wrap.output<...>` read into Rust.
#[derive(Clone, Debug)]
pub struct OutputInfo<'c> {
    pub output_type: OutputType,
    pub base_index: Option<usize>,
    pub requires_grad: bool,
    pub view: Option<ViewMeta>,
    pub view_dtype: Option<Type<'c>>,
    pub dynamic_dims: Vec<i64>,
}

impl<'c> OutputInfo<'c> {
    /// Reads `attr`; `None` if it is not a `#wrap.output`.
    pub fn from_attribute(attr: Attribute<'c>) -> Option<Self> {
        let raw = attr.to_raw();
        // SAFETY: `raw` is a live attribute; accessors are called only after
        // the kind check and within the reported ranks.
        unsafe {
            if !ffi::wrapcAttributeIsOutputInfo(raw) {
                return None;
            }
            let output_type = OutputType::ALL[ffi::wrapcOutputInfoGetOutputType(raw) as usize];
            let base = ffi::wrapcOutputInfoGetBaseIndex(raw);
            let view = ffi::wrapcOutputInfoHasView(raw).then(|| {
                let rank = ffi::wrapcOutputInfoGetViewRank(raw);
                ViewMeta {
                    sizes: (0..rank).map(|i| ffi::wrapcOutputInfoGetViewSize(raw, i)).collect(),
                    strides: (0..rank).map(|i| ffi::wrapcOutputInfoGetViewStride(raw, i)).collect(),
                    offset: ffi::wrapcOutputInfoGetViewOffset(raw),
                }
            });
            let dtype = ffi::wrapcOutputInfoGetViewDtype(raw);
            Some(Self {
                output_type,
                base_index: usize::try_from(base).ok(),
                requires_grad: ffi::wrapcOutputInfoGetRequiresGrad(raw),
                view,
                view_dtype: (!dtype.ptr.is_null()).then(|| Type::from_raw(dtype)),
                dynamic_dims: (0..ffi::wrapcOutputInfoGetNumDynamicDims(raw))
                    .map(|i| ffi::wrapcOutputInfoGetDynamicDim(raw, i))
                    .collect(),
            })
        }
    }
}

/// Device kind of a `!wrap.tensor`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeviceKind {
    Host,
    Cuda,
}

/// The ABI's dtype of an MLIR element type (`i1` is bool), if it has one.
pub fn element_dtype(element: Type) -> Option<wrapc_abi::DtypeCode> {
    wrapc_abi::DtypeCode::from_mlir_element(&element.to_string())
}

/// `!wrap.tensor<...>` read into Rust.
#[derive(Clone, Debug)]
pub struct TensorTypeInfo<'c> {
    pub shape: Vec<i64>,
    pub element_type: Type<'c>,
    pub device: DeviceKind,
    /// Bytes per element, as the dialect defines it.
    pub element_bytes: i64,
}

impl<'c> TensorTypeInfo<'c> {
    pub fn from_type(ty: Type<'c>) -> Option<Self> {
        let raw = ty.to_raw();
        // SAFETY: `raw` is a live type; accessors run after the kind check.
        unsafe {
            if !ffi::wrapcTypeIsTensor(raw) {
                return None;
            }
            let rank = ffi::wrapcTensorTypeGetRank(raw);
            Some(Self {
                shape: (0..rank).map(|i| ffi::wrapcTensorTypeGetDim(raw, i)).collect(),
                element_type: Type::from_raw(ffi::wrapcTensorTypeGetElementType(raw)),
                device: if ffi::wrapcTensorTypeGetDevice(raw) == 0 { DeviceKind::Host } else { DeviceKind::Cuda },
                element_bytes: i64::from(ffi::wrapcTensorTypeGetElementByteWidth(raw)),
            })
        }
    }

    pub fn rank(&self) -> usize {
        self.shape.len()
    }
}

/// `!wrap.subclass<...>` read into Rust.
#[derive(Clone, Debug)]
pub struct SubclassInfo<'c> {
    pub name: String,
    /// The outer (user-visible) element type.
    pub element_type: Type<'c>,
    pub outer_shape: Vec<i64>,
    pub attrs: Vec<(String, Type<'c>)>,
}

impl<'c> SubclassInfo<'c> {
    pub fn from_type(ty: Type<'c>) -> Option<Self> {
        let raw = ty.to_raw();
        // SAFETY: `raw` is a live type; accessors run after the kind check
        // and within the reported counts.
        unsafe {
            if !ffi::wrapcTypeIsSubclass(raw) {
                return None;
            }
            let string = |s: mlir_sys::MlirStringRef| {
                String::from_utf8_lossy(std::slice::from_raw_parts(s.data as *const u8, s.length)).into_owned()
            };
            Some(Self {
                name: string(ffi::wrapcSubclassTypeGetName(raw)),
                element_type: Type::from_raw(ffi::wrapcSubclassTypeGetElementType(raw)),
                outer_shape: (0..ffi::wrapcSubclassTypeGetOuterRank(raw))
                    .map(|i| ffi::wrapcSubclassTypeGetOuterDim(raw, i))
                    .collect(),
                attrs: (0..ffi::wrapcSubclassTypeGetNumAttrs(raw))
                    .map(|i| {
                        (
                            string(ffi::wrapcSubclassTypeGetAttrName(raw, i)),
                            Type::from_raw(ffi::wrapcSubclassTypeGetAttrType(raw, i)),
                        )
                    })
                    .collect(),
            })
        }
    }

    pub fn num_dynamic_outer_dims(&self) -> usize {
        self.outer_shape.iter().filter(|&&d| d == DYNAMIC).count()
    }

    /// The plain tensor leaves, recursively, in flatten order.
    pub fn leaf_types(&self) -> Vec<Type<'c>> {
        let mut leaves = Vec::new();
        for (_, ty) in &self.attrs {
            match SubclassInfo::from_type(*ty) {
                Some(nested) => leaves.extend(nested.leaf_types()),
                None => leaves.push(*ty),
            }
        }
        leaves
    }
}

/// One `#wrap.config`: an autotune configuration of a kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelConfig {
    pub name: String,
    pub block: Vec<i64>,
    pub num_warps: i64,
    pub shared_bytes: i64,
}

impl KernelConfig {
    pub fn from_attribute(attr: Attribute) -> Option<Self> {
        let raw = attr.to_raw();
        // SAFETY: `raw` is a live attribute; accessors run after the kind check.
        unsafe {
            if !ffi::wrapcAttributeIsKernelConfig(raw) {
                return None;
            }
            let name = ffi::wrapcKernelConfigGetName(raw);
            let name = std::slice::from_raw_parts(name.data as *const u8, name.length);
            Some(KernelConfig {
                name: String::from_utf8_lossy(name).into_owned(),
                block: (0..ffi::wrapcKernelConfigGetBlockRank(raw))
                    .map(|i| ffi::wrapcKernelConfigGetBlock(raw, i))
                    .collect(),
                num_warps: ffi::wrapcKernelConfigGetNumWarps(raw),
                shared_bytes: ffi::wrapcKernelConfigGetSharedBytes(raw),
            })
        }
    }
}

/// One `#wrap.layout`, as the runtime and interpreter take it; `None` if
/// `attr` is not one or names a format wrapc does not know.
pub fn tangent_layout(attr: Attribute) -> Option<wrapc_abi::TangentLayout> {
    let raw = attr.to_raw();
    // SAFETY: `raw` is a live attribute; accessors run after the kind check.
    unsafe {
        if !ffi::wrapcAttributeIsLayout(raw) {
            return None;
        }
        let code = ffi::wrapcLayoutGetFormat(raw);
        if code == wrapc_abi::STRIDED_CODE {
            let rank = ffi::wrapcLayoutGetRank(raw);
            return Some(wrapc_abi::TangentLayout::Strided {
                sizes: (0..rank).map(|i| ffi::wrapcLayoutGetSize(raw, i)).collect(),
                strides: (0..rank).map(|i| ffi::wrapcLayoutGetStride(raw, i)).collect(),
            });
        }
        wrapc_abi::MemoryFormat::from_code(code.into()).map(wrapc_abi::TangentLayout::Format)
    }
}

/// One argument of a `wrap.dedupe_wrapper`, as its `dupes` map
/// (PyTorch's `add_dupe_map`) says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DedupeArg {
    /// Passed on to the callee (`keep_arg_mask`).
    Kept,
    /// Dropped: must be the very tensor argument `original` is.
    Repeats { original: usize },
}

/// Reads a verified `dupes` map: an entry seen for the first time keeps its
/// argument; a later one repeats the argument that entry first kept. `None`
/// if the map is not one the verifier accepts.
pub fn dedupe_args(dupes: &[i64]) -> Option<Vec<DedupeArg>> {
    let mut first_of: Vec<usize> = Vec::new();
    dupes
        .iter()
        .enumerate()
        .map(|(i, &entry)| {
            let entry = usize::try_from(entry).ok()?;
            if entry == first_of.len() {
                first_of.push(i);
                return Some(DedupeArg::Kept);
            }
            first_of.get(entry).map(|&original| DedupeArg::Repeats { original })
        })
        .collect()
}

/// What a call fails with when a `wrap.dedupe_wrapper` argument is not the
/// tensor it was compiled as a duplicate of: PyTorch's words
/// (`AOTDedupeWrapper` in runtime_wrappers.py), less its graph id. The
/// interpreter and the compiled check both say this.
pub fn duplicate_message(duplicate: i64, original: i64) -> String {
    format!(
        "this wrapper was compiled under the assumption that input {duplicate} would be a duplicate of input \
         {original}, but at runtime this was not the case"
    )
}

/// A `wrap.synthetic_base_wrapper`'s `args` map (PyTorch's
/// `synthetic_base_info`) read for the callee: which arguments make each
/// base, and which argument each remaining callee argument is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntheticBasePlan {
    /// Per base (the callee's leading arguments), the aliases it stands
    /// for, in argument order.
    pub bases: Vec<Vec<usize>>,
    /// Per later callee argument, the argument passed as it.
    pub passed: Vec<usize>,
}

/// Reads a verified `args` map; `None` if it is not one the verifier
/// accepts (indices 0..n each used, those used more than once first).
pub fn synthetic_base_plan(args: &[i64]) -> Option<SyntheticBasePlan> {
    let mut used_by: Vec<Vec<usize>> = vec![Vec::new(); args.len()];
    for (i, &index) in args.iter().enumerate() {
        used_by.get_mut(usize::try_from(index).ok()?)?.push(i);
    }
    let num_inner = used_by.iter().take_while(|users| !users.is_empty()).count();
    if used_by[num_inner..].iter().any(|users| !users.is_empty()) {
        return None;
    }
    used_by.truncate(num_inner);
    let num_bases = used_by.iter().take_while(|users| users.len() > 1).count();
    let passed = used_by.split_off(num_bases);
    if num_bases == 0 || passed.iter().any(|users| users.len() != 1) {
        return None;
    }
    Some(SyntheticBasePlan { bases: used_by, passed: passed.into_iter().map(|users| users[0]).collect() })
}

/// Which of a training forward's returns its `autograd.Function` marks, and
/// how (`CompiledFunction.forward` in AOTAutograd's runtime_wrappers.py):
/// one entry per value the callee returns (updated inputs, user outputs,
/// intermediate bases), `Some(differentiable)` where the function marks the
/// tensor (`wrap.mark_differentiable`), `None` where it returns it boxed in
/// a `TensorAlias` (metadata-only mutations, aliased outputs) and leaves it
/// alone. Updated inputs and user outputs are differentiable as their
/// metadata says; intermediate bases always are.
pub fn autograd_function_marks(
    inputs: &[InputInfo],
    outputs: &[OutputInfo],
    num_intermediate_bases: usize,
) -> Vec<Option<bool>> {
    let updated = inputs.iter().filter(|info| info.mutation_type == MutationType::MutatedOutGraph).map(|info| {
        let metadata_only = info.flags.mutates_metadata && !info.flags.mutates_data;
        (!metadata_only).then_some(info.flags.requires_grad)
    });
    let user = outputs.iter().map(|info| {
        let boxed = !matches!(
            info.output_type,
            OutputType::NonAlias | OutputType::UnsafeViewAlias | OutputType::CustomFunctionView
        );
        (!boxed).then_some(info.requires_grad)
    });
    updated.chain(user).chain(std::iter::repeat_n(Some(true), num_intermediate_bases)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dedupe_args_follow_add_dupe_map() {
        use DedupeArg::*;
        // PyTorch's add_dupe_map for f(a, n, a, b, b).
        let plan = dedupe_args(&[0, 1, 0, 2, 2]).unwrap();
        assert_eq!(plan, [Kept, Kept, Repeats { original: 0 }, Kept, Repeats { original: 3 }]);
        // Maps the verifier refuses: a skipped entry, a negative one.
        assert_eq!(dedupe_args(&[0, 2]), None);
        assert_eq!(dedupe_args(&[0, -1]), None);
        assert_eq!(dedupe_args(&[]), Some(vec![]));
    }

    #[test]
    fn synthetic_base_plan_follows_synthetic_base_info() {
        // f(a, x, a.view(...), y): a and its view merged into base 0.
        let plan = synthetic_base_plan(&[0, 1, 0, 2]).unwrap();
        assert_eq!(plan, SyntheticBasePlan { bases: vec![vec![0, 2]], passed: vec![1, 3] });
        assert_eq!(synthetic_base_plan(&[1, 0, 1]), None, "a plain argument before a base");
        assert_eq!(synthetic_base_plan(&[0, 2, 0]), None, "a skipped index");
        assert_eq!(synthetic_base_plan(&[0, 1]), None, "no base");
        assert_eq!(synthetic_base_plan(&[0, -1]), None);
    }

    fn input(mutation_type: MutationType, flags: InputFlags) -> InputInfo {
        InputInfo { flags, mutation_type }
    }

    fn output(output_type: OutputType, requires_grad: bool) -> OutputInfo<'static> {
        OutputInfo { output_type, base_index: None, requires_grad, view: None, view_dtype: None, dynamic_dims: vec![] }
    }

    #[test]
    fn autograd_function_marks_what_compiled_function_marks() {
        let data = InputFlags { mutates_data: true, requires_grad: true, ..Default::default() };
        let metadata_only = InputFlags { mutates_metadata: true, ..Default::default() };
        let inputs = [
            input(MutationType::MutatedOutGraph, data),
            input(MutationType::NotMutated, InputFlags::default()),
            input(MutationType::MutatedOutGraph, metadata_only),
        ];
        let outputs = [
            output(OutputType::NonAlias, true),
            output(OutputType::NonAlias, false),
            output(OutputType::AliasOfInput, true),
            output(OutputType::IsInput, false),
            output(OutputType::UnsafeViewAlias, true),
        ];
        let marks = autograd_function_marks(&inputs, &outputs, 2);
        // Updated inputs (a metadata-only one is boxed), user outputs
        // (aliases are boxed), then two intermediate bases.
        assert_eq!(marks, [Some(true), None, Some(true), Some(false), None, None, Some(true), Some(true), Some(true)]);
    }
}
