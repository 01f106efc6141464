//! Random cases of PyTorch's wrapper layering with tensor subclasses: an
//! outer `wrap.runtime_wrapper` with subclass-level metadata (what
//! `RuntimeWrapper` gets when subclasses are present) around a
//! `wrap.subclass_wrapper` (`AOTDispatchSubclassWrapper`) around the
//! compiled graph over the flattened leaves. The outer wrapper bumps the
//! version of subclass inputs the graph mutates, copies data back into
//! subclass inputs it mutates out of the graph, and returns subclass
//! instances or the inputs themselves.
//!
//! The graph computes nothing: it returns its leaves. The new value of an
//! input mutated out of the graph, and each fresh output, are made of the
//! source tensor (the last argument), so every copy moves real data.

use proptest::prelude::*;
use wrapc_interpreter::Value;
use wrapc_runtime::{DType, Tensor};

use crate::case::N;

/// How an outer input is passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Plain,
    /// `TwoTensor(a, b)`.
    Two,
    /// `Pair(inner: TwoTensor, c)`: a nested subclass.
    Pair,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutation {
    None,
    /// The graph mutates it (`keep_input_mutations`): only a version bump.
    InGraph,
    /// The graph returns its new value; the wrapper copies it back.
    OutOfGraph,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// A plain tensor the graph computed.
    Plain,
    /// A fresh `TwoTensor` the graph computed.
    FreshTwo,
    /// The outer input itself (`is_input`).
    Input(usize),
}

#[derive(Clone, Debug)]
pub struct LayeredCase {
    /// The outer inputs; the source tensor is appended after them.
    pub inputs: Vec<(Kind, Mutation)>,
    pub outputs: Vec<Output>,
    pub grad_mode: bool,
}

pub fn layered_case() -> impl Strategy<Value = LayeredCase> {
    let kind = prop_oneof![Just(Kind::Plain), Just(Kind::Two), Just(Kind::Pair)];
    let mutation = prop_oneof![Just(Mutation::None), Just(Mutation::InGraph), Just(Mutation::OutOfGraph)];
    (
        prop::collection::vec((kind, mutation), 1..5),
        prop::collection::vec((0u8..3, any::<usize>()), 0..4),
        any::<bool>(),
    )
        .prop_map(|(mut inputs, outputs, grad_mode)| {
            // A subclass wrapper flattens at least one subclass.
            if inputs.iter().all(|&(k, _)| k == Kind::Plain) {
                inputs[0].0 = Kind::Two;
            }
            let outputs = outputs
                .into_iter()
                .map(|(roll, pick)| match roll {
                    0 => Output::Plain,
                    1 => Output::FreshTwo,
                    _ => Output::Input(pick % inputs.len()),
                })
                .collect();
            LayeredCase { inputs, outputs, grad_mode }
        })
}

fn tensor_type() -> String {
    format!("!wrap.tensor<{N}xf32>")
}

fn two_type() -> String {
    let t = tensor_type();
    format!("!wrap.subclass<\"TwoTensor\", {N}xf32, [a: {t}, b: {t}]>")
}

fn type_of(kind: Kind) -> String {
    match kind {
        Kind::Plain => tensor_type(),
        Kind::Two => two_type(),
        Kind::Pair => format!("!wrap.subclass<\"Pair\", {N}xf32, [inner: {}, c: {}]>", two_type(), tensor_type()),
    }
}

fn leaves(kind: Kind) -> usize {
    match kind {
        Kind::Plain => 1,
        Kind::Two => 2,
        Kind::Pair => 3,
    }
}

impl LayeredCase {
    fn source_type(&self) -> String {
        tensor_type()
    }

    fn outer_input_types(&self) -> Vec<String> {
        let mut types: Vec<String> = self.inputs.iter().map(|&(k, _)| type_of(k)).collect();
        types.push(self.source_type());
        types
    }

    fn output_type(&self, output: Output) -> String {
        match output {
            Output::Plain => tensor_type(),
            Output::FreshTwo => two_type(),
            Output::Input(i) => type_of(self.inputs[i].0),
        }
    }

    fn mutated_out_of_graph(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.inputs.len()).filter(|&i| self.inputs[i].1 == Mutation::OutOfGraph)
    }

    /// The outer wrapper's callee (the subclass wrapper) results: updated
    /// inputs, then the user outputs.
    fn callee_result_types(&self) -> Vec<String> {
        let updated = self.mutated_out_of_graph().map(|i| type_of(self.inputs[i].0));
        updated.chain(self.outputs.iter().map(|&o| self.output_type(o))).collect()
    }

    /// The IR: the graph, the subclass wrapper @g, the outer wrapper @o.
    pub fn module_text(&self) -> String {
        let t = tensor_type();
        // The graph's arguments: every leaf, then the source.
        let num_leaves: usize = self.inputs.iter().map(|&(k, _)| leaves(k)).sum();
        let source = format!("%arg{num_leaves}");
        let args: Vec<String> = (0..=num_leaves).map(|i| format!("%arg{i}: {t}")).collect();
        let mut first_leaf = Vec::new();
        let mut next = 0;
        for &(k, _) in &self.inputs {
            first_leaf.push(next);
            next += leaves(k);
        }
        // Its results: each updated input's leaves (all the source), then
        // each output's leaves.
        let mut results = Vec::new();
        for i in self.mutated_out_of_graph() {
            results.extend(std::iter::repeat_n(source.clone(), leaves(self.inputs[i].0)));
        }
        for &output in &self.outputs {
            match output {
                Output::Plain => results.push(source.clone()),
                Output::FreshTwo => results.extend([source.clone(), source.clone()]),
                Output::Input(i) => {
                    let k = self.inputs[i].0;
                    results.extend((0..leaves(k)).map(|l| format!("%arg{}", first_leaf[i] + l)));
                }
            }
        }
        let result_types = vec![t.clone(); results.len()];
        let ret = if results.is_empty() {
            "return".to_string()
        } else {
            format!("return {} : {}", results.join(", "), result_types.join(", "))
        };
        let mut text =
            format!("func.func private @graph({}) -> ({}) {{\n  {ret}\n}}\n", args.join(", "), result_types.join(", "));
        let inputs = self.outer_input_types().join(", ");
        let callee_results = self.callee_result_types().join(", ");
        text += &format!("wrap.subclass_wrapper @g : ({inputs}) -> ({callee_results}) calls @graph\n");
        let input_infos: Vec<&str> = self
            .inputs
            .iter()
            .map(|&(_, m)| match m {
                Mutation::None => "#wrap.input<is_leaf>",
                Mutation::InGraph => {
                    "#wrap.input<mutates_data, mutations_under_no_grad_or_inference_mode, is_leaf, keep_input_mutations>"
                }
                Mutation::OutOfGraph => "#wrap.input<mutates_data, is_leaf>",
            })
            .chain(std::iter::once("#wrap.input<is_leaf>"))
            .collect();
        let output_infos: Vec<String> = self
            .outputs
            .iter()
            .map(|&o| match o {
                Output::Input(i) => format!("#wrap.output<is_input, base = {i}>"),
                _ => "#wrap.output<non_alias>".to_string(),
            })
            .collect();
        let output_types: Vec<String> = self.outputs.iter().map(|&o| self.output_type(o)).collect();
        text += &format!(
            "wrap.runtime_wrapper @o : ({inputs}) -> ({}) calls @g\n  inputs [{}]\n  outputs [{}] {{num_intermediate_bases = 0}}\n",
            output_types.join(", "),
            input_infos.join(", "),
            output_infos.join(", ")
        );
        text
    }

    /// Fresh arguments for @o: distinct values per leaf, the source last.
    pub fn make_inputs(&self) -> Vec<Value> {
        fn leaf(counter: &mut f64) -> Value {
            *counter += 100.0;
            let values: Vec<f64> = (0..N).map(|i| *counter + i as f64).collect();
            Value::Tensor(Tensor::from_f64s(&[N], DType::F32, &values).expect("a small tensor"))
        }
        fn two(counter: &mut f64) -> Value {
            let attrs = vec![("a".into(), leaf(counter)), ("b".into(), leaf(counter))];
            Value::subclass("TwoTensor", DType::F32, &[N], attrs).expect("tensor attributes")
        }
        let mut counter = 0.0;
        let mut args: Vec<Value> = Vec::new();
        for &(k, _) in &self.inputs {
            args.push(match k {
                Kind::Plain => leaf(&mut counter),
                Kind::Two => two(&mut counter),
                Kind::Pair => {
                    let attrs = vec![("inner".into(), two(&mut counter)), ("c".into(), leaf(&mut counter))];
                    Value::subclass("Pair", DType::F32, &[N], attrs).expect("tensor attributes")
                }
            });
        }
        args.push(leaf(&mut counter));
        args
    }
}
