// A C target needs a source file; libFuzzer itself comes with the toolchain (compiler-rt).
