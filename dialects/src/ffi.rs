//! Raw declarations of `dialects/wrap/include/wrapc/CAPI.h`.
#![allow(non_snake_case, non_camel_case_types)]

use mlir_sys::{
    MlirAttribute, MlirContext, MlirDialectHandle, MlirDialectRegistry, MlirLogicalResult, MlirOperation,
    MlirStringRef, MlirType,
};
use std::ffi::{c_char, c_int, c_void};

#[repr(C)]
pub struct WrapcPassOption {
    pub name: *const c_char,
    pub description: *const c_char,
    pub default_value: *const c_char,
}

pub type WrapcPassRunFn = unsafe extern "C" fn(
    op: MlirOperation,
    option_values: *const *const c_char,
    num_options: isize,
    user_data: *mut c_void,
) -> MlirLogicalResult;

#[repr(C)]
pub struct WrapcPassDescriptor {
    pub argument: *const c_char,
    pub name: *const c_char,
    pub summary: *const c_char,
    pub op_name: *const c_char,
    pub num_options: isize,
    pub options: *const WrapcPassOption,
    pub run: WrapcPassRunFn,
    pub user_data: *mut c_void,
}

unsafe extern "C" {
    pub fn mlirGetDialectHandle__wrap__() -> MlirDialectHandle;
    pub fn wrapcRegisterDialects(registry: MlirDialectRegistry);

    pub fn wrapcAttributeIsInputInfo(attr: MlirAttribute) -> bool;
    pub fn wrapcInputInfoGetFlags(attr: MlirAttribute) -> u32;
    pub fn wrapcInputInfoGetMutationType(attr: MlirAttribute) -> i32;
    pub fn wrapcInputInfoGet(ctx: MlirContext, flags: u32) -> MlirAttribute;

    pub fn wrapcAttributeIsKernelConfig(attr: MlirAttribute) -> bool;
    pub fn wrapcKernelConfigGetName(attr: MlirAttribute) -> mlir_sys::MlirStringRef;
    pub fn wrapcKernelConfigGetBlockRank(attr: MlirAttribute) -> isize;
    pub fn wrapcKernelConfigGetBlock(attr: MlirAttribute, i: isize) -> i64;
    pub fn wrapcKernelConfigGetNumWarps(attr: MlirAttribute) -> i64;
    pub fn wrapcKernelConfigGetSharedBytes(attr: MlirAttribute) -> i64;

    pub fn wrapcAttributeIsLayout(attr: MlirAttribute) -> bool;
    pub fn wrapcLayoutGetFormat(attr: MlirAttribute) -> i32;
    pub fn wrapcLayoutGetRank(attr: MlirAttribute) -> isize;
    pub fn wrapcLayoutGetSize(attr: MlirAttribute, i: isize) -> i64;
    pub fn wrapcLayoutGetStride(attr: MlirAttribute, i: isize) -> i64;

    pub fn wrapcAttributeIsOutputInfo(attr: MlirAttribute) -> bool;
    pub fn wrapcOutputInfoGetOutputType(attr: MlirAttribute) -> i32;
    pub fn wrapcOutputInfoGetBaseIndex(attr: MlirAttribute) -> i64;
    pub fn wrapcOutputInfoGetRequiresGrad(attr: MlirAttribute) -> bool;
    pub fn wrapcOutputInfoHasView(attr: MlirAttribute) -> bool;
    pub fn wrapcOutputInfoGetViewRank(attr: MlirAttribute) -> isize;
    pub fn wrapcOutputInfoGetViewSize(attr: MlirAttribute, i: isize) -> i64;
    pub fn wrapcOutputInfoGetViewStride(attr: MlirAttribute, i: isize) -> i64;
    pub fn wrapcOutputInfoGetViewOffset(attr: MlirAttribute) -> i64;
    pub fn wrapcOutputInfoGetViewDtype(attr: MlirAttribute) -> MlirType;
    pub fn wrapcOutputInfoGetNumDynamicDims(attr: MlirAttribute) -> isize;
    pub fn wrapcOutputInfoGetDynamicDim(attr: MlirAttribute, i: isize) -> i64;
    pub fn wrapcDynamicValue() -> i64;

    pub fn wrapcTypeIsTensor(ty: MlirType) -> bool;
    pub fn wrapcTensorTypeGetRank(ty: MlirType) -> isize;
    pub fn wrapcTensorTypeGetDim(ty: MlirType, i: isize) -> i64;
    pub fn wrapcTensorTypeGetElementType(ty: MlirType) -> MlirType;
    pub fn wrapcTensorTypeGetDevice(ty: MlirType) -> i32;
    pub fn wrapcTensorTypeGetElementByteWidth(ty: MlirType) -> u32;
    pub fn wrapcTypeIsSubclass(ty: MlirType) -> bool;
    pub fn wrapcSubclassTypeGetName(ty: MlirType) -> MlirStringRef;
    pub fn wrapcSubclassTypeGetNumAttrs(ty: MlirType) -> isize;
    pub fn wrapcSubclassTypeGetAttrName(ty: MlirType, i: isize) -> MlirStringRef;
    pub fn wrapcSubclassTypeGetAttrType(ty: MlirType, i: isize) -> MlirType;
    pub fn wrapcSubclassTypeGetElementType(ty: MlirType) -> MlirType;
    pub fn wrapcSubclassTypeGetOuterRank(ty: MlirType) -> isize;
    pub fn wrapcSubclassTypeGetOuterDim(ty: MlirType, i: isize) -> i64;

    pub fn wrapcEmitWarning(location: mlir_sys::MlirLocation, message: *const c_char);
    pub fn wrapcRegisterPass(pass: *const WrapcPassDescriptor);
    pub fn wrapcRegisterPipeline(name: *const c_char, description: *const c_char, passes: *const c_char);
    pub fn wrapcExecutionEngineCreate(module: mlir_sys::MlirModule, opt_level: c_int) -> mlir_sys::MlirExecutionEngine;
    pub fn wrapcParseModule(
        ctx: mlir_sys::MlirContext,
        source: mlir_sys::MlirStringRef,
        filename: mlir_sys::MlirStringRef,
    ) -> mlir_sys::MlirModule;
    pub fn wrapcOptMain(argc: c_int, argv: *mut *mut c_char, tool_name: *const c_char) -> c_int;
}
