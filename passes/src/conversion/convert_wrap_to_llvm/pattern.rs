//! What a pattern is: the lowering of one family of wrap ops, given the
//! rewriter. The families implement it in their own files; `patterns`
//! lists them and drives them.

use melior::ir::operation::OperationRef;
use melior::ir::Value;
use wrapc_dialects::WrapOp;

use super::FnLowering;
use crate::ir::PassResult;

/// The lowering of one family of wrap ops.
pub(super) trait Pattern: Sync {
    /// The ops this pattern lowers (each op is listed by one pattern).
    fn ops(&self) -> &'static [WrapOp];

    /// Lowers `op`, one of [`Pattern::ops`], whose operands are already
    /// lowered to `operands`; binds its results.
    fn rewrite<'c, 'a>(
        &self,
        rewriter: &mut FnLowering<'c, 'a, '_>,
        op: OperationRef<'c, '_>,
        kind: WrapOp,
        operands: &[Value<'c, 'a>],
    ) -> PassResult;
}
