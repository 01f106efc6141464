# lit configuration of wrapc's regression tests.
import os
import lit.formats

config.name = "wrapc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".c"]
config.excludes = ["lit.cfg.py", "lit.local.cfg", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
repo = os.path.dirname(config.test_source_root)
config.test_exec_root = os.path.join(repo, "target", "lit")

bin_dir = os.environ.get("WRAPC_BIN_DIR", os.path.join(repo, "target", "debug"))
llvm_bin = os.path.join(os.environ.get("LLVM_PREFIX", "/usr/lib/llvm-22"), "bin")
config.environment["PATH"] = os.pathsep.join([bin_dir, llvm_bin, config.environment.get("PATH", "")])
config.substitutions.append(("%wrapc_src", repo))
config.substitutions.append(("%wrapc_bin", bin_dir))
for tool in ["wrapc-opt", "wrapc-dev", "wrapc"]:
    if not os.path.exists(os.path.join(bin_dir, tool)):
        lit_config.warning(f"{tool} not found in {bin_dir}; run `make build`")
