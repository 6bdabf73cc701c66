// tests/support/large_gap_deal.hpp: one 9 x 13 Gap deal whose search fills hundreds of megabytes
// and takes minutes, for the tests of limits and interrupts.
#pragma once

#include <string>

namespace plumb::testing {

// The deal's nine rows, without a count line.
inline const std::string kLargeGapDealRows =
    "6.1 6.2 4.4 7.5 1.4 9.4 2.10 4.2 6.12 1.1 5.8 5.6 4.10\n"
    "4.7 8.10 2.4 2.13 2.2 8.7 5.7 5.9 5.10 8.2 7.1 9.6 1.3\n"
    "3.10 1.2 7.7 6.3 8.4 9.8 9.13 1.11 5.12 3.7 9.1 8.12 3.13\n"
    "6.11 7.4 2.9 5.11 3.8 5.1 3.11 7.11 4.13 4.6 8.6 9.10 7.8\n"
    "9.12 8.5 5.5 6.13 3.4 2.8 4.11 8.13 3.9 4.5 3.6 3.1 7.9\n"
    "8.8 9.5 4.9 2.12 2.1 2.11 7.2 4.1 8.1 6.5 2.6 8.9 3.12\n"
    "2.5 6.7 1.6 7.13 9.9 9.11 7.10 6.9 8.3 9.3 7.12 7.3 3.3\n"
    "2.3 6.8 9.7 5.3 6.6 8.11 3.5 1.9 5.2 5.4 1.12 1.5 3.2\n"
    "5.13 1.8 6.10 4.8 1.13 6.4 9.2 1.10 1.7 7.6 4.12 2.7 4.3\n";

}  // namespace plumb::testing
