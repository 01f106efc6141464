//! `wrap-merge-view-inputs`: a `wrap.synthetic_base_wrapper` becomes a
//! function that computes each base from the aliases it stands for
//! (`wrap.synthetic_base`), calls the callee with the bases and the other
//! arguments, and reapplies the metadata mutations of merged arguments
//! (`as_strided_`), as `AOTSyntheticBaseWrapper.post_compile` does, every
//! index baked in.

use melior::dialect::func;
use melior::ir::attribute::FlatSymbolRefAttribute;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::Value;
use wrapc_dialects::ops::wrap;
use wrapc_dialects::views::{self, SyntheticBaseWrapperOp, WrapperSignature};
use wrapc_dialects::{synthetic_base_plan, WrapOp};

use crate::ir::{self, Builder, PassResult};
use crate::Options;

pub fn run(module: OperationRef, _options: &Options) -> PassResult {
    for wrapper in ir::collect_ops(module, WrapOp::SyntheticBaseWrapper.name()) {
        merge_view_inputs(wrapper)?;
        ir::erase(wrapper);
    }
    Ok(())
}

fn merge_view_inputs(wrapper: OperationRef) -> PassResult {
    let WrapperSignature { name, callee, inputs, results } = views::reported(wrapper, WrapperSignature::of)?;
    let callee_op = match ir::lookup_symbol(wrapper, &callee) {
        Some(op) if WrapOp::of(&op).is_none() => op,
        Some(op) => {
            let kind = WrapOp::of(&op).map_or("", WrapOp::name);
            return ir::fail(
                wrapper,
                &format!("callee '{callee}' is still a {kind}; run wrap-orchestrate and wrap-flatten-subclasses first"),
            );
        }
        None => return ir::fail(wrapper, &format!("callee '{callee}' not found")),
    };
    let Ok((callee_inputs, callee_results)) = views::func::FuncOp::new(callee_op).map(|f| f.function_type()) else {
        return ir::fail(wrapper, &format!("callee '{callee}' is not a func.func"));
    };
    let view = views::reported(wrapper, SyntheticBaseWrapperOp::new)?;
    let Some(plan) = synthetic_base_plan(&view.args()) else {
        return ir::fail(wrapper, "malformed wrap.synthetic_base_wrapper: an invalid args map");
    };
    let (metadata_mutated, trace_joint) = (view.metadata_mutated(), view.trace_joint());
    let context = ir::context_of(wrapper);
    let location = wrapper.location();
    let (_, body) = ir::function_before(wrapper, &name, &inputs, &results);
    let b = Builder::at_end(context, body, location);
    let arg = |i: usize| -> Value { body.argument(i).expect("one argument per input").into() };

    let mut call_args: Vec<Value> = Vec::with_capacity(callee_inputs.len());
    for (k, members) in plan.bases.iter().enumerate() {
        let values: Vec<Value> = members.iter().map(|&i| arg(i)).collect();
        let indices: Vec<i64> = members.iter().map(|&i| i as i64).collect();
        let mut base = wrap::SyntheticBaseOperation::builder(context, location)
            .members(&values)
            .args(b.dense_i64(&indices))
            .base(callee_inputs[k]);
        if trace_joint {
            base = base.trace_joint(b.unit());
        }
        call_args.push(b.insert(base.build()).result(0).expect("one result").into());
    }
    call_args.extend(plan.passed.iter().map(|&i| arg(i)));
    let call = b.insert(func::call(
        context,
        FlatSymbolRefAttribute::new(context, &callee),
        &call_args,
        &callee_results,
        location,
    ));
    let result = |j: usize| -> Value { call.result(j).expect("a result").into() };
    // The callee returns each merged argument's new metadata after the
    // results; PyTorch applies it to the caller's tensor.
    for (j, &i) in metadata_mutated.iter().enumerate() {
        b.insert(wrap::as_strided_inplace(context, arg(i as usize), result(results.len() + j), location));
    }
    let outputs: Vec<Value> = (0..results.len()).map(result).collect();
    b.insert(func::r#return(&outputs, location));
    Ok(())
}
