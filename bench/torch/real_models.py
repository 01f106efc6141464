"""Real models under ``torch.compile`` on a GPU, each configuration in a
fresh process (a crash must show as a crash, not take the others with it).

    python3 bench/torch/real_models.py [--device cuda] [--layers 8] [--tokens 16]

Per model and backend (``inductor``, ``wrapc``) and mode (default,
``reduce-overhead``): whether it ran, how it ended (tokens equal to
eager's, PyTorch's own error, a signal), and the time per generated token.
One JSON line per run on stdout. The Llama case is a decoder with a static
KV cache generating greedily, its ``forward`` compiled, as a user of
transformers compiles it."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time


def child(model_name: str, backend: str, mode: str, device: str, layers: int, tokens: int) -> dict:
    import torch
    import transformers

    torch.manual_seed(0)
    if model_name == "llama":
        config = transformers.LlamaConfig(
            vocab_size=1024, hidden_size=256, num_hidden_layers=layers, num_attention_heads=8,
            num_key_value_heads=4, intermediate_size=512, max_position_embeddings=256,
        )
        model = transformers.LlamaForCausalLM(config)
    else:
        config = transformers.GPT2Config(vocab_size=1024, n_embd=256, n_layer=layers, n_head=8, n_positions=256)
        model = transformers.GPT2LMHeadModel(config)
    model = model.eval().to(device)
    ids = torch.randint(0, 1024, (1, 8), device=device)
    settings = dict(max_new_tokens=tokens, do_sample=False, cache_implementation="static", pad_token_id=0)
    with torch.no_grad():
        want = model.generate(ids, **settings).tolist()
        if backend != "eager":
            import wrapc_torch  # noqa: F401  (registers the backend)

            model.forward = torch.compile(model.forward, backend=backend, mode=None if mode == "default" else mode)
        outcome = "equal"
        for _ in range(3):  # CUDA-graph trees record on the second and third call
            got = model.generate(ids, **settings).tolist()
            if got != want:
                outcome = "tokens differ from eager"
        if device == "cuda":
            torch.cuda.synchronize()
        start = time.perf_counter()
        model.generate(ids, **settings)
        if device == "cuda":
            torch.cuda.synchronize()
        per_token_us = (time.perf_counter() - start) / tokens * 1e6
    result = {"outcome": outcome, "per_token_us": round(per_token_us, 1)}
    if backend == "wrapc":
        import wrapc_torch

        log = wrapc_torch.import_log()
        # Inductor's wrapper programs imported as native code, and why not.
        result["graphs imported"] = f"{sum(e['native'] for e in log)} of {len(log)}"
        result["kept python wrapper"] = sorted({e["reason"][:160] for e in log if not e["native"]})
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--device", default="cuda")
    parser.add_argument("--layers", type=int, default=8)
    parser.add_argument("--tokens", type=int, default=16)
    parser.add_argument("--models", default="llama,gpt2")
    parser.add_argument("--child", nargs=3)
    args = parser.parse_args()
    if args.child:
        model_name, backend, mode = args.child
        try:
            print(json.dumps(child(model_name, backend, mode, args.device, args.layers, args.tokens)))
        except Exception as e:  # PyTorch's own error is an outcome, not a crash
            print(json.dumps({"outcome": f"raised {type(e).__name__}: {str(e).splitlines()[0][:200]}"}))
        return
    for model_name in args.models.split(","):
        for backend in ("eager", "inductor", "wrapc"):
            for mode in ("default",) if backend == "eager" else ("default", "reduce-overhead"):
                command = [sys.executable, __file__, "--device", args.device, "--layers", str(args.layers),
                           "--tokens", str(args.tokens), "--child", model_name, backend, mode]
                run = subprocess.run(command, capture_output=True, text=True, env=dict(os.environ))
                line = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else ""
                try:
                    result = json.loads(line)
                except json.JSONDecodeError:
                    result = {"outcome": f"exit {run.returncode}", "stderr": run.stderr[-600:]}
                if run.returncode < 0:
                    result = {"outcome": f"killed by signal {-run.returncode}", "stderr": run.stderr[-600:]}
                print(json.dumps({"model": model_name, "backend": backend, "mode": mode, "device": args.device,
                                  "layers": args.layers, **result}), flush=True)


if __name__ == "__main__":
    main()
