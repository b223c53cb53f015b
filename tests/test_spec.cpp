// Model spec syntax: parsing, canonical text, and one clear error per bad input.
#include <gtest/gtest.h>

#include "core/error.h"
#include "core/spec.h"

namespace menger {
namespace {

TEST(Spec, ParsesTheDesignExamples) {
  for (const char* text : {"hypercube(3)", "torus(8,8,8)", "mesh(4,4)", "kary_ntree(4,3)", "mikant(3,3)",
                           "min(stages=3, radix=4, wiring=deterministic)",
                           "hdn(base=torus(3,2,5), k=2, s=[15,5])", "file(net.graphml)"}) {
    SpecValue v = parse_spec(text);
    EXPECT_EQ(v.kind, SpecValue::Kind::Call) << text;
    EXPECT_EQ(parse_spec(v.to_string()), v) << text;  // canonical text round-trips
  }
}

TEST(Spec, BuildsTheTree) {
  SpecValue v = parse_spec(" hdn( base = torus(3,2,5) , k=2, s=[15, 5]) ");
  ASSERT_EQ(v.args.size(), 3u);
  EXPECT_EQ(v.text, "hdn");
  EXPECT_EQ(v.args[0].name, "base");
  EXPECT_EQ(v.args[0].value.kind, SpecValue::Kind::Call);
  EXPECT_EQ(v.args[0].value.args.size(), 3u);
  EXPECT_EQ(v.args[2].value.kind, SpecValue::Kind::List);
  EXPECT_EQ(v.args[2].value.items[1].integer, 5);
  EXPECT_EQ(v.to_string(), "hdn(base=torus(3, 2, 5), k=2, s=[15,5])");
}

TEST(Spec, QuotedStringsAndWords) {
  SpecValue v = parse_spec("file(\"my net.graphml\")");
  EXPECT_EQ(v.args[0].value.kind, SpecValue::Kind::String);
  EXPECT_EQ(v.args[0].value.text, "my net.graphml");
  EXPECT_EQ(parse_spec(v.to_string()), v);
  EXPECT_EQ(parse_spec("file(dir/net.dot)").args[0].value.text, "dir/net.dot");
  EXPECT_EQ(parse_spec("f(-3)").args[0].value.integer, -3);
}

TEST(Spec, RejectsMalformedInputWithThePosition) {
  for (const char* bad : {"", "torus(4,4", "torus(4,,4)", "torus(4)x", "hdn(s=[1,2)", "file(\"open)", "(", "a b",
                          "torus(99999999999999999999)"}) {
    try {
      parse_spec(bad);
      ADD_FAILURE() << "accepted: " << bad;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("model spec"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace menger
