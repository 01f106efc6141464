//! The case generator reaches every shape the property tests are meant to
//! cover: without this, a generator change could silently stop producing a
//! feature and the differential tests would still pass.

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use wrapc_testing::cases::{case, module_text};
use wrapc_testing::layered::{layered_case, Kind, Mutation, Output};

#[test]
fn generator_covers_duplicates_and_subclasses() {
    let mut runner = TestRunner::deterministic();
    let strategy = case();
    let (mut dedupe, mut broken, mut subclass, mut plain, mut saved) = (0, 0, 0, 0, 0);
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
        plain += usize::from(case.outer_args.is_empty() && case.input_groups.is_empty());
    }
    assert!(dedupe >= 100, "only {dedupe} of 1000 cases pass a tensor twice");
    assert!(broken >= 5, "only {broken} of 1000 cases break a duplicate");
    assert!(subclass >= 100, "only {subclass} of 1000 cases use subclasses");
    assert!(plain >= 100, "only {plain} of 1000 cases are plain");
    assert!(saved >= 50, "only {saved} of 1000 cases return tensors and symints saved for backward");
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
