//! `wrap-lower-backward-wrapper`: a `wrap.backward_wrapper` becomes the
//! straight-line function `CompiledFunction.backward` runs for its
//! metadata: the saved values passed on, each kept gradient coerced to its
//! traced layout (`wrap.coerce_layout`), the compiled backward graph
//! called (`wrap.call_compiled`), its gradients returned. Dropped
//! gradients are never read, so nothing is emitted for them.

use melior::dialect::func;
use melior::ir::attribute::FlatSymbolRefAttribute;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::Value;
use wrapc_dialects::ops::wrap;
use wrapc_dialects::{BackwardWrapperInfo, WrapOp};

use crate::ir::{self, Builder, PassResult};
use crate::Options;

pub fn run(module: OperationRef, _options: &Options) -> PassResult {
    for wrapper in ir::collect_ops(module, WrapOp::BackwardWrapper.name()) {
        lower(wrapper)?;
        ir::erase(wrapper);
    }
    Ok(())
}

fn lower(wrapper: OperationRef) -> PassResult {
    let info = match BackwardWrapperInfo::read(wrapper) {
        Ok(info) => info,
        Err(message) => return ir::fail(wrapper, &message),
    };
    match ir::lookup_symbol(wrapper, &info.callee) {
        Some(callee) if WrapOp::of(&callee).is_none() => {}
        Some(_) => return ir::fail(wrapper, &format!("callee '{}' is not a compiled graph", info.callee)),
        None => return ir::fail(wrapper, &format!("callee '{}' not found", info.callee)),
    }
    let context = ir::context_of(wrapper);
    let location = wrapper.location();
    let (_, body) = ir::function_before(wrapper, &info.name, &info.arg_types, &info.result_types);
    let b = Builder::at_end(context, body, location);
    let args: Vec<Value> = (0..body.argument_count()).map(|i| body.argument(i).unwrap().into()).collect();

    let mut call_args = args[..info.num_saved].to_vec();
    for ((index, _), &layout) in info.tangents.iter().zip(&info.layout_attrs) {
        let grad = args[info.num_saved + index];
        let coerced = wrap::coerce_layout(context, grad, layout, location);
        call_args.push(b.insert(coerced).result(0).expect("one result").into());
    }
    let call = wrap::CallCompiledOperation::builder(context, location)
        .callee(FlatSymbolRefAttribute::new(context, &info.callee))
        .operands(&call_args)
        .results(&info.result_types)
        .build();
    let call = b.insert(call);
    let grads: Vec<Value> = (0..call.result_count()).map(|i| call.result(i).expect("a result").into()).collect();
    b.insert(func::r#return(&grads, location));
    Ok(())
}
