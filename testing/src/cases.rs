//! Random but valid runtime-wrapper metadata for the differential tests:
//! the case (every input mutation kind, every output type, dtype views,
//! symbolic view entries, intermediate bases, trace_joint, grad-mode
//! mutations, nested and frozen subclasses), its IR, its inputs, and the
//! compiled graph it calls, written in Rust.

use std::fmt::Write as _;

use proptest::prelude::*;

use wrapc_interpreter::Value;
use wrapc_runtime::{DType, Tensor};

pub use crate::case::*;
use crate::synthetic;

pub fn input_kind() -> impl Strategy<Value = InputKind> {
    prop_oneof![
        3 => Just(InputKind::Plain),
        1 => Just(InputKind::Symint),
        2 => Just(InputKind::DataOutOfGraph),
        1 => any::<bool>().prop_map(|hidden| InputKind::DataInGraph { hidden }),
        1 => Just(InputKind::MetadataOnly),
        1 => Just(InputKind::DataAndMetadata),
        1 => Just(InputKind::Storage),
        1 => Just(InputKind::LeafRequiringGradData),
    ]
}

pub fn output_kind() -> impl Strategy<Value = OutputKind> {
    prop_oneof![
        2 => Just(OutputKind::NonAlias),
        1 => Just(OutputKind::IsInput),
        3 => Just(OutputKind::AliasOfInput),
        1 => Just(OutputKind::AliasOfIntermediate),
        1 => Just(OutputKind::AliasOfIntermediateSaveAsOutput),
        1 => Just(OutputKind::BaseIsUserOutput),
        1 => Just(OutputKind::UnsafeViewAlias),
        1 => Just(OutputKind::CustomFunctionView),
    ]
}

pub fn output_spec() -> impl Strategy<Value = OutputSpec> {
    (
        output_kind(),
        0usize..8,
        0usize..6,
        any::<u32>(),
        any::<bool>(),
        0u8..12,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(kind, base, view, dynamic_mask, has_view, dtype_roll, requires_grad, dynamic_dims, type_dynamic)| {
                OutputSpec {
                    kind,
                    base,
                    view: views()[view].clone(),
                    dynamic_mask,
                    has_view,
                    dtype: match dtype_roll {
                        0 => Some(DType::I32),
                        1 => Some(DType::F16),
                        2 => Some(DType::I8),
                        3 => Some(DType::U8),
                        4 => Some(DType::I16),
                        _ => None,
                    },
                    requires_grad,
                    dynamic_dims,
                    type_dynamic,
                }
            },
        )
}

pub fn case() -> impl Strategy<Value = Case> {
    (
        prop::collection::vec((input_kind(), any::<bool>(), any::<bool>()), 1..7),
        prop::collection::vec(output_spec(), 0..6),
        any::<bool>(),
        any::<u32>(),
        prop_oneof![Just(None), any::<bool>().prop_map(Some)],
        any::<bool>(),
        0usize..3,
        (any::<bool>(), prop::collection::vec(0u8..6, 8), prop::collection::vec(0u8..3, 8)),
        (prop::collection::vec((any::<u8>(), any::<u8>()), 0..4), 0u8..8),
        (0usize..3, 0usize..3),
        synthetic::choice(),
    )
        .prop_map(
            |(
                inputs,
                outputs,
                trace_joint,
                detach_mask,
                grad_enabled_mutation,
                grad_mode,
                bases,
                groups,
                dupes,
                saved,
                synthetic_choice,
            )| {
                let (use_subclasses, input_choices, output_choices) = groups;
                let (dupe_choices, broken_roll) = dupes;
                let mut case = normalize(Case {
                    inputs,
                    outputs,
                    trace_joint,
                    detach_mask,
                    grad_enabled_mutation,
                    grad_mode,
                    num_intermediate_bases: bases,
                    num_saved_tensors: if trace_joint { saved.0 } else { 0 },
                    num_saved_symints: if trace_joint { saved.1 } else { 0 },
                    input_groups: vec![],
                    output_groups: vec![],
                    outer_args: vec![],
                    broken_dupe: false,
                    synthetic: None,
                });
                if use_subclasses {
                    case.input_groups = group_inputs(&case, &input_choices);
                    case.output_groups = group_outputs(&case, &output_choices);
                    let packs = |groups: &[Group]| groups.iter().any(|g| !matches!(g, Group::Plain { .. }));
                    if !packs(&case.input_groups) && !packs(&case.output_groups) {
                        case.input_groups.clear();
                        case.output_groups.clear();
                    }
                }
                if case.input_groups.is_empty() {
                    synthetic::attach(&mut case, synthetic_choice);
                }
                if case.input_groups.is_empty() && case.synthetic.is_none() {
                    case.outer_args = outer_args(&case, &dupe_choices);
                    case.broken_dupe = !case.outer_args.is_empty() && broken_roll == 0;
                }
                case
            },
        )
}

/// `@d`'s arguments: `@f`'s in order, with each chosen tensor argument
/// passed again at a chosen later position (empty when nothing is
/// duplicated).
pub fn outer_args(case: &Case, choices: &[(u8, u8)]) -> Vec<usize> {
    let tensors: Vec<usize> = (0..case.inputs.len()).filter(|&i| case.inputs[i].0 != InputKind::Symint).collect();
    if tensors.is_empty() || choices.is_empty() {
        return vec![];
    }
    let mut outer: Vec<usize> = (0..case.inputs.len()).collect();
    for &(which, place) in choices {
        let repeated = tensors[which as usize % tensors.len()];
        let first = outer.iter().position(|&a| a == repeated).expect("every argument occurs");
        let at = first + 1 + place as usize % (outer.len() - first);
        outer.insert(at, repeated);
    }
    outer
}

/// `wrap.dedupe_wrapper @d` around `@f`: its `dupes` is `outer_args`
/// itself (the first occurrences number `@f`'s arguments in order).
pub fn dedupe_wrapper_text(case: &Case) -> String {
    let types: Vec<&str> = case.outer_args.iter().map(|&a| input_type(case.inputs[a].0)).collect();
    let result_types: Vec<String> = case.outputs.iter().map(|o| output_type(case, o)).collect();
    let dupes: Vec<String> = case.outer_args.iter().map(usize::to_string).collect();
    format!(
        "wrap.dedupe_wrapper @d : ({}) -> ({}) calls @f dupes [{}]\n",
        types.join(", "),
        result_types.join(", "),
        dupes.join(", ")
    )
}

/// The entry point a case is called through, and its arguments made from
/// `@f`'s (`flat`): packed into subclasses for `@g`, repeated for `@d`
/// (a broken case passes a copy where the first duplicate belongs).
pub fn entry_and_args(case: &Case, flat: Vec<Value>) -> (&'static str, Vec<Value>) {
    match entry_name(case) {
        "g" => return ("g", group_values(&case.input_groups, &flat)),
        "s" => return ("s", synthetic::args(case, &flat)),
        "f" => return ("f", flat),
        _ => {}
    }
    let mut seen = vec![false; flat.len()];
    let mut broken = case.broken_dupe;
    let args = case
        .outer_args
        .iter()
        .map(|&a| {
            let again = std::mem::replace(&mut seen[a], true);
            match &flat[a] {
                Value::Tensor(t) if again && std::mem::take(&mut broken) => {
                    Value::Tensor(t.as_strided(&t.sizes(), &t.strides(), t.storage_offset()).unwrap())
                }
                value => value.clone(),
            }
        })
        .collect();
    ("d", args)
}

/// The outermost wrapper of a case: the subclass wrapper @g, the
/// synthetic-base wrapper @s or the dedupe wrapper @d (each made only
/// without the others), else @f itself.
pub fn entry_name(case: &Case) -> &'static str {
    if !case.input_groups.is_empty() {
        "g"
    } else if case.synthetic.is_some() {
        "s"
    } else if !case.outer_args.is_empty() {
        "d"
    } else {
        "f"
    }
}

/// Makes a generated case consistent: bases point at things that exist.
pub fn normalize(mut case: Case) -> Case {
    let tensor_inputs: Vec<usize> = (0..case.inputs.len()).filter(|&i| case.inputs[i].0 != InputKind::Symint).collect();
    for (i, input) in case.inputs.iter_mut().enumerate() {
        match input.0 {
            InputKind::LeafRequiringGradData => {
                input.1 = true;
                input.2 = true;
            }
            // A non-leaf must require grad (it came out of autograd).
            _ if !input.1 => input.2 = true,
            _ => {}
        }
        let _ = i;
    }
    let has_intermediate = case
        .outputs
        .iter()
        .any(|o| matches!(o.kind, OutputKind::AliasOfIntermediate | OutputKind::AliasOfIntermediateSaveAsOutput));
    if has_intermediate && case.num_intermediate_bases == 0 {
        case.num_intermediate_bases = 1;
    }
    for j in 0..case.outputs.len() {
        let earlier_fresh: Vec<usize> = (0..j).filter(|&k| case.outputs[k].kind == OutputKind::NonAlias).collect();
        let out = &mut case.outputs[j];
        match out.kind {
            OutputKind::IsInput | OutputKind::AliasOfInput if tensor_inputs.is_empty() => {
                out.kind = OutputKind::NonAlias
            }
            OutputKind::IsInput | OutputKind::AliasOfInput => out.base = tensor_inputs[out.base % tensor_inputs.len()],
            OutputKind::AliasOfIntermediate | OutputKind::AliasOfIntermediateSaveAsOutput => {
                out.base %= case.num_intermediate_bases
            }
            OutputKind::BaseIsUserOutput if earlier_fresh.is_empty() => out.kind = OutputKind::NonAlias,
            OutputKind::BaseIsUserOutput => out.base = earlier_fresh[out.base % earlier_fresh.len()],
            _ => {}
        }
        if out.kind == OutputKind::IsInput {
            out.dtype = None;
        }
        // A view that changes the element size needs a base whose last
        // dimension is contiguous (PyTorch's rule): not an input whose
        // layout the wrapper changes first (its new strides are arbitrary).
        let relaid = matches!(out.kind, OutputKind::AliasOfInput)
            && matches!(
                case.inputs[out.base].0,
                InputKind::MetadataOnly | InputKind::DataAndMetadata | InputKind::Storage
            );
        if relaid && out.dtype.is_some_and(|d| d.element_size() != 4) {
            out.dtype = Some(DType::I32);
        }
        // Only floating point tensors can require grad.
        if out.dtype.is_some_and(|d| !d.is_floating_point()) {
            out.requires_grad = false;
        }
    }
    case
}

//===----------------------------------------------------------------------===//
// The case as IR
//===----------------------------------------------------------------------===//

pub fn input_attr(kind: InputKind, requires_grad: bool, leaf: bool) -> String {
    let mut flags: Vec<&str> = match kind {
        InputKind::Plain | InputKind::Symint => vec![],
        InputKind::DataOutOfGraph => vec!["mutates_data"],
        // A leaf that requires grad can only be mutated where autograd does
        // not look (AOTAutograd's runtime wrapper detaches it).
        InputKind::LeafRequiringGradData => vec!["mutates_data", "mutations_hidden_from_autograd"],
        InputKind::DataInGraph { hidden } => {
            let mut f = vec!["mutates_data", "keep_input_mutations", "mutations_under_no_grad_or_inference_mode"];
            if hidden {
                f.push("mutations_hidden_from_autograd");
            }
            f
        }
        InputKind::MetadataOnly => vec!["mutates_metadata"],
        InputKind::DataAndMetadata => vec!["mutates_data", "mutates_metadata"],
        InputKind::Storage => vec!["mutates_data", "mutates_metadata", "mutates_storage_metadata"],
    };
    if kind != InputKind::Symint {
        if requires_grad {
            flags.push("requires_grad");
        }
        if leaf {
            flags.push("is_leaf");
        }
    }
    format!("#wrap.input<{}>", flags.join(", "))
}

pub fn is_mutated_out_of_graph(kind: InputKind) -> bool {
    matches!(
        kind,
        InputKind::DataOutOfGraph
            | InputKind::MetadataOnly
            | InputKind::DataAndMetadata
            | InputKind::Storage
            | InputKind::LeafRequiringGradData
    )
}

pub fn output_attr(out: &OutputSpec) -> String {
    let kind = match out.kind {
        OutputKind::NonAlias => "non_alias",
        OutputKind::IsInput => "is_input",
        OutputKind::AliasOfInput => "alias_of_input",
        OutputKind::AliasOfIntermediate => "alias_of_intermediate",
        OutputKind::AliasOfIntermediateSaveAsOutput => "alias_of_intermediate_save_as_output",
        OutputKind::BaseIsUserOutput => "alias_of_intermediate_base_is_user_output",
        OutputKind::UnsafeViewAlias => "unsafe_view_alias",
        OutputKind::CustomFunctionView => "custom_function_view",
    };
    let mut text = format!("#wrap.output<{kind}");
    let aliased =
        !matches!(out.kind, OutputKind::NonAlias | OutputKind::UnsafeViewAlias | OutputKind::CustomFunctionView);
    if aliased {
        write!(text, ", base = {}", out.base).unwrap();
    }
    if out.requires_grad {
        text.push_str(", requires_grad");
    }
    let viewed = aliased && out.kind != OutputKind::IsInput;
    if viewed && out.has_view {
        let mut bit = 0;
        let mut entry = |v: i64| {
            let dynamic = out.dynamic_mask & (1 << bit) != 0;
            bit += 1;
            if dynamic {
                "?".to_string()
            } else {
                v.to_string()
            }
        };
        let sizes: Vec<String> = out.view.sizes.iter().map(|&v| entry(v)).collect();
        let strides: Vec<String> = out.view.strides.iter().map(|&v| entry(v)).collect();
        let offset = entry(out.view.offset);
        write!(text, ", view = <[{}], [{}], {offset}>", sizes.join(", "), strides.join(", ")).unwrap();
    }
    if let (true, Some(dtype)) = (viewed, out.dtype) {
        write!(text, ", dtype = {}", element_type(Some(dtype))).unwrap();
    }
    if out.dynamic_dims {
        let rank = if viewed { out.view.sizes.len() } else { 1 };
        text.push_str(&format!(
            ", dynamic_dims = [{}]",
            (0..rank).map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
        ));
    }
    text.push('>');
    text
}

pub fn module_text(case: &Case) -> String {
    let arg_types: Vec<String> = case.inputs.iter().map(|i| input_type(i.0).to_string()).collect();
    let result_types: Vec<String> = case.outputs.iter().map(|o| output_type(case, o)).collect();
    let mut graph_results: Vec<String> =
        case.inputs.iter().filter(|i| is_mutated_out_of_graph(i.0)).map(|i| input_type(i.0).to_string()).collect();
    graph_results.extend(result_types.iter().cloned());
    graph_results.extend(std::iter::repeat_n("!wrap.tensor<6xf32>".to_string(), case.num_intermediate_bases));
    graph_results.extend(std::iter::repeat_n("!wrap.tensor<6xf32>".to_string(), case.num_saved_tensors));
    graph_results.extend(std::iter::repeat_n("index".to_string(), case.num_saved_symints));
    let detach: Vec<String> = (0..case.inputs.len())
        .filter(|&i| case.trace_joint && case.inputs[i].0 != InputKind::Symint && case.detach_mask & (1 << i) != 0)
        .map(|i| i.to_string())
        .collect();
    let mut attrs = vec![format!("num_intermediate_bases = {}", case.num_intermediate_bases)];
    if case.trace_joint {
        attrs.push("trace_joint".into());
        for (name, n) in [("num_saved_tensors", case.num_saved_tensors), ("num_saved_symints", case.num_saved_symints)]
        {
            if n > 0 {
                attrs.push(format!("{name} = {n}"));
            }
        }
        if !detach.is_empty() {
            attrs.push(format!("detach_inputs = array<i64: {}>", detach.join(", ")));
        }
    }
    if let Some(g) = case.grad_enabled_mutation {
        attrs.push(format!("grad_enabled_mutation = {g}"));
    }
    format!(
        "func.func private @graph({}) -> ({})\n\
         wrap.runtime_wrapper @f : ({}) -> ({}) calls @graph\n  inputs [{}]\n  outputs [{}] {{{}}}\n",
        arg_types.join(", "),
        graph_results.join(", "),
        arg_types.join(", "),
        result_types.join(", "),
        case.inputs.iter().map(|i| input_attr(i.0, i.1, i.2)).collect::<Vec<_>>().join(", "),
        case.outputs.iter().map(output_attr).collect::<Vec<_>>().join(", "),
        attrs.join(", "),
    ) + &if case.input_groups.is_empty() { String::new() } else { subclass_wrapper_text(case) }
        + &if case.outer_args.is_empty() { String::new() } else { dedupe_wrapper_text(case) }
        + &synthetic::wrapper_text(case)
}

/// Whether every mode must fail the call (with the same message): a
/// broken duplicate, or aliases a synthetic base cannot be made of.
pub fn expect_failure(case: &Case) -> bool {
    case.broken_dupe || synthetic::expect_failure(case)
}

/// Packs runs of tensor inputs into subclasses. A leaf may be frozen only
/// if nothing reads it (the compiled code gets a null in its place).
pub fn group_inputs(case: &Case, choices: &[u8]) -> Vec<Group> {
    let is_tensor = |i: usize| case.inputs.get(i).is_some_and(|input| input.0 != InputKind::Symint);
    let untouched = |i: usize| {
        case.inputs[i].0 == InputKind::Plain
            && !(case.trace_joint && case.detach_mask & (1 << i) != 0)
            && !case
                .outputs
                .iter()
                .any(|o| matches!(o.kind, OutputKind::IsInput | OutputKind::AliasOfInput) && o.base == i)
    };
    let mut groups = Vec::new();
    let mut i = 0;
    let mut choice = choices.iter().cycle();
    while i < case.inputs.len() {
        let group = match choice.next().copied().unwrap_or(0) {
            1 | 2 if (i..i + 2).all(is_tensor) => Group::Two,
            3 if (i..i + 3).all(is_tensor) => Group::Nested,
            4 if untouched(i) => Group::Plain { frozen: true },
            _ => Group::Plain { frozen: false },
        };
        i += group.leaves();
        groups.push(group);
    }
    groups
}

pub fn group_outputs(case: &Case, choices: &[u8]) -> Vec<Group> {
    let mut groups = Vec::new();
    let mut j = 0;
    let mut choice = choices.iter().cycle();
    while j < case.outputs.len() {
        let group = match choice.next().copied().unwrap_or(0) {
            1 if j + 2 <= case.outputs.len() => Group::Two,
            2 if j + 3 <= case.outputs.len() => Group::Nested,
            _ => Group::Plain { frozen: false },
        };
        j += group.leaves();
        groups.push(group);
    }
    groups
}

pub fn two_tensor(a: &str, b: &str) -> String {
    format!("!wrap.subclass<\"TwoTensor\", 6xf32, [a: {a}, b: {b}]>")
}

/// The subclass wrapper's types for `groups` over the flat `leaves`.
pub fn grouped_types(groups: &[Group], leaves: &[String]) -> Vec<String> {
    let mut next = leaves.iter();
    let mut take = || next.next().expect("groups cover the leaves").clone();
    groups
        .iter()
        .map(|group| match group {
            Group::Plain { .. } => take(),
            Group::Two => two_tensor(&take(), &take()),
            Group::Nested => {
                let inner = two_tensor(&take(), &take());
                format!("!wrap.subclass<\"Nested\", 6xf32, [inner: {inner}, c: {}]>", take())
            }
        })
        .collect()
}

pub fn subclass_wrapper_text(case: &Case) -> String {
    let arg_types: Vec<String> = case.inputs.iter().map(|i| input_type(i.0).to_string()).collect();
    let result_types: Vec<String> = case.outputs.iter().map(|o| output_type(case, o)).collect();
    let frozen: Vec<String> = case
        .input_groups
        .iter()
        .enumerate()
        .filter(|(_, g)| matches!(g, Group::Plain { frozen: true }))
        .map(|(k, _)| k.to_string())
        .collect();
    let attrs =
        if frozen.is_empty() { String::new() } else { format!(" {{frozen = array<i64: {}>}}", frozen.join(", ")) };
    format!(
        "wrap.subclass_wrapper @g : ({}) -> ({}) calls @f{attrs}\n",
        grouped_types(&case.input_groups, &arg_types).join(", "),
        grouped_types(&case.output_groups, &result_types).join(", "),
    )
}

/// `@g`'s arguments: `@f`'s, packed as the groups say.
pub fn group_values(groups: &[Group], flat: &[Value]) -> Vec<Value> {
    fn subclass(name: &str, attrs: Vec<(&str, Value)>) -> Value {
        let attrs = attrs.into_iter().map(|(n, v)| (n.to_string(), v)).collect();
        Value::subclass(name, DType::F32, &[N], attrs).expect("the generator packs tensors")
    }
    let mut next = flat.iter().cloned();
    let mut packed = Vec::new();
    for group in groups {
        let mut leaves: Vec<Value> = next.by_ref().take(group.leaves()).collect();
        packed.push(match group {
            Group::Plain { .. } => leaves.remove(0),
            Group::Two => subclass("TwoTensor", vec![("a", leaves.remove(0)), ("b", leaves.remove(0))]),
            Group::Nested => {
                let inner = subclass("TwoTensor", vec![("a", leaves.remove(0)), ("b", leaves.remove(0))]);
                subclass("Nested", vec![("inner", inner), ("c", leaves.remove(0))])
            }
        });
    }
    packed
}

//===----------------------------------------------------------------------===//
// The compiled graph and the inputs, as Rust
//===----------------------------------------------------------------------===//

pub fn make_inputs(case: &Case) -> Vec<Value> {
    case.inputs
        .iter()
        .enumerate()
        .map(|(i, &(kind, requires_grad, leaf))| {
            if kind == InputKind::Symint {
                return Value::Int(i as i64 + 2);
            }
            let t = fresh(100.0 * (i as f64 + 1.0), N);
            if requires_grad {
                t.set_requires_grad(true).unwrap();
                if !leaf {
                    let view = t.as_strided(&[N], &[1], 0).unwrap();
                    return Value::Tensor(view);
                }
            }
            Value::Tensor(t)
        })
        .collect()
}

pub fn view_of(base: &Tensor, out: &OutputSpec) -> Tensor {
    let source = match out.dtype {
        Some(dtype) => base.view_dtype(dtype).unwrap(),
        None => base.clone(),
    };
    source.as_strided(&out.view.sizes, &out.view.strides, out.view.offset).unwrap()
}

/// What a compiled graph with this metadata returns; in-graph mutations
/// write the input's storage without touching its version counter, as a
/// kernel does.
pub fn run_graph(case: &Case, args: &[Value]) -> Result<Vec<Value>, String> {
    let tensor = |i: usize| match &args[i] {
        Value::Tensor(t) => Ok(t.clone()),
        Value::Null => Err("null argument".to_string()),
        other => Err(format!("argument {i} is a {}", other.kind())),
    };
    let mut results = Vec::new();
    for (i, &(kind, _, _)) in case.inputs.iter().enumerate() {
        match kind {
            InputKind::DataInGraph { .. } => {
                let t = tensor(i)?;
                for k in 0..N {
                    t.set_f64_unversioned(&[k], -(k as f64)).map_err(|e| e.to_string())?;
                }
            }
            InputKind::DataOutOfGraph | InputKind::LeafRequiringGradData => {
                results.push(Value::Tensor(fresh(7.0 + i as f64, N)))
            }
            InputKind::MetadataOnly => {
                results.push(Value::Tensor(tensor(i)?.as_strided(&[3], &[2], 0).map_err(|e| e.to_string())?))
            }
            InputKind::DataAndMetadata => results.push(Value::Tensor(fresh(50.0 + i as f64, 3))),
            InputKind::Storage => results.push(Value::Tensor(fresh(90.0 + i as f64, N + 2))),
            InputKind::Plain | InputKind::Symint => {}
        }
    }
    let bases: Vec<Tensor> = (0..case.num_intermediate_bases).map(|k| fresh(1000.0 + k as f64, N)).collect();
    let mut user: Vec<Tensor> = Vec::new();
    for (j, out) in case.outputs.iter().enumerate() {
        let t = match out.kind {
            OutputKind::NonAlias | OutputKind::UnsafeViewAlias | OutputKind::CustomFunctionView => {
                fresh(500.0 + j as f64, N)
            }
            OutputKind::IsInput => tensor(out.base)?,
            OutputKind::AliasOfInput => view_of(&tensor(out.base)?, out),
            OutputKind::AliasOfIntermediate | OutputKind::AliasOfIntermediateSaveAsOutput => {
                view_of(&bases[out.base], out)
            }
            OutputKind::BaseIsUserOutput => view_of(&user[out.base], out),
        };
        user.push(t);
    }
    results.extend(user.into_iter().map(Value::Tensor));
    results.extend(bases.into_iter().map(Value::Tensor));
    results.extend((0..case.num_saved_tensors).map(|k| Value::Tensor(fresh(2000.0 + k as f64, N))));
    results.extend((0..case.num_saved_symints).map(|k| Value::Int(k as i64 + 1)));
    Ok(results)
}
