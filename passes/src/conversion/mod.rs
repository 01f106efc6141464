//! Conversions out of the wrap dialect (test/Conversion).

pub mod convert_wrap_to_llvm;
