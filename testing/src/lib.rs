//! What wrapc's differential property tests share: the generator of random
//! but valid runtime-wrapper cases (`cases`), used by the interpreter's
//! specialized-vs-dispatch test and the back end's compiled-vs-interpreted
//! test.

pub mod cases;
