//! Probe: inkwell and melior in one binary.
pub fn probe() -> String {
    let context = inkwell::context::Context::create();
    let module = context.create_module("probe");
    module.print_to_string().to_string()
}
