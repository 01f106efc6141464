//! A persistent cache of compiled kernels: PTX is JIT-compiled to a cubin
//! once per (PTX, compute capability, driver version) and kept on disk, so a
//! second process loads machine code instead of running the PTX JIT.

use std::path::{Path, PathBuf};

/// FNV-1a, 64 bit: a stable hash (std's hashers may change between builds).
fn fnv1a(bytes: &[u8], seed: u64) -> u64 {
    bytes.iter().fold(seed, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// Where compiled kernels live: `$WRAPC_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/wrapc`, else `~/.cache/wrapc`.
#[derive(Clone, Debug)]
pub struct KernelCache {
    dir: PathBuf,
}

impl KernelCache {
    pub fn new(dir: impl Into<PathBuf>) -> KernelCache {
        KernelCache { dir: dir.into() }
    }

    pub fn from_env() -> Option<KernelCache> {
        let dir = std::env::var_os("WRAPC_CACHE_DIR").map(PathBuf::from).or_else(|| {
            std::env::var_os("XDG_CACHE_HOME")
                .map(|d| PathBuf::from(d).join("wrapc"))
                .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache/wrapc")))
        })?;
        Some(KernelCache::new(dir))
    }

    /// The file a kernel's cubin is kept in.
    pub fn path(&self, ptx: &[u8], compute_capability: (i32, i32), driver_version: i32) -> PathBuf {
        let (major, minor) = compute_capability;
        let context = format!("sm_{major}{minor}/driver_{driver_version}/len_{}", ptx.len());
        let hash = fnv1a(context.as_bytes(), fnv1a(ptx, 0xcbf2_9ce4_8422_2325));
        self.dir.join(format!("{hash:016x}-sm{major}{minor}.cubin"))
    }

    /// A cached cubin, if there is a readable one that looks like an ELF.
    pub fn load(&self, path: &Path) -> Option<Vec<u8>> {
        std::fs::read(path).ok().filter(|bytes| bytes.starts_with(b"\x7fELF"))
    }

    /// Stores a cubin; failures (read-only disk, …) only cost the cache.
    pub fn store(&self, path: &Path, cubin: &[u8]) {
        if std::fs::create_dir_all(&self.dir).is_err() {
            return;
        }
        // Write then rename, so a concurrent reader never sees half a file.
        let temporary = path.with_extension(format!("tmp{}", std::process::id()));
        if std::fs::write(&temporary, cubin).is_ok() {
            let _ = std::fs::rename(&temporary, path);
        }
    }
}
