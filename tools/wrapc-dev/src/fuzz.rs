//! `wrapc-dev fuzz`: a structure-aware mutational fuzzer over everything that
//! reads user input — the parser and verifier, the specialization pipeline,
//! convert-wrap-to-llvm and the rest of the lowering, the reference
//! interpreter, and the `--inputs` reader. Seeds are the `.mlir` (split at
//! `// -----`) and `.json` files of a corpus directory (the lit tests).
//!
//! Each execution mutates a seed (integers replaced by boundary values,
//! lines deleted, duplicated, swapped or spliced from another seed, op
//! names and element types exchanged, bytes flipped, lines nested in device
//! guards) and runs it in process. A panic fails the run with the input
//! saved under the output directory; a crash (signal) is caught by the
//! crash handler, which prints the input. Errors are expected: they are
//! what bad input must produce.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context as _, Result};
use wrapc_codegen as codegen;
use wrapc_interpreter::{Interpreter, Value};
use wrapc_runtime::{DType, Tensor};

/// A small, fast PRNG (xorshift64*): reproducible from `--seed`.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const BOUNDARY_INTS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "3",
    "4",
    "7",
    "8",
    "64",
    "255",
    "256",
    "1024",
    "2147483647",
    "2147483648",
    "4294967296",
    "4611686018427387904",
    "9223372036854775807",
    "-9223372036854775808",
    "9223372036854775808",
    "-4611686018427387904",
];
const ELEMENT_TYPES: &[&str] =
    &["f32", "f64", "f16", "bf16", "i1", "i8", "ui8", "si8", "i16", "ui16", "i32", "i64", "index", "f8E4M3FN"];

/// What a run did, printed at the end.
#[derive(Default)]
struct Counts {
    executions: u64,
    valid: u64,
    lowered: u64,
    interpreted: u64,
    json: u64,
}

pub struct Options<'a> {
    pub corpus: &'a Path,
    pub seconds: u64,
    pub seed: u64,
    pub out: &'a Path,
}

pub fn run(options: Options) -> Result<()> {
    let (mlir, json) = load_corpus(options.corpus)?;
    if mlir.is_empty() {
        bail!("no .mlir seeds under {}", options.corpus.display());
    }
    std::fs::create_dir_all(options.out).with_context(|| format!("creating {}", options.out.display()))?;
    let op_names: Vec<String> = {
        let mut names: Vec<String> = mlir
            .iter()
            .flat_map(|s| s.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '_')))
            .filter(|w| w.starts_with("wrap.") && w.len() > 5)
            .map(String::from)
            .collect();
        names.sort();
        names.dedup();
        names
    };
    wrapc_driver::crash::set_phase("fuzzing (wrapc-dev fuzz)".into());
    let mut rng = Rng(options.seed.max(1));
    let mut counts = Counts::default();
    let deadline = Instant::now() + Duration::from_secs(options.seconds);
    let mut context = wrapc_dialects::create_context();
    let mut last_report = Instant::now();
    while Instant::now() < deadline {
        // Types and attributes are uniqued in the context for its lifetime:
        // a fresh one now and then keeps memory flat.
        if counts.executions % 2000 == 1999 {
            context = wrapc_dialects::create_context();
        }
        let input = if !json.is_empty() && rng.below(8) == 0 {
            let case = mutate(rng.pick(&json).clone(), &json, &op_names, &mut rng);
            counts.json += 1;
            run_case(&case, options.out, counts.executions, "json", || {
                let _ = wrapc_driver::inputs::parse(&case);
            })?;
            counts.executions += 1;
            continue;
        } else {
            let mut case = rng.pick(&mlir).clone();
            for _ in 0..1 + rng.below(4) {
                case = mutate(case, &mlir, &op_names, &mut rng);
            }
            case
        };
        let mut outcome = Outcome::default();
        run_case(&input, options.out, counts.executions, "mlir", || outcome = exercise(&context, &input))?;
        counts.executions += 1;
        counts.valid += u64::from(outcome.valid);
        counts.lowered += u64::from(outcome.lowered);
        counts.interpreted += u64::from(outcome.interpreted);
        if last_report.elapsed() > Duration::from_secs(30) {
            eprintln!("wrapc-dev fuzz: {} executions ...", counts.executions);
            last_report = Instant::now();
        }
    }
    println!(
        "wrapc-dev fuzz: {} executions in {} s ({} valid modules, {} lowered to LLVM, {} interpreted, {} --inputs documents), 0 failures",
        counts.executions, options.seconds, counts.valid, counts.lowered, counts.interpreted, counts.json
    );
    Ok(())
}

/// Panics anywhere, including those a pass driver catches and reports as
/// an internal error: each is a bug.
static PANICS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Runs one case; a panic is a failure: the input is saved and reported.
fn run_case(input: &str, out: &Path, index: u64, kind: &str, work: impl FnOnce()) -> Result<()> {
    use std::sync::atomic::Ordering;
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICS.fetch_add(1, Ordering::SeqCst);
            previous(info);
        }));
    });
    wrapc_driver::crash::set_input(input);
    let before = PANICS.load(Ordering::SeqCst);
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
    if result.is_err() || PANICS.load(Ordering::SeqCst) != before {
        let path = out.join(format!("panic-{index}.{kind}"));
        std::fs::write(&path, input).with_context(|| format!("writing {}", path.display()))?;
        bail!("case {index} panicked (input saved to {})", path.display());
    }
    Ok(())
}

#[derive(Default)]
struct Outcome {
    valid: bool,
    lowered: bool,
    interpreted: bool,
}

/// Parses and verifies `input`; when valid, interprets its entry points
/// (unless a constant could make a loop run for hours) and lowers it to the
/// LLVM dialect.
fn exercise(context: &melior::Context, input: &str) -> Outcome {
    let mut outcome = Outcome::default();
    let handler = context.attach_diagnostic_handler(|_| true);
    let parsed = wrapc_dialects::check_source(input)
        .ok()
        .and_then(|_| wrapc_dialects::parse_module(context, input, "fuzz.mlir"));
    context.detach_diagnostic_handler(handler);
    let Some(module) = parsed else { return outcome };
    outcome.valid = true;
    if !has_large_constant(input) {
        let interpreter = Interpreter::new(module.as_operation());
        for (name, args) in entry_arguments(&module) {
            let _ = interpreter.call(&name, &args);
            outcome.interpreted = true;
        }
    }
    let Some(mut module) = wrapc_dialects::parse_module(context, &module.as_operation().to_string(), "fuzz.mlir")
    else {
        return outcome;
    };
    if codegen::specialize(context, &mut module).is_ok() {
        outcome.lowered = codegen::lower_to_llvm_dialect(context, &mut module).is_ok();
    }
    outcome
}

/// A constant past 2^16 can be a loop bound or a grid of billions of
/// programs: such programs are parsed and lowered, not run.
fn has_large_constant(input: &str) -> bool {
    input
        .split(|c: char| !c.is_ascii_digit())
        .any(|digits| digits.len() > 5 || digits.parse::<u64>().is_ok_and(|n| n > 65536))
}

/// Arguments for every public function with a tensor in its signature:
/// tensors of the declared dtype with dynamic dimensions of 2, ints of 2.
fn entry_arguments(module: &melior::ir::Module) -> Vec<(String, Vec<Value>)> {
    codegen::entry_points(module)
        .into_iter()
        .filter_map(|entry| {
            let args = entry.inputs.iter().map(argument).collect::<Option<Vec<_>>>()?;
            Some((entry.name, args))
        })
        .collect()
}

/// A value for one entry-point argument (subclasses built recursively).
fn argument(arg: &codegen::Arg) -> Option<Value> {
    let fill = |sizes: &[i64]| -> Vec<i64> { sizes.iter().map(|&d| if d < 0 { 2 } else { d.min(64) }).collect() };
    match arg {
        codegen::Arg::Tensor { dtype, sizes, cuda: false } => {
            let dtype = DType::from_name(dtype)?;
            let sizes = fill(sizes);
            let numel: i64 = sizes.iter().product();
            if numel > 4096 {
                return None;
            }
            Tensor::from_f64s(&sizes, dtype, &vec![1.0; numel as usize]).ok().map(Value::Tensor)
        }
        codegen::Arg::Tensor { .. } => None,
        codegen::Arg::Int => Some(Value::Int(2)),
        codegen::Arg::Subclass { type_name, dtype, sizes, attrs } => {
            let attrs = attrs.iter().map(|(n, a)| Some((n.clone(), argument(a)?))).collect::<Option<_>>()?;
            Value::subclass(type_name, DType::from_name(dtype)?, &fill(sizes), attrs).ok()
        }
    }
}

fn mutate(case: String, seeds: &[String], op_names: &[String], rng: &mut Rng) -> String {
    let mut lines: Vec<String> = case.lines().map(String::from).collect();
    if lines.is_empty() {
        return case;
    }
    let at = rng.below(lines.len());
    match rng.below(10) {
        0 | 1 => lines[at] = replace_integer(&lines[at], rng),
        2 => {
            lines.remove(at);
        }
        3 => lines.insert(at, lines[at].clone()),
        4 => {
            let other = rng.below(lines.len());
            lines.swap(at, other);
        }
        5 => {
            let donor: Vec<&str> = rng.pick(seeds).lines().collect();
            if !donor.is_empty() {
                lines.insert(at, rng.pick(&donor).to_string());
            }
        }
        6 if !op_names.is_empty() => {
            if let Some(name) = lines[at].split_whitespace().find(|w| w.starts_with("wrap.")).map(String::from) {
                let replacement = rng.pick(op_names).clone();
                lines[at] = lines[at].replacen(&name, &replacement, 1);
            }
        }
        7 => {
            let from = *rng.pick(ELEMENT_TYPES);
            let to = *rng.pick(ELEMENT_TYPES);
            lines[at] = lines[at].replacen(from, to, 1);
        }
        8 => {
            let mut bytes = lines[at].clone().into_bytes();
            if !bytes.is_empty() {
                let i = rng.below(bytes.len());
                bytes[i] = *rng.pick(b"{}[]()<>,:=%@!?x0-\"#");
            }
            lines[at] = String::from_utf8_lossy(&bytes).into_owned();
        }
        _ => {
            let end = (at + rng.below(4)).min(lines.len() - 1);
            lines.insert(end + 1, "}".into());
            lines.insert(at, format!("wrap.device_guard {} {{", rng.below(3)));
        }
    }
    lines.join("\n")
}

/// Replaces one integer literal of `line` by a boundary value.
fn replace_integer(line: &str, rng: &mut Rng) -> String {
    let spans: Vec<(usize, usize)> = {
        let bytes = line.as_bytes();
        let mut spans = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i].is_ascii_digit() && (i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_'))
            {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                spans.push((start, i));
            } else {
                i += 1;
            }
        }
        spans
    };
    if spans.is_empty() {
        return line.to_string();
    }
    let (start, end) = *rng.pick(&spans);
    format!("{}{}{}", &line[..start], rng.pick(BOUNDARY_INTS), &line[end..])
}

/// The seeds: every `.mlir` file split at `// -----`, every `.json` file.
fn load_corpus(root: &Path) -> Result<(Vec<String>, Vec<String>)> {
    let (mut mlir, mut json) = (Vec::new(), Vec::new());
    let mut stack: Vec<PathBuf> = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))?;
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for path in paths {
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else { continue };
            match path.extension().and_then(|e| e.to_str()) {
                Some("mlir") => mlir.extend(text.split("// -----").map(String::from)),
                Some("json") if text.len() < 1 << 16 => json.push(text),
                _ => {}
            }
        }
    }
    Ok((mlir, json))
}
