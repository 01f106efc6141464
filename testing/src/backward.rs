//! Random but valid backward-wrapper metadata (`wrap.backward_wrapper`):
//! saved symbolic ints and tensors, gradients arriving in any layout a
//! caller can hand autograd (contiguous, permuted, expanded, channels-last,
//! requiring grad or not), a random subset kept, each with a traced layout
//! (a memory format or exact sizes and strides), and the compiled backward
//! graph, written in Rust: it checks the saved values it gets and returns
//! the kept gradients as it received them, then the saved tensors, so the
//! coercion (copy or not, strides, values, flags) is what a caller sees.

use proptest::prelude::*;
use wrapc_abi::{MemoryFormat, TangentLayout};
use wrapc_interpreter::Value;
use wrapc_runtime::contiguous_strides;

use crate::case::fresh;

/// How a gradient arrives.
#[derive(Clone, Debug)]
pub enum Arrival {
    Contiguous,
    /// Row-major in this order of dimensions (a transpose, a permute).
    Permuted(Vec<usize>),
    /// Stride 0 in this dimension (an expanded gradient: `ones().expand`).
    Expanded(usize),
}

#[derive(Clone, Debug)]
pub struct Grad {
    pub sizes: Vec<i64>,
    pub arrival: Arrival,
    pub requires_grad: bool,
}

#[derive(Clone, Debug)]
pub enum Saved {
    Symint(i64),
    Tensor(Vec<i64>),
}

#[derive(Clone, Debug)]
pub struct BackwardCase {
    pub saved: Vec<Saved>,
    pub grads: Vec<Grad>,
    /// Kept gradient indices, increasing, each with its traced layout.
    pub kept: Vec<(usize, TangentLayout)>,
}

fn permutation(rank: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..rank).collect::<Vec<_>>()).prop_shuffle()
}

fn grad() -> impl Strategy<Value = Grad> {
    (prop::collection::vec(1i64..4, 0..=5), any::<bool>(), any::<u8>())
        .prop_flat_map(|(sizes, requires_grad, roll)| {
            let rank = sizes.len();
            let arrival = match (roll % 3, rank) {
                (_, 0) | (0, _) => Just(Arrival::Contiguous).boxed(),
                (1, _) => permutation(rank).prop_map(Arrival::Permuted).boxed(),
                _ => (0..rank).prop_map(Arrival::Expanded).boxed(),
            };
            (Just(sizes), arrival, Just(requires_grad))
        })
        .prop_map(|(sizes, arrival, requires_grad)| Grad { sizes, arrival, requires_grad })
}

/// A traced layout a gradient of `sizes` may have been traced with.
fn traced_layout(sizes: Vec<i64>) -> impl Strategy<Value = TangentLayout> {
    let rank = sizes.len();
    let mut formats = vec![MemoryFormat::Contiguous];
    formats.extend(
        MemoryFormat::ALL.into_iter().filter(|f| *f != MemoryFormat::Contiguous && f.dim_order(rank).is_some()),
    );
    let format = prop::sample::select(formats).prop_map(TangentLayout::Format);
    let strided = permutation(rank).prop_map(move |order| {
        let strides = permuted_strides(&sizes, &order);
        TangentLayout::Strided { sizes: sizes.clone(), strides }
    });
    prop_oneof![format, strided]
}

/// Row-major strides of `sizes` laid out in `order` (outermost first).
fn permuted_strides(sizes: &[i64], order: &[usize]) -> Vec<i64> {
    let permuted: Vec<i64> = order.iter().map(|&d| sizes[d]).collect();
    let row_major = contiguous_strides(&permuted).expect("small sizes");
    let mut strides = vec![0; sizes.len()];
    for (k, &d) in order.iter().enumerate() {
        strides[d] = row_major[k];
    }
    strides
}

pub fn backward_case() -> impl Strategy<Value = BackwardCase> {
    let saved = prop::collection::vec(
        prop_oneof![(0i64..100).prop_map(Saved::Symint), prop::collection::vec(1i64..4, 0..3).prop_map(Saved::Tensor)],
        0..4,
    );
    (saved, prop::collection::vec(grad(), 0..5))
        .prop_flat_map(|(saved, grads)| {
            let choices: Vec<BoxedStrategy<Option<TangentLayout>>> = grads
                .iter()
                .map(|g| prop_oneof![1 => Just(None), 3 => traced_layout(g.sizes.clone()).prop_map(Some)].boxed())
                .collect();
            (Just(saved), Just(grads), choices)
        })
        .prop_map(|(saved, grads, choices)| {
            let kept = choices.into_iter().enumerate().filter_map(|(i, layout)| layout.map(|l| (i, l))).collect();
            BackwardCase { saved, grads, kept }
        })
}

fn tensor_type(sizes: &[i64]) -> String {
    let dims: String = sizes.iter().map(|d| format!("{d}x")).collect();
    format!("!wrap.tensor<{dims}f32>")
}

fn layout_text(layout: &TangentLayout) -> String {
    let list = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
    match layout {
        TangentLayout::Format(f) => format!("#wrap.layout<{}>", f.mlir_name()),
        TangentLayout::Strided { sizes, strides } => {
            format!("#wrap.layout<strided [{}], [{}]>", list(sizes), list(strides))
        }
    }
}

impl BackwardCase {
    fn saved_types(&self) -> Vec<String> {
        self.saved
            .iter()
            .map(|s| match s {
                Saved::Symint(_) => "index".to_string(),
                Saved::Tensor(sizes) => tensor_type(sizes),
            })
            .collect()
    }

    /// The graph's results: the kept gradients, then the saved tensors.
    fn result_types(&self) -> Vec<String> {
        let kept = self.kept.iter().map(|(i, _)| tensor_type(&self.grads[*i].sizes));
        let saved = self.saved.iter().filter_map(|s| match s {
            Saved::Tensor(sizes) => Some(tensor_type(sizes)),
            Saved::Symint(_) => None,
        });
        kept.chain(saved).collect()
    }

    /// The module: the backward graph's declaration and `@bw`.
    pub fn module_text(&self) -> String {
        let saved = self.saved_types();
        let grads: Vec<String> = self.grads.iter().map(|g| tensor_type(&g.sizes)).collect();
        let kept: Vec<String> = self.kept.iter().map(|(i, _)| grads[*i].clone()).collect();
        let results = self.result_types().join(", ");
        let callee_args = [saved.clone(), kept].concat().join(", ");
        let args = [saved, grads].concat().join(", ");
        let indices: Vec<String> = self.kept.iter().map(|(i, _)| i.to_string()).collect();
        let layouts: Vec<String> = self.kept.iter().map(|(_, l)| layout_text(l)).collect();
        format!(
            "func.func private @bw_graph({callee_args}) -> ({results})\n\
             wrap.backward_wrapper @bw : ({args}) -> ({results}) calls @bw_graph saved {} tangents [{}] layouts [{}]\n",
            self.saved.len(),
            indices.join(", "),
            layouts.join(", "),
        )
    }

    /// Fresh arguments: the saved values, then each gradient as it arrives.
    pub fn make_args(&self) -> Vec<Value> {
        let mut args: Vec<Value> = Vec::new();
        for (k, s) in self.saved.iter().enumerate() {
            args.push(match s {
                Saved::Symint(v) => Value::Int(*v),
                Saved::Tensor(sizes) => {
                    let n = sizes.iter().product();
                    let base = fresh(100.0 * k as f64, n);
                    Value::Tensor(base.as_strided(sizes, &contiguous_strides(sizes).unwrap(), 0).unwrap())
                }
            });
        }
        for (k, g) in self.grads.iter().enumerate() {
            let strides = match &g.arrival {
                Arrival::Contiguous => contiguous_strides(&g.sizes).unwrap(),
                Arrival::Permuted(order) => permuted_strides(&g.sizes, order),
                Arrival::Expanded(d) => {
                    let mut strides = contiguous_strides(&g.sizes).unwrap();
                    strides[*d] = 0;
                    strides
                }
            };
            let extent = 1 + g.sizes.iter().zip(&strides).map(|(s, t)| (s - 1) * t).sum::<i64>();
            let base = fresh(1000.0 + 100.0 * k as f64, extent.max(1));
            base.set_requires_grad(g.requires_grad).unwrap();
            let t = base.as_strided(&g.sizes, &strides, 0).unwrap();
            args.push(Value::Tensor(t));
        }
        args
    }

    /// The compiled backward graph: checks the saved values arrive first
    /// and in order, then returns the kept gradients as received, then the
    /// saved tensors.
    pub fn run_graph(&self, args: &[Value]) -> Result<Vec<Value>, String> {
        if args.len() != self.saved.len() + self.kept.len() {
            return Err(format!("bw_graph got {} arguments", args.len()));
        }
        let mut saved_tensors = Vec::new();
        for (k, s) in self.saved.iter().enumerate() {
            match (s, &args[k]) {
                (Saved::Symint(v), Value::Int(got)) if got == v => {}
                // Native code passes a symbolic int boxed in a 0-d tensor.
                (Saved::Symint(v), Value::Tensor(t)) if t.to_f64_vec().ok() == Some(vec![*v as f64]) => {}
                (Saved::Tensor(sizes), Value::Tensor(t)) if &t.sizes() == sizes => saved_tensors.push(args[k].clone()),
                (s, got) => return Err(format!("saved value #{k}: expected {s:?}, got {got:?}")),
            }
        }
        let kept = args[self.saved.len()..].iter().cloned();
        Ok(kept.chain(saved_tensors).collect())
    }

    pub fn num_results(&self) -> usize {
        self.result_types().len()
    }
}
