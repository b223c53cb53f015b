// Numbers and lists of points as users write them (core/number_text.h):
// decimal notation only, the whole text the number, one error otherwise.
#include <gtest/gtest.h>

#include "core/error.h"
#include "core/number_text.h"

namespace menger {
namespace {

TEST(NumberText, ReadsDecimalNotation) {
  EXPECT_EQ(parse_number("2.5", "x"), 2.5);
  EXPECT_EQ(parse_number("-1", "x"), -1.0);
  EXPECT_EQ(parse_number("1e-5", "x"), 1e-5);
  EXPECT_EQ(parse_number("0.1", "x"), 0.1);  // the same double as the literal
}

TEST(NumberText, RefusesWhatIsNotPlainlyANumber) {
  for (const char* text : {"", " 5", "5 ", "+5", "0x10", "0x1p3", "inf", "nan", "1e999", "5,", "five", "2..3"})
    EXPECT_THROW(parse_number(text, "x"), InputError) << "'" << text << "'";
}

TEST(NumberText, PointsAreARangeOrAList) {
  EXPECT_EQ(parse_points("0..4:2", "counts"), (std::vector<double>{0, 2, 4}));
  EXPECT_EQ(parse_points("1,2,4", "counts"), (std::vector<double>{1, 2, 4}));
  EXPECT_EQ(parse_points("0..0.25:0.05", "rates").size(), 6u);
  for (const char* text : {"4..0", "0..4:0", "0..4:-1", "1,,2", "-1", "0..1e9:1e-3", "0x2"})
    EXPECT_THROW(parse_points(text, "counts"), InputError) << text;
}

}  // namespace
}  // namespace menger
