//! The last word when something below wrapc crashes (an upstream verifier,
//! LLVM, a stack overflow): a line on stderr saying what was being done, and
//! exit code 1, instead of a silent signal death.

use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};

static PHASE: AtomicPtr<u8> = AtomicPtr::new(std::ptr::null_mut());
static PHASE_LEN: AtomicUsize = AtomicUsize::new(0);
static INPUT: AtomicPtr<u8> = AtomicPtr::new(std::ptr::null_mut());
static INPUT_LEN: AtomicUsize = AtomicUsize::new(0);

/// Names the input being processed (the fuzzer's current case), printed
/// after the crash message. The caller keeps `input` alive and unchanged
/// until the next call.
pub fn set_input(input: &str) {
    INPUT_LEN.store(0, Ordering::SeqCst);
    INPUT.store(input.as_ptr() as *mut u8, Ordering::SeqCst);
    INPUT_LEN.store(input.len(), Ordering::SeqCst);
}

/// Records what wrapc is doing, for the crash message ("compiling x.mlir").
pub fn set_phase(phase: String) {
    let text: &'static mut str = Box::leak(format!("{phase}\n").into_boxed_str());
    PHASE_LEN.store(0, Ordering::SeqCst);
    PHASE.store(text.as_mut_ptr(), Ordering::SeqCst);
    PHASE_LEN.store(text.len(), Ordering::SeqCst);
}

/// Installs the handler for the fatal signals, with an alternate stack for
/// the calling thread so that a stack overflow is reported too. Call on the
/// thread that does the work.
pub fn install() {
    const ALT_STACK_BYTES: usize = 64 << 10;
    let stack: &'static mut [u8] = Box::leak(vec![0u8; ALT_STACK_BYTES].into_boxed_slice());
    // SAFETY: the alternate stack is leaked, so it lives as long as the
    // thread; the handler only calls async-signal-safe functions (write,
    // _exit).
    unsafe {
        let alt = libc::stack_t { ss_sp: stack.as_mut_ptr().cast(), ss_flags: 0, ss_size: ALT_STACK_BYTES };
        libc::sigaltstack(&alt, std::ptr::null_mut());
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_fatal_signal as *const () as usize;
        action.sa_flags = libc::SA_ONSTACK | libc::SA_SIGINFO;
        libc::sigemptyset(&mut action.sa_mask);
        for signal in [libc::SIGSEGV, libc::SIGBUS, libc::SIGILL, libc::SIGFPE, libc::SIGABRT] {
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

extern "C" fn on_fatal_signal(signal: libc::c_int, _: *mut libc::siginfo_t, _: *mut libc::c_void) {
    let name: &[u8] = match signal {
        libc::SIGSEGV => b"a segmentation fault (or a stack overflow)",
        libc::SIGBUS => b"a bus error",
        libc::SIGILL => b"an illegal instruction",
        libc::SIGFPE => b"an arithmetic exception",
        _ => b"an abort",
    };
    let write = |bytes: &[u8]| {
        // SAFETY: write(2) on stderr is async-signal-safe.
        unsafe { libc::write(2, bytes.as_ptr().cast(), bytes.len()) };
    };
    write(b"wrapc: error: internal error: ");
    write(name);
    write(b" while ");
    let (phase, len) = (PHASE.load(Ordering::SeqCst), PHASE_LEN.load(Ordering::SeqCst));
    if phase.is_null() || len == 0 {
        write(b"starting up\n");
    } else {
        // SAFETY: PHASE points at a leaked string of PHASE_LEN bytes.
        write(unsafe { std::slice::from_raw_parts(phase, len) });
    }
    let (input, len) = (INPUT.load(Ordering::SeqCst), INPUT_LEN.load(Ordering::SeqCst));
    if !input.is_null() && len > 0 {
        write(b"wrapc: the input being processed:\n");
        // SAFETY: INPUT points at a live string of INPUT_LEN bytes (set_input).
        write(unsafe { std::slice::from_raw_parts(input, len) });
        write(b"\n");
    }
    write(b"wrapc: this is a bug in wrapc or the MLIR/LLVM it uses; the input above triggers it\n");
    // SAFETY: _exit is async-signal-safe and skips destructors of a state
    // that may be corrupt.
    unsafe { libc::_exit(1) };
}
