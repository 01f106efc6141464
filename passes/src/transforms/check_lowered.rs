//! `wrap-check-lowered`: nothing but LLVM dialect ops may reach the
//! translation to LLVM IR. See Passes.td.

use melior::ir::operation::{OperationLike, OperationRef, WalkOrder, WalkResult};
use melior::ir::ValueLike;
use mlir_sys::MlirOperation;

use crate::ir::{self, PassResult};
use crate::Options;

pub fn run(module: OperationRef, _options: &Options) -> PassResult {
    let mut left: Option<MlirOperation> = None;
    module.walk(WalkOrder::PreOrder, |op| {
        let name = op.name();
        let name = name.as_string_ref().as_str().unwrap_or("");
        if name == "builtin.module" || name.starts_with("llvm.") {
            return WalkResult::Advance;
        }
        left = Some(op.to_raw());
        WalkResult::Interrupt
    });
    let Some(raw) = left else { return Ok(()) };
    // SAFETY: found by the walk above in `module`, which is still alive.
    let op = unsafe { OperationRef::from_raw(raw) };
    let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
    let types = |values: Vec<String>| values.join(", ");
    let operands =
        types((0..op.operand_count()).filter_map(|i| op.operand(i).ok()).map(|v| v.r#type().to_string()).collect());
    let results =
        types((0..op.result_count()).filter_map(|i| op.result(i).ok()).map(|v| v.r#type().to_string()).collect());
    ir::fail(
        op,
        &format!(
            "'{name}' ({operands}) -> ({results}) could not be lowered to the LLVM dialect: no conversion covers this op \
             with these types, and wrapc's native code is made of LLVM dialect ops only"
        ),
    )
}
