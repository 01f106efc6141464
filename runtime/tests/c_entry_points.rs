//! Every C entry point of the runtime is written in three places, which
//! this test holds together: its `#[no_mangle] extern "C"` definition under
//! `src/`, its declaration in `include/wrapc_runtime.h`, and its row of
//! `capi::symbols()` (what a JIT resolves compiled wrappers against;
//! `build.rs` writes it from the definitions, read here independently). The
//! same names in all three, and in the first two the same number of
//! parameters with the same kind each (pointer, function pointer, or the
//! integer, float or bool type), and the same result.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A parameter's or result's kind, as both languages spell it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Ptr,
    FnPtr,
    Bool,
    I32,
    I64,
    U64,
    Size,
    F64,
}

type Signature = (Vec<Kind>, Option<Kind>);

fn rust_kind(ty: &str) -> Option<Kind> {
    let ty = ty.trim();
    if ty.starts_with('*') {
        return Some(Kind::Ptr);
    }
    // A nullable function pointer is `Option<fn ...>` in Rust.
    let function = ty.strip_prefix("Option<").and_then(|t| t.strip_suffix('>')).unwrap_or(ty);
    if function.contains("fn(") || function == "wrt_host_kernel" {
        return Some(Kind::FnPtr);
    }
    Some(match ty {
        "" | "()" => return None,
        "bool" => Kind::Bool,
        "i32" => Kind::I32,
        "i64" => Kind::I64,
        "u64" => Kind::U64,
        "usize" => Kind::Size,
        "f64" => Kind::F64,
        other => panic!("a C entry point uses the Rust type {other:?}: give it a kind here"),
    })
}

fn c_kind(declaration: &str) -> Option<Kind> {
    let declaration = declaration.trim();
    if declaration.contains('*') {
        return Some(Kind::Ptr);
    }
    let ty = declaration.split_whitespace().find(|w| *w != "const").unwrap_or("");
    Some(match ty {
        "void" => return None,
        "wrt_host_kernel" => Kind::FnPtr,
        "bool" => Kind::Bool,
        "int32_t" => Kind::I32,
        "int64_t" => Kind::I64,
        "uint64_t" => Kind::U64,
        "size_t" => Kind::Size,
        "double" => Kind::F64,
        other => panic!("the header uses the C type {other:?} in {declaration:?}: give it a kind here"),
    })
}

/// `text[open..]` starts with an opening bracket: the index of its match.
fn closing(text: &str, open: usize) -> usize {
    let mut depth = 0;
    for (i, c) in text[open..].char_indices() {
        match c {
            '(' | '<' | '[' => depth += 1,
            ')' | '>' | ']' => {
                depth -= 1;
                if depth == 0 {
                    return open + i;
                }
            }
            _ => {}
        }
    }
    panic!("unbalanced brackets after {}", &text[open..open + 40.min(text.len() - open)]);
}

/// Splits at the commas outside brackets.
fn split_top(text: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' | '<' | '[' => depth += 1,
            // `->` is no closing bracket.
            '>' if text[..i].ends_with('-') => {}
            ')' | '>' | ']' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts.into_iter().filter(|p| !p.trim().is_empty()).collect()
}

/// The `#[no_mangle]` functions defined under `dir`, with their signatures.
fn defined(dir: &Path, found: &mut BTreeMap<String, Signature>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            defined(&path, found);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (at, _) in text.match_indices("#[no_mangle]") {
            let rest = &text[at..];
            let fn_at = rest.find(" fn ").expect("a function after #[no_mangle]") + 4;
            assert!(
                rest[..fn_at].contains("extern \"C\""),
                "{}: a #[no_mangle] item that is not extern \"C\"",
                path.display()
            );
            let open = fn_at + rest[fn_at..].find('(').unwrap();
            let name = rest[fn_at..open].trim().to_string();
            let close = closing(rest, open);
            let params = split_top(&rest[open + 1..close])
                .into_iter()
                .map(|p| rust_kind(p.split_once(':').expect("name: type").1).expect("no unit parameter"))
                .collect();
            let tail = &rest[close + 1..rest[close..].find('{').unwrap() + close];
            let result = tail.split_once("->").and_then(|(_, ty)| rust_kind(ty));
            assert!(found.insert(name.clone(), (params, result)).is_none(), "{name} defined twice");
        }
    }
}

/// The functions `wrapc_runtime.h` declares, with their signatures.
fn declared(text: &str) -> BTreeMap<String, Signature> {
    // Comments out, declarations joined onto one line each.
    let mut code = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("/*") {
        code.push_str(&rest[..at]);
        rest = &rest[at + rest[at..].find("*/").unwrap() + 2..];
    }
    code.push_str(rest);
    let mut found = BTreeMap::new();
    for statement in code.split(';') {
        let statement = statement.split_whitespace().collect::<Vec<_>>().join(" ");
        let statement = statement.rsplit(['{', '}']).next().unwrap().trim();
        if statement.starts_with('#') || statement.starts_with("typedef") || !statement.contains("wrt_") {
            continue;
        }
        let Some(open) = statement.find('(') else { continue };
        let head = &statement[..open];
        let name_at = head.rfind([' ', '*']).map_or(0, |i| i + 1);
        let name = &head[name_at..];
        if !name.starts_with("wrt_") {
            continue;
        }
        let params = &statement[open + 1..statement.rfind(')').unwrap()];
        let params = if params.trim() == "void" {
            vec![]
        } else {
            params.split(',').map(|p| c_kind(p).expect("no void parameter")).collect()
        };
        found.insert(name.to_string(), (params, c_kind(&head[..name_at])));
    }
    found
}

#[test]
fn definitions_declarations_and_the_symbol_table_agree() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = BTreeMap::new();
    defined(&root.join("src"), &mut sources);
    let header = declared(&std::fs::read_to_string(root.join("include/wrapc_runtime.h")).unwrap());
    assert!(
        sources.len() >= 60 && header.len() >= 60,
        "{} defined, {} declared: a parse failed",
        sources.len(),
        header.len()
    );

    let defined: BTreeSet<&str> = sources.keys().map(String::as_str).collect();
    let in_header: BTreeSet<&str> = header.keys().map(String::as_str).collect();
    let symbols = wrapc_runtime::capi::symbols();
    let in_table: BTreeSet<&str> = symbols.iter().map(|(name, _)| *name).collect();
    assert_eq!(in_table.len(), symbols.len(), "a name twice in capi::symbols()");
    for (other, what) in [(&in_header, "declared in wrapc_runtime.h"), (&in_table, "listed in capi::symbols()")] {
        let missing: Vec<_> = defined.difference(other).collect();
        let extra: Vec<_> = other.difference(&defined).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "defined under src/ but not {what}: {missing:?}; {what} but not defined: {extra:?}"
        );
    }

    for (name, signature) in &sources {
        assert_eq!(signature, &header[name], "{name}: the Rust definition vs wrapc_runtime.h");
    }
}

#[test]
fn a_changed_parameter_is_found() {
    // The check above is only as good as its parsers: a declaration with
    // one parameter's kind changed must differ from the definition.
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/include/wrapc_runtime.h")).unwrap();
    let changed =
        text.replace("int32_t wrt_bump_version(const wrt_tensor *t);", "int32_t wrt_bump_version(int64_t t);");
    assert_ne!(text, changed, "the declaration this test edits moved");
    let mut sources = BTreeMap::new();
    defined(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut sources);
    assert_eq!(sources["wrt_bump_version"], declared(&text)["wrt_bump_version"]);
    assert_ne!(sources["wrt_bump_version"], declared(&changed)["wrt_bump_version"]);
}
