//! The case generator reaches every shape the property tests are meant to
//! cover: without this, a generator change could silently stop producing a
//! feature and the differential tests would still pass.

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use wrapc_testing::cases::{case, module_text};
use wrapc_testing::layered::{layered_case, Kind, Mutation, Output};
use wrapc_testing::synthetic::{self, AliasKind};

#[test]
fn generator_covers_duplicates_and_subclasses() {
    let mut runner = TestRunner::deterministic();
    let strategy = case();
    let (mut dedupe, mut broken, mut subclass, mut plain, mut saved) = (0, 0, 0, 0, 0);
    // Synthetic bases: per alias kind, two bases, metadata mutations, broken.
    let (mut kinds, mut two_bases, mut metadata, mut broken_alias) = ([0; 3], 0, 0, 0);
    for _ in 0..1000 {
        let case = strategy.new_tree(&mut runner).expect("a case").current();
        let text = module_text(&case);
        if !case.outer_args.is_empty() {
            dedupe += 1;
            assert!(text.contains("wrap.dedupe_wrapper @d"), "{text}");
            assert!(case.input_groups.is_empty(), "the dedupe wrapper wraps the flat wrapper only");
            // Every @f argument occurs, first occurrences in order.
            let firsts: Vec<usize> = case
                .outer_args
                .iter()
                .enumerate()
                .filter(|(i, a)| !case.outer_args[..*i].contains(a))
                .map(|(_, &a)| a)
                .collect();
            assert_eq!(firsts, (0..case.inputs.len()).collect::<Vec<_>>());
            broken += usize::from(case.broken_dupe);
        } else {
            assert!(!case.broken_dupe);
        }
        assert!(case.trace_joint || case.num_saved_tensors + case.num_saved_symints == 0);
        saved += usize::from(case.num_saved_tensors > 0 && case.num_saved_symints > 0);
        subclass += usize::from(!case.input_groups.is_empty());
        if let Some(layer) = &case.synthetic {
            assert!(case.input_groups.is_empty() && case.outer_args.is_empty(), "one outer layer at a time");
            assert!(text.contains("wrap.synthetic_base_wrapper @s"), "{text}");
            // Every @f argument is passed, a base's as two or more aliases.
            let outer = synthetic::outer(&case);
            for i in 0..case.inputs.len() {
                let uses = outer.iter().filter(|&&(a, _)| a == i).count();
                assert!(if i < layer.groups.len() { uses >= 2 } else { uses == 1 }, "{text}");
            }
            for group in &layer.groups {
                kinds[group.kind as usize] += 1;
            }
            two_bases += usize::from(layer.groups.len() == 2);
            metadata += usize::from(layer.metadata_mutated);
            assert_eq!(layer.metadata_mutated, text.contains("metadata_mutated"), "{text}");
            broken_alias += usize::from(layer.broken);
        }
        plain += usize::from(case.outer_args.is_empty() && case.input_groups.is_empty() && case.synthetic.is_none());
    }
    assert!(dedupe >= 100, "only {dedupe} of 1000 cases pass a tensor twice");
    assert!(broken >= 5, "only {broken} of 1000 cases break a duplicate");
    assert!(subclass >= 100, "only {subclass} of 1000 cases use subclasses");
    assert!(plain >= 100, "only {plain} of 1000 cases are plain");
    assert!(saved >= 50, "only {saved} of 1000 cases return tensors and symints saved for backward");
    for (kind, n) in [AliasKind::WithBase, AliasKind::ViewsOnly, AliasKind::Storage].iter().zip(kinds) {
        assert!(n >= 50, "only {n} of 1000 cases merge aliases of kind {kind:?}");
    }
    assert!(two_bases >= 20, "only {two_bases} of 1000 cases have two synthetic bases");
    assert!(metadata >= 10, "only {metadata} of 1000 cases reapply merged metadata mutations");
    assert!(broken_alias >= 5, "only {broken_alias} of 1000 cases break an alias");
}

#[test]
fn layered_generator_covers_every_kind_mutation_and_output() {
    let mut runner = TestRunner::deterministic();
    let strategy = layered_case();
    let (mut pairs, mut in_graph, mut out_of_graph, mut fresh, mut is_input) = (0, 0, 0, 0, 0);
    for _ in 0..1000 {
        let case = strategy.new_tree(&mut runner).expect("a case").current();
        assert!(case.inputs.iter().any(|&(k, _)| k != Kind::Plain), "a subclass wrapper needs a subclass");
        pairs += usize::from(case.inputs.iter().any(|&(k, _)| k == Kind::Pair));
        in_graph += usize::from(case.inputs.iter().any(|&(k, m)| k != Kind::Plain && m == Mutation::InGraph));
        out_of_graph += usize::from(case.inputs.iter().any(|&(k, m)| k != Kind::Plain && m == Mutation::OutOfGraph));
        fresh += usize::from(case.outputs.contains(&Output::FreshTwo));
        is_input +=
            usize::from(case.outputs.iter().any(|&o| matches!(o, Output::Input(i) if case.inputs[i].0 != Kind::Plain)));
    }
    for (what, n) in [
        ("nested subclass inputs", pairs),
        ("subclass inputs mutated in the graph", in_graph),
        ("subclass inputs mutated out of the graph", out_of_graph),
        ("fresh subclass outputs", fresh),
        ("subclass inputs returned", is_input),
    ] {
        assert!(n >= 100, "only {n} of 1000 layered cases have {what}");
    }
}
