//! The runtime functions compiled code calls, each with its C signature,
//! defined once: the lowering derives the declarations it emits from these,
//! and a runtime test checks `wrapc_runtime.h` declares each the same way.

/// A C type at the runtime's boundary, as compiled code passes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CType {
    /// C `bool`, passed as one byte.
    Bool,
    /// `int32_t` (statuses, dtype and device codes).
    I32,
    /// `int64_t`.
    I64,
    /// `size_t` (a rank or count; 64 bits on every target wrapc supports).
    Size,
    /// Any data pointer (`const wrt_tensor *`, `wrt_tensor **`, `const char *`, …).
    Ptr,
    /// `wrt_host_kernel`: a pointer to a trampoline
    /// `void (void *const *args, int64_t px, int64_t py, int64_t pz)`.
    HostKernel,
}

/// Parameters and result (`None` for `void`) of a runtime function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Signature {
    pub params: &'static [CType],
    pub result: Option<CType>,
}

macro_rules! runtime_fns {
    ($($variant:ident = $name:literal ($($param:ident),*) -> $result:tt;)*) => {
        /// A runtime function compiled code calls.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum RuntimeFn {
            $($variant,)*
        }

        impl RuntimeFn {
            pub const ALL: &'static [RuntimeFn] = &[$(RuntimeFn::$variant,)*];

            /// The C symbol.
            pub const fn c_name(self) -> &'static str {
                match self {
                    $(RuntimeFn::$variant => $name,)*
                }
            }

            pub const fn signature(self) -> Signature {
                match self {
                    $(RuntimeFn::$variant => Signature {
                        params: &[$(CType::$param),*],
                        result: runtime_fns!(@result $result),
                    },)*
                }
            }
        }
    };
    (@result void) => { None };
    (@result $ty:ident) => { Some(CType::$ty) };
}

runtime_fns! {
    GradModeSlot = "wrt_grad_mode_slot"() -> Ptr;
    SetError = "wrt_set_error"(Ptr) -> void;
    TensorRelease = "wrt_tensor_release"(Ptr) -> void;
    TensorRetain = "wrt_tensor_retain"(Ptr, Ptr) -> I32;
    Detach = "wrt_detach"(Ptr, Ptr) -> I32;
    BumpVersion = "wrt_bump_version"(Ptr) -> I32;
    Set = "wrt_set_"(Ptr, Ptr) -> I32;
    Copy = "wrt_copy_"(Ptr, Ptr) -> I32;
    DetachCopy = "wrt_detach_copy_"(Ptr, Ptr) -> I32;
    LeafCopy = "wrt_leaf_copy_"(Ptr, Ptr) -> I32;
    AsStridedLike = "wrt_as_strided_like_"(Ptr, Ptr) -> I32;
    CoerceLayout = "wrt_coerce_layout"(Ptr, I32, Size, Ptr, Ptr, Ptr) -> I32;
    AssertFinite = "wrt_assert_finite"(Ptr, Ptr) -> I32;
    ScalarI64 = "wrt_scalar_i64"(Ptr, Ptr) -> I32;
    ScalarFromI64 = "wrt_scalar_from_i64"(I64, Ptr) -> I32;
    SetRequiresGrad = "wrt_set_requires_grad"(Ptr, Bool) -> I32;
    PatchRequiresGrad = "wrt_patch_requires_grad"(Ptr, Ptr, Bool, Ptr) -> I32;
    ViewDtype = "wrt_view_dtype"(Ptr, I32, Ptr) -> I32;
    MarkDynamic = "wrt_mark_dynamic"(Ptr, I64) -> I32;
    MarkDifferentiable = "wrt_mark_differentiable"(Ptr, Bool) -> I32;
    TensorSize = "wrt_tensor_size"(Ptr, I64) -> I64;
    TensorStride = "wrt_tensor_stride"(Ptr, I64) -> I64;
    TensorStorageOffset = "wrt_tensor_storage_offset"(Ptr) -> I64;
    TensorDataPtr = "wrt_tensor_data_ptr"(Ptr) -> Ptr;
    AsStrided = "wrt_as_strided"(Ptr, Size, Ptr, Ptr, I64, Ptr) -> I32;
    AssertSizeStride = "wrt_assert_size_stride"(Ptr, Size, Ptr, Ptr) -> I32;
    SyntheticBase = "wrt_synthetic_base"(Ptr, Ptr, Size, Bool, Size, Ptr, Ptr) -> I32;
    EmptyStrided = "wrt_empty_strided"(I32, I32, I32, Size, Ptr, Ptr, Ptr) -> I32;
    CheckArgument = "wrt_check_argument"(Ptr, Ptr, I64, I32, I32, Size, Ptr) -> I32;
    LaunchHost = "wrt_launch_host"(HostKernel, I64, I64, I64, Ptr) -> I32;
    HostSymbol = "wrt_host_symbol"(Ptr, Ptr, Ptr) -> I32;
    ExternCall = "wrt_extern_call"(Ptr, Ptr, Ptr, Size, Ptr, Size) -> I32;
    CudaLaunchSlow = "wrt_cuda_launch_slow"(Ptr, Ptr, I32, Ptr, Ptr, I64, Ptr, I32, I32) -> I32;
    CudaGraphBegin = "wrt_cuda_graph_begin"(Ptr) -> I32;
    CudaGraphLaunch = "wrt_cuda_graph_launch"(Ptr, Ptr, I32, Ptr, Ptr, I64, Ptr, I32) -> I32;
    CudaGraphEnd = "wrt_cuda_graph_end"(Ptr) -> I32;
    CudaGuardEnter = "wrt_cuda_guard_enter"(I32, Ptr) -> I32;
    CudaGuardExit = "wrt_cuda_guard_exit"(I32, Ptr) -> I32;
    CudaStream = "wrt_cuda_stream"(I32, Ptr) -> Ptr;
    SubclassNew = "wrt_subclass_new"(Ptr, I32, Size, Ptr, Size, Ptr, Ptr, Ptr) -> I32;
    SubclassAttr = "wrt_subclass_attr"(Ptr, Ptr, Size, I32, I32, Size, Ptr, Ptr) -> I32;
    SubclassCheckType = "wrt_subclass_check_type"(Ptr, Ptr, Ptr) -> I32;
}

impl RuntimeFn {
    /// The function named `name`, if compiled code calls it.
    pub fn from_c_name(name: &str) -> Option<RuntimeFn> {
        RuntimeFn::ALL.iter().copied().find(|f| f.c_name() == name)
    }
}
