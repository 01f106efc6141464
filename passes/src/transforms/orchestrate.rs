//! `wrap-orchestrate`: level 1 → level 2. One `wrap.runtime_wrapper` becomes
//! one straight-line `func.func` (seed 000: every branch of
//! `_runtime_wrapper` resolved from the metadata at compile time).

use melior::dialect::func;
use melior::ir::attribute::FlatSymbolRefAttribute;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Type, Value, ValueLike};
use wrapc_dialects::ops::wrap;
use wrapc_dialects::views;
use wrapc_dialects::{autograd_function_marks, MutationType, OutputType, RuntimeWrapperInfo, SubclassInfo, WrapOp};

use crate::ir::{self, Builder, PassResult};
use crate::Options;

pub fn run(module: OperationRef, _options: &Options) -> PassResult {
    for wrapper in ir::collect_ops(module, WrapOp::RuntimeWrapper.name()) {
        let plan = WrapperPlan::read(wrapper)?;
        emit_function(wrapper, &plan)?;
        ir::erase(wrapper);
    }
    Ok(())
}

/// Everything `_runtime_wrapper` decides at run time, decided here: the
/// op's metadata (read as the interpreter reads it) and the callee's
/// result types.
struct WrapperPlan<'c> {
    info: RuntimeWrapperInfo<'c>,
    callee_result_types: Vec<Type<'c>>,
}

impl<'c> WrapperPlan<'c> {
    fn read(op: OperationRef<'c, '_>) -> Result<Self, ir::Reported> {
        let info = match RuntimeWrapperInfo::read(op) {
            Ok(info) => info,
            Err(message) => return ir::fail(op, &message),
        };
        let Some(callee_op) = ir::lookup_symbol(op, &info.callee) else {
            return ir::fail(op, &format!("callee '{}' not found", info.callee));
        };
        let Ok((_, callee_result_types)) = views::callable_type(callee_op) else {
            return ir::fail(op, &format!("callee '{}' is not a function", info.callee));
        };
        Ok(Self { info, callee_result_types })
    }
}

fn emit_function(wrapper: OperationRef, plan: &WrapperPlan) -> PassResult {
    let context = ir::context_of(wrapper);
    let location = wrapper.location();
    let (_, body) = ir::function_before(wrapper, &plan.info.name, &plan.info.arg_types, &plan.info.result_types);
    let b = Builder::at_end(context, body, location);
    let args: Vec<Value> = (0..body.argument_count()).map(|i| body.argument(i).unwrap().into()).collect();

    for i in plan.info.inputs_needing_version_bump() {
        b.insert(wrap::bump_version(b.context, args[i], b.location));
    }
    let results = emit_call(&b, plan, &args);
    if plan.info.trace_joint {
        emit_autograd_marks(&b, plan, &results);
    }
    emit_mutation_epilogue(&b, plan, &args, &results);
    let outputs = emit_alias_replay(&b, plan, &args, &results);
    if let Some(enabled) = plan.info.grad_enabled_mutation {
        let flag = b.const_bool(enabled);
        b.insert(wrap::grad_mode_set(b.context, flag, b.location));
    }
    b.insert(func::r#return(&outputs, b.location));
    Ok(())
}

/// Steps 3–4: detach for the joint graph, grad mode around the call, the
/// call. Grad mode is saved and set unconditionally: setting the mode it
/// already has is a no-op, so no branch is needed.
fn emit_call<'c, 'a>(b: &Builder<'c, 'a>, plan: &WrapperPlan<'c>, args: &[Value<'c, 'a>]) -> Vec<Value<'c, 'a>> {
    let mut call_args = args.to_vec();
    if plan.info.trace_joint {
        for &i in &plan.info.detach_inputs {
            call_args[i] = b.insert(wrap::detach(b.context, args[i], b.location)).result(0).expect("one result").into();
        }
    }
    let saved = b.insert(wrap::grad_mode_get(b.context, b.ty("i1"), b.location)).result(0).expect("one result").into();
    let during_call = b.const_bool(plan.info.trace_joint);
    b.insert(wrap::grad_mode_set(b.context, during_call, b.location));
    let mut call = wrap::CallCompiledOperation::builder(b.context, b.location)
        .callee(FlatSymbolRefAttribute::new(b.context, &plan.info.callee))
        .operands(&call_args)
        .results(&plan.callee_result_types);
    if plan.info.disable_amp {
        call = call.disable_amp(b.unit());
    }
    let call = b.insert(call.build());
    b.insert(wrap::grad_mode_set(b.context, saved, b.location));
    (0..call.result_count()).map(|i| call.result(i).unwrap().into()).collect()
}

/// The autograd layer of a training forward: what `CompiledFunction` does
/// to the tensors it returns (see `wrap.mark_differentiable`).
fn emit_autograd_marks<'c>(b: &Builder<'c, '_>, plan: &WrapperPlan<'c>, results: &[Value<'c, '_>]) {
    // Values saved for backward come last and are never returned: unmarked.
    let marks = autograd_function_marks(&plan.info.inputs, &plan.info.outputs, plan.info.num_intermediate_bases);
    for (&value, mark) in results.iter().zip(marks) {
        if let (Some(differentiable), true) = (mark, ir::is_tensor(value.r#type())) {
            let flag = b.bool_attr(differentiable);
            b.insert(wrap::mark_differentiable(b.context, value, flag, b.location));
        }
    }
}

/// Step 7: one `wrap.apply_mutation` per input mutated outside the graph;
/// its new value is the next leading result of the call.
fn emit_mutation_epilogue<'c>(
    b: &Builder<'c, '_>,
    plan: &WrapperPlan<'c>,
    args: &[Value<'c, '_>],
    results: &[Value<'c, '_>],
) {
    for (k, i) in plan.info.inputs_mutated(MutationType::MutatedOutGraph).enumerate() {
        if SubclassInfo::from_type(plan.info.arg_types[i]).is_some() {
            // A subclass instance's only modelled write-back: its data.
            b.insert(wrap::copy_inplace(b.context, args[i], results[k], b.location));
            continue;
        }
        let mut apply = wrap::ApplyMutationOperation::builder(b.context, b.location)
            .orig(args[i])
            .updated(results[k])
            .info(plan.info.input_attrs[i]);
        if plan.info.trace_joint {
            apply = apply.trace_joint(b.unit());
        }
        b.insert(apply.build());
    }
}

/// Steps 6, 8, 9: split the results and regenerate every user output.
fn emit_alias_replay<'c, 'a>(
    b: &Builder<'c, 'a>,
    plan: &WrapperPlan<'c>,
    args: &[Value<'c, 'a>],
    results: &[Value<'c, 'a>],
) -> Vec<Value<'c, 'a>> {
    let num_mutated = plan.info.inputs_mutated(MutationType::MutatedOutGraph).count();
    let user_outputs = &results[num_mutated..num_mutated + plan.info.outputs.len()];
    let intermediate_bases = &results[num_mutated + plan.info.outputs.len()..];
    plan.info
        .outputs
        .iter()
        .enumerate()
        .map(|(j, info)| {
            let out = user_outputs[j];
            if SubclassInfo::from_type(plan.info.result_types[j]).is_some() {
                // Passed through, or the input itself: no view of a subclass.
                return match (info.output_type, info.base_index) {
                    (OutputType::IsInput, Some(base)) => args[base],
                    _ => out,
                };
            }
            if !ir::is_tensor(plan.info.result_types[j]) {
                return out;
            }
            let base = info.base_index.and_then(|base| match info.output_type {
                OutputType::IsInput | OutputType::AliasOfInput => Some(args[base]),
                OutputType::AliasOfIntermediateBaseIsUserOutput => Some(user_outputs[base]),
                OutputType::AliasOfIntermediate | OutputType::AliasOfIntermediateSaveAsOutput => {
                    Some(intermediate_bases[base])
                }
                _ => None,
            });
            let mut replay = wrap::ReplayAliasOperation::builder(b.context, b.location)
                .out(out)
                .info(plan.info.output_attrs[j])
                .result(plan.info.result_types[j]);
            if let Some(base) = base {
                replay = replay.base(base);
            }
            if let (Some(base), OutputType::AliasOfInput | OutputType::IsInput) = (info.base_index, info.output_type) {
                replay = replay.base_requires_grad(b.bool_attr(plan.info.inputs[base].flags.requires_grad));
            }
            let replayed = b.insert(replay.build()).result(0).expect("one result").into();
            if !info.dynamic_dims.is_empty() {
                let dims = melior::ir::attribute::DenseI64ArrayAttribute::new(b.context, &info.dynamic_dims);
                b.insert(wrap::mark_dynamic(b.context, replayed, dims.into(), b.location));
            }
            replayed
        })
        .collect()
}
