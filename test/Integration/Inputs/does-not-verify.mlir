func.func private @g(%x: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g
    inputs [#wrap.input<>, #wrap.input<>] outputs [#wrap.output<non_alias>]
