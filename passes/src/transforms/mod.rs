//! The specialization passes (test/Transforms): level 1 → straight-line
//! level 2, and GPU launches through lazy slots.

pub mod flatten_subclasses;
pub mod inline_alias_replay;
pub mod lower_lazy_launch;
pub mod orchestrate;
pub mod specialize_mutation_epilogue;
