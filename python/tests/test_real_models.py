"""Real models from libraries no one here wrote (Hugging Face transformers
with tiny random configurations, torchvision) under ``backend="wrapc"``:
outputs equal eager's, with no fallback warning. The inner compiler is the
eager one (Inductor's C++ compile of a whole model costs minutes on CI's two
cores); test_models.py covers Inductor on smaller models, and
bench/torch/real_models.py runs these on a GPU with Inductor and
``mode="reduce-overhead"``."""

from __future__ import annotations

import os
import warnings

import pytest
import torch

transformers = pytest.importorskip("transformers")
torchvision = pytest.importorskip("torchvision")

import wrapc_torch  # noqa: E402,F401  (registers backend="wrapc" where no entry point is installed)

DEVICE = os.environ.get("WRAPC_TEST_DEVICE", "cpu")
INNER = os.environ.get("WRAPC_REAL_MODELS_INNER", "eager")


def compiled(fn):
    torch._dynamo.reset()
    return torch.compile(fn, backend="wrapc", options={"inner": INNER})


def no_fallback(caught):
    messages = [str(w.message) for w in caught if "wrapc: falling back" in str(w.message)]
    assert not messages, messages


def tiny(config_class, **extra):
    torch.manual_seed(0)
    return config_class(
        vocab_size=128, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64, **extra
    )


def run_both(model, *args, **kwargs):
    with torch.no_grad():
        want = model(*args, **kwargs)
        fn = compiled(model)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            got = fn(*args, **kwargs)
            again = fn(*args, **kwargs)
    no_fallback(caught)
    return want, got, again


def test_gpt2_logits():
    config = transformers.GPT2Config(vocab_size=128, n_embd=32, n_layer=2, n_head=4, n_positions=64)
    torch.manual_seed(0)
    model = transformers.GPT2LMHeadModel(config).eval().to(DEVICE)
    ids = torch.randint(0, 128, (2, 12), device=DEVICE)
    want, got, again = run_both(model, ids)
    torch.testing.assert_close(got.logits, want.logits, rtol=1e-4, atol=1e-4)
    torch.testing.assert_close(again.logits, want.logits, rtol=1e-4, atol=1e-4)


def test_bert_hidden_states():
    model = transformers.BertModel(tiny(transformers.BertConfig, max_position_embeddings=64)).eval().to(DEVICE)
    ids = torch.randint(0, 128, (2, 10), device=DEVICE)
    mask = torch.ones_like(ids)
    mask[1, 7:] = 0
    want, got, again = run_both(model, input_ids=ids, attention_mask=mask)
    torch.testing.assert_close(got.last_hidden_state, want.last_hidden_state, rtol=1e-4, atol=1e-4)
    torch.testing.assert_close(again.pooler_output, want.pooler_output, rtol=1e-4, atol=1e-4)


def test_llama_generate_with_a_static_cache():
    """A decoder whose KV cache is a static buffer the compiled forward
    updates in place at every step (``index_copy_`` into model state):
    greedy generation equals eager's token for token."""
    config = tiny(transformers.LlamaConfig, num_key_value_heads=2, max_position_embeddings=64)
    model = transformers.LlamaForCausalLM(config).eval().to(DEVICE)
    ids = torch.randint(0, 128, (1, 6), device=DEVICE)
    settings = dict(max_new_tokens=8, do_sample=False, cache_implementation="static", pad_token_id=0)
    with torch.no_grad():
        want = model.generate(ids, **settings)
        forward = model.forward
        model.forward = compiled(forward)
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                got = model.generate(ids, **settings)
                again = model.generate(ids, **settings)
        finally:
            model.forward = forward
    no_fallback(caught)
    assert got.tolist() == want.tolist()
    assert again.tolist() == want.tolist()


# PyTorch's own backend around the inner compiler wrapc is given: where
# PyTorch's wrapper differs from eager, wrapc equals PyTorch's. On an H200,
# aot_eager's ResNet-18 training step differs from eager's in every
# gradient and 21 running statistics by more than rounding (with
# deterministic algorithms too); wrapc's equals aot_eager's.
PYTORCH_BACKEND = {"eager": "aot_eager", "inductor": "inductor"}


def test_torchvision_resnet_eval_and_train_step():
    torch.manual_seed(0)
    model = torchvision.models.resnet18(num_classes=10).to(DEVICE)
    x = torch.randn(2, 3, 32, 32, device=DEVICE)
    model.eval()
    # Inference, then one training step (batch statistics, running stats and
    # gradients), with cuDNN's deterministic convolutions (its default
    # weight gradients differ between two runs of one program).
    deterministic = torch.backends.cudnn.deterministic
    torch.backends.cudnn.deterministic = True
    try:
        with torch.no_grad():
            torch._dynamo.reset()
            want = torch.compile(model, backend=PYTORCH_BACKEND[INNER])(x)
        _, got, again = run_both(model, x)
        torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-4)
        torch.testing.assert_close(again, want, rtol=1e-4, atol=1e-4)
        reference, native = model, torchvision.models.resnet18(num_classes=10).to(DEVICE)
        native.load_state_dict(reference.state_dict())
        reference.train()
        native.train()
        torch._dynamo.reset()
        torch.compile(reference, backend=PYTORCH_BACKEND[INNER])(x).sum().backward()
        fn = compiled(native)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            fn(x).sum().backward()
    finally:
        torch.backends.cudnn.deterministic = deterministic
    no_fallback(caught)
    for (name, a), b in zip(reference.named_parameters(), native.parameters()):
        torch.testing.assert_close(b.grad, a.grad, rtol=1e-3, atol=1e-4, msg=name)
    for (name, a), b in zip(reference.named_buffers(), native.buffers()):
        torch.testing.assert_close(b, a, rtol=1e-4, atol=1e-5, msg=name)
