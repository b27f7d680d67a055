// Output lines of protocol `layoutbench-driver 1` that every C++ driver writes alike.
#pragma once

#include <cstddef>
#include <cstdio>
#include <vector>

// The `values FRAME v...` line: each value with 17 significant digits, which read back
// as the same double.
inline void printValues(std::size_t frame, const std::vector<double>& values) {
    std::printf("values %zu", frame);
    for (double v : values) std::printf(" %.17g", v);
    std::printf("\n");
}
