//! Builds the C++ side of the wrap dialect (ODS → mlir-tblgen → static
//! library) with CMake and links it into this crate.

use std::env;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use tblgen::{RecordKeeper, TableGenParser};

#[path = "build_views.rs"]
mod views;

fn main() {
    let llvm_prefix = env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("..");
    let cmake_dir = root.join("cmake");

    for dir in ["cmake", "dialects/wrap"] {
        println!("cargo:rerun-if-changed={}", root.join(dir).display());
    }
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");

    let abi_dir = write_abi_header();
    let mut config = cmake::Config::new(&cmake_dir);
    config
        .define("WRAPC_ABI_INCLUDE_DIR", &abi_dir)
        .define("MLIR_DIR", format!("{llvm_prefix}/lib/cmake/mlir"))
        .define("LLVM_DIR", format!("{llvm_prefix}/lib/cmake/llvm"))
        .profile("Release");
    if which("ninja") {
        config.generator("Ninja");
    }
    let out = config.build();

    println!("cargo:rustc-link-search=native={}", out.join("lib").display());
    println!("cargo:rustc-link-lib=static=wrapc_mlir");
    println!("cargo:rustc-link-lib=stdc++");
    println!("cargo:include={}", out.join("include").display());
    // For melior::dialect!, which reads the same ODS to generate Rust builders.
    println!("cargo:rustc-env=WRAP_TD_DIR={}", root.join("dialects/wrap").canonicalize().unwrap().display());
    println!("cargo:docs={}", out.join("docs").display());
    write_op_enum(&root.join("dialects/wrap"), &llvm_prefix);
}

/// `WrapOp`: one variant per op WrapOps.td defines, so that Rust code
/// matches op kinds exhaustively instead of comparing name strings; and the
/// typed views of the ops (`build_views.rs`).
fn write_op_enum(td_dir: &Path, llvm_prefix: &str) {
    let td = td_dir.join("WrapOps.td");
    let keeper: RecordKeeper = TableGenParser::new()
        .add_source_file(td.to_str().unwrap())
        .add_include_directory(td_dir.to_str().unwrap())
        .add_include_directory(&format!("{llvm_prefix}/include"))
        .parse()
        .unwrap_or_else(|error| panic!("cannot parse {}: {error}", td.display()));
    let mut ops: Vec<(String, String, String)> = keeper
        .all_derived_definitions("Wrap_Op")
        .map(|op| {
            let def = op.name().unwrap().to_string();
            let variant = def.trim_start_matches("Wrap_").trim_end_matches("Op").to_string();
            let name = format!("wrap.{}", op.str_value("opName").unwrap());
            let summary = op.str_value("summary").unwrap_or_default().to_string();
            (variant, name, summary)
        })
        .collect();
    ops.sort();
    let mut code = String::from("// Generated from WrapOps.td by dialects/build.rs; do not edit.\n\n");
    code.push_str("/// Every op of the wrap dialect (generated from WrapOps.td).\n");
    code.push_str("#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]\npub enum WrapOp {\n");
    for (variant, name, summary) in &ops {
        writeln!(code, "    /// `{name}`: {}", summary.replace('`', "'")).unwrap();
        writeln!(code, "    {variant},").unwrap();
    }
    code.push_str(
        "}\n\nimpl WrapOp {\n    /// Every op, in variant order.\n    pub const ALL: &'static [WrapOp] = &[\n",
    );
    for (variant, _, _) in &ops {
        writeln!(code, "        WrapOp::{variant},").unwrap();
    }
    code.push_str("    ];\n\n    /// The op's full name (`wrap.detach`).\n    pub const fn name(self) -> &'static str {\n        match self {\n");
    for (variant, name, _) in &ops {
        writeln!(code, "            WrapOp::{variant} => {name:?},").unwrap();
    }
    code.push_str("        }\n    }\n\n    /// The op named `name`, if it is a wrap op.\n    pub fn from_name(name: &str) -> Option<WrapOp> {\n        match name {\n");
    for (variant, name, _) in &ops {
        writeln!(code, "            {name:?} => Some(WrapOp::{variant}),").unwrap();
    }
    code.push_str("            _ => None,\n        }\n    }\n}\n");
    let out = PathBuf::from(env::var("OUT_DIR").unwrap()).join("wrap_ops.rs");
    std::fs::write(&out, code).unwrap_or_else(|e| panic!("writing {}: {e}", out.display()));
    let out = PathBuf::from(env::var("OUT_DIR").unwrap()).join("wrap_op_views.rs");
    std::fs::write(&out, views::write(&keeper)).unwrap_or_else(|e| panic!("writing {}: {e}", out.display()));
    let upstream: RecordKeeper = TableGenParser::new()
        .add_source(
            "include \"mlir/Dialect/Func/IR/FuncOps.td\"\ninclude \"mlir/Dialect/Arith/IR/ArithOps.td\"\n\
             include \"mlir/Dialect/LLVMIR/LLVMOps.td\"\n",
        )
        .and_then(|parser| parser.add_include_directory(&format!("{llvm_prefix}/include")).parse())
        .unwrap_or_else(|error| panic!("cannot parse upstream's FuncOps.td, ArithOps.td and LLVMOps.td: {error}"));
    let out = PathBuf::from(env::var("OUT_DIR").unwrap()).join("upstream_op_views.rs");
    std::fs::write(&out, views::write_upstream(&upstream)).unwrap_or_else(|e| panic!("writing {}: {e}", out.display()));
    let out = PathBuf::from(env::var("OUT_DIR").unwrap()).join("input_flags.rs");
    std::fs::write(&out, input_flags(&keeper)).unwrap_or_else(|e| panic!("writing {}: {e}", out.display()));
}

/// `InputFlags`: a field per case of WrapAttrs.td's `Wrap_InputFlags`, read
/// from and written to the bits the C API passes (a case's bit is its
/// value), so a flag is added to the bit-enum alone.
fn input_flags(keeper: &RecordKeeper) -> String {
    let def = keeper.def("Wrap_InputFlags").expect("WrapAttrs.td defines Wrap_InputFlags");
    let cases: Vec<(String, i64)> = def
        .list_of_defs_value("enumerants")
        .expect("a bit-enum's cases")
        .into_iter()
        .map(|case| (case.str_value("str").unwrap().to_string(), case.int_value("value").unwrap()))
        .collect();
    let mut code =
        String::from("// Generated from WrapAttrs.td's Wrap_InputFlags by dialects/build.rs; do not edit.\n\n");
    code.push_str("/// The flags of `#wrap.input<...>` (`Wrap_InputFlags`), in bit order.\n");
    code.push_str("#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]\npub struct InputFlags {\n");
    for (name, _) in &cases {
        writeln!(code, "    pub {name}: bool,").unwrap();
    }
    code.push_str("}\n\nimpl InputFlags {\n    /// Every flag's name, in bit order.\n");
    writeln!(code, "    pub const NAMES: [&'static str; {}] = [", cases.len()).unwrap();
    for (name, _) in &cases {
        writeln!(code, "        {name:?},").unwrap();
    }
    code.push_str("    ];\n\n    /// The flags of the C API's bits (bits no flag has are ignored).\n");
    code.push_str("    pub fn from_bits(bits: u32) -> Self {\n        Self {\n");
    for (name, value) in &cases {
        writeln!(code, "            {name}: bits & {value:#x} != 0,").unwrap();
    }
    code.push_str(
        "        }\n    }\n\n    /// The C API's bits of the flags.\n    pub fn to_bits(self) -> u32 {\n        [\n",
    );
    for (name, value) in &cases {
        writeln!(code, "            (self.{name}, {value:#x}),").unwrap();
    }
    code.push_str("        ]\n        .iter()\n        .filter(|(set, _)| *set)\n        .fold(0, |bits, (_, bit)| bits | bit)\n    }\n}\n");
    code
}

/// `wrapc/WrapAbi.h`: the runtime-ABI facts the C++ verifiers check IR
/// against, written from `wrapc_abi` (their one definition) so that the
/// dialect cannot disagree with the lowering and the runtime. Returns the
/// include directory.
fn write_abi_header() -> PathBuf {
    let dir = PathBuf::from(env::var("OUT_DIR").unwrap()).join("abi");
    let header = dir.join("wrapc").join("WrapAbi.h");
    std::fs::create_dir_all(header.parent().unwrap()).unwrap();
    let element_types: Vec<&str> = wrapc_abi::DtypeCode::ALL.iter().map(|d| d.mlir_element()).collect();
    let text = format!(
        "// Generated from wrapc_abi by dialects/build.rs; do not edit.\n\
         #ifndef WRAPC_WRAPABI_H\n#define WRAPC_WRAPABI_H\n\n\
         #include \"mlir/Dialect/LLVMIR/LLVMTypes.h\"\n#include \"mlir/IR/BuiltinTypes.h\"\n\n\
         #include <cstdint>\n\n\
         namespace wrapc::abi {{\n\n\
         /// sizeof(wrt_cuda_slot): the mutable global a kernel's launches share.\n\
         inline constexpr uint64_t kCudaSlotBytes = {};\n\n\
         /// wrt_cuda_kernel, a kernel's constant descriptor, as an LLVM dialect\n\
         /// type ({}).\n\
         {}\n\
         /// The tensor element types, as MLIR spells them (DtypeCode::ALL).\n\
         inline constexpr const char *kElementTypes[] = {{{}}};\n\
         inline constexpr const char *kElementTypeList = \"{}\";\n\n\
         }} // namespace wrapc::abi\n\n#endif // WRAPC_WRAPABI_H\n",
        wrapc_abi::SLOT_BYTES,
        wrapc_abi::CUDA_KERNEL.llvm_type(),
        cpp_struct_type("cudaKernelType", &wrapc_abi::CUDA_KERNEL),
        element_types.iter().map(|t| format!("\"{t}\"")).collect::<Vec<_>>().join(", "),
        element_types.join(", "),
    );
    // Rewritten only when it changes: CMake rebuilds what includes it.
    if std::fs::read_to_string(&header).ok().as_deref() != Some(text.as_str()) {
        std::fs::write(&header, text).unwrap_or_else(|e| panic!("writing {}: {e}", header.display()));
    }
    dir
}

/// A C++ function `name(context)` building `layout` as a literal LLVM
/// struct type: built, not parsed, since a verifier asks for it once per op.
fn cpp_struct_type(name: &str, layout: &wrapc_abi::Layout) -> String {
    use wrapc_abi::Field;
    let fields: Vec<String> = layout
        .fields
        .iter()
        .map(|(_, field)| match field {
            Field::I32 => "mlir::IntegerType::get(context, 32)".to_string(),
            Field::I64 => "mlir::IntegerType::get(context, 64)".to_string(),
            Field::Ptr => "mlir::LLVM::LLVMPointerType::get(context)".to_string(),
            Field::I64Array(n) => format!("mlir::LLVM::LLVMArrayType::get(mlir::IntegerType::get(context, 64), {n})"),
        })
        .collect();
    format!(
        "inline mlir::Type {name}(mlir::MLIRContext *context) {{\n  \
         return mlir::LLVM::LLVMStructType::getLiteral(context, {{{}}});\n}}\n",
        fields.join(", ")
    )
}

fn which(tool: &str) -> bool {
    env::var_os("PATH").map(|paths| env::split_paths(&paths).any(|dir| dir.join(tool).is_file())).unwrap_or(false)
}
