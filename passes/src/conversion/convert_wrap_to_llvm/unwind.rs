//! What a failure undoes, and the shared exits that undo it.
//!
//! A runtime call that fails makes the entry point return its status after
//! releasing every reference the function owns at that point, ending a
//! CUDA-graph batch it began, restoring the contexts of the device guards
//! it is inside and the grad mode it was entered with. Written out at each failure point, that was a copy
//! of every release per point: quadratic in the function's size (a wrapper
//! writing back 800 mutated inputs was 700,000 LLVM instructions and took
//! 10 s to compile). The exits are shared instead: `exits[i]` releases the
//! reference taken `i`-th and continues to `exits[i - 1]`, the last one to
//! the tail (batch end, guard exits, `return status`), so a failure point is
//! one branch into the chain and each exit is built once while what it
//! releases stays owned.

use std::collections::HashMap;

use melior::ir::block::BlockLike;
use melior::ir::{Block, BlockRef, RegionLike, Value};

use super::abi::{RuntimeFn, PTR};
use super::FnLowering;
use crate::ir::ValueId;

/// What a tail undoes: the batch (its slot's key), the open guards (keys
/// of their device and saved-context slot), innermost last, and whether it
/// restores the entry grad mode.
type TailKey = (Option<ValueId>, Vec<(ValueId, ValueId)>, bool);

/// The references a function owns, the guards and the batch it is inside,
/// at the point being lowered; and the failure exits built for them.
#[derive(Default)]
pub(super) struct Unwind<'c, 'a> {
    /// In the order taken; `None` where one was released or handed on.
    owned: Vec<Option<Value<'c, 'a>>>,
    /// Where each owned value sits in `owned`.
    position: HashMap<ValueId, usize>,
    /// Open device guards (device, slot holding the context to restore).
    guards: Vec<(Value<'c, 'a>, Value<'c, 'a>)>,
    /// A graph-mode entry point's `wrt_cuda_graph_slot`, once its batch is
    /// begun.
    graph: Option<Value<'c, 'a>>,
    /// `exits[i]` undoes `owned[..=i]` and the tail (a `None` entry's exit
    /// is the one below it); valid while those entries and the tail stay.
    exits: Vec<BlockRef<'c, 'a>>,
    /// The tails built so far, by the batch and guards they undo: each
    /// ends the batch, exits the guards and returns its argument.
    tails: HashMap<TailKey, BlockRef<'c, 'a>>,
    /// Once the function sets grad mode: the thread's grad-mode flag and
    /// its value at entry, which every failure puts back.
    grad_mode: Option<(Value<'c, 'a>, Value<'c, 'a>)>,
}

impl<'c, 'a> Unwind<'c, 'a> {
    /// `value` holds a reference the function must release (once: owning
    /// it again changes nothing).
    pub(super) fn own(&mut self, value: Value<'c, 'a>) {
        if self.position.contains_key(&ValueId::of(value)) {
            return;
        }
        self.position.insert(ValueId::of(value), self.owned.len());
        self.owned.push(Some(value));
    }

    /// Stops owning `value` (released, or handed on): whether it was owned.
    pub(super) fn disown(&mut self, value: Value<'c, 'a>) -> bool {
        let Some(at) = self.position.remove(&ValueId::of(value)) else { return false };
        self.owned[at] = None;
        while let Some(None) = self.owned.last() {
            self.owned.pop();
        }
        self.exits.truncate(at.min(self.owned.len()));
        true
    }

    pub(super) fn enter_guard(&mut self, device: Value<'c, 'a>, previous: Value<'c, 'a>) {
        self.guards.push((device, previous));
        self.retail();
    }

    pub(super) fn exit_guard(&mut self) {
        self.guards.pop();
        self.retail();
    }

    pub(super) fn begin_graph(&mut self, slot: Value<'c, 'a>) {
        self.graph = Some(slot);
        self.retail();
    }

    /// Ends the batch on the success path: later failures leave it alone.
    pub(super) fn end_graph(&mut self) -> Option<Value<'c, 'a>> {
        let slot = self.graph.take();
        if slot.is_some() {
            self.retail();
        }
        slot
    }

    /// From here on, failures store `entry` (an `i8`) into the grad-mode
    /// flag at `slot`.
    pub(super) fn restore_grad_mode(&mut self, slot: Value<'c, 'a>, entry: Value<'c, 'a>) {
        self.grad_mode = Some((slot, entry));
        self.retail();
    }

    pub(super) fn grad_mode_at_entry(&self) -> Option<Value<'c, 'a>> {
        self.grad_mode.map(|(_, entry)| entry)
    }

    /// The tail changed: every exit leads to the old one.
    fn retail(&mut self) {
        self.exits.clear();
    }

    /// What the tail at the current point undoes.
    fn tail_key(&self) -> TailKey {
        (
            self.graph.map(ValueId::of),
            self.guards.iter().map(|&(device, previous)| (ValueId::of(device), ValueId::of(previous))).collect(),
            self.grad_mode.is_some(),
        )
    }
}

impl<'c, 'a> FnLowering<'c, 'a, '_> {
    /// The block that undoes everything at the current point and returns
    /// its one `i32` argument (a failed call's status), built on first use.
    pub(super) fn failure_exit(&mut self) -> BlockRef<'c, 'a> {
        let here = self.block;
        let tail_key = self.unwind.tail_key();
        let mut below = match self.unwind.tails.get(&tail_key) {
            Some(&tail) => tail,
            None => {
                let tail = self.status_block();
                self.block = tail;
                let status = tail.argument(0).expect("the status").into();
                if let Some(slot) = self.unwind.graph {
                    // Issues what was recorded before the failure; its own
                    // status gives way to the failure's.
                    self.call(RuntimeFn::CudaGraphEnd, &[slot]);
                }
                for (device, previous) in self.unwind.guards.clone().into_iter().rev() {
                    let previous = self.load(previous, PTR);
                    self.call(RuntimeFn::CudaGuardExit, &[device, previous]);
                }
                if let Some((slot, entry)) = self.unwind.grad_mode {
                    self.store(entry, slot);
                }
                self.return_(&[status]);
                self.unwind.tails.insert(tail_key, tail);
                tail
            }
        };
        if let Some(&top) = self.unwind.exits.last() {
            below = top;
        }
        for at in self.unwind.exits.len()..self.unwind.owned.len() {
            if let Some(value) = self.unwind.owned[at] {
                let exit = self.status_block();
                self.block = exit;
                self.call(RuntimeFn::TensorRelease, &[value]);
                self.jump_with(below, &[exit.argument(0).expect("the status").into()]);
                below = exit;
            }
            self.unwind.exits.push(below);
        }
        self.block = here;
        below
    }

    /// A new block of the function taking an `i32` status.
    fn status_block(&self) -> BlockRef<'c, 'a> {
        self.region.append_block(Block::new(&[(self.ty("i32"), self.location)]))
    }
}
