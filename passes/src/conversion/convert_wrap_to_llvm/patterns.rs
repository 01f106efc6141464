//! The lowering as one pattern per op family, as upstream's conversions
//! are: each family's pattern lowers its ops through [`FnLowering`], which
//! plays the rewriter (the insertion point, the old-to-new value mapping,
//! the ownership analysis the patterns ask, and the failure exits). The
//! driver below walks the old body in order and hands each op to the one
//! pattern that lists it; upstream ops (`func.call`, `func.return`,
//! `arith`, `index`) have their own arms.

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::BlockRef;
use wrapc_abi::RuntimeFn;
use wrapc_dialects::WrapOp;

use super::launches::Launches;
use super::pattern::Pattern;
use super::state::{Checks, TensorState, ThreadState};
use super::subclass::Subclasses;
use super::tensors::{Memory, Views};
use super::{call::Calls, FnLowering};
use crate::ir::{self, PassResult};

/// Every family's pattern.
pub(super) const PATTERNS: &[&dyn Pattern] =
    &[&ThreadState, &TensorState, &Views, &Memory, &Checks, &Calls, &Launches, &Subclasses];

/// The ops no pattern lowers, and why.
fn unlowered(kind: WrapOp) -> Option<String> {
    match kind {
        WrapOp::RuntimeWrapper
        | WrapOp::SubclassWrapper
        | WrapOp::DedupeWrapper
        | WrapOp::SyntheticBaseWrapper
        | WrapOp::BackwardWrapper
        | WrapOp::ApplyMutation
        | WrapOp::ReplayAlias => Some(format!("'{}' must be specialized before convert-wrap-to-llvm", kind.name())),
        WrapOp::Kernel => Some("a kernel is declared at module level, not inside a function".to_string()),
        _ => None,
    }
}

fn pattern_of(kind: WrapOp) -> Option<&'static dyn Pattern> {
    PATTERNS.iter().copied().find(|pattern| pattern.ops().contains(&kind))
}

impl<'c, 'a> FnLowering<'c, 'a, '_> {
    pub(super) fn lower_block(&mut self, body: BlockRef<'c, '_>) -> PassResult {
        let mut next = body.first_operation();
        while let Some(op) = next {
            next = op.next_in_block();
            self.lower_op(op)?;
        }
        Ok(())
    }

    fn lower_op(&mut self, op: OperationRef<'c, '_>) -> PassResult {
        self.scratch_used.clear();
        let operands = self.operands(op)?;
        match WrapOp::of(&op) {
            Some(kind) => match (pattern_of(kind), unlowered(kind)) {
                (Some(pattern), _) => pattern.rewrite(self, op, kind, &operands)?,
                (None, Some(why)) => return ir::fail(op, &why),
                // `patterns_cover_every_op_once` keeps this arm unused.
                (None, None) => return ir::fail(op, "convert-wrap-to-llvm has no pattern for this op"),
            },
            None => match op.name().as_string_ref().as_str().unwrap_or("") {
                "func.return" => self.lower_return(&operands)?,
                "func.call" => self.lower_call(op, &operands)?,
                other if other.starts_with("arith.") || other.starts_with("index.") => self.clone_op(op, &operands),
                other => return ir::fail(op, &format!("convert-wrap-to-llvm does not lower '{other}'")),
            },
        }
        // The references the ownership analysis ends here.
        for id in self.ownership.ends_after(op).to_vec() {
            let value = self.mapped(id);
            self.unwind.disown(value);
            self.call(RuntimeFn::TensorRelease, &[value]);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_cover_every_op_once() {
        for &kind in WrapOp::ALL {
            let listed = PATTERNS.iter().filter(|p| p.ops().contains(&kind)).count();
            let expected = usize::from(unlowered(kind).is_none());
            assert_eq!(listed, expected, "{} is lowered by {listed} patterns", kind.name());
        }
    }
}
