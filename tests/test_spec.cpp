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

TEST(Spec, DeepNestingAndHugeInputGiveOneShortLine) {
  const std::string deep = "torus(" + std::string(18000, '[') + "4" + std::string(18000, ']') + ")";
  const std::string wide = "torus(" + std::string(60000, 'x') + "\n";
  for (const std::string& bad : {deep, wide}) {
    try {
      parse_spec(bad);
      ADD_FAILURE() << "accepted";
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
      EXPECT_LT(what.size(), 400u) << what.substr(0, 400);
    }
  }
  EXPECT_NO_THROW(parse_spec("hdn(base=torus(3,2,5), k=2, s=[15,5])"));
  std::string ok = "x";
  for (int i = 0; i < 60; ++i) ok = "[" + ok + "]";
  EXPECT_NO_THROW(parse_spec(ok));  // 60 levels: below the limit
}

}  // namespace
}  // namespace menger
