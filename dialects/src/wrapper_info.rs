//! `wrap.runtime_wrapper` and `wrap.backward_wrapper` decoded once: what `wrap-orchestrate` lowers and
//! the interpreter runs read the same struct, through the op's generated
//! view (`views::RuntimeWrapperOp`), so that the two cannot read the
//! metadata differently.

use melior::ir::operation::OperationRef;
use melior::ir::{Attribute, Type};

use crate::metadata::{tangent_layout, InputInfo, MutationType, OutputInfo};
use crate::views::{BackwardWrapperOp, RuntimeWrapperOp};

/// Everything `_runtime_wrapper` decides on, as the op states it.
pub struct RuntimeWrapperInfo<'c> {
    pub name: String,
    pub callee: String,
    pub arg_types: Vec<Type<'c>>,
    pub result_types: Vec<Type<'c>>,
    pub inputs: Vec<InputInfo>,
    pub outputs: Vec<OutputInfo<'c>>,
    /// The `#wrap.input` / `#wrap.output` attributes themselves (the level-2
    /// ops carry them over unchanged).
    pub input_attrs: Vec<Attribute<'c>>,
    pub output_attrs: Vec<Attribute<'c>>,
    pub trace_joint: bool,
    pub detach_inputs: Vec<usize>,
    pub num_intermediate_bases: usize,
    /// Tensors and symbolic ints the forward graph saves for backward:
    /// returned last, kept by `CompiledFunction`, never by the caller.
    pub num_saved: usize,
    pub grad_enabled_mutation: Option<bool>,
    pub disable_amp: bool,
}

impl<'c> RuntimeWrapperInfo<'c> {
    /// The metadata of `op`, or what makes it malformed (the verifier
    /// rejects each; an unverified module may still hold one).
    pub fn read(op: OperationRef<'c, '_>) -> Result<Self, String> {
        let view = RuntimeWrapperOp::new(op).map_err(|e| e.to_string())?;
        let malformed = |what: &str| format!("malformed wrap.runtime_wrapper: {what}");
        let (arg_types, result_types) = view.function_type();
        let input_attrs = view.inputs();
        let output_attrs = view.outputs();
        let inputs = input_attrs.iter().copied().map(InputInfo::from_attribute).collect::<Option<Vec<_>>>();
        let outputs = output_attrs.iter().copied().map(OutputInfo::from_attribute).collect::<Option<Vec<_>>>();
        let count = |n: i64, what: &str| usize::try_from(n).map_err(|_| malformed(&format!("{what} is {n}")));
        let detach_inputs: Result<Vec<usize>, String> =
            view.detach_inputs().into_iter().map(|i| count(i, "a detach_inputs index")).collect();
        Ok(Self {
            name: view.sym_name(),
            callee: view.callee(),
            arg_types,
            result_types,
            inputs: inputs.ok_or_else(|| malformed("bad inputs"))?,
            outputs: outputs.ok_or_else(|| malformed("bad outputs"))?,
            input_attrs,
            output_attrs,
            trace_joint: view.trace_joint(),
            detach_inputs: detach_inputs?,
            num_intermediate_bases: count(view.num_intermediate_bases(), "num_intermediate_bases")?,
            num_saved: count(view.num_saved_tensors(), "num_saved_tensors")?
                + count(view.num_saved_symints(), "num_saved_symints")?,
            grad_enabled_mutation: view.grad_enabled_mutation(),
            disable_amp: view.disable_amp(),
        })
    }

    /// The inputs whose mutation is of `kind`.
    pub fn inputs_mutated(&self, kind: MutationType) -> impl Iterator<Item = usize> + '_ {
        self.inputs.iter().enumerate().filter(move |(_, info)| info.mutation_type == kind).map(|(i, _)| i)
    }

    /// Inputs the graph mutates itself whose mutation autograd must see
    /// (`mutated_graph_handled_indices_seen_by_autograd`): their version
    /// counters are bumped.
    pub fn inputs_needing_version_bump(&self) -> Vec<usize> {
        self.inputs_mutated(MutationType::MutatedInGraph)
            .filter(|&i| !self.inputs[i].flags.mutations_hidden_from_autograd)
            .collect()
    }
}

/// `wrap.backward_wrapper` decoded: what `CompiledFunction.backward` does
/// around the backward graph, for the pass and the interpreter alike.
pub struct BackwardWrapperInfo<'c> {
    pub name: String,
    pub callee: String,
    pub arg_types: Vec<Type<'c>>,
    pub result_types: Vec<Type<'c>>,
    /// The leading arguments saved by the forward, passed on first.
    pub num_saved: usize,
    /// Per kept gradient: its index among the gradients (after the saved
    /// values), and the layout the backward graph takes it in.
    pub tangents: Vec<(usize, wrapc_abi::TangentLayout)>,
    /// The `#wrap.layout` attributes themselves (`wrap.coerce_layout`
    /// carries them over).
    pub layout_attrs: Vec<Attribute<'c>>,
}

impl<'c> BackwardWrapperInfo<'c> {
    /// The metadata of `op`, or what makes it malformed (the verifier
    /// rejects each; an unverified module may still hold one).
    pub fn read(op: OperationRef<'c, '_>) -> Result<Self, String> {
        let view = BackwardWrapperOp::new(op).map_err(|e| e.to_string())?;
        let malformed = |what: &str| format!("malformed wrap.backward_wrapper: {what}");
        let (arg_types, result_types) = view.function_type();
        let num_saved = usize::try_from(view.num_saved())
            .ok()
            .filter(|&n| n <= arg_types.len())
            .ok_or_else(|| malformed("num_saved is out of range"))?;
        let layout_attrs = view.layouts();
        let indices = view.tangents();
        if indices.len() != layout_attrs.len() {
            return Err(malformed("one layout per kept tangent"));
        }
        let num_grads = arg_types.len() - num_saved;
        let mut tangents = Vec::with_capacity(indices.len());
        for (&index, &attr) in indices.iter().zip(&layout_attrs) {
            let index = usize::try_from(index)
                .ok()
                .filter(|&i| i < num_grads && tangents.last().is_none_or(|&(last, _)| i > last))
                .ok_or_else(|| malformed("tangents must be increasing gradient indices"))?;
            tangents.push((index, tangent_layout(attr).ok_or_else(|| malformed("a bad layout"))?));
        }
        Ok(Self {
            name: view.sym_name(),
            callee: view.callee(),
            arg_types,
            result_types,
            num_saved,
            tangents,
            layout_attrs,
        })
    }
}
