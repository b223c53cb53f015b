// Numbers written as text in claim files and on the command line: one decimal
// number, or the points of a curve ("0..20", "0..0.25:0.05", "1,2,4").
// Decimals arrive as text so that a claim's "0.05" means what it says; both
// parsers take the whole text or throw one InputError naming the input.
#pragma once

#include <string>
#include <vector>

namespace menger {

// A finite decimal number, the whole text; InputError starting with `what` otherwise.
double parse_number(const std::string& text, const std::string& what);

// Points of a curve: "a..b" (step 1), "a..b:step" or "x,y,z", non-negative numbers.
// Throws InputError starting with `what` (e.g. "--rates") on anything else.
std::vector<double> parse_points(const std::string& text, const std::string& what);

}  // namespace menger
