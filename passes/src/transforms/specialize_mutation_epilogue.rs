//! `wrap-specialize-mutation-epilogue` (seed 001): each generic
//! `wrap.apply_mutation` becomes exactly the write-back PyTorch would run for
//! that input's metadata.

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{RegionLike, Value};
use wrapc_dialects::ops::wrap;
use wrapc_dialects::views::{self, ApplyMutationOp, CallCompiledOp};
use wrapc_dialects::{InputInfo, WrapOp};

use crate::ir::{self, Builder, PassResult};
use crate::Options;

pub fn run(module: OperationRef, options: &Options) -> PassResult {
    let elide_self_copies = crate::WrapSpecializeMutationEpilogueOptions::from(options).elide_self_copies;
    for op in ir::collect_ops(module, WrapOp::ApplyMutation.name()) {
        specialize(op, elide_self_copies)?;
        ir::erase(op);
    }
    Ok(())
}

/// What one mutated input gets written back with.
#[derive(Debug, PartialEq, Eq)]
enum WriteBack {
    Nothing,
    /// `orig.set_(updated)` (detached first in a joint graph).
    SetStorage {
        detach_update: bool,
    },
    /// `orig.as_strided_(updated.size(), updated.stride(), updated.storage_offset())`.
    Metadata,
    /// Optional metadata update, then the data copy.
    Data {
        metadata_too: bool,
        copy: Copy,
    },
}

#[derive(Debug, PartialEq, Eq)]
enum Copy {
    /// `orig.detach().copy_(updated)`: a leaf requiring grad, whose mutation
    /// autograd must not record.
    Detached,
    /// `orig.copy_(updated)`; `autograd`: it becomes `orig`'s `grad_fn` (a
    /// joint graph's input that requires grad after the function; the
    /// updated value of one that does not is marked non-differentiable, so
    /// nothing records).
    Plain { autograd: bool },
    /// A leaf that requires grad after the function, by a mutation nothing
    /// says autograd did not see: PyTorch's run-time test of
    /// `orig.requires_grad` picks `Detached` or `Plain` (`copy_inplace
    /// {leaf}`).
    Leaf,
    /// The callee wrote the input's own buffer: no data moves, but copy_
    /// would still have bumped the version counter.
    VersionBumpOnly,
}

fn classify(info: &InputInfo, trace_joint: bool, updated_is_orig_buffer: bool) -> WriteBack {
    let flags = info.flags;
    if !flags.mutates_data && !flags.mutates_metadata {
        return WriteBack::Nothing;
    }
    if flags.mutates_storage_metadata {
        return WriteBack::SetStorage { detach_update: trace_joint };
    }
    if flags.mutates_metadata && !flags.mutates_data {
        return WriteBack::Metadata;
    }
    // PyTorch detaches when `orig` is a leaf and `orig.requires_grad` at run
    // time. The metadata's `requires_grad` is the input's after the function
    // ran: a leaf that did not require grad and took a copy of one that does
    // (`buf.copy_(w * 2)`) reports true, and must get a plain copy_ (which
    // makes it require grad, as in eager). A leaf that did require grad can
    // only have been mutated where autograd does not look — under no_grad or
    // through a detached alias; where the flags say so, the detach is known
    // now. Where they do not (a mutation through `x.detach()` that
    // functionalization does not flag), the test stays a run-time one.
    let hidden = flags.mutations_hidden_from_autograd || flags.mutations_under_no_grad_or_inference_mode;
    let copy = if updated_is_orig_buffer {
        Copy::VersionBumpOnly
    } else if flags.is_leaf && flags.requires_grad && hidden {
        Copy::Detached
    } else if flags.is_leaf && flags.requires_grad {
        Copy::Leaf
    } else {
        Copy::Plain { autograd: trace_joint && flags.requires_grad }
    };
    WriteBack::Data { metadata_too: flags.mutates_metadata, copy }
}

fn specialize(op: OperationRef, elide_self_copies: bool) -> PassResult {
    let view = views::reported(op, ApplyMutationOp::new)?;
    let Some(info) = InputInfo::from_attribute(view.info()) else {
        return ir::fail(op, "wrap.apply_mutation without valid 'info' metadata");
    };
    let orig: Value = op.operand(0).expect("verified operand");
    let updated: Value = op.operand(1).expect("verified operand");
    let self_copy = elide_self_copies && callee_returns_argument(op, orig, updated);
    let b = Builder::before(op);
    let (context, location) = (b.context, b.location);
    match classify(&info, view.trace_joint(), self_copy) {
        WriteBack::Nothing => {}
        WriteBack::SetStorage { detach_update } => {
            let source = if detach_update {
                b.insert(wrap::detach(context, updated, location)).result(0).expect("one result").into()
            } else {
                updated
            };
            b.insert(wrap::set_storage(context, orig, source, location));
        }
        WriteBack::Metadata => {
            b.insert(wrap::as_strided_inplace(context, orig, updated, location));
        }
        WriteBack::Data { metadata_too, copy } => {
            if metadata_too {
                b.insert(wrap::as_strided_inplace(context, orig, updated, location));
            }
            // After as_strided_, orig has updated's geometry, which its
            // static type (its entry's, of another rank after
            // `x.unsqueeze_(0)`) does not describe: the copy says so.
            let restrided = metadata_too.then(|| b.unit());
            match copy {
                Copy::Detached => {
                    let mut copy =
                        wrap::DetachCopyInplaceOperation::builder(context, location).orig(orig).updated(updated);
                    if let Some(unit) = restrided {
                        copy = copy.restrided(unit);
                    }
                    b.insert(copy.build())
                }
                Copy::Plain { .. } | Copy::Leaf => {
                    let mut builder =
                        wrap::CopyInplaceOperation::builder(context, location).orig(orig).updated(updated);
                    match copy {
                        Copy::Plain { autograd: true } => builder = builder.autograd(b.unit()),
                        Copy::Leaf => builder = builder.leaf(b.unit()),
                        _ => {}
                    }
                    if let Some(unit) = restrided {
                        builder = builder.restrided(unit);
                    }
                    b.insert(builder.build())
                }
                Copy::VersionBumpOnly => b.insert(wrap::bump_version(context, orig, location)),
            };
        }
    }
    Ok(())
}

/// True when `updated` is result #k of a `wrap.call_compiled` whose callee
/// returns, at position k, the very argument the call passed `orig` as: the
/// callee mutated the input in place and handed back its buffer.
fn callee_returns_argument(op: OperationRef, orig: Value, updated: Value) -> bool {
    let Ok(result) = melior::ir::operation::OperationResult::try_from(updated) else { return false };
    let call = result.owner();
    let Ok(compiled) = CallCompiledOp::new(call) else { return false };
    let callee_name = compiled.callee();
    let Some(callee) = ir::lookup_symbol(op, &callee_name) else { return false };
    let Some(region) = callee.region(0).ok() else { return false };
    let Some(entry) = region.first_block() else { return false };
    // A single-block body: its terminator is the only return.
    if entry.next_in_region().is_some() {
        return false;
    }
    let Some(ret) = entry.terminator() else { return false };
    let Ok(returned) = ret.operand(result.result_number()) else { return false };
    let Some(arg_number) = ir::argument_number(returned, entry) else { return false };
    call.operand(arg_number).map(|passed| passed == orig).unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use wrapc_dialects::{InputFlags, MutationType};

    fn info(flags: InputFlags) -> InputInfo {
        InputInfo { flags, mutation_type: MutationType::MutatedOutGraph }
    }

    #[test]
    fn storage_mutation_wins_over_data_and_metadata() {
        let flags = InputFlags {
            mutates_data: true,
            mutates_metadata: true,
            mutates_storage_metadata: true,
            ..Default::default()
        };
        assert_eq!(classify(&info(flags), true, false), WriteBack::SetStorage { detach_update: true });
        assert_eq!(classify(&info(flags), false, false), WriteBack::SetStorage { detach_update: false });
    }

    #[test]
    fn leaf_requiring_grad_copies_through_detach() {
        let flags = InputFlags {
            mutates_data: true,
            is_leaf: true,
            requires_grad: true,
            mutations_hidden_from_autograd: true,
            ..Default::default()
        };
        assert_eq!(classify(&info(flags), false, false), WriteBack::Data { metadata_too: false, copy: Copy::Detached });
        let under_no_grad = InputFlags {
            mutations_hidden_from_autograd: false,
            mutations_under_no_grad_or_inference_mode: true,
            ..flags
        };
        assert_eq!(
            classify(&info(under_no_grad), true, false),
            WriteBack::Data { metadata_too: false, copy: Copy::Detached }
        );
        let non_leaf = InputFlags { is_leaf: false, ..flags };
        let plain = |autograd| WriteBack::Data { metadata_too: false, copy: Copy::Plain { autograd } };
        assert_eq!(classify(&info(non_leaf), false, false), plain(false));
    }

    #[test]
    fn autograd_records_a_joint_graphs_copy_into_an_input_that_requires_grad() {
        let plain = |autograd| WriteBack::Data { metadata_too: false, copy: Copy::Plain { autograd } };
        let non_leaf = InputFlags { mutates_data: true, requires_grad: true, ..Default::default() };
        assert_eq!(classify(&info(non_leaf), true, false), plain(true));
        // Inference: nothing requires grad after the call.
        assert_eq!(classify(&info(non_leaf), false, false), plain(false));
        // The updated value of an input that does not require grad is
        // marked non-differentiable: the copy records nothing.
        let no_grad = InputFlags { requires_grad: false, ..non_leaf };
        assert_eq!(classify(&info(no_grad), true, false), plain(false));
        // A leaf that requires grad after the call, with no flag saying
        // autograd did not see its mutation: it did not require grad and
        // took a copy of one that does (`buf.copy_(w * 2)`: a recorded
        // copy), or it did and was mutated through a detached alias
        // functionalization does not flag (`x.detach().mul_(2)`: a detached
        // copy). Only orig.requires_grad at run time tells, in a joint graph
        // or not.
        let leaf = InputFlags { is_leaf: true, ..non_leaf };
        let run_time = WriteBack::Data { metadata_too: false, copy: Copy::Leaf };
        assert_eq!(classify(&info(leaf), true, false), run_time);
        assert_eq!(classify(&info(leaf), false, false), run_time);
    }

    #[test]
    fn self_copy_keeps_only_the_version_bump() {
        let flags = InputFlags { mutates_data: true, mutates_metadata: true, ..Default::default() };
        assert_eq!(
            classify(&info(flags), false, true),
            WriteBack::Data { metadata_too: true, copy: Copy::VersionBumpOnly }
        );
    }
}
