//! The specialization passes (test/Transforms): level 1 → straight-line
//! level 2, GPU launches through lazy slots, and kernels' device code
//! outlined for the GPU.

pub mod attach_ptx;
pub mod check_lowered;
pub mod flatten_subclasses;
pub mod inline_alias_replay;
pub mod lower_backward_wrapper;
pub mod lower_lazy_launch;
pub mod merge_view_inputs;
pub mod orchestrate;
pub mod outline_gpu_kernels;
pub mod remove_dupe_args;
pub mod specialize_mutation_epilogue;
