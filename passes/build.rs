//! Generates the pass registry from Passes.td (the single source of pass
//! names, summaries and options).

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;
use tblgen::{RecordKeeper, TableGenParser};

fn main() {
    let prefix = env::var("TABLEGEN_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let td = manifest.join("Passes.td");
    println!("cargo:rerun-if-changed={}", td.display());

    let keeper: RecordKeeper = TableGenParser::new()
        .add_source_file(td.to_str().unwrap())
        .add_include_directory(&format!("{prefix}/include"))
        .parse()
        .unwrap_or_else(|error| panic!("cannot parse {}: {error}", td.display()));

    let mut code = String::from("// Generated from Passes.td by build.rs; do not edit.\n\n");
    code.push_str("pub static PASSES: &[PassDef] = &[\n");
    let mut passes: Vec<_> = keeper.all_derived_definitions("Pass").collect();
    passes.sort_by_key(|record| record.str_value("argument").unwrap().to_string());
    let mut typed = String::new();
    for pass in &passes {
        write_typed_options(&mut typed, pass);
    }
    for pass in passes {
        let argument = pass.str_value("argument").unwrap();
        let module = argument.trim_start_matches("wrap-").replace('-', "_");
        writeln!(code, "    PassDef {{").unwrap();
        writeln!(code, "        name: {:?},", pass.name().unwrap()).unwrap();
        writeln!(code, "        argument: {argument:?},").unwrap();
        writeln!(code, "        op_name: {:?},", anchor_of(pass.str_value("baseClass").unwrap())).unwrap();
        writeln!(code, "        summary: {:?},", pass.str_value("summary").unwrap()).unwrap();
        writeln!(code, "        description: {:?},", pass.str_value("description").unwrap().trim()).unwrap();
        writeln!(code, "        options: &[").unwrap();
        for option in pass.list_of_defs_value("options").unwrap() {
            writeln!(
                code,
                "            OptionDef {{ name: {:?}, ty: {:?}, default: {:?}, description: {:?} }},",
                option.str_value("argument").unwrap(),
                option.str_value("type").unwrap(),
                cxx_default(option.str_value("type").unwrap(), option.str_value("defaultValue").unwrap()),
                option.str_value("description").unwrap(),
            )
            .unwrap();
        }
        writeln!(code, "        ],").unwrap();
        // The source tree mirrors the test tree: test/Conversion, test/Transforms.
        let family = if argument.starts_with("convert-") { "conversion" } else { "transforms" };
        writeln!(code, "        run: crate::{family}::{module}::run,").unwrap();
        writeln!(code, "    }},").unwrap();
    }
    code.push_str("];\n");
    code.push_str(&typed);
    let out = PathBuf::from(env::var("OUT_DIR").unwrap()).join("passes.rs");
    fs::write(out, code).unwrap();
}

/// `::mlir::OperationPass<mlir::ModuleOp>` → `mlir::ModuleOp`.
fn anchor_of(base_class: &str) -> &str {
    base_class.split_once('<').and_then(|(_, rest)| rest.strip_suffix('>')).unwrap_or("")
}

/// An option's default as the option parser sees it: a `std::string`
/// default is a C++ string literal in Passes.td (`"\"\""`), its text here.
fn cxx_default<'a>(ty: &str, default: &'a str) -> &'a str {
    match ty {
        "std::string" => default.strip_prefix('"').and_then(|d| d.strip_suffix('"')).unwrap_or(default),
        _ => default,
    }
}

/// `<PassName>Options`: a pass's options as a struct with one typed field
/// per Passes.td option, so a misspelled option is a compile error.
fn write_typed_options(code: &mut String, pass: &tblgen::record::Record) {
    let options: Vec<_> = pass.list_of_defs_value("options").unwrap().into_iter().collect();
    if options.is_empty() {
        return;
    }
    let name = pass.name().unwrap();
    let argument = pass.str_value("argument").unwrap();
    writeln!(
        code,
        "\n/// The options of `{argument}` (Passes.td).\n#[derive(Clone, Debug)]\npub struct {name}Options {{"
    )
    .unwrap();
    let mut reads = String::new();
    for option in &options {
        let cxx_name = option.str_value("cppName").unwrap();
        let field = snake_case(cxx_name);
        let (ty, read) = match option.str_value("type").unwrap() {
            "bool" => ("bool", "flag"),
            "std::string" => ("String", "string"),
            other => panic!("option {cxx_name} of {argument} has type {other}, which wrapc does not support"),
        };
        writeln!(code, "    /// {}", option.str_value("description").unwrap()).unwrap();
        writeln!(code, "    pub {field}: {ty},").unwrap();
        let value = if ty == "bool" { "" } else { ".to_string()" };
        writeln!(reads, "            {field}: options.{read}({:?}){value},", option.str_value("argument").unwrap())
            .unwrap();
    }
    writeln!(
        code,
        "}}\n\nimpl {name}Options {{\n    pub fn from(options: &Options) -> Self {{\n        {name}Options {{"
    )
    .unwrap();
    code.push_str(&reads);
    code.push_str("        }\n    }\n}\n");
}

/// `checkTypes` → `check_types`.
fn snake_case(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}
