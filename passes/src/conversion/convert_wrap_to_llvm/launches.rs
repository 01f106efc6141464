//! The pattern for GPU and host kernel launches, the device guards around
//! them and extern (library) kernels; the launches themselves are in
//! `launch_cuda` and `launch_host`.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Value, ValueLike};
use wrapc_dialects::views::{self, ExternCallOp};
use wrapc_dialects::WrapOp;

use super::abi::*;
use super::pattern::Pattern;
use super::types::{self, Lowered};
use super::FnLowering;
use crate::ir::PassResult;

pub(super) struct Launches;

impl Pattern for Launches {
    fn ops(&self) -> &'static [WrapOp] {
        &[WrapOp::DeviceGuard, WrapOp::Launch, WrapOp::LazyLaunch, WrapOp::ExternCall]
    }

    fn rewrite<'c, 'a>(
        &self,
        rewriter: &mut FnLowering<'c, 'a, '_>,
        op: OperationRef<'c, '_>,
        kind: WrapOp,
        operands: &[Value<'c, 'a>],
    ) -> PassResult {
        match kind {
            WrapOp::DeviceGuard => rewriter.lower_device_guard(op),
            WrapOp::Launch => rewriter.lower_launch(op, operands),
            WrapOp::LazyLaunch => rewriter.lower_lazy_launch(op, operands),
            _ => rewriter.lower_extern_call(op, operands),
        }
    }
}

impl<'c, 'a> FnLowering<'c, 'a, '_> {
    /// `wrt_extern_call(op, spec, cells, n, results, n_results)`: every
    /// operand in an 8-byte cell (a tensor handle, or an integer as i64),
    /// and the operator's new tensors back as owned handles.
    fn lower_extern_call(&mut self, op: OperationRef<'c, '_>, operands: &[Value<'c, 'a>]) -> PassResult {
        let call = views::reported(op, ExternCallOp::new)?;
        let (name, spec) = (call.op(), call.spec());
        let cells = self.alloca(PTR, operands.len().max(1) as i64);
        for (k, &value) in operands.iter().enumerate() {
            let slot = self.gep(cells, PTR, k as i64);
            let cell = match types::convert(op.operand(k).expect("counted").r#type()) {
                Some(Lowered::Handle) => value,
                Some(Lowered::Index) => self.to_i64(value),
                _ => self.extsi_to_i64(value),
            };
            self.store(cell, slot);
        }
        let n_results = op.result_count();
        let results = self.alloca(PTR, n_results.max(1) as i64);
        let (name, spec) = (self.c_string(&name), self.c_string(&spec));
        let (n, n_out) = (self.const_int(operands.len() as i64, "i64"), self.const_int(n_results as i64, "i64"));
        self.checked(RuntimeFn::ExternCall, &[name, spec, cells, n, results, n_out]);
        for j in 0..n_results {
            let slot = self.gep(results, PTR, j as i64);
            let value = self.load(slot, PTR);
            self.bind(op.result(j).unwrap().into(), value);
        }
        Ok(())
    }
}
