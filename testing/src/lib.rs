//! What wrapc's differential property tests share: the generator of random
//! but valid runtime-wrapper cases (`case` the data, `cases` the
//! strategies, IR and reference graph), used by the interpreter's
//! specialized-vs-dispatch test and the back end's compiled-vs-interpreted
//! test, with synthetic-base layering (`synthetic`), and of wrapper
//! layering with tensor subclasses (`layered`), and of backward wrappers
//! (`backward`).

pub mod backward;
pub mod case;
pub mod cases;
pub mod layered;
pub mod native;
pub mod synthetic;

/// How many cases a property test runs: `default` (what `make test` runs),
/// or `WRAPC_PROPTEST_CASES` when set — `make nightly` raises it to 10,000.
pub fn property_cases(default: u32) -> u32 {
    std::env::var("WRAPC_PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}
