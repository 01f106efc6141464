//! `wrap-orchestrate`: level 1 → level 2. One `wrap.runtime_wrapper` becomes
//! one straight-line `func.func` (seed 000: every branch of
//! `_runtime_wrapper` resolved from the metadata at compile time).

use melior::dialect::func;
use melior::ir::attribute::FlatSymbolRefAttribute;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Attribute, Type, Value, ValueLike};
use wrapc_dialects::ops::wrap;
use wrapc_dialects::{autograd_function_marks, InputInfo, MutationType, OutputInfo, OutputType, SubclassInfo, WrapOp};

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

/// Everything `_runtime_wrapper` decides at run time, decided here.
struct WrapperPlan<'c> {
    name: String,
    callee: String,
    arg_types: Vec<Type<'c>>,
    result_types: Vec<Type<'c>>,
    callee_result_types: Vec<Type<'c>>,
    inputs: Vec<InputInfo>,
    outputs: Vec<OutputInfo<'c>>,
    /// The `#wrap.input` / `#wrap.output` attributes themselves, carried
    /// over unchanged onto the level-2 ops.
    input_attrs: Vec<Attribute<'c>>,
    output_attrs: Vec<Attribute<'c>>,
    trace_joint: bool,
    detach_inputs: Vec<usize>,
    num_intermediate_bases: usize,
    grad_enabled_mutation: Option<bool>,
    disable_amp: bool,
}

impl<'c> WrapperPlan<'c> {
    fn read(op: OperationRef<'c, '_>) -> Result<Self, ir::Reported> {
        let malformed = |what: &str| ir::fail(op, &format!("malformed wrap.runtime_wrapper: {what}"));
        let Some(name) = ir::string_attr(op, "sym_name") else { return malformed("no sym_name") };
        let Some(callee) = ir::flat_symbol_attr(op, "callee") else { return malformed("no callee") };
        let Some((arg_types, result_types)) = ir::function_type_attr(op, "function_type") else {
            return malformed("no function_type");
        };
        let input_attrs = ir::array_attr(op, "inputs");
        let output_attrs = ir::array_attr(op, "outputs");
        let inputs: Option<Vec<_>> = input_attrs.iter().copied().map(InputInfo::from_attribute).collect();
        let outputs: Option<Vec<_>> = output_attrs.iter().copied().map(OutputInfo::from_attribute).collect();
        let (Some(inputs), Some(outputs)) = (inputs, outputs) else { return malformed("bad metadata arrays") };
        let Some(callee_op) = ir::lookup_symbol(op, &callee) else {
            return ir::fail(op, &format!("callee '{callee}' not found"));
        };
        let Some((_, callee_result_types)) = ir::function_type_attr(callee_op, "function_type") else {
            return ir::fail(op, &format!("callee '{callee}' is not a function"));
        };
        Ok(Self {
            name,
            callee,
            arg_types,
            result_types,
            callee_result_types,
            inputs,
            outputs,
            input_attrs,
            output_attrs,
            trace_joint: ir::has_unit_attr(op, "trace_joint"),
            detach_inputs: ir::dense_i64_attr(op, "detach_inputs").into_iter().map(|i| i as usize).collect(),
            num_intermediate_bases: ir::int_attr(op, "num_intermediate_bases").unwrap_or(0) as usize,
            grad_enabled_mutation: ir::bool_attr(op, "grad_enabled_mutation"),
            disable_amp: ir::has_unit_attr(op, "disable_amp"),
        })
    }

    fn inputs_mutated(&self, kind: MutationType) -> impl Iterator<Item = usize> + '_ {
        self.inputs.iter().enumerate().filter(move |(_, info)| info.mutation_type == kind).map(|(i, _)| i)
    }

    /// Inputs the graph mutates itself whose mutation autograd must see
    /// (`mutated_graph_handled_indices_seen_by_autograd`).
    fn inputs_needing_version_bump(&self) -> Vec<usize> {
        self.inputs_mutated(MutationType::MutatedInGraph)
            .filter(|&i| !self.inputs[i].flags.mutations_hidden_from_autograd)
            .collect()
    }
}

fn emit_function(wrapper: OperationRef, plan: &WrapperPlan) -> PassResult {
    let context = ir::context_of(wrapper);
    let location = wrapper.location();
    let (_, body) = ir::function_before(wrapper, &plan.name, &plan.arg_types, &plan.result_types);
    let b = Builder::at_end(context, body, location);
    let args: Vec<Value> = (0..body.argument_count()).map(|i| body.argument(i).unwrap().into()).collect();

    for i in plan.inputs_needing_version_bump() {
        b.insert(wrap::bump_version(b.context, args[i], b.location));
    }
    let results = emit_call(&b, plan, &args);
    if plan.trace_joint {
        emit_autograd_marks(&b, plan, &results);
    }
    emit_mutation_epilogue(&b, plan, &args, &results);
    let outputs = emit_alias_replay(&b, plan, &args, &results);
    if let Some(enabled) = plan.grad_enabled_mutation {
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
    if plan.trace_joint {
        for &i in &plan.detach_inputs {
            call_args[i] = b.insert(wrap::detach(b.context, args[i], b.location)).result(0).expect("one result").into();
        }
    }
    let saved = b.insert(wrap::grad_mode_get(b.context, b.ty("i1"), b.location)).result(0).expect("one result").into();
    let during_call = b.const_bool(plan.trace_joint);
    b.insert(wrap::grad_mode_set(b.context, during_call, b.location));
    let mut call = wrap::CallCompiledOperation::builder(b.context, b.location)
        .callee(FlatSymbolRefAttribute::new(b.context, &plan.callee))
        .operands(&call_args)
        .results(&plan.callee_result_types);
    if plan.disable_amp {
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
    let marks = autograd_function_marks(&plan.inputs, &plan.outputs, plan.num_intermediate_bases);
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
    for (k, i) in plan.inputs_mutated(MutationType::MutatedOutGraph).enumerate() {
        if SubclassInfo::from_type(plan.arg_types[i]).is_some() {
            // A subclass instance's only modelled write-back: its data.
            b.insert(wrap::copy_inplace(b.context, args[i], results[k], b.location));
            continue;
        }
        let mut apply = wrap::ApplyMutationOperation::builder(b.context, b.location)
            .orig(args[i])
            .updated(results[k])
            .info(plan.input_attrs[i]);
        if plan.trace_joint {
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
    let num_mutated = plan.inputs_mutated(MutationType::MutatedOutGraph).count();
    let user_outputs = &results[num_mutated..num_mutated + plan.outputs.len()];
    let intermediate_bases = &results[num_mutated + plan.outputs.len()..];
    plan.outputs
        .iter()
        .enumerate()
        .map(|(j, info)| {
            let out = user_outputs[j];
            if SubclassInfo::from_type(plan.result_types[j]).is_some() {
                // Passed through, or the input itself: no view of a subclass.
                return match (info.output_type, info.base_index) {
                    (OutputType::IsInput, Some(base)) => args[base],
                    _ => out,
                };
            }
            if !ir::is_tensor(plan.result_types[j]) {
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
                .info(plan.output_attrs[j])
                .result(plan.result_types[j]);
            if let Some(base) = base {
                replay = replay.base(base);
            }
            if let (Some(base), OutputType::AliasOfInput | OutputType::IsInput) = (info.base_index, info.output_type) {
                replay = replay.base_requires_grad(b.bool_attr(plan.inputs[base].flags.requires_grad));
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
