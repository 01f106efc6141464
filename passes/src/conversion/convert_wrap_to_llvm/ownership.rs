//! Which tensor handles an entry point owns, and where each reference ends:
//! computed once over the wrap IR before any op is lowered, as upstream's
//! ownership-based buffer deallocation decides ownership before it inserts
//! a deallocation. The op lowerings ask this analysis; none of them decides
//! what the function owns. The failure exits ([`super::unwind`]) release
//! what it says is owned at the failing point.
//!
//! The rule: a handle result (a tensor or subclass value) of an op that
//! makes a new runtime object ([`makes_new_references`]), or of a call of
//! another converted function that does not hand back its caller's own
//! argument, is owned from its definition. The reference ends at a
//! `wrap.free` of it, at a `wrap.reuse` of its buffer, or at the return,
//! which hands it to the caller (once) or releases it. Arguments are
//! borrowed; a `wrap.null` is a placeholder that owns nothing.

use std::collections::{HashMap, HashSet};

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockRef, RegionLike, Value, ValueLike};
use wrapc_dialects::views::{self, func::CallOp};
use wrapc_dialects::WrapOp;

use super::types::{self, Lowered};
use crate::ir::{self, Reported, ValueId};

/// How one operand of the function's return reaches the caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Handoff {
    /// The function's owned reference becomes the caller's.
    Transfer,
    /// A value the function does not own (an argument, or one already
    /// handed out): the caller gets a new reference.
    Retain,
    /// One of the function's own arguments that an in-module caller
    /// lent it, handed back as it came (see `arguments::forwarded_results`).
    Borrow,
    /// An integer, boxed into a new runtime scalar.
    Box,
    /// A `wrap.null` placeholder, passed as the null it is.
    Null,
}

/// An op's identity, for the ends of references by op.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct OpId(usize);

impl OpId {
    fn of(op: OperationRef) -> Self {
        OpId(op.to_raw().ptr as usize)
    }
}

/// The ownership of one function's handles.
#[derive(Default, Debug)]
pub(super) struct Ownership {
    /// Values the function owns a reference to from their definition.
    owned: HashSet<ValueId>,
    /// `wrap.null` results.
    nulls: HashSet<ValueId>,
    /// The owned values whose reference ends right after an op
    /// (`wrap.free`'s operand, `wrap.reuse`'s source), by op.
    ends: HashMap<OpId, Vec<ValueId>>,
    /// How each operand of the return reaches the caller.
    handoffs: Vec<Handoff>,
    /// The owned values the return releases, in the order they were made.
    released_at_return: Vec<ValueId>,
}

impl Ownership {
    /// The analysis of `body`, a function's single block, whose public
    /// result `j` its in-module callers receive as their argument
    /// `forwarded[j]` when that is set. `converted` names the functions
    /// with wrapc's ABI; `forwarded` maps each to its forwarded results.
    /// A use of a freed tensor and a free of one the function does not own
    /// are errors at the op.
    pub(super) fn of(
        body: BlockRef,
        own_forwarded: &[Option<usize>],
        converted: &HashSet<String>,
        forwarded: &HashMap<String, Vec<Option<usize>>>,
    ) -> Result<Self, Reported> {
        let mut analysis = Analysis {
            converted,
            forwarded,
            made: Vec::new(),
            alive: HashSet::new(),
            dead: HashSet::new(),
            same: HashMap::new(),
            result: Ownership::default(),
        };
        analysis.block(body, own_forwarded)?;
        Ok(analysis.result)
    }

    /// Whether the function owns a reference to `value` from its definition.
    pub(super) fn owns(&self, value: Value) -> bool {
        self.owned.contains(&ValueId::of(value))
    }

    pub(super) fn is_null(&self, value: Value) -> bool {
        self.nulls.contains(&ValueId::of(value))
    }

    /// The owned values whose reference ends after `op`.
    pub(super) fn ends_after(&self, op: OperationRef) -> &[ValueId] {
        self.ends.get(&OpId::of(op)).map_or(&[], Vec::as_slice)
    }

    /// How operand `j` of the return reaches the caller.
    pub(super) fn handoff(&self, j: usize) -> Handoff {
        self.handoffs[j]
    }

    /// The owned values the return releases, in the order they were made.
    pub(super) fn released_at_return(&self) -> &[ValueId] {
        &self.released_at_return
    }
}

struct Analysis<'f> {
    converted: &'f HashSet<String>,
    forwarded: &'f HashMap<String, Vec<Option<usize>>>,
    /// Owned values in the order made, and those whose reference has not
    /// ended.
    made: Vec<ValueId>,
    alive: HashSet<ValueId>,
    /// Values whose buffer was freed or given to a `wrap.reuse`.
    dead: HashSet<ValueId>,
    /// A call result its callee hands back as the caller's own operand, to
    /// that operand (see `arguments::forwarded_results`): one tensor, so a
    /// free or reuse of either ends the other's reference too.
    same: HashMap<ValueId, ValueId>,
    result: Ownership,
}

impl Analysis<'_> {
    fn block(&mut self, block: BlockRef, own_forwarded: &[Option<usize>]) -> Result<(), Reported> {
        let mut next = block.first_operation();
        while let Some(op) = next {
            next = op.next_in_block();
            self.op(op, own_forwarded)?;
        }
        Ok(())
    }

    fn op(&mut self, op: OperationRef, own_forwarded: &[Option<usize>]) -> Result<(), Reported> {
        let operands: Vec<Value> = (0..op.operand_count()).map(|i| op.operand(i).expect("counted")).collect();
        if operands.iter().any(|&v| self.dead.contains(&self.id(v))) {
            return ir::fail(op, "uses a tensor after its buffer was freed or reused");
        }
        let kind = WrapOp::of(&op);
        match kind {
            Some(WrapOp::Free) => {
                if !self.end(op, operands[0]) {
                    return ir::fail(
                        op,
                        "wrap.free of a tensor this function does not own (an argument, or freed twice)",
                    );
                }
                let id = self.id(operands[0]);
                self.dead.insert(id);
            }
            // Reusing an argument's buffer ends no reference of ours.
            Some(WrapOp::Reuse) => {
                self.end(op, operands[0]);
                let id = self.id(operands[0]);
                self.dead.insert(id);
            }
            Some(WrapOp::Null) => {
                self.result.nulls.insert(ValueId::of(op.result(0).expect("wrap.null has a result")));
            }
            Some(WrapOp::DeviceGuard) => {
                if let Some(body) = op.region(0).ok().and_then(|r| r.first_block()) {
                    self.block(body, own_forwarded)?;
                }
            }
            _ if op.name().as_string_ref().as_str() == Ok("func.return") => {
                self.handoffs(&operands, own_forwarded);
            }
            _ => {}
        }
        let is_call = kind == Some(WrapOp::CallCompiled) || op.name().as_string_ref().as_str() == Ok(CallOp::NAME);
        let handed_back = if is_call {
            let callee = views::reported(op, views::callee)?;
            if !self.converted.contains(&callee) {
                // Not wrapc's ABI: a plain call, with no handles.
                return Ok(());
            }
            self.forwarded.get(&callee).map_or(&[][..], Vec::as_slice)
        } else if kind.is_some_and(makes_new_references) {
            &[]
        } else {
            return Ok(());
        };
        for j in 0..op.result_count() {
            let result: Value = op.result(j).expect("counted").into();
            if let Some(&operand) = handed_back.get(j).copied().flatten().and_then(|k| operands.get(k)) {
                let operand = self.id(operand);
                self.same.insert(ValueId::of(result), operand);
            } else if types::convert(result.r#type()) == Some(Lowered::Handle) {
                let id = ValueId::of(result);
                self.result.owned.insert(id);
                self.made.push(id);
                self.alive.insert(id);
            }
        }
        Ok(())
    }

    /// The value whose reference `value` shares: itself, or the operand a
    /// callee handed back.
    fn id(&self, value: Value) -> ValueId {
        let id = ValueId::of(value);
        self.same.get(&id).copied().unwrap_or(id)
    }

    /// Ends the reference to `value` after `op`: whether one was alive.
    fn end(&mut self, op: OperationRef, value: Value) -> bool {
        let id = self.id(value);
        if !self.alive.remove(&id) {
            return false;
        }
        self.result.ends.entry(OpId::of(op)).or_default().push(id);
        true
    }

    fn handoffs(&mut self, operands: &[Value], own_forwarded: &[Option<usize>]) {
        let mut transferred = HashSet::new();
        for (j, &value) in operands.iter().enumerate() {
            let id = self.id(value);
            let handoff = if matches!(own_forwarded.get(j), Some(Some(_))) {
                Handoff::Borrow
            } else if types::is_boxed_int(value.r#type()) {
                Handoff::Box
            } else if self.result.nulls.contains(&id) {
                Handoff::Null
            } else if self.alive.contains(&id) && transferred.insert(id) {
                Handoff::Transfer
            } else {
                Handoff::Retain
            };
            self.result.handoffs.push(handoff);
        }
        self.result.released_at_return =
            self.made.iter().copied().filter(|v| self.alive.contains(v) && !transferred.contains(v)).collect();
    }
}

/// Whether an op of `kind` hands the function a new reference for each of
/// its tensor and subclass results. Matched exhaustively: a new op states
/// what it owns before it compiles.
fn makes_new_references(kind: WrapOp) -> bool {
    match kind {
        WrapOp::Detach
        | WrapOp::PatchRequiresGrad
        | WrapOp::AsStrided
        | WrapOp::Reinterpret
        | WrapOp::ViewDtype
        | WrapOp::Alloc
        | WrapOp::EmptyStrided
        | WrapOp::Reuse
        | WrapOp::SyntheticBase
        | WrapOp::SubclassUnwrap
        | WrapOp::SubclassWrap
        | WrapOp::ExternCall
        | WrapOp::CoerceLayout
        | WrapOp::CallCompiled => true,
        // A placeholder for an argument the compiler froze: nothing to release.
        WrapOp::Null => false,
        // No tensor results.
        WrapOp::GradModeGet
        | WrapOp::GradModeSet
        | WrapOp::BumpVersion
        | WrapOp::SetRequiresGrad
        | WrapOp::MarkDifferentiable
        | WrapOp::SetStorage
        | WrapOp::AsStridedInplace
        | WrapOp::CopyInplace
        | WrapOp::DetachCopyInplace
        | WrapOp::SubclassCheckType
        | WrapOp::CheckSameTensor
        | WrapOp::MarkDynamic
        | WrapOp::TensorSize
        | WrapOp::TensorStride
        | WrapOp::TensorOffset
        | WrapOp::Launch
        | WrapOp::LazyLaunch
        | WrapOp::Free
        | WrapOp::AssertFinite
        | WrapOp::AssertSizeStride
        | WrapOp::DeviceGuard
        | WrapOp::Kernel => false,
        // Specialized away before this pass (which rejects them).
        WrapOp::RuntimeWrapper
        | WrapOp::SubclassWrapper
        | WrapOp::DedupeWrapper
        | WrapOp::SyntheticBaseWrapper
        | WrapOp::BackwardWrapper
        | WrapOp::ApplyMutation
        | WrapOp::ReplayAlias => false,
    }
}
